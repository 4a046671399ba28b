"""pamir: the Pax Pamir 2E rules engine, agents and tournaments, from Python (docs/python.md).

    import pamir
    game = pamir.Game(players=3, seed=7)
    while not game.is_over():
        game.apply(pamir.agent("random").choose(game))
    print(game.returns())
"""

from ._pamir import (
    MAX_LEGAL_ACTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_ACTIONS,
    NUM_FEATURES,
    Agent,
    AgentStanding,
    Game,
    GameResult,
    TournamentResult,
    agent,
    tournament,
)
from .env import AECEnv, SingleAgentEnv

__all__ = [
    "MAX_LEGAL_ACTIONS", "MAX_PLAYERS", "MIN_PLAYERS", "NUM_ACTIONS", "NUM_FEATURES",
    "Agent", "AgentStanding", "Game", "GameResult", "TournamentResult", "agent", "tournament",
    "AECEnv", "SingleAgentEnv",
]

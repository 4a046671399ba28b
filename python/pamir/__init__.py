"""pamir: the rules engines of Pax Pamir 2E and Pax Expanse, agents and tournaments, from
Python (docs/python.md). pamir.games() lists the games; each call takes game="pamir" (the
default) or another game's key.

    import pamir
    game = pamir.Game(players=3, seed=7, game="expanse")
    while not game.is_over():
        game.apply(pamir.agent("random", game="expanse").choose(game))
    print(game.returns())

The constants NUM_ACTIONS ... MAX_PLAYERS are Pax Pamir's; pamir.game_info(game) gives any
game's, and a Game its own (num_actions, num_features).
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
    game_info,
    games,
    models_dir,
    observation_layout,
    tournament,
)
from .env import AECEnv, SingleAgentEnv

__all__ = [
    "MAX_LEGAL_ACTIONS", "MAX_PLAYERS", "MIN_PLAYERS", "NUM_ACTIONS", "NUM_FEATURES",
    "Agent", "AgentStanding", "Game", "GameResult", "TournamentResult", "agent", "game_info", "games",
    "observation_layout", "tournament",
    "AECEnv", "SingleAgentEnv",
]

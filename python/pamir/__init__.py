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
    load_weights,
    models_dir,
    observation_layout,
    save_weights,
    tournament,
    weight_layout,
)
from . import env, spaces
from .env import AECEnv, SingleAgentEnv


def analyze(game, spec="best", seed=0):
    """A search of `spec` on `game`'s decision (game unchanged), as a dict: turn, to_move, action,
    action_name and, when the agent searches, iterations, values (per seat), moves (each legal
    action's action, name, visits, prior and value, most visited first), pv and pv_names.
    The same as `pamir engine`'s `go json` and the `pamir analysis` command."""
    return agent(spec, seed=seed, game=game.game).analyze(game)

__all__ = [
    "MAX_LEGAL_ACTIONS", "MAX_PLAYERS", "MIN_PLAYERS", "NUM_ACTIONS", "NUM_FEATURES",
    "Agent", "AgentStanding", "Game", "GameResult", "TournamentResult", "agent", "game_info", "games",
    "models_dir", "observation_layout", "tournament", "analyze", "load_weights", "save_weights", "weight_layout",
    "AECEnv", "SingleAgentEnv",
]

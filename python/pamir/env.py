"""Environments over pamir.Game that follow PettingZoo's and Gymnasium's documented APIs, and
subclass their base classes when those libraries are installed (neither is needed):

- AECEnv: every seat is an agent, turn by turn, as PettingZoo's AEC API: possible_agents,
  agents, num_agents, max_num_agents, observation_space(agent), action_space(agent), reset,
  agent_iter, last, observe, step (with the "dead step" of finished agents), rewards,
  terminations, truncations, infos, state() and state_space, render() and close().
  Observations are dicts {"observation", "action_mask"}, as PettingZoo's board games give them.
- SingleAgentEnv: one seat learns, the others are pamir agents, as Gymnasium's Env:
  observation_space, action_space, reset(seed) -> (obs, info), step(a) -> (obs, reward,
  terminated, truncated, info), the mask in info["action_mask"] and action_masks() (what
  maskable-PPO implementations call), render() and close().

Both play any of pamir's games (game="pamir" by default; pamir.games() lists them).
An observation is the nets' encoding of what the seat knows (float32, the game's
num_features, every entry >= 0; its blocks: pamir.observation_layout(game)); an action is an
id of the game's dense action space (Discrete(num_actions)).

Rewards come when the game ends, 0 before. reward="rank" (the default) is zero-sum: a seat's
reward is 1 - 2 * place / (players - 1), place 0 for the first, seats tied sharing the mean of
their places, so in 2-player games the winner gets +1 and the loser -1, and in more the
rewards run from +1 (first) to -1 (last) and add up to 0 (with Wakhan seated, over all seats,
hers included). reward="win_share" is the seat's share of the win (1/k for each of k tied
first seats, else 0), as pamir's tournaments count it. A game still going after max_decisions
decisions (players may pass forever) is truncated with rewards 0, as tournaments count it a
draw.

Any id of the action space is accepted, as Gymnasium's and PettingZoo's checkers expect: an
illegal one (not in the action mask) ends the episode, terminated, with the worst reward for
the agent that played it (-1, or 0 under win_share), 0 for the others and
info["illegal_action"] = True, the game unchanged (PettingZoo's board games do the same).
illegal_action="raise" raises ValueError instead, nothing changed.
"""

import numpy as np

from . import spaces
from ._pamir import Game, agent, game_info

try:
    from pettingzoo import AECEnv as _AECBase
except ImportError:
    _AECBase = object
try:
    from gymnasium import Env as _EnvBase
except ImportError:
    _EnvBase = object

# Tournaments cap games at this many decisions too (tournament/play.h).
DEFAULT_MAX_DECISIONS = 2000
REWARDS = ("rank", "win_share")
ILLEGAL_ACTIONS = ("lose", "raise")


def rank_rewards(ranks):
    """Zero-sum rewards from the final ranks (0 = first, tied seats share a rank): 1 - 2 * place
    / (n - 1), tied seats sharing the mean of the places they fill."""
    n = len(ranks)
    places = [r + (ranks.count(r) - 1) / 2 for r in ranks]
    return [1.0 - 2.0 * p / (n - 1) for p in places]


def _automaton_seat(automaton_seat, wakhan_seat):
    """The automated opponent's seat from either name (wakhan_seat until 2026-12-06)."""
    if wakhan_seat is not None and automaton_seat is not None:
        raise ValueError("automaton_seat and wakhan_seat are one argument: give automaton_seat only")
    return automaton_seat if wakhan_seat is None else wakhan_seat


class _Episodes:
    """Game seeds for successive episodes: reset(seed) restarts the sequence, reset() goes on
    with it (Gymnasium's convention), so a seeded run is reproducible."""

    def __init__(self):
        self._rng = np.random.default_rng()

    def next_seed(self, seed):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        return int(self._rng.integers(0, 2**63))


class _Rules:
    """What both environments check and compute the same way: the game's facts, the spaces,
    the rewards and the handling of illegal actions."""

    def __init__(self, game, players, reward, illegal_action, render_mode, render_modes):
        info = game_info(game)
        if not info["min_players"] <= players <= info["max_players"]:
            raise ValueError(f"players must be {info['min_players']} to {info['max_players']} in {info['name']}, "
                             f"got {players}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, got {reward!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTIONS}, got {illegal_action!r}")
        if render_mode is not None and render_mode not in render_modes:
            raise ValueError(f"render_mode must be None or one of {render_modes}, got {render_mode!r}")
        self.info, self.players, self.reward, self.illegal_action = info, players, reward, illegal_action
        self.observation_shape = (info["num_features"],)
        self.num_actions = info["num_actions"]

    # Features are unbounded below: the bank's rupees may go negative (docs/rules-notes.md,
    # "Rupees are not a hard limit"), and the encoder scales the bank as it is.
    def observation_box(self):
        return spaces.Box(-np.inf, np.inf, self.observation_shape, np.float32)

    def mask_box(self):
        return spaces.Box(0, 1, (self.num_actions,), np.int8)

    def final_rewards(self, game):
        return rank_rewards(game.ranks()) if self.reward == "rank" else list(game.returns())

    def worst_reward(self):
        return -1.0 if self.reward == "rank" else 0.0

    def is_legal(self, game, action):
        """Whether action is legal now; under illegal_action="raise", raises when it is not."""
        legal = isinstance(action, (int, np.integer)) and 0 <= int(action) < self.num_actions and \
            bool(game.legal_action_mask()[int(action)])
        if not legal and self.illegal_action == "raise":
            raise ValueError(f"action {action!r} is not legal here")
        return legal


class AECEnv(_AECBase):
    """All seats as agents "player_0".."player_{n-1}" (the automated opponent's seat, if any, is
    played by the engine and is not an agent)."""

    metadata = {"name": "pamir_aec_v1", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players=2, automaton_seat=None, max_decisions=DEFAULT_MAX_DECISIONS, game="pamir",
                 reward="rank", illegal_action="lose", render_mode=None, *, wakhan_seat=None):
        super().__init__()
        automaton_seat = _automaton_seat(automaton_seat, wakhan_seat)
        self._rules = _Rules(game, players, reward, illegal_action, render_mode, self.metadata["render_modes"])
        self.game_key = self._rules.info["key"]
        self.players = players
        self.automaton_seat = automaton_seat
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(players) if s != automaton_seat]
        self.agents = []
        self.observation_shape = self._rules.observation_shape
        self.num_actions = self._rules.num_actions
        self.observation_spaces = {a: spaces.Dict({"observation": self._rules.observation_box(),
                                                   "action_mask": self._rules.mask_box()})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(-np.inf, np.inf, (players * self.observation_shape[0],), np.float32)
        self._episodes = _Episodes()
        self.game = None

    def observation_space(self, agent_name):
        return self.observation_spaces[agent_name]

    def action_space(self, agent_name):
        return self.action_spaces[agent_name]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    @staticmethod
    def seat(agent_name):
        return int(agent_name.rsplit("_", 1)[1])

    def reset(self, seed=None, options=None):
        self.game = Game(self.players, self._episodes.next_seed(seed), self.automaton_seat, game=self.game_key)
        self.decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = f"player_{self.game.to_move()}"

    def observe(self, agent_name):
        """The agent's view; its action mask is all zeros unless it is to move."""
        if agent_name == self.agent_selection and not self._done():
            mask = self.game.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": self.game.observation(self.seat(agent_name)), "action_mask": mask}

    def state(self):
        """Every seat's observation, in seat order: all that any seat knows (not the deck's order)."""
        return np.concatenate([self.game.observation(s) for s in range(self.players)])

    def last(self, observe=True):
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def agent_iter(self, max_iter=2**63):
        """The agent to act, until every agent is done (and has taken its dead step)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        """Applies the selected agent's action; a finished agent steps with None to leave."""
        agent_name = self.agent_selection
        if self.terminations[agent_name] or self.truncations[agent_name]:
            if action is not None:
                raise ValueError(f"{agent_name} is done: step it with None")
            self.agents.remove(agent_name)
            for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
                del table[agent_name]
            self.agent_selection = self.agents[0] if self.agents else None
            return
        self._cumulative_rewards[agent_name] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if not self._rules.is_legal(self.game, action):
            self.rewards[agent_name] = self._rules.worst_reward()
            self.terminations = {a: True for a in self.agents}
            self.infos = {a: {"illegal_action": True} for a in self.agents}
        else:
            self.game.apply(int(action))
            self.decisions += 1
            if self.game.is_over():
                final = self._rules.final_rewards(self.game)
                self.rewards = {a: final[self.seat(a)] for a in self.agents}
                self.terminations = {a: True for a in self.agents}
            elif self.decisions >= self.max_decisions:
                self.truncations = {a: True for a in self.agents}
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        self.agent_selection = self.agents[0] if self._done() else f"player_{self.game.to_move()}"

    def _done(self):
        return any(self.terminations.values()) or any(self.truncations.values())

    def render(self):
        if self.render_mode == "ansi":
            return self.game.describe()
        return None

    def close(self):
        pass


class SingleAgentEnv(_EnvBase):
    """One seat learns; opponents are pamir agent specs, one for all other seats or a list with
    one per other seat in seat order (the automated opponent's seat, if any, is the engine's)."""

    metadata = {"name": "pamir_single_v1", "render_modes": ["ansi"]}

    def __init__(self, players=2, seat=0, opponents="random", automaton_seat=None,
                 max_decisions=DEFAULT_MAX_DECISIONS, game="pamir", reward="rank", illegal_action="lose",
                 render_mode=None, *, wakhan_seat=None):
        automaton_seat = _automaton_seat(automaton_seat, wakhan_seat)
        self._rules = _Rules(game, players, reward, illegal_action, render_mode, self.metadata["render_modes"])
        others = [s for s in range(players) if s != seat and s != automaton_seat]
        if seat == automaton_seat:
            raise ValueError("the learning seat cannot be the automated opponent's")
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"opponents: {len(others)} specs needed (seats {others}), got {len(specs)}")
        self.game_key = self._rules.info["key"]
        for spec in specs:
            agent(spec, game=self.game_key)  # a bad spec raises ValueError now rather than at the first reset
        self.players = players
        self.seat = seat
        self.automaton_seat = automaton_seat
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        self.observation_shape = self._rules.observation_shape
        self.num_actions = self._rules.num_actions
        self.observation_space = self._rules.observation_box()
        self.action_space = spaces.Discrete(self.num_actions)
        self._opponent_specs = dict(zip(others, specs))
        self._episodes = _Episodes()
        self._illegal = False
        self.game = None

    def reset(self, seed=None, options=None):
        if _EnvBase is not object:
            super().reset(seed=seed)
        game_seed = self._episodes.next_seed(seed)
        self.game = Game(self.players, game_seed, self.automaton_seat, game=self.game_key)
        # Each opponent seeded from the game's seed and its seat: an episode is reproducible.
        self._opponents = {s: agent(spec, seed=game_seed + s, game=self.game_key)
                           for s, spec in self._opponent_specs.items()}
        self.decisions = 0
        self._illegal = False
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action):
        if self._over():
            raise ValueError("the episode is over: call reset()")
        if not self._rules.is_legal(self.game, action):
            self._illegal = True
            return self._observation(), self._rules.worst_reward(), True, False, self._info()
        self.game.apply(int(action))
        self.decisions += 1
        self._play_opponents()
        terminated = self.game.is_over()
        truncated = not terminated and self.decisions >= self.max_decisions
        reward = self._rules.final_rewards(self.game)[self.seat] if terminated else 0.0
        return self._observation(), reward, terminated, truncated, self._info()

    def action_masks(self):
        """The legal actions now, as bools of num_actions (none once the episode is over)."""
        return self._info()["action_mask"].astype(bool)

    def render(self):
        if self.render_mode == "ansi":
            return self.game.describe()
        return None

    def close(self):
        pass

    def _over(self):
        return self._illegal or self.game.is_over() or self.decisions >= self.max_decisions

    def _play_opponents(self):
        while not self.game.is_over() and self.decisions < self.max_decisions:
            to_move = self.game.to_move()
            if to_move == self.seat:
                return
            self.game.apply(self._opponents[to_move].choose(self.game))
            self.decisions += 1

    def _observation(self):
        return self.game.observation(self.seat)

    def _info(self):
        if self._over():
            mask = np.zeros(self.num_actions, dtype=np.int8)
        else:
            mask = self.game.legal_action_mask().astype(np.int8)
        info = {"action_mask": mask}
        if self._illegal:
            info["illegal_action"] = True
        return info

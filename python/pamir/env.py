"""Environments over pamir.Game in the shapes learning code expects, without depending on
Gymnasium or PettingZoo:

- AECEnv: every seat is an agent, turn by turn, as PettingZoo's AEC API (reset, agent_iter,
  last, observe, step with the "dead step" of finished agents, rewards, terminations,
  truncations, infos). Observations are dicts {"observation", "action_mask"}, as PettingZoo's
  board games give them.
- SingleAgentEnv: one seat learns, the others are pamir agents, as Gymnasium's API
  (reset(seed) -> (obs, info), step(a) -> (obs, reward, terminated, truncated, info)), the
  action mask in info["action_mask"].

Both play any of pamir's games (game="pamir", the default, or "expanse": pamir.games()).
Observations are the nets' encoding of what the seat knows (float32, the game's num_features);
actions are ids of the game's dense action space (its num_actions). The reward is the seat's win share when the
game ends (1/k for each of the k seats ranked first, else 0) and 0 before. A game still
going after max_decisions decisions (players may pass forever) is truncated with rewards 0,
as tournaments count it a draw.
"""

import numpy as np

from ._pamir import Game, agent, game_info

# Tournaments cap games at this many decisions too (tournament/play.h).
DEFAULT_MAX_DECISIONS = 2000


class _Episodes:
    """Game seeds for successive episodes: reset(seed) restarts the sequence, reset() goes on
    with it (Gymnasium's convention), so a seeded run is reproducible."""

    def __init__(self):
        self._rng = np.random.default_rng()

    def next_seed(self, seed):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        return int(self._rng.integers(0, 2**63))


def _checked_game_info(game, players):
    """The game's facts (pamir.game_info); a seat count the game does not play raises
    ValueError now rather than at the first reset."""
    info = game_info(game)
    if not info["min_players"] <= players <= info["max_players"]:
        raise ValueError(f"players must be {info['min_players']} to {info['max_players']} in {info['name']}, "
                         f"got {players}")
    return info


class AECEnv:
    """All seats as agents "player_0".."player_{n-1}" (Wakhan's seat, if any, is played by the
    engine and is not an agent)."""

    metadata = {"name": "pamir_aec_v0", "is_parallelizable": False}

    def __init__(self, players=2, wakhan_seat=None, max_decisions=DEFAULT_MAX_DECISIONS, game="pamir"):
        info = _checked_game_info(game, players)
        self.game_key = info["key"]
        self.players = players
        self.wakhan_seat = wakhan_seat
        self.max_decisions = max_decisions
        self.possible_agents = [f"player_{s}" for s in range(players) if s != wakhan_seat]
        self.observation_shape = (info["num_features"],)
        self.num_actions = info["num_actions"]
        self._episodes = _Episodes()
        self.game = None

    @staticmethod
    def seat(agent_name):
        return int(agent_name.rsplit("_", 1)[1])

    def reset(self, seed=None, options=None):
        self.game = Game(self.players, self._episodes.next_seed(seed), self.wakhan_seat, game=self.game_key)
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
        if agent_name == self.agent_selection and not self.game.is_over():
            mask = self.game.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": self.game.observation(self.seat(agent_name)), "action_mask": mask}

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
        self.game.apply(int(action))  # an illegal action raises ValueError, nothing changed
        self.decisions += 1
        self._cumulative_rewards[agent_name] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.game.is_over():
            returns = self.game.returns()
            self.rewards = {a: returns[self.seat(a)] for a in self.agents}
            self.terminations = {a: True for a in self.agents}
        elif self.decisions >= self.max_decisions:
            self.truncations = {a: True for a in self.agents}
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        done = self.game.is_over() or self.decisions >= self.max_decisions
        self.agent_selection = self.agents[0] if done else f"player_{self.game.to_move()}"


class SingleAgentEnv:
    """One seat learns; opponents are pamir agent specs, one for all other seats or a list with
    one per other seat in seat order (Wakhan's seat, if any, is the engine's)."""

    metadata = {"name": "pamir_single_v0"}

    def __init__(self, players=2, seat=0, opponents="random", wakhan_seat=None,
                 max_decisions=DEFAULT_MAX_DECISIONS, game="pamir"):
        info = _checked_game_info(game, players)
        others = [s for s in range(players) if s != seat and s != wakhan_seat]
        if seat == wakhan_seat:
            raise ValueError("the learning seat cannot be Wakhan's")
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"opponents: {len(others)} specs needed (seats {others}), got {len(specs)}")
        for spec in specs:
            agent(spec, game=info["key"])  # a bad spec raises ValueError now rather than at the first reset
        self.game_key = info["key"]
        self.players = players
        self.seat = seat
        self.wakhan_seat = wakhan_seat
        self.max_decisions = max_decisions
        self.observation_shape = (info["num_features"],)
        self.num_actions = info["num_actions"]
        self._opponent_specs = dict(zip(others, specs))
        self._episodes = _Episodes()
        self.game = None

    def reset(self, seed=None, options=None):
        game_seed = self._episodes.next_seed(seed)
        self.game = Game(self.players, game_seed, self.wakhan_seat, game=self.game_key)
        # Each opponent seeded from the game's seed and its seat: an episode is reproducible.
        self._opponents = {s: agent(spec, seed=game_seed + s, game=self.game_key)
                           for s, spec in self._opponent_specs.items()}
        self.decisions = 0
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action):
        if self.game.is_over() or self.decisions >= self.max_decisions:
            raise ValueError("the episode is over: call reset()")
        self.game.apply(int(action))  # an illegal action raises ValueError, nothing changed
        self.decisions += 1
        self._play_opponents()
        terminated = self.game.is_over()
        truncated = not terminated and self.decisions >= self.max_decisions
        reward = self.game.returns()[self.seat] if terminated else 0.0
        return self._observation(), reward, terminated, truncated, self._info()

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
        if self.game.is_over() or self.decisions >= self.max_decisions:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        else:
            mask = self.game.legal_action_mask().astype(np.int8)
        return {"action_mask": mask}

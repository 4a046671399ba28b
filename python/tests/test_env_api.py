"""pamir.env against the checks of PettingZoo's api_test and Gymnasium's check_env, one by
one, written from their documentation (neither library can be installed here): the spaces,
what reset, step, last and observe return and that it lies in the spaces, seeding, the dead
step, state, render and close, and the rewards' conventions."""
import numpy as np
import pytest

import pamir
from pamir import spaces
from pamir.env import rank_rewards


def test_rank_rewards_are_zero_sum_and_share_ties():
    assert rank_rewards([0, 1]) == [1.0, -1.0]
    assert rank_rewards([1, 0, 2]) == [0.0, 1.0, -1.0]
    assert rank_rewards([0, 0, 2]) == [0.5, 0.5, -1.0]
    assert rank_rewards([0, 0]) == [0.0, 0.0]
    for ranks in ([0, 1, 2, 3, 4], [0, 0, 0, 3, 4], [2, 0, 1, 2]):
        assert sum(rank_rewards(ranks)) == pytest.approx(0.0)


def test_observations_stay_in_their_space_when_the_bank_is_overdrawn():
    # Seed 27's random 3-player Pax Expanse game overdraws the bank (it may go negative, as the
    # rules notes say), which the encoder's bank feature shows as a negative number.
    env = pamir.AECEnv(players=3, game="expanse")
    env.reset(seed=11)
    rng = np.random.default_rng(27)
    negative = False
    for a in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        assert env.observation_space(a).contains(obs)
        negative = negative or bool((obs["observation"] < 0).any())
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert negative


@pytest.mark.parametrize("game, players", [("pamir", 2), ("pamir", 4), ("expanse", 3)])
def test_aec_env_passes_pettingzoos_api_checks(game, players):
    env = pamir.AECEnv(players=players, game=game, render_mode="ansi")
    info = pamir.game_info(game)
    # Spaces per agent: the observation dict (float32 features, int8 mask) and Discrete actions.
    assert env.max_num_agents == players and len(env.possible_agents) == players
    for a in env.possible_agents:
        space = env.observation_space(a)
        assert space is env.observation_space(a) and env.action_space(a) is env.action_space(a)
        assert space["observation"].shape == (info["num_features"],) and space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (info["num_actions"],) and space["action_mask"].dtype == np.int8
        assert env.action_space(a).n == info["num_actions"]
    env.reset(seed=11)
    assert env.agents == env.possible_agents and env.num_agents == players
    for table in (env.rewards, env.terminations, env.truncations, env.infos):
        assert set(table) == set(env.agents)
    assert env.state_space.contains(env.state())
    assert isinstance(env.render(), str) and env.render()
    rng = np.random.default_rng(5)
    trace = []
    for a in env.agent_iter():
        obs, reward, terminated, truncated, agent_info = env.last()
        assert env.observation_space(a).contains(obs)
        assert isinstance(reward, float) and isinstance(terminated, bool) and isinstance(truncated, bool)
        assert isinstance(agent_info, dict)
        for table in (env.rewards, env.terminations, env.truncations, env.infos, env._cumulative_rewards):
            assert set(table) == set(env.agents)
        if terminated or truncated:
            env.step(None)  # the dead step
            continue
        action = env.action_space(a).sample(obs["action_mask"])
        assert obs["action_mask"][action] == 1
        trace.append(action)
        env.step(action)
    assert env.agents == [] and env.num_agents == 0
    env.close()
    # Seeded: the same seed and actions give the same observations.
    env.reset(seed=11)
    first = env.observe(env.agent_selection)["observation"].copy()
    env.reset(seed=11)
    assert np.array_equal(first, env.observe(env.agent_selection)["observation"])


def test_an_illegal_action_ends_the_aec_episode_against_its_agent():
    env = pamir.AECEnv(players=3)
    env.reset(seed=2)
    offender = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(offender)["action_mask"] == 0)[0])
    before = env.game.to_json()
    env.step(illegal)
    assert env.game.to_json() == before
    assert all(env.terminations.values()) and all(i["illegal_action"] for i in env.infos.values())
    assert env._cumulative_rewards[offender] == -1.0
    assert all(r == 0.0 for a, r in env._cumulative_rewards.items() if a != offender)
    strict = pamir.AECEnv(players=3, illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(ValueError):
        strict.step(illegal)


@pytest.mark.parametrize("game, players, reward", [("pamir", 2, "rank"), ("pamir", 3, "win_share"),
                                                   ("expanse", 4, "rank")])
def test_single_agent_env_passes_gymnasiums_check_env(game, players, reward):
    env = pamir.SingleAgentEnv(players=players, seat=1, opponents="random", game=game, reward=reward,
                               render_mode="ansi")
    # The spaces: a Box of float32 features >= 0 and Discrete actions.
    assert isinstance(env.observation_space, spaces.Box) and isinstance(env.action_space, spaces.Discrete)
    assert env.observation_space.dtype == np.float32 and env.observation_space.shape == env.observation_shape
    assert "ansi" in env.metadata["render_modes"] and env.render_mode == "ansi"
    # reset(seed, options) -> (obs in the space, info dict), deterministic per seed.
    obs, info = env.reset(seed=3, options=None)
    assert env.observation_space.contains(obs) and isinstance(info, dict)
    obs2, _ = env.reset(seed=3)
    assert np.array_equal(obs, obs2)
    # step(any sample of the action space) -> the 5-tuple of the right types, obs in the space.
    total = 0.0
    steps = 0
    while True:
        mask = env.action_masks()
        assert mask.dtype == bool and mask.shape == (env.num_actions,)
        action = env.action_space.sample(info["action_mask"]) if steps % 2 == 0 else env.action_space.sample()
        obs, r, terminated, truncated, info = env.step(action)
        steps += 1
        assert env.observation_space.contains(obs)
        assert isinstance(r, float) and isinstance(terminated, bool) and isinstance(truncated, bool)
        total += r
        if terminated or truncated:
            break
    lowest = -1.0 if reward == "rank" else 0.0
    assert lowest <= total <= 1.0
    assert isinstance(env.render(), str)
    env.close()


def test_bad_environment_arguments_are_value_errors():
    for kwargs in ({"reward": "score"}, {"illegal_action": "ignore"}, {"render_mode": "human"}):
        with pytest.raises(ValueError):
            pamir.AECEnv(players=2, **kwargs)
        with pytest.raises(ValueError):
            pamir.SingleAgentEnv(players=2, **kwargs)

"""The environments of pamir.env: PettingZoo-style AECEnv, Gymnasium-style SingleAgentEnv."""

import numpy as np
import pytest

import pamir


def random_legal(mask, rng):
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("players, automaton_seat", [(3, None), (2, 1)])
def test_an_aec_episode_runs_to_termination_with_rewards(players, automaton_seat):
    env = pamir.AECEnv(players=players, automaton_seat=automaton_seat)
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    final_rewards = {}
    steps = 0
    for agent_name in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        assert obs["observation"].shape == env.observation_shape
        if terminated or truncated:
            final_rewards[agent_name] = reward
            env.step(None)
            continue
        assert obs["action_mask"].any()
        env.step(random_legal(obs["action_mask"], rng))
        steps += 1
    assert env.game.is_over() and steps > 10
    assert set(final_rewards) == set(env.possible_agents)
    assert env.agents == []
    # Zero-sum rank rewards over all seats (Wakhan, who is no agent, holds the rest).
    expected = pamir.env.rank_rewards(env.game.ranks())
    assert final_rewards == {a: pytest.approx(expected[env.seat(a)]) for a in final_rewards}
    if automaton_seat is None:
        assert sum(final_rewards.values()) == pytest.approx(0.0)


def test_only_the_agent_to_move_has_a_mask():
    env = pamir.AECEnv(players=3)
    env.reset(seed=1)
    for agent_name in env.possible_agents:
        mask = env.observe(agent_name)["action_mask"]
        assert mask.any() == (agent_name == env.agent_selection)


def test_aec_truncates_at_the_decision_cap():
    env = pamir.AECEnv(players=2, max_decisions=10)
    env.reset(seed=2)
    rng = np.random.default_rng(1)
    for _ in range(10):
        env.step(random_legal(env.observe(env.agent_selection)["action_mask"], rng))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert all(r == 0 for r in env.rewards.values())


def test_a_single_agent_episode_against_pamir_agents():
    env = pamir.SingleAgentEnv(players=3, seat=1, opponents="random")
    obs, info = env.reset(seed=7)
    assert obs.shape == (pamir.NUM_FEATURES,) and obs.dtype == np.float32
    rng = np.random.default_rng(2)
    observations = [obs]
    terminated = truncated = False
    while not (terminated or truncated):
        assert env.game.to_move() == 1
        obs, reward, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        observations.append(obs)
    assert terminated and reward == pytest.approx(pamir.env.rank_rewards(env.game.ranks())[1])
    assert not info["action_mask"].any()
    with pytest.raises(ValueError):
        env.step(0)
    # One seed, one episode: the opponents are seeded from it too.
    obs, info = env.reset(seed=7)
    assert np.array_equal(obs, observations[0])


def test_single_agent_env_refuses_bad_opponents_and_illegal_actions():
    with pytest.raises(ValueError):
        pamir.SingleAgentEnv(players=3, opponents=["random"])
    with pytest.raises(ValueError):
        pamir.SingleAgentEnv(players=2, opponents="nonsense")
    env = pamir.SingleAgentEnv(players=2, opponents="heuristic", illegal_action="raise")
    _, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.game.to_json()
    with pytest.raises(ValueError):
        env.step(illegal)
    assert env.game.to_json() == before
    # By default an illegal action loses the episode, the game unchanged.
    env = pamir.SingleAgentEnv(players=2, opponents="heuristic")
    env.reset(seed=3)
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.game.to_json() == before and not env.action_masks().any()
    with pytest.raises(ValueError):
        env.step(0)


def test_pax_expanse_environments():
    env = pamir.AECEnv(players=3, game="expanse")
    assert env.observation_shape == (pamir.game_info("expanse")["num_features"],)
    env.reset(seed=4)
    rng = np.random.default_rng(3)
    for agent_name in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        assert obs["action_mask"].shape == (env.num_actions,)
        env.step(None if terminated or truncated else random_legal(obs["action_mask"], rng))
    assert env.game.game == "expanse"
    single = pamir.SingleAgentEnv(players=4, seat=2, opponents="random", game="expanse")
    obs, info = single.reset(seed=1)
    assert obs.shape == single.observation_shape and single.game.to_move() == 2
    with pytest.raises(ValueError):
        pamir.AECEnv(players=2, game="expanse")
    with pytest.raises(ValueError):
        pamir.SingleAgentEnv(players=3, opponents="nonsense", game="expanse")

"""Python callables seated in pamir.tournament, and the ratings' intervals."""
import numpy as np
import pamir
import pytest


def test_a_callable_plays_with_the_seats_observation_and_legal_actions():
    seen = []

    def first_legal(observation, legal_actions):
        assert observation.dtype == np.float32 and observation.shape == (pamir.NUM_FEATURES,)
        assert legal_actions.dtype == np.int64 and len(legal_actions) > 0
        seen.append(len(legal_actions))
        return int(legal_actions[0])

    result = pamir.tournament(agents=[first_legal, "heuristic"], players=2, games=4, seed=3, threads=2)
    assert seen and all(g.forfeit == -1 for g in result.games)
    specs = [s.spec for s in result.standings]
    assert specs == ["python:" + specs[0].split(":")[1] + ":first_legal", "heuristic"]
    for s in result.standings:
        low, high = s.elo_interval
        assert low <= s.elo <= high
        # To 0.1 Elo, as people read ratings (issue #46), not the fit's raw floats.
        assert all(round(x, 1) == x for x in (low, s.elo, high))
        assert f"elo={s.elo:.1f}" in repr(s)
    # The same games as a spec agent that plays the first legal action would play: reproducible.
    again = pamir.tournament(agents=[first_legal, "heuristic"], players=2, games=4, seed=3, threads=1)
    assert [g.actions for g in again.games] == [g.actions for g in result.games]


def test_a_callable_that_raises_or_cheats_forfeits_its_game():
    def raises(observation, legal_actions):
        raise RuntimeError("no idea")

    def illegal(observation, legal_actions):
        return -1

    for agent, reason in [(raises, "raised RuntimeError: no idea"), (illegal, "answered -1, not a legal action")]:
        result = pamir.tournament(agents=[agent, "random"], players=2, games=2, threads=1)
        for g in result.games:
            assert g.forfeit == g.seats.index(0)
            assert g.forfeit_reason.endswith(reason)


def test_only_specs_and_callables_are_agents():
    with pytest.raises(TypeError):
        pamir.tournament(agents=[3, "random"], players=2, games=2)
    with pytest.raises(ValueError, match="python agents are Python callables"):
        pamir.agent("python:0")

"""pamir.analyze and Agent.analyze: a search's statistics from Python (games/analysis.h)."""
import pamir
import pytest


@pytest.mark.parametrize("game_key,players", [("pamir", 2), ("expanse", 3)])
def test_analyze_gives_every_legal_action_and_the_line(game_key, players):
    game = pamir.Game(players, seed=3, game=game_key)
    before = game.to_json()
    a = pamir.analyze(game, "ismcts:iters=120,eval=rollout", seed=1)
    assert game.to_json() == before  # the game is not changed
    assert a["iterations"] == 120 and a["to_move"] == game.to_move()
    assert sorted(m["action"] for m in a["moves"]) == sorted(int(x) for x in game.legal_actions())
    visits = [m["visits"] for m in a["moves"]]
    assert visits == sorted(visits, reverse=True) and 119 <= sum(visits) <= 120
    assert a["action"] == a["moves"][0]["action"] == a["pv"][0]
    assert a["action_name"] == game.action_name(a["action"])
    assert len(a["values"]) == players and abs(sum(a["values"]) - 1) < 0.01
    line = game.clone()
    for action, name in zip(a["pv"], a["pv_names"]):
        assert line.action_name(action) == name
        line.apply(action)


def test_an_agent_that_does_not_search_gives_its_decision_alone():
    game = pamir.Game(2, seed=1)
    a = pamir.agent("heuristic").analyze(game)
    assert set(a) == {"turn", "to_move", "action", "action_name"}


def test_analysis_is_reproducible_by_seed():
    game = pamir.Game(3, seed=9)
    assert pamir.analyze(game, "ismcts:iters=80", seed=4) == pamir.analyze(game, "ismcts:iters=80", seed=4)


def test_priors_and_values_read_as_their_shortest_decimals():
    # Uniform priors over k legal actions are float32 1/k; they read as 0.33333334, say, not as
    # float32's exact binary value 0.3333333432674408 (issue #46).
    a = pamir.analyze(pamir.Game(2, seed=5), "ismcts:iters=40,eval=rollout", seed=1)
    for m in a["moves"]:
        assert len(repr(m["prior"])) <= 12, m["prior"]

"""pamir.agent and pamir.tournament."""

import threading

import pytest

import pamir


def test_an_ismcts_move_is_legal():
    game = pamir.Game(3, seed=4)
    agent = pamir.agent("ismcts:iters=50", seed=1)
    before = game.to_json()
    action = agent.choose(game)
    assert action in game.legal_actions()
    assert game.to_json() == before  # choosing does not move


def test_the_shipped_net_plays_through_the_agent_best():
    game = pamir.Game(2, seed=9)
    assert pamir.agent("best:iters=16", seed=2).choose(game) in game.legal_actions()


@pytest.mark.parametrize("spec", ["nonsense", "", "wakhan", "ismcts:iters=-3", "ismcts:bogus=1"])
def test_a_bad_spec_raises_value_error(spec):
    with pytest.raises(ValueError) as error:
        pamir.agent(spec)
    assert "\n" not in str(error.value)


def test_a_missing_net_file_raises_runtime_error():
    with pytest.raises(RuntimeError, match="cannot read /no/such/file"):
        pamir.agent("ismcts:eval=net:/no/such/file")


def test_choose_on_a_finished_game_raises():
    game = pamir.Game(2, seed=1)
    agent = pamir.agent("random")
    while not game.is_over():
        game.apply(agent.choose(game))
    with pytest.raises(ValueError):
        agent.choose(game)


def test_searches_run_in_parallel_threads():
    """choose releases the GIL: searches from several Python threads all finish legally."""
    games = [pamir.Game(2, seed=s) for s in range(4)]
    moves = [None] * len(games)

    def search(i):
        moves[i] = pamir.agent("ismcts:iters=200", seed=i).choose(games[i])

    threads = [threading.Thread(target=search, args=(i,)) for i in range(len(games))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(m in g.legal_actions() for m, g in zip(moves, games))


def test_a_tiny_tournament():
    result = pamir.tournament(agents=["random", "heuristic"], players=2, games=4, seed=3, threads=2)
    assert [g.game for g in result.games] == [0, 1, 2, 3]
    for g in result.games:
        assert len(g.seats) == len(g.vp) == len(g.ranks) == 2
        assert sorted(g.seats) == [0, 1]
        assert sum(g.win_share(s) for s in range(2)) == pytest.approx(1.0)
        # Each game replays from its seed and actions to its recorded VP.
        game = pamir.Game(2, seed=g.seed)
        for a in g.actions:
            game.apply(a)
        assert game.is_over() and game.vp() == g.vp
    assert [s.spec for s in result.standings] == ["random", "heuristic"]
    assert sum(s.win_share * s.seats for s in result.standings) == pytest.approx(4.0)


def test_a_bad_tournament_raises_value_error():
    with pytest.raises(ValueError):
        pamir.tournament(agents=["random", "nonsense"], players=2, games=2)
    with pytest.raises(ValueError):
        pamir.tournament(agents=["random", "random"], players=2, games=0)


def test_pax_expanse_agents_and_tournaments():
    game = pamir.Game(3, seed=4, game="expanse")
    agent = pamir.agent("ismcts:iters=30", seed=1, game="expanse")
    assert agent.game == "expanse"
    assert agent.choose(game) in game.legal_actions()
    # An agent plays its own game only.
    with pytest.raises(ValueError, match="plays Pax Pamir, not Pax Expanse"):
        pamir.agent("random").choose(game)
    with pytest.raises(ValueError):
        pamir.agent("wakhan", game="expanse")
    result = pamir.tournament(agents=["random", "heuristic"], players=3, games=2, seed=3, game="expanse")
    for g in result.games:
        replay = pamir.Game(3, seed=g.seed, game="expanse")
        for a in g.actions:
            replay.apply(a)
        assert replay.vp() == g.vp
    with pytest.raises(ValueError):
        pamir.tournament(agents=["random", "random"], players=2, games=2, game="expanse")

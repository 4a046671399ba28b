"""pamir.Game: the rules' API, encodings, information sets and JSON from Python."""

import copy
import pickle
import random

import numpy as np
import pytest

import pamir


def play_randomly(game, seed, moves=None):
    """Uniformly random legal actions until the game is over (or `moves` are made)."""
    rng = random.Random(seed)
    made = 0
    while not game.is_over() and (moves is None or made < moves):
        game.apply(rng.choice(game.legal_actions()))
        made += 1
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_game_ends_and_its_returns_sum_to_one(players):
    game = play_randomly(pamir.Game(players, seed=players), seed=1)
    assert game.is_over()
    assert game.to_move() is None
    assert len(game.legal_actions()) == 0
    returns = game.returns()
    assert len(returns) == players
    assert sum(returns) == pytest.approx(1.0)
    winners = [s for s in range(players) if game.ranks()[s] == 0]
    assert all(returns[s] == pytest.approx(1 / len(winners)) for s in winners)
    assert len(game.vp()) == players


def test_returns_are_zero_before_the_end():
    game = pamir.Game(3, seed=1)
    assert game.returns() == [0.0, 0.0, 0.0]
    assert game.to_move() in range(3)


def test_an_illegal_action_raises_and_leaves_the_game_unchanged():
    game = play_randomly(pamir.Game(3, seed=5), seed=2, moves=20)
    before = game.to_json()
    illegal = next(a for a in range(pamir.NUM_ACTIONS) if not game.legal_action_mask()[a])
    for bad in (illegal, -1, pamir.NUM_ACTIONS, 2**70, 1.0, "3"):
        with pytest.raises((ValueError, TypeError)) as error:
            game.apply(bad)
        assert "\n" not in str(error.value)
    with pytest.raises(ValueError, match="not legal"):
        game.apply(illegal)
    assert game.to_json() == before


def test_apply_on_a_finished_game_raises():
    game = play_randomly(pamir.Game(2, seed=3), seed=3)
    with pytest.raises(ValueError, match="over"):
        game.apply(0)


def test_clones_are_independent():
    game = play_randomly(pamir.Game(2, seed=8), seed=4, moves=10)
    for twin in (game.clone(), copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert twin == game
        play_randomly(twin, seed=9, moves=5)
        assert twin != game
    assert game.to_json() == play_randomly(pamir.Game(2, seed=8), seed=4, moves=10).to_json()


def test_json_round_trip_gives_the_same_position():
    game = play_randomly(pamir.Game(4, seed=11), seed=6, moves=60)
    for indent in (-1, 2):
        assert pamir.Game.from_json(game.to_json(indent)) == game


def test_a_bad_position_raises_value_error_with_the_loaders_reason():
    for text in ("not json", "{}", '{"format": "nonsense"}'):
        with pytest.raises(ValueError) as error:
            pamir.Game.from_json(text)
        assert str(error.value) and "\n" not in str(error.value)


def test_bad_setup_arguments_raise_value_error():
    for args in ((1, 0), (6, 0), (4, 0, 0), (2, 0, 2)):
        with pytest.raises(ValueError):
            pamir.Game(*args)


def test_a_game_with_wakhan_names_her_seat_and_never_asks_her():
    game = pamir.Game(2, seed=3, automaton_seat=1)
    assert game.automaton_seat == 1
    rng = random.Random(0)
    while not game.is_over():
        assert game.to_move() == 0
        game.apply(rng.choice(game.legal_actions()))
    assert sum(game.returns()) == pytest.approx(1.0)


def test_the_old_name_of_the_automatons_seat_still_works():
    # wakhan_seat was automaton_seat's name until 2026-12-06: older scripts still run.
    game = pamir.Game(2, seed=3, wakhan_seat=1)
    assert game.automaton_seat == 1 and game.wakhan_seat == 1
    assert game == pamir.Game(2, 3, 1)
    with pytest.raises(ValueError, match="one argument"):
        pamir.Game(2, seed=3, automaton_seat=1, wakhan_seat=1)
    assert pamir.AECEnv(players=2, wakhan_seat=1).automaton_seat == 1
    assert pamir.SingleAgentEnv(players=2, seat=0, wakhan_seat=1).automaton_seat == 1
    with pytest.raises(ValueError, match="one argument"):
        pamir.AECEnv(players=2, automaton_seat=1, wakhan_seat=1)


def test_actions_may_be_numpy_integers():
    game = pamir.Game(2, seed=1)
    game.apply(np.int32(game.legal_actions()[0]))
    game.apply(game.legal_actions()[-1])  # an np.int64


def test_the_mask_agrees_with_the_legal_actions():
    game = pamir.Game(3, seed=2)
    rng = random.Random(7)
    for _ in range(80):
        mask = game.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (pamir.NUM_ACTIONS,)
        assert np.array_equal(np.flatnonzero(mask), game.legal_actions())
        game.apply(rng.choice(game.legal_actions()))


def test_action_names():
    game = pamir.Game(2, seed=1)
    names = [game.action_name(a) for a in game.legal_actions()]
    assert all(names) and len(set(names)) == len(names)
    with pytest.raises(ValueError):
        game.action_name(pamir.NUM_ACTIONS)


def test_the_observation_is_the_encoders_row_and_sees_only_what_the_seat_knows():
    game = play_randomly(pamir.Game(3, seed=13), seed=8, moves=40)
    obs = game.observation()
    assert obs.dtype == np.float32 and obs.shape == (pamir.NUM_FEATURES,)
    assert np.array_equal(obs, game.observation(game.to_move()))
    for seat in range(3):
        a, b = game.sample_world(seat, seed=1), game.sample_world(seat, seed=2)
        assert a.to_json() != b.to_json()  # the worlds differ in what seat cannot see...
        assert np.array_equal(a.observation(seat), b.observation(seat))  # ...and encode alike
        assert np.array_equal(a.observation(seat), game.observation(seat))
        assert a.infoset_key(seat) == b.infoset_key(seat) == game.infoset_key(seat)
    assert game.observation(0).tolist() != game.observation(1).tolist()  # each seat its own view
    with pytest.raises(ValueError):
        game.observation(3)
    with pytest.raises(ValueError):
        game.sample_world(-1, seed=0)


def test_a_finished_game_still_has_every_seats_observation():
    game = play_randomly(pamir.Game(2, seed=4), seed=4)
    assert game.observation(1).shape == (pamir.NUM_FEATURES,)
    with pytest.raises(ValueError):
        game.observation()  # no seat to move


def test_text_forms():
    game = pamir.Game(2, seed=1)
    assert repr(game).startswith("<pamir.Game pamir players=2")
    assert "player 0" in game.describe()
    play_randomly(game, seed=1)
    assert repr(game).endswith("over>")
    assert game.describe_result().startswith("final standing:\n1. ")


def test_hostile_json_and_indent_raise_instead_of_crashing():
    with pytest.raises(ValueError, match="nested deeper"):
        pamir.Game.from_json("[" * 100000 + "]" * 100000)
    with pytest.raises(ValueError, match="nested deeper"):
        pamir.Game.from_json('{"players": ' + "[" * 100000 + "]" * 100000 + "}")
    game = pamir.Game(2, seed=1)
    with pytest.raises(ValueError, match="indent"):
        game.to_json(indent=10**6)
    with pytest.raises(ValueError, match="indent"):
        game.to_json(indent=-2)
    assert pamir.Game.from_json(game.to_json(indent=16)) == game


def test_a_game_made_without_init_raises_type_error():
    blank = pamir.Game.__new__(pamir.Game)
    assert "not initialised" in repr(blank)
    for call in (blank.legal_actions, blank.is_over, blank.to_json, blank.observation, blank.clone,
                 lambda: blank.apply(0), lambda: blank == pamir.Game(2), lambda: pickle.dumps(blank)):
        with pytest.raises(TypeError, match="never initialised"):
            call()
    # A reconstruction that skips the state (copyreg's __newobj__ without __setstate__) too.
    made, args = pamir.Game(2, seed=1).__reduce_ex__(2)[:2]
    with pytest.raises(TypeError, match="never initialised"):
        made(*args).legal_actions()
    # Pickling proper still round-trips.
    game = play_randomly(pamir.Game(3, seed=5), seed=1, moves=30)
    assert pickle.loads(pickle.dumps(game)) == game


def test_the_games_and_their_facts():
    keys = pamir.games()  # the registry's, the default game first
    assert keys[0] == "pamir" and len(set(keys)) == len(keys) >= 2
    assert all(pamir.game_info(key)["key"] == key for key in keys)
    pamir_info = pamir.game_info()
    assert pamir_info["key"] == "pamir" and pamir_info["automaton"] == "wakhan"
    assert (pamir_info["num_actions"], pamir_info["num_features"]) == (pamir.NUM_ACTIONS, pamir.NUM_FEATURES)
    assert (pamir_info["min_players"], pamir_info["max_players"]) == (pamir.MIN_PLAYERS, pamir.MAX_PLAYERS)
    expanse = pamir.game_info("expanse")
    assert expanse["name"] == "Pax Expanse" and expanse["automaton"] is None
    assert (expanse["min_players"], expanse["max_players"]) == (3, 4)
    for key in pamir.games():
        layout = pamir.observation_layout(key)
        assert layout[0][1] == 0 and all(size > 0 for _, _, size in layout)
        assert all(a[1] + a[2] == b[1] for a, b in zip(layout, layout[1:]))  # the blocks tile the row
        assert layout[-1][1] + layout[-1][2] == pamir.game_info(key)["num_features"]
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        pamir.game_info("chess")
    with pytest.raises(ValueError, match="unknown game"):
        pamir.Game(3, game="chess")


@pytest.mark.parametrize("players", [3, 4])
def test_a_random_pax_expanse_game_ends_and_its_returns_sum_to_one(players):
    game = pamir.Game(players, seed=players, game="expanse")
    assert game.game == "expanse" and repr(game).startswith(f"<pamir.Game expanse players={players}")
    rng = random.Random(1)
    while not game.is_over():
        mask = game.legal_action_mask()
        assert mask.shape == (game.num_actions,)
        assert np.array_equal(np.flatnonzero(mask), game.legal_actions())
        assert game.observation().shape == (game.num_features,)
        game.apply(rng.choice(game.legal_actions()))
    assert game.to_move() is None and len(game.legal_actions()) == 0
    assert sum(game.returns()) == pytest.approx(1.0)
    assert len(game.vp()) == len(game.ranks()) == players
    assert game.describe_result().startswith("final standing:\n1. ")


def test_pax_expanse_positions_round_trip_through_json_and_pickle():
    game = play_randomly(pamir.Game(3, seed=11, game="expanse"), seed=6, moves=60)
    for indent in (-1, 2):
        text = game.to_json(indent)
        assert pamir.Game.from_json(text) == game  # the JSON names its game
        assert pamir.Game.from_json(text, game="expanse") == game
    with pytest.raises(ValueError, match="use --game expanse"):
        pamir.Game.from_json(game.to_json(), game="pamir")
    for twin in (game.clone(), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert twin == game and twin.game == "expanse"
    assert game != pamir.Game(3, seed=11)  # another game's position is never equal


def test_pax_expanse_refuses_what_it_does_not_have():
    for args in ((2, 0), (5, 0)):
        with pytest.raises(ValueError):
            pamir.Game(*args, game="expanse")
    with pytest.raises(ValueError):
        pamir.Game(3, seed=0, automaton_seat=0, game="expanse")  # no automated opponent
    game = pamir.Game(3, seed=1, game="expanse")
    assert game.automaton_seat is None
    with pytest.raises(ValueError):
        game.apply(game.num_actions)

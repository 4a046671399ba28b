// pamir.Game: a position of one of the games with the rules' API, its encoding for learning,
// information sets and determinizations, and its JSON and text forms, all through
// games::Game (games/game.h).

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "games/registry.h"
#include "io/json.h"
#include "python/bindings.h"

namespace pamir::python {

namespace py = pybind11;
using namespace pybind11::literals;

void* Game::operator new(std::size_t size) {
  void* p = std::calloc(1, size);
  if (!p) throw std::bad_alloc();
  return p;
}
void Game::operator delete(void* p) noexcept { std::free(p); }

const games::Position& Game::position() const {
  if (!initialised())
    throw py::type_error("this pamir.Game was never initialised: make one with pamir.Game(players, seed)");
  return position_;
}
games::Position& Game::position() { return const_cast<games::Position&>(std::as_const(*this).position()); }

const games::Game& game_named(const std::string& key) {
  try {
    return games::game(key);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

void check_seat(const Game& g, int seat, const char* what) {
  const int players = g.rules().num_players(g.position());
  if (seat < 0 || seat >= players)
    throw py::value_error(std::string(what) + " must be 0.." + std::to_string(players - 1) + ", got " +
                          std::to_string(seat));
}

namespace {

// Spaces per level of Game.to_json(indent): more says nothing more and costs memory per level.
constexpr int kMaxIndent = 16;

Game new_game(int players, games::u64 seed, std::optional<int> automaton_seat, const std::string& key,
              std::optional<int> wakhan_seat) {
  const games::Game& game = game_named(key);
  // wakhan_seat is automaton_seat's name until 2026-12-06, kept so that older scripts run.
  if (wakhan_seat && automaton_seat)
    throw py::value_error("automaton_seat and wakhan_seat are one argument: give automaton_seat only");
  if (wakhan_seat) automaton_seat = wakhan_seat;
  // A negative seat would read as none (games::kNoSeat).
  if (automaton_seat && *automaton_seat < 0)
    throw py::value_error("automaton_seat must be 0.." + std::to_string(players - 1) + ", got " +
                          std::to_string(*automaton_seat));
  // The game refuses a seat count or an automaton's seat it cannot deal (std::invalid_argument: ValueError).
  return Game(game.new_game(players, seed, automaton_seat.value_or(games::kNoSeat)));
}

// The automated opponent's seat, or None.
py::object automaton_seat_of(const Game& g) {
  const int seat = g.rules().automaton_seat(g.position());
  return seat == games::kNoSeat ? py::object(py::none()) : py::object(py::int_(seat));
}

// The action as an id of the game's dense action space. Any integer is taken (a Python int, a
// NumPy integer), so that a negative, huge or non-integer argument gets a one-line error here
// rather than pybind11's several-line list of overloads.
games::Action action_id(const Game& g, py::handle a) {
  const py::int_ index = py::reinterpret_steal<py::int_>(PyNumber_Index(a.ptr()));
  if (!index) throw py::error_already_set();  // TypeError: not an integer
  const int num_actions = g.rules().num_actions();
  int overflow = 0;
  const long long id = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow || id < 0 || id >= num_actions)
    throw py::value_error("action " + std::string(py::repr(index)) + " is not an action id (0.." +
                          std::to_string(num_actions - 1) + ")");
  return games::Action(id);
}

void apply(Game& g, py::handle a) {
  const games::Game& game = g.rules();
  const games::Action id = action_id(g, a);
  games::Position& p = g.position();
  if (game.over(p)) throw py::value_error("the game is over: no action can be applied");
  if (!game.is_legal(p, id))
    throw py::value_error("action " + std::to_string(id) + " (" + game.action_name(p, id) +
                          ") is not legal for player " + std::to_string(game.to_move(p)) + " here");
  game.apply(p, id);
}

// int64, NumPy's default integer: the ids index arrays (masks, policy rows) directly.
py::array_t<std::int64_t> legal_actions(const Game& g) {
  const std::vector<games::Action> legal = g.rules().legal_actions(g.position());
  py::array_t<std::int64_t> out(legal.size());
  std::copy(legal.begin(), legal.end(), out.mutable_data());
  return out;
}

py::array_t<bool> legal_action_mask(const Game& g) {
  const int num_actions = g.rules().num_actions();
  const std::vector<games::Action> legal = g.rules().legal_actions(g.position());
  py::array_t<bool> mask(num_actions);
  bool* m = mask.mutable_data();
  std::fill(m, m + num_actions, false);
  for (const games::Action a : legal) m[a] = true;
  return mask;
}

py::object to_move(const Game& g) {
  const int seat = g.rules().to_move(g.position());
  return seat == games::kNoSeat ? py::object(py::none()) : py::object(py::int_(seat));
}

py::array_t<float> observation(const Game& g, std::optional<int> seat) {
  const games::Game& game = g.rules();
  if (!seat && game.over(g.position()))
    throw py::value_error("the game is over: name the seat whose view to encode");
  const int viewer = seat.value_or(game.to_move(g.position()));
  check_seat(g, viewer);
  py::array_t<float> row(game.num_features());
  game.encode(g.position(), viewer, row.mutable_data());
  return row;
}

games::u64 infoset_key(const Game& g, int seat) {
  check_seat(g, seat);
  return g.rules().infoset_key(g.position(), seat);
}

Game sample_world(const Game& g, int seat, games::u64 seed) {
  check_seat(g, seat);
  games::u64 rng = seed;
  return Game(g.rules().sample_world(g.position(), seat, rng));
}

// The game a position's JSON names (its "game"; none: the default game, whose positions leave
// it out). Text that is no JSON, or names no game pamir knows, goes to the default game's
// loader, which says what is wrong with it.
const games::Game& game_of_json(const std::string& text) {
  try {
    const auto j = io::parse_json(text);
    if (j.is_object() && j.contains("game") && j["game"].is_string())
      if (const games::Game* game = games::find_game(j["game"].get<std::string>())) return *game;
  } catch (const io::JsonSyntaxError&) {
  }
  return games::default_game();
}

Game from_json(const std::string& text, const std::optional<std::string>& key) {
  const games::Game& game = key ? game_named(*key) : game_of_json(text);
  std::string error;
  std::optional<games::Position> p = game.position_from_json(text, &error);
  if (!p) throw py::value_error(error);
  return Game(*p);
}

std::string repr(const Game& g) {
  if (!g.initialised()) return "<pamir.Game not initialised>";
  const games::Game& game = g.rules();
  const games::Position& p = g.position();
  std::string r = "<pamir.Game " + std::string(game.key()) +
                  " players=" + std::to_string(game.num_players(p)) + " turn=" + std::to_string(game.turn(p));
  r += game.over(p) ? " over" : " to_move=" + std::to_string(game.to_move(p));
  return r + ">";
}

// What a game is, by key: its seats, action space and encoding.
py::dict game_info(const std::string& key) {
  const games::Game& game = game_named(key);
  py::dict info;
  info["key"] = std::string(game.key());
  info["name"] = std::string(game.name());
  info["min_players"] = game.min_players();
  info["max_players"] = game.max_players();
  info["num_actions"] = game.num_actions();
  info["max_legal_actions"] = game.max_legal_actions();
  info["num_features"] = game.num_features();
  info["automaton"] =
      game.automaton().empty() ? py::object(py::none()) : py::object(py::str(std::string(game.automaton())));
  return info;
}

}  // namespace

void bind_game(py::module_& m) {
  // The default game's (Pax Pamir's); game_info(key) gives any game's.
  const games::Game& main_game = games::default_game();
  const std::string default_key(main_game.key());
  m.attr("NUM_ACTIONS") = main_game.num_actions();
  m.attr("MAX_LEGAL_ACTIONS") = main_game.max_legal_actions();
  m.attr("NUM_FEATURES") = main_game.num_features();
  m.attr("MIN_PLAYERS") = main_game.min_players();
  m.attr("MAX_PLAYERS") = main_game.max_players();

  m.def(
      "games",
      [] {
        std::vector<std::string> keys;
        for (const games::Game* g : games::all_games()) keys.emplace_back(g->key());
        return keys;
      },
      "The keys of the games pamir plays, the default first.");
  m.def("game_info", &game_info, "game"_a = default_key,
        "A dict of what the game is: key, name, min_players, max_players, num_actions, max_legal_actions, "
        "num_features, automaton (the spec of its automated opponent, or None). An unknown key raises "
        "ValueError.");
  m.def(
      "observation_layout",
      [](const std::string& key) {
        std::vector<py::tuple> blocks;
        for (const games::FeatureBlock& b : game_named(key).feature_layout())
          blocks.push_back(py::make_tuple(b.name, b.offset, b.size));
        return blocks;
      },
      "game"_a = default_key,
      "The blocks of the game's observation row, in order, as (name, offset, size) tuples "
      "(docs/encoding.md).");

  py::class_<Game>(m, "Game",
                   "A game of one of pamir's games: one position. Seats are numbered 0..players-1.")
      .def(py::init(&new_game), "players"_a, "seed"_a = 0, "automaton_seat"_a = py::none(),
           "game"_a = default_key, py::kw_only(), "wakhan_seat"_a = py::none(),
           "A new game of `game` (pamir.games() lists them) dealt from seed; automaton_seat gives the "
           "game's automated opponent (Pax Pamir's Wakhan, games of 2 or 3 seats) that seat, whose turns "
           "the engine plays. wakhan_seat is its old name.")
      .def_property_readonly(
          "game", [](const Game& g) { return std::string(g.rules().key()); },
          "The game's key (one of pamir.games()).")
      .def_property_readonly(
          "num_actions", [](const Game& g) { return g.rules().num_actions(); },
          "The size of the game's action space.")
      .def_property_readonly(
          "num_features", [](const Game& g) { return g.rules().num_features(); },
          "The length of the game's observation row.")
      .def_property_readonly("players", [](const Game& g) { return g.rules().num_players(g.position()); })
      .def_property_readonly(
          "turn", [](const Game& g) { return g.rules().turn(g.position()); }, "Turns started so far.")
      .def_property_readonly("automaton_seat", &automaton_seat_of,
                             "The automated opponent's seat (Pax Pamir's Wakhan), or None.")
      .def_property_readonly("wakhan_seat", &automaton_seat_of, "automaton_seat's old name.")
      .def("legal_actions", &legal_actions,
           "The legal action ids, increasing (int64 array; empty when over).")
      .def("legal_action_mask", &legal_action_mask, "A bool array of num_actions: True at the legal ids.")
      .def(
          "apply", &apply, "action"_a,
          "Applies a legal action and everything automatic after it. An illegal action raises ValueError and "
          "leaves the game unchanged.")
      .def("is_over", [](const Game& g) { return g.rules().over(g.position()); })
      .def("to_move", &to_move, "The seat that decides next, or None when the game is over.")
      .def(
          "returns", [](const Game& g) { return g.rules().returns(g.position()); },
          "Per seat: 1/k for each of the k seats ranked first when the game is over, else 0.")
      .def(
          "vp", [](const Game& g) { return g.rules().vp(g.position()); }, "Victory points per seat.")
      .def(
          "ranks", [](const Game& g) { return g.rules().ranks(g.position()); },
          "Per seat, the place by the standing now (0 = first; ties after every tie-break share a place).")
      .def(
          "action_name",
          [](const Game& g, py::handle a) { return g.rules().action_name(g.position(), action_id(g, a)); },
          "action"_a, "The action's readable name in this position (\"play 47 left\").")
      .def("observation", &observation, "seat"_a = py::none(),
           "What seat knows, as the nets' encoder writes it (float32, num_features), rotated so that seat is "
           "offset 0; default: the seat to move.")
      .def("infoset_key", &infoset_key, "seat"_a,
           "A 64-bit hash of what seat knows: equal for positions seat cannot tell apart.")
      .def("sample_world", &sample_world, "seat"_a, "seed"_a,
           "A new Game consistent with what seat knows: what it has not seen re-dealt.")
      .def(
          "clone", [](const Game& g) { return Game(g.position()); }, "An independent copy.")
      .def("__copy__", [](const Game& g) { return Game(g.position()); })
      .def(
          "__deepcopy__", [](const Game& g, py::dict) { return Game(g.position()); }, "memo"_a)
      .def(
          "to_json",
          [](const Game& g, int indent) {
            if (indent < -1 || indent > kMaxIndent)
              throw py::value_error("indent must be -1 (one line) to " + std::to_string(kMaxIndent) +
                                    ", got " + std::to_string(indent));
            return g.rules().position_json(g.position(), indent);
          },
          "indent"_a = -1, "The position as JSON (docs/state-format.md); pretty-printed when indent >= 0.")
      .def_static("from_json", &from_json, "text"_a, "game"_a = py::none(),
                  "A position from JSON, validated, of `game` (default: the game the JSON names; none named: "
                  "Pax Pamir); a bad one raises ValueError with the reason.")
      .def(
          "describe", [](const Game& g) { return g.rules().describe_position(g.position()); },
          "The position in a few lines of text.")
      .def(
          "describe_result", [](const Game& g) { return g.rules().describe_result(g.position()); },
          "The standing, best first, one line per seat.")
      .def("__repr__", &repr)
      // Same game and same bytes (States have no padding): the same position.
      .def("__eq__", [](const Game& a, const Game& b) { return a.position() == b.position(); })
      // The JSON names its game (but the default game's), which from_json reads back.
      .def(py::pickle([](const Game& g) { return g.rules().position_json(g.position()); },
                      [](const std::string& text) { return from_json(text, std::nullopt); }));
}

}  // namespace pamir::python

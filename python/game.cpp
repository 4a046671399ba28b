// pamir.Game: a position with the rules' API (core/game.h), its encodings for learning
// (nets/encoder.h), information sets and determinizations (core/hash.h, core/world.h), and
// its JSON and text forms (io/).

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "core/dominance.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/world.h"
#include "io/game_log.h"
#include "io/state_json.h"
#include "nets/encoder.h"
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

const core::State& Game::state() const {
  if (!initialised_) throw py::type_error("this pamir.Game was never initialised: make one with pamir.Game(players, seed)");
  return state_;
}
core::State& Game::state() { return const_cast<core::State&>(std::as_const(*this).state()); }

void check_seat(const core::State& s, int seat, const char* what) {
  if (seat < 0 || seat >= s.num_players)
    throw py::value_error(std::string(what) + " must be 0.." + std::to_string(s.num_players - 1) + ", got " +
                          std::to_string(seat));
}

namespace {

// Spaces per level of Game.to_json(indent): more says nothing more and costs memory per level.
constexpr int kMaxIndent = 16;

Game new_game(int players, core::u64 seed, std::optional<int> wakhan_seat) {
  if (players < core::kMinPlayers || players > core::kMaxPlayers)
    throw py::value_error("players must be 2..5, got " + std::to_string(players));
  if (wakhan_seat) {
    if (players > 3) throw py::value_error("wakhan plays only in games of 2 or 3 seats");
    if (*wakhan_seat < 0 || *wakhan_seat >= players)
      throw py::value_error("wakhan_seat must be 0.." + std::to_string(players - 1) + ", got " +
                            std::to_string(*wakhan_seat));
  }
  return Game(core::new_game(players, seed, wakhan_seat.value_or(core::kNoPlayer)));
}

// The action as an id of the dense action space. Any integer is taken (a Python int, a NumPy
// integer), so that a negative, huge or non-integer argument gets a one-line error here
// rather than pybind11's several-line list of overloads.
core::Action action_id(py::handle a) {
  const py::int_ index = py::reinterpret_steal<py::int_>(PyNumber_Index(a.ptr()));
  if (!index) throw py::error_already_set();  // TypeError: not an integer
  int overflow = 0;
  const long long id = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow || id < 0 || id >= core::kNumActions)
    throw py::value_error("action " + std::string(py::repr(index)) + " is not an action id (0.." +
                          std::to_string(core::kNumActions - 1) + ")");
  return core::Action(id);
}

void apply(Game& g, py::handle a) {
  const core::Action id = action_id(a);
  if (g.state().game_over()) throw py::value_error("the game is over: no action can be applied");
  if (!core::is_legal(g.state(), id))
    throw py::value_error("action " + std::to_string(id) + " (" + core::action_name(g.state(), id) +
                          ") is not legal for player " + std::to_string(core::to_move(g.state())) + " here");
  core::apply(g.state(), id);
}

// int64, NumPy's default integer: the ids index arrays (masks, policy rows) directly.
py::array_t<std::int64_t> legal_actions(const Game& g) {
  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(g.state(), legal);
  py::array_t<std::int64_t> out(n);
  std::copy(legal, legal + n, out.mutable_data());
  return out;
}

py::array_t<bool> legal_action_mask(const Game& g) {
  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(g.state(), legal);
  py::array_t<bool> mask(core::kNumActions);
  bool* m = mask.mutable_data();
  std::fill(m, m + core::kNumActions, false);
  for (int i = 0; i < n; ++i) m[legal[i]] = true;
  return mask;
}

py::object to_move(const Game& g) {
  if (g.state().game_over()) return py::none();
  return py::int_(core::to_move(g.state()));
}

// Per seat, as long as the game has seats (the rules' arrays have room for five).
template <typename T, typename Array>
std::vector<T> per_seat(const core::State& s, const Array& values) {
  return std::vector<T>(std::begin(values), std::begin(values) + s.num_players);
}

py::array_t<float> observation(const Game& g, std::optional<int> seat) {
  if (!seat && g.state().game_over()) throw py::value_error("the game is over: name the seat whose view to encode");
  const int viewer = seat.value_or(core::to_move(g.state()));
  check_seat(g.state(), viewer);
  py::array_t<float> row(nets::kNumFeatures);
  nets::encode_dense(g.state(), viewer, row.mutable_data());
  return row;
}

core::Key infoset_key(const Game& g, int seat) {
  check_seat(g.state(), seat);
  return core::infoset_key(g.state(), seat);
}

Game sample_world(const Game& g, int seat, core::u64 seed) {
  check_seat(g.state(), seat);
  core::u64 rng = seed;
  return Game(core::sample_world(g.state(), seat, rng));
}

Game from_json(const std::string& text) {
  std::string error;
  std::optional<core::State> s = io::state_from_json(text, &error);
  if (!s) throw py::value_error(error);
  return Game(*s);
}

std::string repr(const Game& g) {
  if (!g.initialised()) return "<pamir.Game not initialised>";
  const core::State& s = g.state();
  std::string r = "<pamir.Game players=" + std::to_string(s.num_players) + " turn=" + std::to_string(s.turn);
  r += s.game_over() ? " over" : " to_move=" + std::to_string(core::to_move(s));
  return r + ">";
}

}  // namespace

void bind_game(py::module_& m) {
  m.attr("NUM_ACTIONS") = core::kNumActions;
  m.attr("MAX_LEGAL_ACTIONS") = core::kMaxLegalActions;
  m.attr("NUM_FEATURES") = nets::kNumFeatures;
  m.attr("MIN_PLAYERS") = core::kMinPlayers;
  m.attr("MAX_PLAYERS") = core::kMaxPlayers;

  py::class_<Game>(m, "Game", "A game of Pax Pamir: one position. Seats are numbered 0..players-1.")
      .def(py::init(&new_game), "players"_a, "seed"_a = 0, "wakhan_seat"_a = py::none(),
           "A new game dealt from seed; wakhan_seat gives Wakhan, the rules' automated opponent, that seat "
           "(games of 2 or 3 seats; the engine plays her turns).")
      .def_property_readonly("players", [](const Game& g) { return int(g.state().num_players); })
      .def_property_readonly("turn", [](const Game& g) { return int(g.state().turn); }, "Turns started so far.")
      .def_property_readonly(
          "wakhan_seat",
          [](const Game& g) -> py::object {
            return g.state().wakhan ? py::object(py::int_(g.state().wakhan_seat())) : py::object(py::none());
          },
          "Wakhan's seat, or None.")
      .def("legal_actions", &legal_actions, "The legal action ids, increasing (int64 array; empty when over).")
      .def("legal_action_mask", &legal_action_mask, "A bool array of NUM_ACTIONS: True at the legal ids.")
      .def("apply", &apply, "action"_a,
           "Applies a legal action and everything automatic after it. An illegal action raises ValueError and "
           "leaves the game unchanged.")
      .def("is_over", [](const Game& g) { return g.state().game_over(); })
      .def("to_move", &to_move, "The seat that decides next, or None when the game is over.")
      .def("returns", [](const Game& g) { return per_seat<float>(g.state(), core::returns(g.state())); },
           "Per seat: 1/k for each of the k seats ranked first when the game is over, else 0.")
      .def("vp", [](const Game& g) { return per_seat<int>(g.state(), g.state().vp); }, "Victory points per seat.")
      .def("ranks", [](const Game& g) { return per_seat<int>(g.state(), core::final_ranks(g.state())); },
           "Per seat, the place by the standing now (0 = first; ties after every tie-break share a place).")
      .def("action_name", [](const Game& g, py::handle a) { return core::action_name(g.state(), action_id(a)); },
           "action"_a, "The action's readable name in this position (\"play 47 left\").")
      .def("observation", &observation, "seat"_a = py::none(),
           "What seat knows, as the nets' encoder writes it (float32, NUM_FEATURES), rotated so that seat is "
           "offset 0; default: the seat to move.")
      .def("infoset_key", &infoset_key, "seat"_a,
           "A 64-bit hash of what seat knows: equal for positions seat cannot tell apart.")
      .def("sample_world", &sample_world, "seat"_a, "seed"_a,
           "A new Game consistent with what seat knows: the undrawn deck and set-aside cards re-dealt.")
      .def("clone", [](const Game& g) { return Game(g.state()); }, "An independent copy.")
      .def("__copy__", [](const Game& g) { return Game(g.state()); })
      .def("__deepcopy__", [](const Game& g, py::dict) { return Game(g.state()); }, "memo"_a)
      .def("to_json",
           [](const Game& g, int indent) {
             if (indent < -1 || indent > kMaxIndent)
               throw py::value_error("indent must be -1 (one line) to " + std::to_string(kMaxIndent) + ", got " +
                                     std::to_string(indent));
             return io::state_to_json(g.state(), indent);
           },
           "indent"_a = -1, "The position as JSON (docs/state-format.md); pretty-printed when indent >= 0.")
      .def_static("from_json", &from_json, "text"_a,
                  "A position from JSON, validated; a bad one raises ValueError with the reason.")
      .def("describe", [](const Game& g) { return io::describe_position(g.state()); },
           "The position in a few lines of text.")
      .def("describe_result", [](const Game& g) { return io::describe_result(g.state()); },
           "The standing, best first, one line per seat.")
      .def("__repr__", &repr)
      // The State has no padding (core/state.h), so equal bytes are equal positions.
      .def("__eq__", [](const Game& a, const Game& b) { return std::memcmp(&a.state(), &b.state(), sizeof a.state()) == 0; })
      .def(py::pickle([](const Game& g) { return io::state_to_json(g.state()); },
                      [](const std::string& text) { return from_json(text); }));
}

}  // namespace pamir::python

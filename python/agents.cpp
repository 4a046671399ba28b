// pamir.agent(spec, game=...).choose(game) (games::Game::make_agent) and pamir.tournament(...)
// (tournament/tournament.h, standings from tournament/standings.h). Searches and tournaments
// run with the GIL released, so other Python threads go on meanwhile.

#include <fmt/format.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "games/agent.h"
#include "games/analysis.h"
#include "games/registry.h"
#include "nets/shipped_models.h"
#include "python/bindings.h"
#include "tournament/standings.h"
#include "tournament/tournament.h"

namespace pamir::python {

namespace py = pybind11;
using namespace pybind11::literals;

namespace {

// An agent of one game. It is not thread-safe (games::Agent); the lock keeps two Python
// threads that share one from searching at once while the GIL is released.
class Agent {
 public:
  Agent(const games::Game& game, const std::string& spec, games::u64 seed)
      : game_(game), agent_(game.make_agent(spec, seed)), spec_(spec) {}

  games::Action choose(const Game& g) {
    check_game(g);
    const games::Position p = g.position();  // the search reads a copy: Python may change the game meanwhile
    py::gil_scoped_release release;
    std::lock_guard lock(mutex_);
    return agent_->choose(p);
  }
  // games::analyze's JSON of a decision in g, as a dict.
  py::object analyze(const Game& g) {
    check_game(g);
    const games::Position p = g.position();
    std::string text;
    {
      py::gil_scoped_release release;
      std::lock_guard lock(mutex_);
      text = games::analyze(game_, *agent_, p).dump();
    }
    return py::module_::import("json").attr("loads")(text);
  }
  std::string name() const { return agent_->name(); }
  const std::string& spec() const { return spec_; }
  std::string game() const { return std::string(game_.key()); }

 private:
  // g is a position of this agent's game, with a decision to make.
  void check_game(const Game& g) const {
    if (&g.rules() != &game_)
      throw py::value_error("this agent plays " + std::string(game_.name()) + ", not " +
                            std::string(g.rules().name()) + " (pamir.agent(spec, game=\"" +
                            std::string(g.rules().key()) + "\"))");
    if (game_.over(g.position())) throw py::value_error("the game is over: there is no move to choose");
  }

  const games::Game& game_;
  std::unique_ptr<games::Agent> agent_;
  std::string spec_;
  std::mutex mutex_;
};

// Python callables seated in pamir.tournament: callable(observation, legal_actions) -> action,
// with the seat's observation (the encoder's row, as Game.observation(seat)) and the legal
// action ids (int64). They are registered as the agent "python:<slot>:<name>" for the length of
// one tournament call, which holds them (a borrowed pointer is safe that long). A callable that
// raises or answers an illegal action forfeits that game, with the reason in the game's result.
class CallableAgent final : public games::Agent {
 public:
  CallableAgent(const games::Game& game, PyObject* callable, std::string name)
      : game_(game), callable_(callable), name_(std::move(name)) {}

  games::Action choose(const games::Position& p) override {
    const int seat = game_.to_move(p);
    const std::vector<games::Action> legal = game_.legal_actions(p);
    py::gil_scoped_acquire gil;
    std::string why;
    try {
      py::array_t<float> observation(game_.num_features());
      game_.encode(p, seat, observation.mutable_data());
      py::array_t<std::int64_t> actions(legal.size());
      std::copy(legal.begin(), legal.end(), actions.mutable_data());
      const py::object answer = py::reinterpret_borrow<py::object>(callable_)(observation, actions);
      const long a = answer.cast<long>();
      if (a >= 0 && a < game_.num_actions() && game_.is_legal(p, games::Action(a))) return games::Action(a);
      why = "answered " + std::to_string(a) + ", not a legal action";
    } catch (const py::error_already_set& e) {
      why = std::string("raised ") + e.what();
    } catch (const py::cast_error&) {
      why = "answered something that is not an integer";
    }
    throw games::AgentForfeit("python agent " + name_ + " " + why.substr(0, why.find('\n')));
  }
  std::string name() const override { return "python:" + name_; }

 private:
  const games::Game& game_;
  PyObject* callable_;
  std::string name_;
};

// The callables of the tournaments now running, by slot.
std::mutex callables_mutex;
std::map<int, PyObject*> callables;
int next_callable_slot = 0;

const bool callable_agent_registered = games::register_agent(
    "python",
    [](const games::Game& game, const std::string& argument, games::u64) -> std::unique_ptr<games::Agent> {
      const auto colon = argument.find(':');
      const int slot = std::atoi(argument.substr(0, colon).c_str());
      std::lock_guard lock(callables_mutex);
      const auto it = callables.find(slot);
      if (argument.empty() || it == callables.end())
        throw std::invalid_argument(
            "python agents are Python callables passed to pamir.tournament, not specs");
      return std::make_unique<CallableAgent>(
          game, it->second, colon == std::string::npos ? argument : argument.substr(colon + 1));
    });

// Holds a tournament's callables in the table while it runs.
class SeatedCallables {
 public:
  // Replaces each callable of agents by its spec; the others must be spec strings.
  std::vector<std::string> specs(const std::vector<py::object>& agents) {
    std::vector<std::string> out;
    for (const py::object& a : agents) {
      if (py::isinstance<py::str>(a)) {
        out.push_back(a.cast<std::string>());
        continue;
      }
      if (!PyCallable_Check(a.ptr()))
        throw py::type_error("an agent is a spec string or a callable(observation, legal_actions) -> action");
      std::string name = py::hasattr(a, "__name__")
                             ? py::str(a.attr("__name__")).cast<std::string>()
                             : py::str(py::type::of(a).attr("__name__")).cast<std::string>();
      std::lock_guard lock(callables_mutex);
      const int slot = next_callable_slot++;
      callables[slot] = a.ptr();
      held_.push_back({slot, a});
      out.push_back("python:" + std::to_string(slot) + ":" + name);
    }
    return out;
  }
  ~SeatedCallables() {
    std::lock_guard lock(callables_mutex);
    for (const auto& [slot, object] : held_) callables.erase(slot);
  }

 private:
  std::vector<std::pair<int, py::object>> held_;
};

struct TournamentOutcome {
  std::vector<tournament::GameResult> games;
  std::vector<tournament::AgentStanding> standings;
};

TournamentOutcome run_tournament(const std::vector<py::object>& agents, int players, long games,
                                 games::u64 seed, int threads, std::optional<std::string> seating,
                                 int max_decisions, const std::string& game) {
  SeatedCallables seated;
  tournament::TournamentConfig c;
  c.game = game_named(game).key();
  c.agents = seated.specs(agents);
  c.players = players;
  c.games = games;
  c.seed = seed;
  c.threads = threads;
  c.max_decisions = max_decisions;
  // As `pamir tournament`: distinct agents per game when there are enough of them.
  c.seating = seating                         ? tournament::parse_seating(*seating)
              : int(agents.size()) >= players ? tournament::Seating::kDistinct
                                              : tournament::Seating::kRepeats;
  py::gil_scoped_release release;
  TournamentOutcome outcome;
  outcome.games = tournament::run_tournament(c).games;
  outcome.standings =
      tournament::compute_standings(c.agents, c.players, outcome.games, std::nullopt, /*anchor_elo=*/0)
          .agents;
  return outcome;
}

// A rating to 0.1 Elo: the fit's further digits are noise far inside its interval.
double tenth(double elo) { return std::round(elo * 10) / 10; }

}  // namespace

void bind_agents(py::module_& m) {
  const std::string default_key(games::default_game().key());
  py::class_<Agent>(m, "Agent",
                    "An agent built from a spec string (`pamir agents` lists them and their options).")
      .def("choose", &Agent::choose, "game"_a,
           "A legal action for the seat to move in game (which is not changed). The GIL is released "
           "meanwhile.")
      .def(
          "analyze", &Agent::analyze, "game"_a,
          "The agent's decision in game with its search's statistics, as a dict (docs/python.md, "
          "\"Analysis\"): "
          "turn, to_move, action, action_name and, for agents that search, iterations, values (per seat), "
          "moves "
          "(each legal action's action, name, visits, prior and value, most visited first), pv and pv_names.")
      .def_property_readonly("name", &Agent::name)
      .def_property_readonly("spec", &Agent::spec)
      .def_property_readonly("game", &Agent::game, "The key of the game it plays.")
      .def("__repr__", [](const Agent& a) { return "<pamir.Agent " + a.spec() + ">"; });
  // make_agent throws std::invalid_argument for a bad spec: pybind11 raises it as ValueError.
  m.def(
      "agent",
      [](const std::string& spec, games::u64 seed, const std::string& game) {
        return std::make_unique<Agent>(game_named(game), spec, seed);
      },
      "spec"_a, "seed"_a = 0, "game"_a = default_key,
      "An agent of `game` from a spec: \"random\", \"heuristic\", \"ismcts:iters=200\", \"best\" (the "
      "shipped "
      "net), ... A bad spec raises ValueError.");

  py::class_<tournament::GameResult>(m, "GameResult", "One finished game of a tournament.")
      .def_readonly("game", &tournament::GameResult::game, "Index in the tournament.")
      .def_readonly("seed", &tournament::GameResult::seed, "The deal seed.")
      .def_readonly("seats", &tournament::GameResult::seats, "Agent index per seat.")
      .def_readonly("vp", &tournament::GameResult::vp)
      .def_readonly("ranks", &tournament::GameResult::ranks, "Per seat, 0 = first; equal = tied.")
      .def_readonly("actions", &tournament::GameResult::actions)
      .def_readonly("capped", &tournament::GameResult::capped, "Stopped at max_decisions: a draw.")
      .def_readonly(
          "forfeit", &tournament::GameResult::forfeit,
          "The seat whose agent forfeited (a Python agent that raised or answered an illegal action, an "
          "outside program that failed), or -1.")
      .def_readonly("forfeit_reason", &tournament::GameResult::forfeit_reason)
      .def(
          "win_share",
          [](const tournament::GameResult& g, int seat) {
            if (seat < 0 || seat >= int(g.seats.size()))
              throw py::value_error("no seat " + std::to_string(seat));
            return tournament::win_share(g, seat);
          },
          "seat"_a, "1/k for each of the k seats ranked first, else 0.");

  py::class_<tournament::AgentStanding>(m, "AgentStanding", "One agent's results over a tournament.")
      .def_readonly("spec", &tournament::AgentStanding::spec)
      .def_readonly("seats", &tournament::AgentStanding::seats, "Seats held over all games.")
      .def_readonly("mean_vp", &tournament::AgentStanding::mean_vp)
      .def_readonly("win_share", &tournament::AgentStanding::win_rate, "Mean win share per seat.")
      .def_readonly("rank_share", &tournament::AgentStanding::rank_share,
                    "Per place, the fraction of seats there.")
      .def_property_readonly(
          "elo", [](const tournament::AgentStanding& a) { return tenth(a.rating.elo); },
          "Plackett-Luce Elo, the mean of all agents at 0, to 0.1 Elo (`pamir tournament` prints "
          "whole Elo; agents.csv two decimals).")
      .def_property_readonly(
          "elo_interval",
          [](const tournament::AgentStanding& a) {
            return std::make_pair(tenth(a.rating.ci_low), tenth(a.rating.ci_high));
          },
          "The Elo's 95% interval (low, high), to 0.1 Elo.")
      .def("__repr__", [](const tournament::AgentStanding& a) {
        return fmt::format("<pamir.AgentStanding {} elo={:.1f} [{:.1f}, {:.1f}] win_share={:.3f}>", a.spec,
                           a.rating.elo, a.rating.ci_low, a.rating.ci_high, a.win_rate);
      });

  py::class_<TournamentOutcome>(m, "TournamentResult")
      .def_readonly("games", &TournamentOutcome::games, "The games, by index.")
      .def_readonly("standings", &TournamentOutcome::standings, "Per agent, in the order given.");
  m.def("tournament", &run_tournament, "agents"_a, "players"_a, "games"_a, "seed"_a = 1, "threads"_a = 1,
        "seating"_a = py::none(), "max_decisions"_a = tournament::kDefaultMaxDecisions,
        "game"_a = default_key,
        "Plays a balanced, seeded tournament of `game` (as `pamir tournament`, in memory) with the GIL "
        "released; "
        "threads=0 uses every core. An agent is a spec string or a Python callable(observation, "
        "legal_actions) -> "
        "action (the seat's encoder row and the legal ids; it runs holding the GIL; raising or an illegal "
        "answer "
        "forfeits that game). A bad configuration raises ValueError.");
  m.def(
      "models_dir", &nets::models_dir,
      "The folder `best` takes its nets from (<game>-<players>p.weights): $PAMIR_MODELS, else the installed "
      "package's models/, else an install prefix's share/pamir/models, else the source tree's models/.");
}

}  // namespace pamir::python

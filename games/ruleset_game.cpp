// A ruleset's games::Game: the tools' way into its rules, files, agents, self-play and
// measurements. Each call unwraps the Position to the ruleset's State and calls the code
// compiled for it; nothing here decides a rule.

#include "games/ruleset_game.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "bench/bench.h"
#include "core/check.h"
#include "core/dominance.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/world.h"
#include "games/agent.h"
#include "io/board_json.h"
#include "io/game_log.h"
#include "io/observation.h"
#include "io/record.h"
#include "io/state_json.h"
#include "io/text.h"
#include "nets/encoder.h"
#include "nets/net_evaluator.h"
#include "nets/register_evaluators.h"
#include "search/agent.h"
#include "search/evaluator_registry.h"
#include "search/evaluators.h"
#include "search/options.h"
#include "selfplay/worker.h"

namespace pamir::games::inline PAMIR_RULESET {
namespace {

using core::State;

std::string_view view_or_empty(const char* text) {
  return text ? std::string_view(text) : std::string_view();
}

// A search agent of this ruleset, as an agent of any game.
class SearchAgent final : public Agent {
 public:
  explicit SearchAgent(std::unique_ptr<search::Agent> agent) : agent_(std::move(agent)) {}
  Action choose(const Position& p) override { return agent_->choose(state_of(p)); }
  std::string name() const override { return agent_->name(); }
  bool last_search(SearchReport& out) const override {
    search::SearchStats stats;
    if (!agent_->last_search(stats)) return false;
    out.iterations = stats.iterations;
    out.values.assign(stats.values.begin(), stats.values.end());
    out.moves.clear();
    for (const search::RootMove& m : stats.moves) out.moves.push_back({m.action, m.visits, m.value, m.prior});
    out.principal_variation = stats.principal_variation;
    return true;
  }

 private:
  std::unique_ptr<search::Agent> agent_;
};

class RulesetGame final : public Game {
 public:
  RulesetGame() {
    nets::register_net_evaluators();  // "net:<path>" and "best" for this game's searches
    words_ = {core::kTerms.army,   core::kTerms.road,   core::kTerms.tribe,
              core::kTerms.spy,    core::kTerms.gift,   core::kTerms.tax,
              core::kTerms.build,  core::kTerms.betray, core::kTerms.prize,
              core::kTerms.battle, core::kTerms.rupees, view_or_empty(core::kTerms.neutral)};
  }

  std::string_view key() const override { return core::kGameKey; }
  std::string_view name() const override { return io::game_name(core::kGameKey); }
  int min_players() const override { return core::kMinPlayers; }
  int max_players() const override { return core::kMaxPlayers; }
  int num_actions() const override { return core::kNumActions; }
  int max_legal_actions() const override { return core::kMaxLegalActions; }
  const Words& words() const override { return words_; }
  std::string_view automaton() const override { return view_or_empty(core::kAutomaton); }
  int automaton_max_players() const override { return core::kAutomatonMaxPlayers; }

  Position new_game(int players, u64 seed, int automaton_seat) const override {
    if (players < core::kMinPlayers || players > core::kMaxPlayers)
      throw std::invalid_argument("players must be " + seat_range() + ", got " + std::to_string(players));
    if (automaton_seat != kNoSeat && (!core::kAutomaton || players > core::kAutomatonMaxPlayers ||
                                      automaton_seat < 0 || automaton_seat >= players))
      throw std::invalid_argument(core::kAutomaton
                                      ? std::string(core::kAutomaton) + " plays only in games of 2 to " +
                                            std::to_string(core::kAutomatonMaxPlayers) + " seats"
                                      : std::string(name()) + " has no automated opponent");
    return position_of(
        core::new_game(players, seed, automaton_seat == kNoSeat ? core::kNoPlayer : automaton_seat));
  }
  int legal_actions(const Position& p, Action* out) const override {
    return core::legal_actions(state_of(p), out);
  }
  using Game::legal_actions;
  bool is_legal(const Position& p, Action a) const override {
    return a < core::kNumActions && !state_of(p).game_over() && core::is_legal(state_of(p), a);
  }
  void apply(Position& p, Action a) const override { core::apply(state_of(p), a); }
  bool over(const Position& p) const override { return state_of(p).game_over(); }
  int to_move(const Position& p) const override { return seat(core::to_move(state_of(p))); }
  int num_players(const Position& p) const override { return state_of(p).num_players; }
  int turn(const Position& p) const override { return state_of(p).turn; }
  int automaton_seat(const Position& p) const override { return seat(state_of(p).automaton_seat()); }
  std::vector<int> vp(const Position& p) const override {
    const State& s = state_of(p);
    return std::vector<int>(s.vp, s.vp + s.num_players);
  }
  std::vector<int> ranks(const Position& p) const override {
    const State& s = state_of(p);
    const auto r = core::final_ranks(s);
    return std::vector<int>(r.begin(), r.begin() + s.num_players);
  }
  std::vector<float> returns(const Position& p) const override {
    const State& s = state_of(p);
    const auto r = core::returns(s);
    return std::vector<float>(r.begin(), r.begin() + s.num_players);
  }
  u64 full_key(const Position& p) const override { return core::full_key(state_of(p)); }
  u64 infoset_key(const Position& p, int seat) const override { return core::infoset_key(state_of(p), seat); }
  Position sample_world(const Position& p, int seat, u64& rng) const override {
    return position_of(core::sample_world(state_of(p), seat, rng));
  }
  std::string check(const Position& p) const override {
    if (std::string e = core::check_consistency(state_of(p)); !e.empty()) return e;
    return core::check_reachable(state_of(p));
  }

  std::string action_name(const Position& p, Action a) const override {
    return core::action_name(state_of(p), a);
  }
  int parse_action(const Position& p, const std::string& text) const override {
    return state_of(p).game_over() ? -1 : core::parse_action(state_of(p), text);
  }
  std::string describe_decision(const Position& before, Action a) const override {
    return io::describe_decision(state_of(before), a);
  }
  std::string describe_action(const Position& p, Action a) const override {
    return io::describe_action(state_of(p), a);
  }

  std::vector<std::string> describe_consequences(const Position& before,
                                                 const Position& after) const override {
    return io::describe_consequences(state_of(before), state_of(after));
  }
  std::string describe_position(const Position& p) const override {
    return io::describe_position(state_of(p));
  }
  std::string describe_card(const std::string& name_or_number) const override {
    const int c = io::find_card(name_or_number);
    return c ? io::describe_card(c) : "";
  }
  std::string describe_hand(const Position& p, int seat) const override {
    const State& s = state_of(p);
    std::string hand;
    for (int c = 1; c <= core::kNumCards; ++c)
      if (s.card_loc[c] == core::Loc::kHand + seat) {
        // Appended piece by piece: GCC's LTO warns (wrongly) on the temporary of a chained +.
        if (!hand.empty()) hand += ", ";
        hand += std::to_string(c);
        hand += ' ';
        hand += core::card_name(c);
      }
    return hand;
  }
  std::string describe_result(const Position& p) const override { return io::describe_result(state_of(p)); }

  std::string position_json(const Position& p, int indent) const override {
    return io::state_to_json(state_of(p), indent);
  }
  std::optional<Position> position_from_json(const std::string& text, std::string* error) const override {
    const auto s = io::state_from_json(text, error);
    return s ? std::optional(position_of(*s)) : std::nullopt;
  }
  std::string observation_json(const Position& p, int seat, int indent) const override {
    return io::observation_to_json(state_of(p), seat, indent);
  }
  std::string agent_message(const Position& p, int seat, u64& rng) const override {
    return io::agent_position_message(state_of(p), seat, rng);
  }
  std::optional<Position> world_from_agent_message(const std::string& text,
                                                   std::string* error) const override {
    const auto s = io::world_from_position_message(text, error);
    return s ? std::optional(position_of(*s)) : std::nullopt;
  }
  std::optional<io::GameRecord> record_from_json(const std::string& text, std::string* error) const override {
    return io::record_from_json(text, error);
  }
  std::string record_json(const io::GameRecord& r) const override {
    std::string error;
    // A record that does not replay to its end is written up to where it stops.
    const auto end =
        io::replay(io::GameRecord{r.num_players, r.seed, r.agents, {}, r.automaton_seat, {}}, &error);
    State s = end ? *end : core::new_game(r.num_players, r.seed);
    for (const Action a : r.actions) {
      if (s.game_over() || !core::is_legal(s, a)) break;
      core::apply(s, a);
    }
    return io::record_to_json(r, s);
  }
  std::optional<Position> replay(const io::GameRecord& r, std::string* error) const override {
    const auto s = io::replay(r, error);
    return s ? std::optional(position_of(*s)) : std::nullopt;
  }

  int num_features() const override { return nets::kNumFeatures; }
  void encode(const Position& p, int viewer, float* row) const override {
    nets::encode_dense(state_of(p), viewer, row);
  }
  std::vector<FeatureBlock> feature_layout() const override {
    std::vector<FeatureBlock> out;
    for (const nets::FeatureBlockInfo& b : nets::feature_layout()) out.push_back({b.name, b.offset, b.size});
    return out;
  }
  const nets::NetShape& net_shape() const override { return nets::net_shape(); }

  std::unique_ptr<Agent> make_agent(const std::string& spec, u64 seed) const override {
    // Refusals quote parts of the spec, and a refusal is one line.
    if (std::any_of(spec.begin(), spec.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
      throw std::invalid_argument("agent spec " + io::quoted(spec.substr(0, 60)) +
                                  " holds a control character");
    const std::string name = spec.substr(0, spec.find(':'));
    if (const AgentMaker maker = find_agent(name)) {
      const std::string argument = spec.size() > name.size() ? spec.substr(name.size() + 1) : "";
      return maker(*this, argument, seed * 0x9E3779B97F4A7C15ull + 1);  // as search::make_agent seeds its own
    }
    const auto own = search::agent_names();
    // The automaton's spec reaches search::make_agent, which says she is a seat.
    if (std::find(own.begin(), own.end(), name) == own.end() && spec != automaton())
      throw std::invalid_argument(search::unknown_agent_message(name, agent_names()));
    return std::make_unique<SearchAgent>(search::make_agent(spec, seed));
  }
  std::vector<std::string> agent_names() const override {
    std::vector<std::string> names = search::agent_names();
    for (const std::string& n : registered_agent_names()) names.push_back(n);
    std::sort(names.begin(), names.end());
    return names;
  }
  std::string agents_help() const override {
    std::string agents, evaluators;
    for (const std::string& n : agent_names()) agents += (agents.empty() ? "" : ", ") + n;
    for (const std::string& n : search::evaluator_names()) evaluators += (evaluators.empty() ? "" : ", ") + n;
    std::string out = "agents: " + agents + "\n";
    out += "spec: name[:option=value,...], e.g. ismcts:iters=800,c=1.5,eval=rollout\n";
    out +=
        "options of mcts, pimc and ismcts (random and heuristic take only seed); a search stops at iters or "
        "at "
        "time, whichever comes first, and iters=0 lifts the iteration cap:\n";
    out += search::options_help();
    out += std::string(
               "best: ismcts with the shipped net for the game's player count (models/README.md), options ") +
           search::kBestAgentOptions + "\n";
    if (core::kAutomaton)
      out += std::string(core::kAutomaton) + ": the seat of the rules' automated opponent (games of 2 to " +
             std::to_string(core::kAutomatonMaxPlayers) + "), whom the engine plays: a seat, not an agent\n";
    out += "human: a person at the terminal chooses (cli/human_agent.h)\n";
    out +=
        "external:<command>: an outside program that answers the engine protocol's position and go "
        "(docs/engine-protocol.md, \"Outside agents\")\n";
    out += "evaluators: " + evaluators + "\n";
    return out;
  }

  std::unique_ptr<selfplay::SelfPlayWorkerBase> make_selfplay_worker(
      const selfplay::TrainConfig& config, int generation,
      std::shared_ptr<const nets::NetWeights> weights) const override {
    std::unique_ptr<search::Evaluator> evaluator;
    if (weights) {
      nets::NetEvaluatorOptions o;
      o.name = "net:gen" + std::to_string(generation - 1);
      evaluator = search::blend_with_heuristic(nets::make_net_evaluator(std::move(weights), o),
                                               config.heuristic_mix, config.place_share);
    } else {
      evaluator = std::make_unique<search::UniformEvaluator>();
    }
    return std::make_unique<selfplay::SelfPlayWorker>(config, generation, std::move(evaluator));
  }

  PerftResult perft(int players, u64 seed, int depth, bool divide) const override {
    const State start = core::new_game(players, seed);
    PerftResult out;
    if (divide && depth > 0) {
      core::Action legal[core::kMaxLegalActions];
      const int n = core::legal_actions(start, legal);
      for (int i = 0; i < n; ++i) {
        State next = start;
        core::apply(next, legal[i]);
        const u64 count = bench::perft(next, depth - 1);
        out.by_first_action.push_back({core::action_name(start, legal[i]), count});
        out.total += count;
      }
    } else {
      out.total = bench::perft(start, depth);
    }
    return out;
  }
  std::string bench_json(const BenchRequest& request) const override {
    return bench::report_json(bench::run_bench(options_of(request)));
  }
  std::string bench_text(const BenchRequest& request) const override {
    return bench::report_text(bench::run_bench(options_of(request)));
  }
  u64 bench_signature() const override { return bench::signature(); }

  std::string board_ruleset_json() const override { return io::board_ruleset_json(); }
  std::string board_legal_json(const Position& p) const override { return io::board_legal_json(state_of(p)); }
  std::string board_view_json(const Position& p, int viewer) const override {
    return io::board_view_json(state_of(p), viewer == kNoSeat ? core::kNoPlayer : viewer);
  }

  Position wrap(const State& s) const { return make_position(&s, sizeof s); }

 private:
  static int seat(int p) { return p == core::kNoPlayer ? kNoSeat : p; }
  static bench::BenchOptions options_of(const BenchRequest& r) {
    bench::BenchOptions o;
    o.max_seconds = r.seconds;
    if (r.max_games > 0) o.max_games = r.max_games;
    if (r.net_max_batches > 0) o.net.max_batches = r.net_max_batches;
    if (r.selfplay_seconds > 0) o.selfplay_seconds = r.selfplay_seconds;
    o.only_players = r.players;
    return o;
  }

  Words words_;
};

}  // namespace

const Game& ruleset_game() {
  static const RulesetGame game;
  return game;
}

Position position_of(const State& s) { return static_cast<const RulesetGame&>(ruleset_game()).wrap(s); }

}  // namespace pamir::games::inline PAMIR_RULESET

#include "selfplay/worker.h"

#include <algorithm>

#include "core/game.h"
#include "core/random.h"
#include "nets/encoder.h"
#include "search/outcome.h"

namespace pamir::selfplay::inline PAMIR_RULESET {

namespace {

search::SearchOptions search_options(const TrainConfig& c, bool full) {
  search::SearchOptions o;
  o.iters = full ? c.full_iters : c.fast_iters;
  o.time = 0;
  o.c = c.cpuct;
  // Gumbel root search brings its own exploration (the noise on the root's logits) in place
  // of root Dirichlet noise and the move temperature.
  o.gumbel = c.gumbel_actions;
  o.gnoise = c.gumbel_actions > 0 ? 1 : 0;
  o.dirichlet_alpha = c.dirichlet_alpha;
  o.dirichlet_weight = full ? c.dirichlet_weight : 0;
  o.reuse = 0;  // a slot alternates between its two searches; each starts afresh
  o.batch = c.leaves_per_search;
  o.places = c.place_share;
  return o;
}

}  // namespace

struct SelfPlayWorker::Slot {
  explicit Slot(const TrainConfig& c)
      : full(search_options(c, true), search::WorldModel::kSampledWorlds, 0),
        fast(search_options(c, false), search::WorldModel::kSampledWorlds, 0) {}
  search::Search full, fast;
  search::Search* search = nullptr;  // the search of the pending decision; null when idle
  int target = 0;                    // its iterations
  long index = -1;                   // the game; -1 when the slot is idle
  core::State state{};
  int decision = 0;
  bool audit = false;
  int would_resign = core::kNoPlayer;
  int resigned = core::kNoPlayer;
  GameCounters counters;  // what this game took so far
  core::u64 rng = 0;      // the game's own stream: search choice, move sampling, audit
  ShardRows rows;
  std::vector<core::Action> actions;  // the game's decisions so far
  std::vector<int> row_player;
  std::vector<search::Values> row_root_values;  // each row's full-search root value (seat order)
  core::Action legal[core::kMaxLegalActions];
  search::RootMove moves[core::kMaxLegalActions];
  float target_policy[core::kMaxLegalActions];  // the full search's policy target, in moves' order
  nets::Feature features[nets::kMaxActiveFeatures];
};

SelfPlayWorker::SelfPlayWorker(const TrainConfig& config, int generation,
                               std::unique_ptr<search::Evaluator> evaluator)
    : config_(config), generation_(generation), evaluator_(std::move(evaluator)) {
  for (int i = 0; i < config.games_per_worker; ++i)
    slots_.push_back(std::make_unique<Slot>(config));  // seeded per game
  const std::size_t max_leaves = std::size_t(config.games_per_worker) * config.leaves_per_search;
  leaves_.reserve(max_leaves);
  results_.reserve(max_leaves);
}

SelfPlayWorker::~SelfPlayWorker() = default;

SelfPlayCounters SelfPlayWorker::counters() const {
  SelfPlayCounters all = counted_;
  for (const auto& slot : slots_)
    if (slot->index >= 0) all += slot->counters;
  return all;
}

void SelfPlayWorker::start_game(Slot& slot, long index) {
  slot.index = index;
  slot.search = nullptr;
  if (index < 0) return;
  const core::u64 seed = game_seed(config_.seed, generation_, index);
  const int automaton = automaton_seat(config_, seed);
  slot.state = core::new_game(config_.players, seed, automaton < 0 ? core::kNoPlayer : automaton);
  // Every random choice of the game comes from its seed, not from the worker: which worker
  // and slot play a game, and in what order, then changes nothing.
  slot.rng = seed ^ 0x6A09E667F3BCC909ull;
  slot.full.reseed(core::next_random(slot.rng));
  slot.fast.reseed(core::next_random(slot.rng));
  slot.decision = 0;
  slot.audit =
      config_.resign_threshold > 0 && core::next_random(slot.rng) < config_.resign_audit_fraction * 0x1p64;
  slot.would_resign = slot.resigned = core::kNoPlayer;
  slot.counters = GameCounters{};
  slot.rows = ShardRows{};
  slot.rows.shape = nets::net_shape();
  slot.rows.games = {index};
  slot.row_player.clear();
  slot.row_root_values.clear();
  slot.actions.clear();
  slot.actions.reserve(config_.max_decisions);
}

void SelfPlayWorker::begin_decision(Slot& slot, const std::function<void(FinishedGame&&)>& on_finished) {
  while (!slot.state.game_over() && slot.decision < config_.max_decisions &&
         core::legal_actions(slot.state, slot.legal) == 1) {
    slot.actions.push_back(slot.legal[0]);
    core::apply(slot.state, slot.legal[0]);
    ++slot.decision;
    ++slot.counters.decisions;
  }
  if (slot.state.game_over() || slot.decision >= config_.max_decisions) {
    finish_game(slot, on_finished);
    return;
  }
  const bool full = core::next_random(slot.rng) < config_.full_fraction * 0x1p64;
  slot.search = full ? &slot.full : &slot.fast;
  slot.target = full ? config_.full_iters : config_.fast_iters;
  slot.search->start(slot.state);
}

void SelfPlayWorker::finish_decision(Slot& slot, const std::function<void(FinishedGame&&)>& on_finished) {
  search::Search& search = *slot.search;
  const bool full = &search == &slot.full;
  const int player = core::to_move(slot.state);
  const int num_moves = search.root_moves(slot.moves);
  slot.counters.iterations += search.iterations();
  ++slot.counters.searches;
  int best = 0;
  for (int i = 0; i < num_moves; ++i)
    if (slot.moves[i].visits > slot.moves[best].visits) best = i;

  if (full) {
    // The training row: the player's view, the legal actions with the search's policy target
    // (visit shares, or Gumbel's improved policy).
    ShardRows& r = slot.rows;
    const int nf = nets::encode_sparse(slot.state, slot.features);
    for (int i = 0; i < nf; ++i) {
      r.feature_index.push_back(slot.features[i].index);
      r.feature_value.push_back(slot.features[i].value);
    }
    r.feature_begin.push_back(std::int32_t(r.feature_index.size()));
    const int num_legal = core::legal_actions(slot.state, slot.legal);
    const bool has_target = num_moves > 0 && search.policy_target(slot.target_policy) == num_moves;
    for (int i = 0, m = 0; i < num_legal; ++i) {
      while (m < num_moves && slot.moves[m].action < slot.legal[i]) ++m;
      const bool searched = m < num_moves && slot.moves[m].action == slot.legal[i];
      r.legal_action.push_back(slot.legal[i]);
      r.policy.push_back(!has_target ? 1.0f / num_legal : searched ? slot.target_policy[m] : 0.0f);
    }
    r.legal_begin.push_back(std::int32_t(r.legal_action.size()));
    // Filled in when the game ends.
    for (auto* target : {&r.value, &r.result, &r.vp_margin})
      target->insert(target->end(), core::kMaxPlayers, 0.0f);
    r.num_players.push_back(std::uint8_t(config_.players));
    slot.row_player.push_back(player);
    slot.row_root_values.push_back(search.root_values());

    if (config_.resign_threshold > 0 && slot.moves[best].value < config_.resign_threshold) {
      if (!slot.audit) {
        slot.resigned = player;
        finish_game(slot, on_finished);
        return;
      }
      if (slot.would_resign == core::kNoPlayer) slot.would_resign = player;
    }
  }

  // The move: Gumbel's survivor, or visits^(1/T) sampled (T = 0: the most visited).
  core::Action action;
  if (config_.gumbel_actions > 0) {
    action = search.choose_move();
  } else {
    double visits[core::kMaxLegalActions], values[core::kMaxLegalActions];
    for (int i = 0; i < num_moves; ++i) visits[i] = slot.moves[i].visits, values[i] = slot.moves[i].value;
    const double t = move_temperature(config_, slot.decision);
    action =
        slot.moves[search::choose_by_visits(visits, values, num_moves, t > 1e-3 ? t : 0, slot.rng)].action;
  }
  slot.actions.push_back(action);
  core::apply(slot.state, action);
  ++slot.decision;
  ++slot.counters.decisions;
  slot.search = nullptr;
  begin_decision(slot, on_finished);
}

void SelfPlayWorker::finish_game(Slot& slot, const std::function<void(FinishedGame&&)>& on_finished) {
  std::array<float, core::kMaxPlayers> returns{};
  if (slot.resigned != core::kNoPlayer) {
    for (int p = 0; p < config_.players; ++p)
      returns[p] = p == slot.resigned ? 0.0f : 1.0f / (config_.players - 1);
    ++slot.counters.resignations;
  } else {
    // A game stopped at max_decisions is scored by the standing now (VP, then the rules'
    // tie-breaks). Both players passing is the usual way there; scoring it as a draw taught
    // that stalling is as good as playing on, and dropping it taught nothing. By the
    // standing, a player behind loses by stalling, so at least one side learns to play on.
    // The places come in as the searches valued finished games (place_share).
    returns = search::outcome_values(slot.state, config_.place_share);
    slot.counters.capped += !slot.state.game_over();
  }
  if (slot.would_resign != core::kNoPlayer) {
    ++slot.counters.audit_would_resign;
    if (returns[slot.would_resign] > 0) ++slot.counters.resign_false;
  }
  slot.counters.rows += long(slot.row_player.size());
  // The value target: the result, with a share of the search's own judgement mixed in
  // (value_target_mix). A result is one noisy bit shared by every row of the game; the
  // search's root value differs from row to row and carries what the search saw. With
  // value_target_lambda = L > 0 that judgement is the lambda-return (TD(lambda)): the root
  // values of this row and the rows after it weighted (1 - L), (1 - L) L, (1 - L) L^2, ...,
  // and the result weighted by what is left, L^(rows to the end). A row's target then
  // carries what later searches, nearer the end, saw of its position, not only its own
  // search's view (which, with the heuristic blended into every leaf, leans on the
  // heuristic), and each row still has a target of its own. Computed from the last row back.
  const float mix = float(config_.value_target_mix), lambda = float(config_.value_target_lambda);
  std::array<float, core::kMaxPlayers> judged = returns;  // the lambda-return of the row after
  // The auxiliary targets (the trainer's aux_weight): the result itself, and the final
  // victory points about their mean, which say by how much, where the result says only who.
  std::array<float, core::kMaxPlayers> margin{};
  float mean_vp = 0;
  for (int p = 0; p < config_.players; ++p) mean_vp += float(slot.state.vp[p]) / float(config_.players);
  for (int p = 0; p < config_.players; ++p) margin[p] = float(slot.state.vp[p]) - mean_vp;
  const auto store = [&](std::vector<float>& to, std::size_t r,
                         const std::array<float, core::kMaxPlayers>& v) {
    const auto rotated = nets::rotate_to_player(v, slot.row_player[r], config_.players);
    std::copy(rotated.begin(), rotated.end(), to.begin() + r * core::kMaxPlayers);
  };
  for (std::size_t r = slot.row_player.size(); r-- > 0;) {
    std::array<float, core::kMaxPlayers> target{};
    for (int p = 0; p < config_.players; ++p) {
      judged[p] = (1 - lambda) * slot.row_root_values[r][p] + lambda * judged[p];
      target[p] = (1 - mix) * returns[p] + mix * judged[p];
    }
    store(slot.rows.value, r, target);
    store(slot.rows.result, r, returns);
    store(slot.rows.vp_margin, r, margin);
  }
  ++slot.counters.games;
  counted_ += slot.counters;
  slot.rows.counters = slot.counters;
  FinishedGame done{std::move(slot.rows), slot.index, std::move(slot.actions),
                    slot.resigned == core::kNoPlayer ? -1 : slot.resigned};
  slot.index = -1;
  slot.search = nullptr;
  on_finished(std::move(done));
}

void SelfPlayWorker::run(const std::function<long()>& next_game,
                         const std::function<void(FinishedGame&&)>& on_finished,
                         const std::function<bool()>& stop) {
  for (auto& slot : slots_) {
    // A game can end before its first search only if it has no decision at all; keep
    // drawing until this slot has a search or the games run out.
    for (long index; !slot->search && (index = next_game()) >= 0;) {
      start_game(*slot, index);
      begin_decision(*slot, on_finished);
    }
  }
  while (!stop || !stop()) {
    leaves_.clear();
    results_.clear();
    bool any = false;
    for (auto& slot : slots_) {
      if (!slot->search) continue;
      any = true;
      search::Search& s = *slot->search;
      s.collect_leaves(std::min(config_.leaves_per_search, slot->target - s.iterations()));
      leaves_.insert(leaves_.end(), s.leaves().begin(), s.leaves().end());
      slot->counters.leaves += long(s.leaves().size());
      results_.insert(results_.end(), s.results().begin(), s.results().end());
    }
    if (!any) return;
    if (!leaves_.empty()) {
      evaluator_->evaluate(leaves_, results_);
      ++counted_.evaluator_calls;
    }
    for (auto& slot : slots_) {
      if (!slot->search) continue;
      slot->search->apply_results();
      if (slot->search->iterations() < slot->target) continue;
      finish_decision(*slot, on_finished);
      for (long index; !slot->search && (index = next_game()) >= 0;) {
        start_game(*slot, index);
        begin_decision(*slot, on_finished);
      }
    }
  }
}

}  // namespace pamir::selfplay::inline PAMIR_RULESET

#include "search/mcts.h"

#include <algorithm>
#include <cmath>

#include "core/game.h"
#include "core/hash.h"
#include "core/random.h"
#include "core/world.h"
#include "search/outcome.h"

namespace pamir::search::inline PAMIR_RULESET {
namespace {

// Edges beyond this many are not created (about 160 MB): the search then evaluates leaves
// without expanding them, which keeps it correct when a long time budget fills the arena.
constexpr size_t kMaxEdges = size_t(1) << 22;
// A reused subtree is looked for at most this many positions below the previous root.
constexpr int kMaxReuseProbes = 4096;
constexpr int kMaxReuseDepth = 128;

double uniform01(core::u64& rng) { return double(core::next_random(rng) >> 11) * 0x1.0p-53; }

// Gamma(alpha, 1) by Marsaglia and Tsang, boosted for alpha < 1.
double sample_gamma(double alpha, core::u64& rng) {
  if (alpha < 1) return sample_gamma(alpha + 1, rng) * std::pow(uniform01(rng) + 1e-300, 1.0 / alpha);
  const double d = alpha - 1.0 / 3, c = 1 / std::sqrt(9 * d);
  for (;;) {
    double x, v;
    do {
      const double u1 = uniform01(rng) + 1e-300, u2 = uniform01(rng);
      x = std::sqrt(-2 * std::log(u1)) * std::cos(2 * M_PI * u2);  // Box-Muller
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = uniform01(rng) + 1e-300;
    if (std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v)) return d * v;
  }
}

}  // namespace

Search::Search(const SearchOptions& options, WorldModel model, core::u64 seed)
    : options_(options), model_(model), rng_(seed) {
  pending_.resize(options.batch);
  leaf_views_.resize(options.batch);
  result_slots_.resize(options.batch);
  for (int i = 0; i < options.batch; ++i) {
    leaf_views_[i] = {&pending_[i].state, pending_[i].legal, 0};
    result_slots_[i] = {&pending_[i].values, pending_[i].prior};
  }
}

core::u32 Search::new_node() {
  if (nodes_.size() >= kMaxEdges / 4) return kNoNode;
  nodes_.emplace_back();
  return core::u32(nodes_.size() - 1);
}

void Search::start(const core::State& root) {
  const bool reused = options_.reuse && has_tree_ && reuse_subtree(root);
  root_ = root;
  root_player_ = core::to_move(root);
  stall_clock_.observe(root);
  gumbel_active_ = false;
  if (reused) {
    keep_legal_root_edges();
    const Node& r = nodes_[0];
    root_value_ = r.visits > 0 ? r.w[root_player_] / float(r.visits) : 1.0f / float(root.num_players);
    if (r.expanded && r.num_edges > 0 && options_.gumbel > 0) start_root();
  } else {
    nodes_.clear();
    edges_.clear();
    new_node();
  }
  has_tree_ = true;
  iterations_ = 0;
  num_pending_ = 0;
  started_ = std::chrono::steady_clock::now();
  if (nodes_[0].expanded) add_root_noise();
}

void Search::keep_legal_root_edges() {
  // The reused node was reached in many sampled worlds (a turn's end refills the market from
  // the hidden deck; a battle depends on hidden cards), so its edges can name actions that
  // only other worlds allowed. Such an edge would keep its visits and could be chosen.
  core::Action legal[core::kMaxLegalActions];
  const int n = core::legal_actions(root_, legal);
  Node& root = nodes_[0];
  Edge* const first = edges_.data() + root.first_edge;
  Edge* out = first;
  for (Edge* e = first; e != first + root.num_edges; ++e)
    if (std::binary_search(legal, legal + n, e->action)) *out++ = *e;
  root.num_edges = core::u16(out - first);
}

bool Search::budget_spent() const {
  if (options_.iters > 0 && iterations_ >= options_.iters) return true;
  if (options_.time > 0) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    if (elapsed >= options_.time) return true;
  }
  return options_.iters == 0 && options_.time == 0;
}

void Search::run(Evaluator& evaluator) {
  while (!budget_spent()) {
    int max = options_.batch;
    if (options_.iters > 0) max = std::min(max, options_.iters - iterations_);
    if (collect_leaves(max) > 0) evaluator.evaluate(leaves(), results());
    apply_results();
  }
  last_iterations_ = iterations_;
}

int Search::find_edge(const Node& node, core::Action action) const {
  const Edge* first = edges_.data() + node.first_edge;
  const Edge* last = first + node.num_edges;
  const Edge* e =
      std::lower_bound(first, last, action, [](const Edge& x, core::Action a) { return x.action < a; });
  return (e != last && e->action == action) ? int(e - edges_.data()) : -1;
}

void Search::add_edges(core::u32 node_index, const core::Action* legal, int n, const float* prior) {
  // The node's edges move to a new block at the end of the arena, merged in action order
  // with the new actions (the old block is left unused until the next search).
  Node& node = nodes_[node_index];
  int missing = 0;
  for (int i = 0; i < n; ++i) missing += find_edge(node, legal[i]) < 0;
  if (missing == 0 || edges_.size() + node.num_edges + missing > kMaxEdges) return;
  const size_t first = edges_.size();
  edges_.resize(first + node.num_edges + missing);
  int i = 0, j = 0;
  size_t out = first;
  const size_t old = node.first_edge, old_end = old + node.num_edges;
  while (i < n || old + j < old_end) {
    const bool take_old = old + j < old_end && (i >= n || edges_[old + j].action <= legal[i]);
    if (take_old) {
      if (i < n && edges_[old + j].action == legal[i]) ++i;
      edges_[out++] = edges_[old + j++];
    } else {
      Edge& e = edges_[out++];
      e = Edge{};
      e.action = legal[i];
      e.prior = prior ? prior[i] : 1.0f / float(n);
      ++i;
    }
  }
  node.first_edge = core::u32(first);
  node.num_edges = core::u16(out - first);
}

core::Action Search::select(core::u32 node_index, const core::State& world, const core::Action* legal,
                            int n) {
  if (model_ == WorldModel::kSampledWorlds) add_edges(node_index, legal, n, nullptr);
  const Node& node = nodes_[node_index];
  if (node_index == 0 && gumbel_active_) {
    // The root's moves are legal in every world of the searching player: the halving
    // schedule picks one of them.
    Edge* const first = edges_.data() + node.first_edge;
    for (Edge* e = first; e != first + node.num_edges; ++e) ++e->avail;
    GumbelArm arms[core::kMaxLegalActions];
    const int count = root_arms(arms);
    Edge& chosen = first[gumbel_.next({arms, size_t(count)}, root_value_)];
    chosen.visits += core::u32(options_.virtual_loss);
    return chosen.action;
  }
  const int p = core::to_move(world);
  const float parent_q = node.visits > 0 ? node.w[p] / float(node.visits) : 1.0f / float(world.num_players);
  const float fpu_q = parent_q - float(options_.fpu);
  const float c = float(options_.c);
  // Merge the legal actions with the node's edges (both sorted by action).
  Edge* e = edges_.data() + node.first_edge;
  Edge* const end = e + node.num_edges;
  Edge* best = nullptr;
  float best_score = -1e30f;
  int ties = 0;
  for (int i = 0; i < n && e != end; ++i) {
    while (e != end && e->action < legal[i]) ++e;
    if (e == end || e->action != legal[i]) continue;
    ++e->avail;
    const float q = e->visits > 0 ? e->w[p] / float(e->visits) : fpu_q;
    const float score = q + c * e->prior * std::sqrt(float(e->avail)) / float(1 + e->visits);
    if (score > best_score) {
      best_score = score;
      best = e;
      ties = 1;
    } else if (score == best_score && core::random_below(rng_, ++ties) == 0) {
      best = e;  // uniform among tied edges: with equal priors, unvisited edges tie, and
                 // taking the lowest id would favour "done" (id 0) at small budgets
    }
  }
  // A full edge arena can leave an action without an edge; then any legal action will do.
  if (!best) return legal[core::random_below(rng_, n)];
  best->visits += core::u32(options_.virtual_loss);
  return best->action;
}

Search::Descent Search::descend(Pending& leaf) {
  leaf.state = model_ == WorldModel::kSampledWorlds ? core::sample_world(root_, root_player_, rng_) : root_;
  leaf.depth = 0;
  core::u32 node = 0;
  for (;;) {
    if (leaf.state.game_over()) {
      backup(leaf.path, leaf.depth, node, outcome_values(leaf.state, options_.places), true);
      return Descent::kTerminal;
    }
    leaf.num_legal = core::legal_actions(leaf.state, leaf.legal);
    if (node == kNoNode || !nodes_[node].expanded || leaf.depth == kMaxDepth) {
      if (node != kNoNode && nodes_[node].pending) {
        backup(leaf.path, leaf.depth, kNoNode, Values{}, false);  // undoes the virtual loss only
        return Descent::kCollision;
      }
      if (node != kNoNode) nodes_[node].pending = true;
      leaf.node = node;
      return Descent::kLeaf;
    }
    const core::Action a = select(node, leaf.state, leaf.legal, leaf.num_legal);
    leaf.path[leaf.depth++] = {node, a};
    const int e = find_edge(nodes_[node], a);
    core::u32 child = kNoNode;
    if (e >= 0) {
      child = edges_[e].child;
      if (child == kNoNode) {
        child = new_node();
        edges_[e].child = child;
      }
    }
    core::apply(leaf.state, a);
    node = child;
  }
}

int Search::collect_leaves(int max) {
  num_pending_ = 0;
  max = std::min(max, int(pending_.size()));
  for (int k = 0; k < max; ++k) {
    Pending& leaf = pending_[num_pending_];
    const Descent d = descend(leaf);
    if (d == Descent::kCollision) break;
    ++iterations_;
    if (d == Descent::kLeaf) {
      leaf_views_[num_pending_].num_legal = leaf.num_legal;
      ++num_pending_;
    }
  }
  return num_pending_;
}

void Search::expand(core::u32 node_index, const Pending& leaf) {
  Node& node = nodes_[node_index];
  node.pending = false;
  if (node.expanded || leaf.depth == kMaxDepth) return;
  add_edges(node_index, leaf.legal, leaf.num_legal, leaf.prior);
  node.expanded = nodes_[node_index].num_edges > 0;
  if (node_index == 0 && node.expanded) {
    root_value_ = leaf.values[root_player_];
    start_root();
  }
}

void Search::start_root() {
  if (options_.gumbel <= 0) {
    add_root_noise();
    return;
  }
  // A time budget plans for as many simulations as the previous search managed.
  constexpr int kFirstTimedBudget = 800;
  const int budget =
      options_.iters > 0 ? options_.iters : (last_iterations_ > 0 ? last_iterations_ : kFirstTimedBudget);
  GumbelArm arms[core::kMaxLegalActions];
  const int n = root_arms(arms);
  gumbel_.reset({arms, size_t(n)}, options_.gumbel, options_.gnoise, budget, rng_);
  gumbel_active_ = true;
}

int Search::root_arms(GumbelArm* out) const {
  const Node& root = nodes_[0];
  for (int i = 0; i < root.num_edges; ++i) {
    const Edge& e = edges_[root.first_edge + i];
    out[i] = {e.prior, e.visits, e.w[root_player_]};
  }
  return root.num_edges;
}

int Search::policy_target(float* out) const {
  if (nodes_.empty() || !nodes_[0].expanded) return 0;
  GumbelArm arms[core::kMaxLegalActions];
  const int n = root_arms(arms);
  if (gumbel_active_) {
    gumbel_.improved_policy({arms, size_t(n)}, root_value_, out);
    return n;
  }
  long total = 0;
  for (int i = 0; i < n; ++i) total += arms[i].visits;
  if (total == 0) return 0;
  for (int i = 0; i < n; ++i) out[i] = float(arms[i].visits) / float(total);
  return n;
}

void Search::apply_results() {
  for (int i = 0; i < num_pending_; ++i) {
    Pending& leaf = pending_[i];
    if (options_.stall > 0) {
      const int n = leaf.state.num_players;
      const float kept = stall_factor(stall_clock_.stalled_turns(leaf.state), n, options_.stall);
      if (kept < 1) leaf.values = shrink_leads(leaf.values, kept, n);
    }
    if (leaf.node != kNoNode) expand(leaf.node, leaf);
    backup(leaf.path, leaf.depth, leaf.node, leaf.values, true);
  }
  num_pending_ = 0;
}

void Search::backup(const Step* path, int depth, core::u32 leaf_node, const Values& v, bool counts) {
  // counts false: a descent that was abandoned, whose virtual loss is taken back.
  const core::u32 vloss = core::u32(options_.virtual_loss);
  auto add = [&](Values& w) {
    for (int p = 0; p < core::kMaxPlayers; ++p) w[p] += v[p];
  };
  for (int d = 0; d < depth; ++d) {
    Node& node = nodes_[path[d].node];
    const int e = find_edge(node, path[d].action);
    if (e >= 0) {
      edges_[e].visits -= vloss;
      if (counts) {
        edges_[e].visits += 1;
        add(edges_[e].w);
      }
    }
    if (counts) {
      node.visits += 1;
      add(node.w);
    }
  }
  if (counts && leaf_node != kNoNode) {
    nodes_[leaf_node].visits += 1;
    add(nodes_[leaf_node].w);
  }
}

void Search::add_root_noise() {
  if (options_.dirichlet_weight <= 0) return;
  const Node& root = nodes_[0];
  double noise[core::kMaxLegalActions];
  double sum = 0;
  for (int i = 0; i < root.num_edges; ++i) sum += noise[i] = sample_gamma(options_.dirichlet_alpha, rng_);
  if (sum <= 0) return;
  const float w = float(options_.dirichlet_weight);
  for (int i = 0; i < root.num_edges; ++i) {
    Edge& e = edges_[root.first_edge + i];
    e.prior = (1 - w) * e.prior + w * float(noise[i] / sum);
  }
}

int Search::root_moves(RootMove* out) const {
  const Node& root = nodes_[0];
  for (int i = 0; i < root.num_edges; ++i) {
    const Edge& e = edges_[root.first_edge + i];
    out[i] = {e.action, int(e.visits), e.visits ? e.w[root_player_] / float(e.visits) : 0.0f, e.prior};
  }
  return root.num_edges;
}

int Search::principal_variation(core::Action* out, int max) const {
  int length = 0;
  core::u32 node = nodes_.empty() ? kNoNode : 0;
  while (node != kNoNode && length < max) {
    const Node& n = nodes_[node];
    const Edge* most = nullptr;
    for (int i = 0; i < n.num_edges; ++i) {
      const Edge& e = edges_[n.first_edge + i];
      if (e.visits > 0 && (!most || e.visits > most->visits)) most = &e;
    }
    if (!most) break;
    out[length++] = most->action;
    node = most->child;
  }
  return length;
}

Values Search::root_values() const {
  Values v{};
  const int n = root_.num_players;
  if (nodes_.empty() || nodes_[0].visits == 0) {
    for (int p = 0; p < n; ++p) v[p] = 1.0f / float(n);
    return v;
  }
  const Node& root = nodes_[0];
  if (gumbel_active_) {
    // The halving spreads visits over moves it then drops, so the root's mean would mix in
    // values of moves it will not play; the move it plays carries the root's value (max^n).
    GumbelArm arms[core::kMaxLegalActions];
    const int count = root_arms(arms);
    const int chosen = count > 0 ? gumbel_.choice({arms, size_t(count)}, root_value_) : -1;
    const Edge* e = chosen >= 0 ? &edges_[root.first_edge + chosen] : nullptr;
    if (e && e->visits > 0) {
      for (int p = 0; p < n; ++p) v[p] = e->w[p] / float(e->visits);
      return v;
    }
  }
  for (int p = 0; p < n; ++p) v[p] = root.w[p] / float(root.visits);
  return v;
}

int choose_by_visits(const double* visits, const double* value, int n, double temperature, core::u64& rng) {
  if (temperature > 0) {
    double weight[core::kMaxLegalActions];
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += weight[i] = std::pow(visits[i], 1.0 / temperature);
    double x = uniform01(rng) * sum;
    for (int i = 0; i < n && sum > 0; ++i)
      if ((x -= weight[i]) < 0) return i;
  }
  // Exact ties are broken at random: taking the first would favour "done" (action 0) when a
  // small budget leaves many moves with equal visits and equal values.
  int best = 0, ties = 1;
  for (int i = 1; i < n; ++i) {
    if (visits[i] > visits[best] || (visits[i] == visits[best] && value[i] > value[best])) {
      best = i;
      ties = 1;
    } else if (visits[i] == visits[best] && value[i] == value[best] && core::random_below(rng, ++ties) == 0) {
      best = i;
    }
  }
  return best;
}

core::Action Search::choose_move() {
  RootMove moves[core::kMaxLegalActions];
  const int n = root_moves(moves);
  if (n == 0) {  // no iteration ran: any legal move
    core::Action legal[core::kMaxLegalActions];
    return legal[core::random_below(rng_, core::legal_actions(root_, legal))];
  }
  // A search that has visited no move (one iteration: the root's own evaluation) plays its
  // evaluator's prior choice (with a net, the net alone): the priors stand in for the visits,
  // at temperature 0, ties at random.
  const bool unvisited = std::all_of(moves, moves + n, [](const RootMove& m) { return m.visits == 0; });
  if (gumbel_active_ && !unvisited) {
    GumbelArm arms[core::kMaxLegalActions];
    root_arms(arms);
    return moves[gumbel_.choice({arms, size_t(n)}, root_value_)].action;
  }
  double visits[core::kMaxLegalActions], value[core::kMaxLegalActions];
  for (int i = 0; i < n; ++i) {
    visits[i] = unvisited ? moves[i].prior : moves[i].visits;
    value[i] = unvisited ? 0 : moves[i].value;
  }
  return moves[choose_by_visits(visits, value, n, unvisited ? 0 : options_.temperature, rng_)].action;
}

bool Search::reuse_subtree(const core::State& root) {
  // Walks the tree from the previous root along actions legal in the previous root's
  // position, looking for a position the player to move cannot tell from the new root.
  // The environment hands agents the true position, so replaying the actions actually
  // played reproduces it; only the player's information is compared.
  const int p = core::to_move(root);
  const bool sampled = model_ == WorldModel::kSampledWorlds;
  const core::Key target = sampled ? core::infoset_key(root, p) : core::full_key(root);
  int probes = 0;
  core::u32 found = kNoNode;
  // Depth-first; each level keeps its own copy of the position on the stack.
  auto search = [&](auto&& self, const core::State& s, core::u32 node, int depth) -> void {
    if (found != kNoNode || depth >= kMaxReuseDepth) return;
    const Node& n = nodes_[node];
    for (int i = 0; i < n.num_edges && found == kNoNode && probes < kMaxReuseProbes; ++i) {
      const Edge e = edges_[n.first_edge + i];
      if (e.child == kNoNode || !core::is_legal(s, e.action)) continue;
      core::State next = s;
      core::apply(next, e.action);
      ++probes;
      if ((sampled ? core::infoset_key(next, p) : core::full_key(next)) == target) {
        found = e.child;
        return;
      }
      if (!next.game_over() && next.turn <= root.turn) self(self, next, e.child, depth + 1);
    }
  };
  search(search, root_, 0, 0);
  if (found == kNoNode) return false;
  // Copy the subtree into the spare arenas, breadth first, and swap them in.
  spare_nodes_.clear();
  spare_edges_.clear();
  spare_nodes_.push_back(nodes_[found]);
  for (size_t i = 0; i < spare_nodes_.size(); ++i) {
    const core::u32 old_first = spare_nodes_[i].first_edge;
    const int num_edges = spare_nodes_[i].num_edges;
    const core::u32 first = core::u32(spare_edges_.size());
    for (int k = 0; k < num_edges; ++k) {
      Edge e = edges_[old_first + k];
      if (e.child != kNoNode) {
        spare_nodes_.push_back(nodes_[e.child]);
        e.child = core::u32(spare_nodes_.size() - 1);
      }
      spare_edges_.push_back(e);
    }
    spare_nodes_[i].first_edge = first;
    spare_nodes_[i].pending = false;
  }
  nodes_.swap(spare_nodes_);
  edges_.swap(spare_edges_);
  return true;
}

}  // namespace pamir::search::inline PAMIR_RULESET

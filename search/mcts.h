#pragma once
// Monte Carlo tree search with vector values (one per seat, backed up max^n style: the
// player to move at a node picks the edge best for themself) and PUCT selection.
//
// Two world models:
//  - kTrueState searches the position it is given, hidden cards included: the "cheating"
//    perfect-information baseline (agent mcts), and one determinization of PIMC.
//  - kSampledWorlds is single-observer ISMCTS: every iteration descends in a fresh
//    core::sample_world for the searching player. Nodes are reached by action sequences, so
//    one node stands for every world where that sequence was played (the information sets
//    of the searching player, with chance outcomes merged as in SO-ISMCTS); since the legal
//    actions differ between worlds, each edge counts the iterations it was available in, and
//    PUCT uses that count in place of the parent's visits (the subset-armed bandit).
//
// The search is step-wise, so that a worker can drive many searches and evaluate all their
// leaves in one Evaluator call: collect_leaves() descends (adding virtual loss) and stops at
// up to `max` leaves, whose Leaf/LeafResult slots it owns; the caller fills the results and
// calls apply_results(), which expands and backs up. run() is that loop with one evaluator.
//
// Nodes and edges live in arenas that keep their capacity between searches: after the first
// searches of a given size, an iteration allocates nothing.

#include <chrono>
#include <span>
#include <vector>

#include "core/state.h"
#include "search/agent.h"
#include "search/evaluator.h"
#include "search/gumbel.h"
#include "search/options.h"
#include "search/stall.h"

namespace pamir::search::inline PAMIR_RULESET {

enum class WorldModel { kTrueState, kSampledWorlds };

// The move to play among n with these visit counts and mean values: the most visited (ties:
// the higher value, then uniformly at random) at temperature 0, else sampled in proportion to
// visits^(1/temperature). Returns its index.
int choose_by_visits(const double* visits, const double* value, int n, double temperature, core::u64& rng);

class Search {
 public:
  Search(const SearchOptions& options, WorldModel model, core::u64 seed);

  // Starts a search for the decision at root (a position that is not over). With
  // options.reuse, the statistics under the previous root's descendant that matches root
  // (same information for the player to move) are kept; otherwise the tree starts empty.
  void start(const core::State& root);
  // Restarts the random stream (sampled worlds, root noise, ties): a caller that plays many
  // games on one Search gives each game its own stream, so that a game does not depend on
  // the games played before it on the same Search.
  void reseed(core::u64 seed) { rng_ = seed; }

  // Runs up to max iterations: each descends from the root to a leaf; finished games are
  // backed up at once, the other leaves are kept for evaluation (with virtual loss on their
  // paths). Stops early when a descent reaches a leaf already awaiting evaluation. Returns
  // the number of leaves kept.
  int collect_leaves(int max);
  // The kept leaves and the slots their results go into (valid until apply_results).
  std::span<const Leaf> leaves() const { return {leaf_views_.data(), size_t(num_pending_)}; }
  std::span<const LeafResult> results() const { return {result_slots_.data(), size_t(num_pending_)}; }
  // Expands the kept leaves with their priors and backs their values up.
  void apply_results();

  // Searches until the budget of options (iters and/or time) is spent.
  void run(Evaluator& evaluator);
  // Whether options' iteration or time budget is spent (time counts from start()).
  bool budget_spent() const;

  int iterations() const { return iterations_; }
  const core::State& root() const { return root_; }
  // The root's moves with their statistics, in action order; returns how many (room for
  // kMaxLegalActions).
  int root_moves(RootMove* out) const;
  // The most visited line from the root (ties: the lower action), at most max actions long;
  // returns its length. Past the root of a search in sampled worlds it is a line of some
  // worlds, not necessarily legal in the root position.
  int principal_variation(core::Action* out, int max) const;
  // The root's mean value per seat over the iterations so far (seat order; equal shares
  // before the first); with options.gumbel, the mean value of the move it would play.
  // Self-play mixes it into value targets.
  Values root_values() const;
  // The move to play: the most visited (temperature 0) or sampled in proportion to
  // visits^(1/temperature); with options.gumbel, the survivor of the sequential halving.
  core::Action choose_move();
  // The policy a training row learns, over the root's moves in root_moves' order: the visit
  // shares, or with options.gumbel the improved policy softmax(logit + sigma(completed Q)).
  // Returns how many (0 before the root is expanded, or with no visits to share).
  int policy_target(float* out) const;

  // Sizes of the arenas (for tests and reports).
  size_t num_nodes() const { return nodes_.size(); }

 private:
  static constexpr core::u32 kNoNode = 0xFFFFFFFF;
  static constexpr int kMaxDepth = 256;  // a deeper descent stops and evaluates there

  struct Edge {
    Values w{};  // sum of the values backed up through this edge
    float prior = 0;
    core::u32 visits = 0;  // includes virtual visits of leaves awaiting evaluation
    core::u32 avail = 0;   // descents that found this action legal here
    core::u32 child = kNoNode;
    core::Action action = 0;
  };
  struct Node {
    Values w{};
    core::u32 visits = 0;
    core::u32 first_edge = 0;
    core::u16 num_edges = 0;
    bool expanded = false;  // has edges from an evaluation
    bool pending = false;   // a leaf here awaits evaluation
  };
  struct Step {
    core::u32 node;
    core::Action action;
  };
  // A leaf awaiting evaluation, with room for what the evaluator reads and writes.
  struct Pending {
    core::State state;
    core::Action legal[core::kMaxLegalActions];
    float prior[core::kMaxLegalActions];
    Values values;
    core::u32 node;  // kNoNode when the arenas were full
    int num_legal;
    int depth;
    Step path[kMaxDepth];
  };

  enum class Descent { kLeaf, kTerminal, kCollision };
  Descent descend(Pending& leaf);
  // Finds the edge for action among node's edges (sorted by action), or -1.
  int find_edge(const Node& node, core::Action action) const;
  // Picks the edge to follow at node for the legal actions of world: counts availability,
  // adds edges for actions not seen before; returns the chosen action.
  core::Action select(core::u32 node, const core::State& world, const core::Action* legal, int n);
  void add_edges(core::u32 node, const core::Action* legal, int n, const float* prior);
  void expand(core::u32 node, const Pending& leaf);
  void backup(const Step* path, int depth, core::u32 leaf_node, const Values& v, bool had_virtual_loss);
  void add_root_noise();
  // Called once the root has edges: root noise (PUCT) or the Gumbel candidates and schedule.
  void start_root();
  // The root's moves as the Gumbel root sees them; returns how many.
  int root_arms(GumbelArm* out) const;
  core::u32 new_node();
  bool reuse_subtree(const core::State& root);
  // Drops the root's edges for actions not legal in root_ (after a reuse).
  void keep_legal_root_edges();

  SearchOptions options_;
  WorldModel model_;
  core::u64 rng_;
  core::State root_{};
  int root_player_ = 0;
  bool has_tree_ = false;
  int iterations_ = 0;
  std::chrono::steady_clock::time_point started_;
  // Gumbel root search (options.gumbel > 0), active once the root has edges. root_value_ is
  // the root player's value from the root's own evaluation (its mean after a reuse).
  GumbelRoot gumbel_;
  bool gumbel_active_ = false;
  float root_value_ = 0;
  int last_iterations_ = 0;  // of the previous search: a time budget's simulation count
  StallClock stall_clock_;   // the game's turns without progress (options.stall)

  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<Node> spare_nodes_;  // arenas a reused subtree is copied into
  std::vector<Edge> spare_edges_;
  std::vector<Pending> pending_;
  std::vector<Leaf> leaf_views_;
  std::vector<LeafResult> result_slots_;
  int num_pending_ = 0;
};

}  // namespace pamir::search::inline PAMIR_RULESET

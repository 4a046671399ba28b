#pragma once
// The network as a search::Evaluator: a batch of leaves is encoded, looked up in a cache
// keyed by the information-set hash of the player to move, and the misses go through one
// forward pass together. Buffers grow to the largest batch seen and are reused, so a call
// in steady state allocates nothing. Not thread-safe: one evaluator per thread (they can
// share one NetWeights).

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/hash.h"
#include "nets/inference.h"
#include "nets/inference_path.h"
#include "nets/weights.h"
#include "search/evaluator.h"

namespace pamir::nets::inline PAMIR_RULESET {

struct NetEvaluatorOptions {
  int cache_entries = 1 << 14;  // rounded up to a power of two; 0 disables the cache
  int max_cached_legal = 128;   // positions with more legal actions are evaluated, not cached
  std::string name = "net";     // for logs: e.g. "net:gen3"
  InferencePath inference = kDefaultInference;
};

class NetEvaluator final : public search::Evaluator {
 public:
  NetEvaluator(std::unique_ptr<Inference> inference, const NetEvaluatorOptions& options = {});
  void evaluate(std::span<const search::Leaf> leaves, std::span<const search::LeafResult> results) override;
  const char* name() const override { return name_.c_str(); }

  struct CacheStats {
    core::u64 lookups = 0, hits = 0;
  };
  CacheStats cache_stats() const { return stats_; }
  void clear_cache();

 private:
  std::unique_ptr<Inference> inference_;
  std::string name_;
  // Direct-mapped cache: slot = key & mask_; each slot holds the key, the legal count, the
  // values (seat order) and the prior.
  std::size_t mask_ = 0;
  int max_cached_legal_ = 0, entry_floats_ = 0;
  std::vector<core::Key> cache_keys_;
  std::vector<int> cache_legal_;
  std::vector<float> cache_data_;
  CacheStats stats_;
  // Per-call scratch for the cache misses.
  std::vector<Feature> features_;
  std::vector<int> row_begin_, num_legal_, num_players_, miss_leaf_;
  std::vector<const core::Action*> legal_;
  std::vector<float*> priors_;
  std::vector<float> values_;
  std::vector<core::Key> miss_key_;
};

// A network evaluator on options.inference's path. The weights must be of this game's shape
// (nets/encoder.h, net_shape).
std::unique_ptr<search::Evaluator> make_net_evaluator(std::shared_ptr<const NetWeights> weights,
                                                      const NetEvaluatorOptions& options = {});
// The same from a weight file (the "net:<path>" evaluator spec); named "net:<path>".
// Throws std::runtime_error with a one-line message when the file is missing or bad.
std::unique_ptr<search::Evaluator> make_net_evaluator(const std::string& weights_path,
                                                      InferencePath inference = kDefaultInference);

// The shipped net for the player count of the positions it is given (nets/shipped_models.h),
// loaded on first use. A player count without a shipped net throws std::runtime_error with a
// one-line message.
class ShippedNetEvaluator final : public search::Evaluator {
 public:
  explicit ShippedNetEvaluator(InferencePath inference = kDefaultInference) : inference_(inference) {}
  void evaluate(std::span<const search::Leaf> leaves, std::span<const search::LeafResult> results) override;
  // Loads the net of s's player count, outside the search's clock.
  void prepare(const core::State& s) override { evaluator_for(s.num_players); }
  const char* name() const override { return "best"; }

 private:
  search::Evaluator& evaluator_for(int players);
  InferencePath inference_;
  std::array<std::unique_ptr<search::Evaluator>, core::kMaxPlayers + 1> by_players_;
};

}  // namespace pamir::nets::inline PAMIR_RULESET

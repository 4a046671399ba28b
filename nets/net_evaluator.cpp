#include "nets/net_evaluator.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "core/game.h"
#include "nets/encoder.h"
#include "nets/shipped_models.h"

namespace pamir::nets::inline PAMIR_RULESET {

NetEvaluator::NetEvaluator(std::unique_ptr<Inference> inference, const NetEvaluatorOptions& options)
    : inference_(std::move(inference)), name_(options.name) {
  if (options.cache_entries > 0) {
    const std::size_t entries = std::bit_ceil(std::size_t(options.cache_entries));
    mask_ = entries - 1;
    max_cached_legal_ = options.max_cached_legal;
    entry_floats_ = core::kMaxPlayers + max_cached_legal_;
    cache_keys_.assign(entries, 0);
    cache_legal_.assign(entries, -1);
    cache_data_.assign(entries * entry_floats_, 0.0f);
  }
}

void NetEvaluator::clear_cache() {
  std::fill(cache_legal_.begin(), cache_legal_.end(), -1);
  stats_ = {};
}

void NetEvaluator::evaluate(std::span<const search::Leaf> leaves,
                            std::span<const search::LeafResult> results) {
  const std::size_t n = leaves.size();
  if (features_.size() < n * kMaxActiveFeatures) {
    features_.resize(n * kMaxActiveFeatures);
    row_begin_.resize(n + 1);
    num_legal_.resize(n);
    num_players_.resize(n);
    miss_leaf_.resize(n);
    legal_.resize(n);
    priors_.resize(n);
    values_.resize(n * core::kMaxPlayers);
    miss_key_.resize(n);
  }
  const bool caching = !cache_keys_.empty();
  int misses = 0;
  row_begin_[0] = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const core::State& s = *leaves[i].state;
    const int num_legal = leaves[i].num_legal;
    core::Key key = 0;
    if (caching && num_legal <= max_cached_legal_) {
      key = core::infoset_key(s, core::to_move(s));
      const std::size_t slot = key & mask_;
      ++stats_.lookups;
      if (cache_keys_[slot] == key && cache_legal_[slot] == num_legal) {
        ++stats_.hits;
        const float* entry = cache_data_.data() + slot * entry_floats_;
        std::copy(entry, entry + core::kMaxPlayers, results[i].values->begin());
        std::copy(entry + core::kMaxPlayers, entry + core::kMaxPlayers + num_legal, results[i].prior);
        continue;
      }
    }
    miss_leaf_[misses] = int(i);
    miss_key_[misses] = key;
    legal_[misses] = leaves[i].legal;
    num_legal_[misses] = num_legal;
    num_players_[misses] = s.num_players;
    priors_[misses] = results[i].prior;  // the network writes the prior straight into place
    row_begin_[misses + 1] = row_begin_[misses] + encode_sparse(s, features_.data() + row_begin_[misses]);
    ++misses;
  }
  if (misses == 0) return;

  InferenceBatch batch;
  batch.size = misses;
  batch.features = features_.data();
  batch.row_begin = row_begin_.data();
  batch.legal = legal_.data();
  batch.num_legal = num_legal_.data();
  batch.num_players = num_players_.data();
  inference_->run(batch, {values_.data(), priors_.data()});

  for (int m = 0; m < misses; ++m) {
    const int i = miss_leaf_[m];
    const core::State& s = *leaves[i].state;
    std::array<float, core::kMaxPlayers> rotated;
    std::copy_n(values_.data() + m * core::kMaxPlayers, core::kMaxPlayers, rotated.begin());
    *results[i].values = rotate_to_table(rotated, core::to_move(s), s.num_players);
    if (miss_key_[m] != 0) {
      const std::size_t slot = miss_key_[m] & mask_;
      cache_keys_[slot] = miss_key_[m];
      cache_legal_[slot] = num_legal_[m];
      float* entry = cache_data_.data() + slot * entry_floats_;
      std::copy(results[i].values->begin(), results[i].values->end(), entry);
      std::copy(priors_[m], priors_[m] + num_legal_[m], entry + core::kMaxPlayers);
    }
  }
}

std::unique_ptr<search::Evaluator> make_net_evaluator(std::shared_ptr<const NetWeights> weights,
                                                      const NetEvaluatorOptions& options) {
  return std::make_unique<NetEvaluator>(make_inference(std::move(weights), options.inference), options);
}

std::unique_ptr<search::Evaluator> make_net_evaluator(const std::string& weights_path,
                                                      InferencePath inference) {
  NetEvaluatorOptions options;
  options.name = "net:" + weights_path;
  options.inference = inference;
  return make_net_evaluator(load_weights_shared(weights_path, net_shape()), options);
}

search::Evaluator& ShippedNetEvaluator::evaluator_for(int players) {
  auto& evaluator = by_players_[players];
  if (!evaluator) {
    const std::string path = shipped_model_path(core::kGameKey, players);
    if (!std::filesystem::exists(path))
      throw std::runtime_error("no shipped net for " + std::to_string(players) + " players (" + path +
                               "; models/README.md lists the shipped nets)");
    evaluator = make_net_evaluator(path, inference_);
  }
  return *evaluator;
}

void ShippedNetEvaluator::evaluate(std::span<const search::Leaf> leaves,
                                   std::span<const search::LeafResult> results) {
  // Every leaf of one search has the same player count; a batch may mix games, so group by it.
  for (std::size_t begin = 0; begin < leaves.size();) {
    const int players = leaves[begin].state->num_players;
    std::size_t end = begin + 1;
    while (end < leaves.size() && leaves[end].state->num_players == players) ++end;
    evaluator_for(players).evaluate(leaves.subspan(begin, end - begin), results.subspan(begin, end - begin));
    begin = end;
  }
}

}  // namespace pamir::nets::inline PAMIR_RULESET

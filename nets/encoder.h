#pragma once
// The network's input: what the player to move can see, as a fixed-length float vector,
// seat-rotated so that the acting player is seat offset 0 (docs/encoding.md lists every
// block). The same encoder writes training rows and inference inputs.
//
// It reads only public information plus the acting player's own knowledge: cards in the
// draw deck and cards set aside at setup look the same ("unseen"), and the deck order and
// the state's RNG are never read, so every determinization of one information set encodes
// to the same row.
//
// Most inputs are 0/1 or small counts, so the row is also available as a sparse list of
// (index, value) pairs: the first layer then costs one weight column per active feature
// instead of a dense matrix product (the NNUE idea), which is what makes small-batch CPU
// inference fast. An index may appear more than once in a sparse list; values add.

#include <array>
#include <vector>

#include "core/game_rules.h"
#include "core/state.h"
#include "nets/feature.h"
#include "nets/weights.h"

namespace pamir::nets::inline PAMIR_RULESET {

// Feature layout (offsets of each block; docs/encoding.md describes the entries).
namespace Enc {
constexpr int kCourtCardStride = 36;  // per court card: location/flags (31) + spies by seat (5)
constexpr int kCourtCards = 0;
constexpr int kOtherCardStride = 15;  // per event or Dominance Check: location (15)
constexpr int kOtherCards = kCourtCards + core::kNumCourtCards * kCourtCardStride;
constexpr int kMarket = kOtherCards + (core::kNumCards - core::kNumCourtCards) * kOtherCardStride;
constexpr int kMarketCount = 2 * core::kMarketRows * core::kMarketCols;  // rupees, paid flag
constexpr int kMap = kMarket + kMarketCount;
constexpr int kMapCount = core::Region::kCount * core::kMaxPlayers               // tribes by seat
                          + int(core::Region::kCount) * core::Coalition::kCount  // armies
                          + core::kNumBorders * core::Coalition::kCount          // roads
                          + core::Region::kCount * (core::kMaxPlayers + 1);      // ruler by seat or none
constexpr int kPlayerStride = 28;
constexpr int kPlayers = kMap + kMapCount;
constexpr int kGlobal = kPlayers + core::kMaxPlayers * kPlayerStride;
constexpr int kGlobalCount = 64;
constexpr int kDecision = kGlobal + kGlobalCount;
constexpr int kDecisionCount = 48;  // top task kind one-hot (<= 44 kinds) + its 4 fields
constexpr int kCount = kDecision + kDecisionCount;
}  // namespace Enc

constexpr int kNumFeatures = Enc::kCount;

// Names this encoder: a hash of its layout (every block's offset and size, the action and
// seat counts) and of kEncoderRevision, which is raised whenever an entry's meaning changes
// without the layout changing. Weight files carry it, so that a net trained on another
// encoder's rows is refused instead of misread.
// Each ruleset numbers its own (core/game_rules.h: its own entries are its to define).
constexpr int kEncoderRevision = core::Rules::kEncoderRevision;
core::u64 encoder_fingerprint();
// The blocks of the row by name (Python's observation_layout; docs/encoding.md).
struct FeatureBlockInfo {
  const char* name;
  int offset, size;
};
std::vector<FeatureBlockInfo> feature_layout();

// The shape of this game's nets (nets/weights.h): its key, kNumFeatures, the action count,
// the most seats and the fingerprint.
const NetShape& net_shape();

// An upper bound on the length of a sparse row (each card, piece and player contributes a
// bounded number of entries).
constexpr int kMaxActiveFeatures = 1024;

// The player whose view is encoded: the one to move (the game must not be over).
// Writes the sparse row to out (room for kMaxActiveFeatures); returns its length.
int encode_sparse(const core::State& s, Feature* out);
// The dense row: kNumFeatures floats (the sparse row with repeated indices summed).
void encode_dense(const core::State& s, float* out);
// The same rows seen by any seat `viewer`, rotated to it (for observers, and for environments
// that show every seat its view): for the player to move they equal the rows above. A
// finished game has no decision, so its decision block is left empty.
int encode_sparse(const core::State& s, int viewer, Feature* out);
void encode_dense(const core::State& s, int viewer, float* out);

// Seat rotation between the table (seat order) and the network (offset from the acting
// player p): rotated[o] = values[(p + o) % n] for o < n; entries at n and beyond are 0.
std::array<float, core::kMaxPlayers> rotate_to_player(const std::array<float, core::kMaxPlayers>& values,
                                                      int p, int n);
std::array<float, core::kMaxPlayers> rotate_to_table(const std::array<float, core::kMaxPlayers>& rotated,
                                                     int p, int n);

}  // namespace pamir::nets::inline PAMIR_RULESET

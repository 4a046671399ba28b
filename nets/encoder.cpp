#include "nets/encoder.h"

#include <algorithm>
#include <cassert>
#include <cstdint>

#include "core/game.h"
#include "core/game_rules.h"
#include "core/queries.h"
#include "core/random.h"
#include "core/world.h"

namespace pamir::nets::inline PAMIR_RULESET {
namespace {

using namespace core;

static_assert(TaskKind::kNumDecisions + 4 <= Enc::kDecisionCount);

// Appends features; the caller guarantees room (kMaxActiveFeatures).
struct Writer {
  Feature* out;
  int n = 0;
  void add(int index, float value) {
    if (value != 0.0f) out[n++] = {index, value};
  }
  void flag(int index, bool on) {
    if (on) out[n++] = {index, 1.0f};
  }
};

// Each seat's offset from the viewer (offset_of), worked out once per position: the encoder
// asks it per card, per spy and per region, and each answer is a division.
struct Seats {
  int offset[kMaxPlayers];
  Seats(const State& s, int viewer) {
    for (int q = 0; q < s.num_players; ++q) offset[q] = offset_of(s, viewer, q);
  }
};

// The global block's entries from this one on are the ruleset's own (Rules::encode_own).
constexpr int kOwnAt = 31;

// Court-card entries (Enc::kCourtCardStride per card).
constexpr int kUnseen = 0, kInDiscard = 1, kInMarket = 2 /* + row*6+col */, kInHand = 14 /* + seat */,
              kInCourt = 19, kAsPrize = 24, kUsed = 29, kRefused = 30, kSpies = 31 /* + seat */;
// Event and Dominance Check entries (Enc::kOtherCardStride per card).
constexpr int kActive = 14;

void encode_cards(const State& s, const Seats& seats, Writer& w) {
  const int n = s.num_players;
  // Market slot of each card (the card locations say only "market").
  u8 slot[kNumCards + 1];
  for (int r = 0; r < kMarketRows; ++r)
    for (int c = 0; c < kMarketCols; ++c)
      if (s.market[r][c] != kNoCard) slot[s.market[r][c]] = u8(r * kMarketCols + c);
  // The entry each location sets, from the viewer's seat, by a table rather than a chain of
  // tests per card (which card is where is what the branch predictor cannot learn). The deck
  // and the cards set aside look alike: which is which is hidden. -1: a location no card has
  // (one entry per value of the u8, so that no location reads past the table).
  std::int16_t entry[256];
  std::fill(entry, entry + 256, std::int16_t(-1));
  entry[Loc::kDeck] = entry[Loc::kUnused] = kUnseen;
  entry[Loc::kDiscard] = kInDiscard;
  entry[Loc::kMarket] = kInMarket;  // + the card's slot
  entry[Loc::kActiveEvent] = kActive;
  for (int q = 0; q < n; ++q) {
    entry[Loc::kHand + q] = std::int16_t(kInHand + seats.offset[q]);
    entry[Loc::kCourt + q] = std::int16_t(kInCourt + seats.offset[q]);
    entry[Loc::kPrize + q] = std::int16_t(kAsPrize + seats.offset[q]);
  }
  // Card c's location entry in its block at base.
  auto locate = [&](int c, int base) {
    const int loc = s.card_loc[c];
    if (entry[loc] >= 0) w.flag(base + entry[loc] + (loc == Loc::kMarket ? slot[c] : 0), true);
  };
  for (int c = 1; c <= kNumCourtCards; ++c) {
    const int base = Enc::kCourtCards + (c - 1) * Enc::kCourtCardStride;
    locate(c, base);
    w.flag(base + kUsed, bit_test(s.used_cards, c));
    w.flag(base + kRefused, bit_test(s.refused_cards, c));
  }
  for (int c = kNumCourtCards + 1; c <= kNumCards; ++c)
    locate(c, Enc::kOtherCards + (c - 1 - kNumCourtCards) * Enc::kOtherCardStride);
  for (int q = 0; q < n; ++q)
    for (int i = 0; i < kCylinders; ++i)
      if (CylLoc::is_spy(s.cylinder[q][i]))
        w.add(Enc::kCourtCards + (CylLoc::card_of(s.cylinder[q][i]) - 1) * Enc::kCourtCardStride + kSpies +
                  seats.offset[q],
              1.0f);
}

void encode_market(const State& s, Writer& w) {
  for (int r = 0; r < kMarketRows; ++r)
    for (int c = 0; c < kMarketCols; ++c) {
      const int i = r * kMarketCols + c;
      w.add(Enc::kMarket + i, s.market_rupees[r][c] * 0.25f);
      w.flag(Enc::kMarket + kMarketRows * kMarketCols + i, s.market_paid >> i & 1);
    }
}

void encode_map(const State& s, const Seats& seats, Writer& w) {
  const int n = s.num_players;
  int at = Enc::kMap;
  for (int r = 0; r < Region::kCount; ++r)
    for (int q = 0; q < n; ++q) w.add(at + r * kMaxPlayers + seats.offset[q], s.tribes[r][q] * 0.5f);
  at += Region::kCount * kMaxPlayers;
  for (int r = 0; r < Region::kCount; ++r)
    for (int k = 0; k < Coalition::kCount; ++k) w.add(at + r * Coalition::kCount + k, s.armies[r][k] * 0.25f);
  at += int(Region::kCount) * Coalition::kCount;
  for (int b = 0; b < kNumBorders; ++b)
    for (int k = 0; k < Coalition::kCount; ++k) w.add(at + b * Coalition::kCount + k, s.roads[b][k] * 0.25f);
  at += kNumBorders * Coalition::kCount;
  for (int r = 0; r < Region::kCount; ++r) {
    const int q = ruler(s, r);
    w.flag(at + r * (kMaxPlayers + 1) + (q == kNoPlayer ? kMaxPlayers : seats.offset[q]), true);
  }
}

void encode_players(const State& s, int p, Writer& w) {
  const int n = s.num_players;
  for (int o = 0; o < n; ++o) {
    const int q = seat_at(s, p, o);
    const int at = Enc::kPlayers + o * Enc::kPlayerStride;
    w.flag(at + 0, true);
    w.add(at + 1, s.rupees[q] * 0.1f);
    w.add(at + 2, s.vp[q] * 0.1f);
    // A loyalty the viewer does not see (a secret choice at setup) is not in its row.
    if (s.loyalty[q] < Coalition::kCount && Rules::loyalty_seen(s, p, q)) w.flag(at + 3 + s.loyalty[q], true);
    w.add(at + 6, s.prizes[q] * 0.25f);
    for (int e = 0; e < 6; ++e) w.flag(at + 7 + e, s.player_effects[q] >> e & 1);
    for (int suit = 0; suit < Suit::kCount; ++suit) w.add(at + 13 + suit, s.suit_stars[q][suit] * 0.25f);
    const int gift_bits = gift_spaces_taken(s, q);
    for (int g = 0; g < kGiftSlots; ++g) w.flag(at + 17 + g, gift_bits >> g & 1);
    w.add(at + 20, s.cylinders_in_supply[q] * 0.1f);
    w.add(at + 21, s.court_len[q] * 0.1f);
    w.add(at + 22, hand_size(s, q) * 0.25f);
    w.flag(at + 23, s.current == q);
    w.add(at + 24, influence(s, q) * 0.25f);
    w.flag(at + 25, s.first_chooser == q);
    w.add(at + 26, court_limit(s, q) * 0.1f);
    w.add(at + 27, hand_limit(s, q) * 0.25f);
  }
}

void encode_global(const State& s, int p, Writer& w) {
  const int at = Enc::kGlobal;
  w.flag(at + s.num_players - kMinPlayers, true);  // 0..3
  if (s.favored_suit < Suit::kCount) w.flag(at + 4 + s.favored_suit, true);
  for (int e = 0; e < 4; ++e) w.flag(at + 8 + e, s.global_effects >> e & 1);
  w.flag(at + 12 + std::min<int>(s.dominance_checks_resolved, 4), true);  // 12..16
  w.flag(at + 17 + std::min<int>(s.actions_used, 2), true);               // 17..19
  w.add(at + 20, (s.deck_size - s.deck_pos) * 0.05f);
  w.add(at + 21, s.bank * (1.0f / kTotalRupees));
  for (int k = 0; k < Coalition::kCount; ++k) w.add(at + 22 + k, s.blocks_in_supply[k] * (1.0f / 12));
  w.flag(at + 25, s.phase == Phase::kSetup);
  w.add(at + 26, s.turn * 0.02f);
  // Where the draw is in the pile structure (public: pile sizes are fixed, drawn cards seen).
  const PileLayout layout = pile_layout(s.num_players);
  int pile = 0;
  while (pile < 6 && layout.end[pile] <= s.deck_pos) ++pile;
  if (pile < 6) {
    int checks_drawn = 0;
    for (int i = layout.begin[pile]; i < s.deck_pos; ++i) checks_drawn += is_dominance_check(s.deck[i]);
    w.add(at + 27, (layout.end[pile] - s.deck_pos) * 0.1f);
    w.flag(at + 28, checks_drawn < layout.checks[pile]);
  }
  w.add(at + 29, (6 - pile) * (1.0f / 6));
  int checks_unseen = 0;
  for (int c = kFirstDominanceCheck; c < kFirstDominanceCheck + kNumDominanceChecks; ++c)
    checks_unseen += s.card_loc[c] == Loc::kDeck || s.card_loc[c] == Loc::kUnused;
  w.add(at + 30, checks_unseen * 0.25f);
  // The ruleset's own public state (Pax Pamir: Wakhan; core/game_rules.h, encode_own).
  static_assert(kOwnAt + Rules::kOwnFeatures <= Enc::kGlobalCount);
  Rules::encode_own(s, p, [&](int i, float value) { w.add(at + kOwnAt + i, value); });
}

void encode_decision(const State& s, int p, Writer& w) {
  const Task& t = s.top();
  const int at = Enc::kDecision;
  w.flag(at + t.kind, true);
  w.flag(at + TaskKind::kNumDecisions, s.current != p);  // deciding on another player's turn
  const u8 fields[3] = {t.a, t.b, t.c};
  for (int i = 0; i < 3; ++i) w.add(at + TaskKind::kNumDecisions + 1 + i, fields[i] * (1.0f / 16));
}

}  // namespace

int encode_sparse(const State& s, int viewer, Feature* out) {
  assert(viewer >= 0 && viewer < s.num_players);
  Writer w{out};
  const Seats seats(s, viewer);
  encode_cards(s, seats, w);
  encode_market(s, w);
  encode_map(s, seats, w);
  encode_players(s, viewer, w);
  encode_global(s, viewer, w);
  if (!s.game_over()) encode_decision(s, viewer, w);
  assert(w.n <= kMaxActiveFeatures);
  return w.n;
}

int encode_sparse(const State& s, Feature* out) {
  assert(!s.game_over());
  return encode_sparse(s, to_move(s), out);
}

void encode_dense(const State& s, int viewer, float* out) {
  Feature features[kMaxActiveFeatures];
  const int count = encode_sparse(s, viewer, features);
  std::fill(out, out + kNumFeatures, 0.0f);
  densify(features, count, out);
}

void encode_dense(const State& s, float* out) {
  assert(!s.game_over());
  encode_dense(s, to_move(s), out);
}

std::array<float, kMaxPlayers> rotate_to_player(const std::array<float, kMaxPlayers>& values, int p, int n) {
  std::array<float, kMaxPlayers> r{};
  for (int o = 0; o < n; ++o) r[o] = values[(p + o) % n];
  return r;
}

std::array<float, kMaxPlayers> rotate_to_table(const std::array<float, kMaxPlayers>& rotated, int p, int n) {
  std::array<float, kMaxPlayers> r{};
  for (int o = 0; o < n; ++o) r[(p + o) % n] = rotated[o];
  return r;
}

std::vector<FeatureBlockInfo> feature_layout() {
  return {{"court_cards", Enc::kCourtCards, Enc::kOtherCards - Enc::kCourtCards},
          {"other_cards", Enc::kOtherCards, Enc::kMarket - Enc::kOtherCards},
          {"market", Enc::kMarket, Enc::kMarketCount},
          {"map", Enc::kMap, Enc::kMapCount},
          {"players", Enc::kPlayers, Enc::kGlobal - Enc::kPlayers},
          {"global", Enc::kGlobal, kOwnAt},
          {"game_own", Enc::kGlobal + kOwnAt, Enc::kGlobalCount - kOwnAt},
          {"decision", Enc::kDecision, Enc::kDecisionCount}};
}

const NetShape& net_shape() {
  static const NetShape shape{core::kGameKey, kNumFeatures, core::kNumActions, core::kMaxPlayers,
                              encoder_fingerprint()};
  return shape;
}

core::u64 encoder_fingerprint() {
  using namespace Enc;
  const int parts[] = {kEncoderRevision,  kCourtCards,       kCourtCardStride,     kOtherCards,
                       kOtherCardStride,  kMarket,           kMarketCount,         kMap,
                       kMapCount,         kPlayers,          kPlayerStride,        kGlobal,
                       kGlobalCount,      kDecision,         kDecisionCount,       kCount,
                       core::kNumActions, core::kMaxPlayers, core::kNumCourtCards, core::kNumCards};
  core::u64 h = 0x9E3779B97F4A7C15ull;
  for (int x : parts) {
    h ^= core::u64(x);
    h = core::next_random(h);
  }
  return h;
}

}  // namespace pamir::nets::inline PAMIR_RULESET

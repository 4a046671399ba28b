#pragma once
// Read-only rule queries on a State: ruling, influence, privileges, hostages.

#include <bit>
#include <cstring>
#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "core/cards.h"
#include "core/game_rules.h"
#include "core/ruleset.h"
#include "core/state.h"

namespace pamir::core::inline PAMIR_RULESET {

// Sum of the ranks of the cards of that suit in p's court ("stars").
inline int stars(const State& s, int p, int suit) { return s.suit_stars[p][suit]; }
inline int court_limit(const State& s, int p) { return 3 + stars(s, p, Suit::kPolitical); }
inline int hand_limit(const State& s, int p) { return 2 + stars(s, p, Suit::kIntelligence); }
inline int tax_shelter(const State& s, int p) { return stars(s, p, Suit::kEconomic); }
int hand_size(const State& s, int p);
// Whether p holds more court (hand) cards than the limit allows: the cleanup's discards.
inline bool over_court_limit(const State& s, int p) { return s.court_len[p] > court_limit(s, p); }
inline bool over_hand_limit(const State& s, int p) { return hand_size(s, p) > hand_limit(s, p); }

// The region of court card c: the printed one, as the ruleset reads it (a card may be printed
// with the neutral piece's region: Rules::card_region).
inline int card_region(const State& s, int c) { return Rules::card_region(s, court_card(c).region); }

// Ruling pieces of p in region r: own tribes plus armies of p's coalition.
int ruling_pieces(const State& s, int p, int r);
// Whether p has more ruling pieces in region r than every other player and than the armies of
// any one coalition.
bool leads_region(const State& s, int p, int r);
// Whether p rules region r: p has at least one tribe there and leads it. Inline, so that the
// move generator's questions for regions without p's tribes cost a byte compare.
inline bool rules(const State& s, int p, int r) { return s.tribes[r][p] && leads_region(s, p, r); }
// The player who rules region r, or kNoPlayer.
int ruler(const State& s, int r);
bool rules_any_region(const State& s, int p);

// Influence in p's coalition: 1 + patriots in court + prizes + gifts, with the event
// modifiers (Embarrassment of Riches, Koh-i-noor Recovered, Rumor). For Wakhan, loyal to
// every coalition, name the coalition: only its patriots and prizes count.
int influence(const State& s, int p, int coalition = Coalition::kNone);
// Bit i set when p's cylinder i stands at a location from lo to hi (CylLoc codes).
// Word-at-a-time: the card-action checks ask where a player's spies and gifts are at nearly
// every turn.
inline unsigned cylinders_between(const State& s, int p, u8 lo, u8 hi) {
  static_assert(kCylinders == 10 && CylLoc::spy(kNumCourtCards) < 128 &&
                std::endian::native == std::endian::little);
  constexpr u64 kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  // 0x80 in each byte from lo to hi (1 <= lo): bytes below 128 take the adds without a carry.
  auto flags_of = [&](u64 w) { return (w + kOnes * u8(128 - lo)) & ~(w + kOnes * u8(127 - hi)) & kHigh; };
  // Gathers the eight 0x80 flags of a word into one byte: each lands in a distinct bit.
  auto gather = [](u64 flags) { return unsigned(((flags >> 7) * 0x0102040810204080ull) >> 56); };
  u64 head = 0, tail = 0;
  std::memcpy(&head, &s.cylinder[p][0], 8);
  std::memcpy(&tail, &s.cylinder[p][8], 2);
  return gather(flags_of(head)) | (gather(flags_of(tail)) & 3) << 8;
}
inline unsigned spy_cylinders(const State& s, int p) {
  return cylinders_between(s, p, CylLoc::spy(1), CylLoc::spy(kNumCourtCards));
}
// Bit k set when p's gift space k (costing 2, 4, 6) holds a cylinder.
inline int gift_spaces_taken(const State& s, int p) {
  int taken = 0;
  for (unsigned m = cylinders_between(s, p, CylLoc::gift(0), CylLoc::gift(kGiftSlots - 1)); m; m &= m - 1)
    taken |= 1 << CylLoc::slot_of(s.cylinder[p][__builtin_ctz(m)]);
  return taken;
}
inline int gifts(const State& s, int p) { return std::popcount(unsigned(gift_spaces_taken(s, p))); }
inline int cylinders_in_play(const State& s, int p) { return kCylinders - s.cylinders_in_supply[p]; }

// The court cards whose actions are bonus actions for their owner p: the favored suit's,
// military ones under New Tactics, and those whose own ability makes them favored.
inline CardWords favored_cards(const State& s, int p) {
  const CardWords &suit = kCardsOfSuit[s.favored_suit], &military = kCardsOfSuit[Suit::kMilitary];
  const CardWords &savvy = kCardsWithMechanic[AbilityMechanic::kSavvyOperator],
                  &irregulars = kCardsWithMechanic[AbilityMechanic::kIrregulars];
  const u64 tactics = s.player_effects[p] & PlayerEffect::kNewTactics ? ~u64(0) : 0;
  return {suit[0] | (military[0] & tactics) | savvy[0] | irregulars[0],
          suit[1] | (military[1] & tactics) | savvy[1] | irregulars[1]};
}
// Whether an action on court card c counts as a bonus action for its owner p.
inline bool is_favored(const State& s, int p, int c) {
  return favored_cards(s, p)[(c - 1) >> 6] >> ((c - 1) & 63) & 1;
}

// The court cards in the courts of seats first to first + count - 1, as a card set. The move
// generator asks at nearly every decision, so card_loc is compared 16 (with AVX-512, 64) bytes
// at a time instead of walking the courts: cards_in_courts picks the widest variant the build
// targets (the invariants compare every variant compiled in with the walk).
namespace court_sets {
inline CardWords walk(const State& s, int first, int count) {
  CardWords set{};
  const int b = s.court_begin(first), e = s.court_begin(first + count);
  for (int i = b; i < e; ++i) set[(s.court[i] - 1) >> 6] |= u64(1) << ((s.court[i] - 1) & 63);
  return set;
}
static_assert(kNumCourtCards > 64 && kNumCourtCards <= 112 && sizeof(State::card_loc) >= 1 + 112,
              "card_loc[1..112] holds every court card's location");
constexpr u64 kHighCards = (u64(1) << (kNumCourtCards - 64)) - 1;
// A location is in range when loc - (kCourt + first), as an unsigned byte, is below count.
#if defined(__SSE2__)
inline CardWords sse2(const State& s, int first, int count) {
  const __m128i from = _mm_set1_epi8(char(Loc::kCourt + first)), top = _mm_set1_epi8(char(count - 1));
  auto at = [&](int i) {  // bit j: card 16i + j + 1
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.card_loc + 1 + 16 * i));
    const __m128i offset = _mm_sub_epi8(bytes, from);
    return u64(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(offset, top), offset))));
  };
  return {at(0) | at(1) << 16 | at(2) << 32 | at(3) << 48, (at(4) | at(5) << 16 | at(6) << 32) & kHighCards};
}
#endif
#if defined(__AVX512BW__)
inline CardWords avx512(const State& s, int first, int count) {
  const __m512i from = _mm512_set1_epi8(char(Loc::kCourt + first)), below = _mm512_set1_epi8(char(count));
  const __m512i low = _mm512_loadu_si512(s.card_loc + 1),
                high = _mm512_maskz_loadu_epi8(kHighCards, s.card_loc + 65);
  return {_mm512_cmplt_epu8_mask(_mm512_sub_epi8(low, from), below),
          _mm512_mask_cmplt_epu8_mask(kHighCards, _mm512_sub_epi8(high, from), below)};
}
#endif
}  // namespace court_sets
inline CardWords cards_in_courts(const State& s, int first, int count) {
#if defined(__AVX512BW__)
  return court_sets::avx512(s, first, count);
#elif defined(__SSE2__)
  return court_sets::sse2(s, first, count);
#else
  return court_sets::walk(s, first, count);
#endif
}
inline CardWords court_cards(const State& s, int p) { return cards_in_courts(s, p, 1); }
inline CardWords cards_in_courts(const State& s) { return cards_in_courts(s, 0, s.num_players); }
// The court cards of region r wherever they are, as the ruleset reads regions (card_region).
inline CardWords cards_of_region(const State& s, int r) {
  const CardWords &printed = kCardsPrintedIn[r], &neutral = kCardsPrintedNeutral;
  if (Rules::card_region(s, kNeutralPieceRegion) != r) return printed;
  return {printed[0] | neutral[0], printed[1] | neutral[1]};
}
// The cards of region r in any court (where a spy of that region may go).
inline CardWords court_cards_of_region(const State& s, int r) {
  const CardWords courts = cards_in_courts(s), region = cards_of_region(s, r);
  return {courts[0] & region[0], courts[1] & region[1]};
}
// Whether p has in court the ability with that Ability id (data/abilities.tsv row)...
inline bool has_ability(const State& s, int p, int ability) { return s.abilities[p] >> ability & 1; }
// ... or any ability with that mechanic (core/ruleset.h), whatever its arguments.
inline bool has_mechanic(const State& s, int p, int mechanic) {
  return s.abilities[p] & kMechanicAbilities[mechanic];
}

int spies_of(const State& s, int p, int c);
// The player holding court card c hostage (strictly more spies than every other player,
// the owner included), or kNoPlayer.
int hostage_holder(const State& s, int c);

// Blocks of each coalition on the map (armies and roads).
int blocks_on_map(const State& s, int coalition);

// How far the game has moved toward its end: cards drawn from the deck plus Dominance Checks
// scored. It never falls. The checks come out of the deck, and the deck moves only when cards
// leave the market, so a game where nobody buys can go round without end (search/stall.h).
inline int game_progress(const State& s) { return s.deck_pos + s.dominance_checks_resolved; }

// Seat at offset 1..4 clockwise from p, and the offset of q from p.
inline int seat_at(const State& s, int p, int offset) { return (p + offset) % s.num_players; }
inline int offset_of(const State& s, int p, int q) { return (q - p + s.num_players) % s.num_players; }

}  // namespace pamir::core::inline PAMIR_RULESET

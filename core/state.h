#pragma once
// The complete game state: a fixed-size, trivially copyable value with no padding, no heap
// and no pointers, so that a copy is a memcpy and a hash is a hash of its bytes.
//
// Pieces are stored individually (each cylinder and block has a location) because the
// supply-shortage rule needs to know which pieces were placed this turn; counts by region,
// border and card are caches of those locations, kept by the mutators in pieces.cpp and
// recomputed by check_consistency().
//
// The flow of play is a stack of Tasks (see tasks.h): compound actions push the steps
// they consist of, and the task on top is either resolved automatically or is the
// decision that the next action answers.

#include <array>
#include <bit>
#include <type_traits>

#include "core/cards.h"
#include "core/map.h"
#include "core/tasks.h"
#include "core/types.h"

namespace pamir::core::inline PAMIR_RULESET {

// Where a card is (State::card_loc). Hands, courts and prizes are per player: add the seat.
namespace Loc {
enum : u8 {
  kUnused = 0,  // set aside at setup, unseen
  kDeck = 1,    // in the draw deck, not yet drawn
  kMarket = 2,
  kDiscard = 3,
  kActiveEvent = 4,  // a bought event whose lasting effect is in force
  kHand = 8,         // 8..12
  kCourt = 16,       // 16..20
  kPrize = 24,       // 24..28
};
}

// Where a cylinder is (State::cylinder).
namespace CylLoc {
constexpr u8 kSupply = 0;
constexpr int kFirstGift = 1 + Region::kCount;
constexpr int kSpyBase = 15;                               // spy(card) = kSpyBase + card, past the gift slots
constexpr u8 tribe(int region) { return u8(1 + region); }  // 1..6
constexpr u8 gift(int slot) { return u8(kFirstGift + slot); }  // 7..9, slot costs 2/4/6
constexpr u8 spy(int card) { return u8(kSpyBase + card); }     // 16..115
constexpr bool is_tribe(u8 l) { return l >= 1 && l <= Region::kCount; }
constexpr bool is_gift(u8 l) { return l >= kFirstGift && l < kFirstGift + kGiftSlots; }
constexpr bool is_spy(u8 l) { return l >= spy(1) && l <= spy(kNumCourtCards); }
constexpr int region_of(u8 l) { return l - 1; }
constexpr int slot_of(u8 l) { return l - kFirstGift; }
constexpr int card_of(u8 l) { return l - kSpyBase; }
static_assert(kFirstGift + kGiftSlots <= kSpyBase + 1 && kSpyBase + kNumCourtCards <= 255);
}  // namespace CylLoc

// Where a coalition block is (State::block).
namespace BlockLoc {
constexpr u8 kSupply = 0;
constexpr u8 army(int region) { return u8(1 + region); }  // 1..6
constexpr u8 road(int border) { return u8(7 + border); }  // 7..15
constexpr bool is_army(u8 l) { return l >= 1 && l <= 6; }
constexpr bool is_road(u8 l) { return l >= 7 && l <= 15; }
constexpr int region_of(u8 l) { return l - 1; }
constexpr int border_of(u8 l) { return l - 7; }
}  // namespace BlockLoc

// Lasting effects of events, in force until the next Dominance Check has been resolved.
namespace GlobalEffect {
enum : u8 {
  kEmbarrassmentOfRiches = 1 << 0,  // gifts give no influence
  kDisregardForCustoms = 1 << 1,    // nobody pays bribes
  kConflictFatigue = 1 << 2,        // dominance needs a lead of 2 blocks
  kPashtunwaliValues = 1 << 3,      // the favored suit cannot change
};
}
namespace PlayerEffect {
enum : u8 {
  kNewTactics = 1 << 0,      // military cards count as favored
  kKohINoor = 1 << 1,        // gifts give 2 influence
  kCourtlyManners = 1 << 2,  // pays no bribes
  kRumor = 1 << 3,           // patriots give no influence
  kNationalism = 1 << 4,     // tribes move and battle as armies
  kNationBuilding = 1 << 5,  // builds place twice the blocks
};
}

namespace Phase {
enum : u8 { kSetup, kPlaying, kGameOver };
}

constexpr int kMaxTasks = 32;

struct State {
  // --- 8-byte fields first, so that the struct has no padding -------------------------
  u64 rng;                   // seeded; used by setup and later chance (Wakhan's deck)
  u64 hand[kMaxPlayers][2];  // bitset over court cards: bit (c-1)
  u64 used_cards[2];         // court cards whose action was used this turn
  u64 refused_cards[2];      // cards whose bribe was refused this turn (no retry)

  // --- 4-byte fields ----------------------------------------------------------------------
  u32 abilities[kMaxPlayers];  // bit a: p's court holds a card with Ability a (cache)

  // --- 2-byte fields ------------------------------------------------------------------
  i16 bank;                              // rupees in the bank (negative: more coins than the box)
  u16 rupees_removed;                    // rupees that left the game
  u16 turn;                              // turns started since the first one
  u16 market_paid;                       // bit (row*6+col): a rupee was put on that card this turn
  u16 cylinders_placed[kMaxPlayers];     // bit i: cylinder i was placed this turn
  u16 blocks_placed[Coalition::kCount];  // bit i: block i was placed this turn

  // --- cards ------------------------------------------------------------------------------
  u8 card_loc[kNumCards + 1];  // a Loc code per card; index 0 unused
  u8 deck[kMaxDeck];           // draw order; deck[deck_pos .. deck_size) not yet drawn
  u8 deck_size;
  u8 deck_pos;
  u8 market[kMarketRows][kMarketCols];
  u8 market_rupees[kMarketRows][kMarketCols];  // rupees on each market space
  u8 court[kNumCourtCards];                    // all courts in seat order, each left to right
  u8 court_len[kMaxPlayers];

  // --- pieces (cylinder/block are the truth; the rest are caches) -------------------------
  u8 cylinder[kMaxPlayers][kCylinders];              // CylLoc per cylinder
  u8 block[Coalition::kCount][kBlocksPerCoalition];  // BlockLoc per block
  u8 tribes[Region::kCount][kMaxPlayers];
  u8 armies[Region::kCount][Coalition::kCount];
  u8 roads[kNumBorders][Coalition::kCount];
  u8 spies_on[kNumCourtCards + 1];  // all players' spies per card
  u8 cylinders_in_supply[kMaxPlayers];
  u8 blocks_in_supply[Coalition::kCount];
  u8 prizes[kMaxPlayers];                    // number of prizes held
  u8 suit_stars[kMaxPlayers][Suit::kCount];  // sum of ranks per suit in each court

  // --- players --------------------------------------------------------------------------
  u8 rupees[kMaxPlayers];
  u8 vp[kMaxPlayers];
  u8 loyalty[kMaxPlayers];
  u8 player_effects[kMaxPlayers];

  // --- game and turn --------------------------------------------------------------------
  u8 num_players;
  u8 phase;
  u8 current;        // whose turn it is
  u8 first_chooser;  // the random player who chose loyalty first
  u8 favored_suit;
  u8 actions_used;  // core and non-bonus card actions taken this turn (0..2)
  u8 global_effects;
  u8 dominance_checks_resolved;  // Dominance Checks scored so far
  u8 num_tasks;
  // The seat of the rules' automated opponent (core::kAutomaton: Pax Pamir's Wakhan), whose
  // decisions the engine takes (Rules::automaton_*): 1 + her seat, or 0 when none plays. Shared
  // code asks only is_automaton and automaton_seat; what she keeps besides (an AI deck) is the
  // ruleset's own state.
  u8 automaton;
  // The ruleset's own state (core/rulesets/<game>/game_state.inc).
#include "game_state.inc"
  Task tasks[kMaxTasks];
  // The ruleset's own state that closes the State (game_state_tail.inc), word-aligned: full_key
  // leaves out its trailing words while they are zero, so that positions of games that do not
  // use it (Pax Pamir without Wakhan) keep the keys they had before it existed.
#include "game_state_tail.inc"

  // ---- small queries (more in rules.h) -----------------------------------------------------
  int court_begin(int p) const {
    int b = 0;
    for (int q = 0; q < p; ++q) b += court_len[q];
    return b;
  }
  bool in_hand(int p, int c) const { return (hand[p][(c - 1) >> 6] >> ((c - 1) & 63)) & 1; }
  bool in_court(int p, int c) const { return card_loc[c] == Loc::kCourt + p; }
  // The owner of a court card in play, or kNoPlayer.
  int court_owner(int c) const {
    int l = card_loc[c];
    return (l >= Loc::kCourt && l < Loc::kCourt + kMaxPlayers) ? l - Loc::kCourt : kNoPlayer;
  }
  const Task& top() const { return tasks[num_tasks - 1]; }
  int automaton_seat() const { return automaton ? automaton - 1 : kNoPlayer; }
  bool is_automaton(int p) const { return automaton == p + 1; }
  bool game_over() const { return phase == Phase::kGameOver; }
};

static_assert(std::is_trivially_copyable_v<State>);

// A field of a ruleset's own state (game_state.inc) as positions name it (Rules::kOwnState,
// Rules::kAutomatonState): `length` bytes from `offset`, each min..max; a single byte is
// written as a number, more as an array. A pile a seat sees only the top of (an AI deck) names
// the byte that counts its entries seen (`seen_count`, an offset; kAllSeen: all of them), and
// may name a key for the back of its first unseen entry, which the seat sees (`back_key`:
// Rules::hide leaves the lowest entry with that back there); observations write its unseen
// entries as null.
struct OwnStateField {
  static constexpr u16 kAllSeen = 0xFFFF;
  const char* key;
  u16 offset;
  u8 length;
  u8 max;
  u8 min = 0;
  u16 seen_count = kAllSeen;
  const char* back_key = nullptr;
};
static_assert(std::has_unique_object_representations_v<State>, "State must have no padding");
static_assert(sizeof(State) <= 1024, "State should stay under 1 KiB");

inline bool bit_test(const u64 (&set)[2], int c) { return (set[(c - 1) >> 6] >> ((c - 1) & 63)) & 1; }
inline void bit_set(u64 (&set)[2], int c) { set[(c - 1) >> 6] |= u64(1) << ((c - 1) & 63); }
inline void bit_clear(u64 (&set)[2], int c) { set[(c - 1) >> 6] &= ~(u64(1) << ((c - 1) & 63)); }
// Writes the members of a card bitset to out in ascending id order; returns the count.
// Legal actions are listed in id order, so collecting cards into a set replaces sorting.
inline int bit_members(const u64 (&set)[2], u8* out) {
  int n = 0;
  for (int w = 0; w < 2; ++w)
    for (u64 bits = set[w]; bits; bits &= bits - 1) out[n++] = u8(1 + 64 * w + __builtin_ctzll(bits));
  return n;
}

// The position of the n-th set bit of m (from 0, lowest first); m has more than n. Without a
// branch or a loop (random playouts draw n at random, and a loop's exit would mispredict): the
// bytes' bit counts summed in place say which byte holds it, a table where in the byte.
inline int nth_set_bit(u64 m, int n) {
  static constexpr auto kInByte = [] {
    std::array<std::array<u8, 8>, 256> table{};
    for (int byte = 0; byte < 256; ++byte)
      for (int bit = 0, k = 0; bit < 8; ++bit)
        if (byte >> bit & 1) table[byte][k++] = u8(bit);
    return table;
  }();
  constexpr u64 kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  u64 counts = m - ((m >> 1) & 0x5555555555555555ull);
  counts = (counts & 0x3333333333333333ull) + ((counts >> 2) & 0x3333333333333333ull);
  counts = (counts + (counts >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  const u64 through = counts * kOnes;  // byte i: the set bits of bytes 0..i (at most 64)
  // The bytes whose running count is still n or less come before the n-th bit's byte (no
  // byte borrows: each is at least 128 after the or, and n + 1 at most 64).
  const int byte = std::popcount(~((through | kHigh) - kOnes * u64(n + 1)) & kHigh);
  const int before = int((through << 8) >> (8 * byte) & 0xFF);
  return 8 * byte + kInByte[m >> (8 * byte) & 0xFF][n - before];
}
// The n-th member (from 0) of a card set, which has more than n.
inline int nth_member(const CardWords& set, int n) {
  const int low = std::popcount(set[0]);
  const int w = n >= low;
  return 64 * w + nth_set_bit(set[w], n - w * low) + 1;
}

}  // namespace pamir::core::inline PAMIR_RULESET

#include "tests/conformance/invariants.h"

#include <cmath>
#include <cstring>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/check.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/queries.h"

namespace pamir::testing {

using namespace pamir::core;

namespace {

std::string card_str(int c) { return "card " + std::to_string(c); }

}  // namespace

std::string check_conservation(const State& s) {
  const int n = s.num_players;

  // Cards. Places that are arrays (deck, market, hands, courts) are counted from the
  // arrays; places that exist only as a location code (prizes, discard, set aside, active
  // events) from card_loc. Every card must be counted once and agree with card_loc.
  int seen[kNumCards + 1] = {};
  int seen_loc[kNumCards + 1] = {};
  auto see = [&](int c, int loc) {
    if (c >= 1 && c <= kNumCards) {
      ++seen[c];
      seen_loc[c] = loc;
    }
  };
  if (s.deck_pos > s.deck_size || s.deck_size > kMaxDeck) return "deck bounds broken";
  for (int i = s.deck_pos; i < s.deck_size; ++i) {
    if (s.deck[i] < 1 || s.deck[i] > kNumCards)
      return "undrawn deck slot " + std::to_string(i) + " holds no card";
    see(s.deck[i], Loc::kDeck);
  }
  for (int i = 0; i < s.deck_pos; ++i)
    if (s.card_loc[s.deck[i]] == Loc::kDeck)
      return card_str(s.deck[i]) + " was drawn but is still in the deck";
  for (int row = 0; row < kMarketRows; ++row)
    for (int col = 0; col < kMarketCols; ++col)
      if (s.market[row][col]) see(s.market[row][col], Loc::kMarket);
  int court_total = 0;
  u64 all_walked[2] = {0, 0};
  for (int p = 0; p < kMaxPlayers; ++p) {
    for (int c = 1; c <= kNumCourtCards; ++c)
      if (s.in_hand(p, c)) see(c, Loc::kHand + p);
    u64 walked[2] = {0, 0};
    for (int i = 0; i < s.court_len[p]; ++i) {
      see(s.court[court_total + i], Loc::kCourt + p);
      bit_set(walked, s.court[court_total + i]);
      bit_set(all_walked, s.court[court_total + i]);
    }
    // The move generator reads a court as a set compared out of card_loc (court_cards).
    const CardWords set = court_cards(s, p);
    if (set[0] != walked[0] || set[1] != walked[1])
      return "player " + std::to_string(p) + "'s court set differs from the cards along the court";
    court_total += s.court_len[p];
  }
  if (const CardWords all = cards_in_courts(s); all[0] != all_walked[0] || all[1] != all_walked[1])
    return "the set of cards in courts differs from the cards along the courts";
  // Every variant of the court sets compiled in agrees with the walk, for every range of seats.
  for (int first = 0; first < s.num_players; ++first)
    for (int count = 1; first + count <= s.num_players; ++count) {
      const CardWords walked = court_sets::walk(s, first, count);
      std::vector<std::pair<const char*, CardWords>> variants;
#if defined(__SSE2__)
      variants.emplace_back("sse2", court_sets::sse2(s, first, count));
#endif
#if defined(__AVX512BW__)
      variants.emplace_back("avx512", court_sets::avx512(s, first, count));
#endif
      for (const auto& [name, set] : variants)
        if (set != walked)
          return std::string("court set (") + name + ") of seats " + std::to_string(first) + ".." +
                 std::to_string(first + count - 1) + " differs from the walk";
    }
  if (court_total > kNumCourtCards) return "courts hold more than 100 cards";
  for (int c = 1; c <= kNumCards; ++c) {
    const int l = s.card_loc[c];
    if (l == Loc::kDiscard || l == Loc::kUnused || l == Loc::kActiveEvent ||
        (l >= Loc::kPrize && l < Loc::kPrize + n))
      see(c, l);
  }
  for (int c = 1; c <= kNumCards; ++c) {
    if (seen[c] != 1) return card_str(c) + " is in " + std::to_string(seen[c]) + " places";
    if (seen_loc[c] != s.card_loc[c])
      return card_str(c) + " is at " + std::to_string(seen_loc[c]) + " but card_loc says " +
             std::to_string(s.card_loc[c]);
    const int l = s.card_loc[c];
    const bool personal = l >= Loc::kHand;  // hands, courts, prizes
    if (personal && !is_court_card(c)) return card_str(c) + " is no court card but is held by a player";
    if (l == Loc::kActiveEvent && !is_event(c)) return card_str(c) + " is in force but is no event";
  }

  // Cylinders: each player's ten usable ones are in the supply or in play (tribes, gift
  // spaces, spies); the caches must add up to ten. Spy counts are per card over all
  // players, so the sum is taken over the table.
  int cylinders = 0;
  for (int p = 0; p < n; ++p) {
    cylinders += s.cylinders_in_supply[p] + gifts(s, p);
    for (int r = 0; r < Region::kCount; ++r) cylinders += s.tribes[r][p];
  }
  for (int c = 1; c <= kNumCourtCards; ++c) cylinders += s.spies_on[c];
  if (cylinders != kCylinders * n)
    return "cylinders not conserved: " + std::to_string(cylinders) + " for " + std::to_string(n) + " players";
  for (int p = n; p < kMaxPlayers; ++p)
    for (int i = 0; i < kCylinders; ++i)
      if (s.cylinder[p][i] != CylLoc::kSupply) return "an absent seat has a cylinder in play";

  // Blocks: twelve per coalition, supply plus armies plus roads.
  for (int k = 0; k < Coalition::kCount; ++k) {
    int blocks = s.blocks_in_supply[k];
    for (int r = 0; r < Region::kCount; ++r) blocks += s.armies[r][k];
    for (int b = 0; b < kNumBorders; ++b) blocks += s.roads[b][k];
    if (blocks != kBlocksPerCoalition)
      return std::string("blocks of ") + coalition_name(k) + " not conserved: " + std::to_string(blocks);
  }

  // Rupees: the box holds 36; the bank may run negative but the total never changes.
  int rupees = s.bank + s.rupees_removed;
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (p >= n && s.rupees[p]) return "an absent seat holds rupees";
    rupees += s.rupees[p];
  }
  for (const auto& row : s.market_rupees)
    for (int r : row) rupees += r;
  if (rupees != kTotalRupees) return "rupees not conserved: " + std::to_string(rupees);
  return "";
}

std::string check_legal_set(const State& s, const Action* legal, int n) {
  if (s.game_over()) {
    if (n != 0) return "legal actions after the game is over";
    if (to_move(s) != kNoPlayer) return "a player to move after the game is over";
    return "";
  }
  if (n == 0) return "no legal action before the game is over";
  if (s.num_tasks == 0) return "game running with an empty task stack";
  if (!is_decision(s.top())) return "the top task is automatic after apply";
  if (to_move(s) != s.top().player) return "to_move is not the top task's player";
  if (to_move(s) >= s.num_players) return "to_move is no seat";
  if (s.is_automaton(to_move(s))) return "to_move names the automaton, whose decisions the engine takes";
  std::unordered_set<std::string> names;
  for (int i = 0; i < n; ++i) {
    const Action a = legal[i];
    if (a >= kNumActions) return "legal id " + std::to_string(a) + " out of range";
    if (i > 0 && a <= legal[i - 1]) return "legal ids not strictly increasing at " + std::to_string(i);
    if (!is_legal(s, a)) return "is_legal rejects listed action " + std::to_string(a);
    const std::string name = action_name(s, a);
    if (name.empty() || name == "invalid") return "legal action " + std::to_string(a) + " has no name";
    if (!names.insert(name).second) return "two legal actions are named '" + name + "'";
  }
  return "";
}

std::string check_name_round_trip(const State& s, Action a) {
  const std::string name = action_name(s, a);
  if (parse_action(s, name) != a) return "parse_action('" + name + "') is not " + std::to_string(a);
  if (parse_action(s, std::to_string(a)) != a)
    return "parse_action of the id " + std::to_string(a) + " fails";
  return "";
}

std::string check_key_purity(const State& s) {
  const State copy = s;
  if (std::memcmp(&copy, &s, sizeof s)) return "a copy differs from the original";
  if (full_key(copy) != full_key(s)) return "full_key differs between bit-identical states";
  for (int p = 0; p < s.num_players; ++p)
    if (infoset_key(copy, p) != infoset_key(s, p)) return "infoset_key differs between bit-identical states";
  return "";
}

std::string check_returns(const State& s) {
  const auto r = returns(s);
  float total = 0;
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (r[p] < 0 || r[p] > 1 || (p >= s.num_players && r[p] != 0)) return "a return out of range";
    total += r[p];
  }
  if (s.game_over() ? std::abs(total - 1) > 1e-5f : total != 0)
    return "returns sum to " + std::to_string(total);
  return "";
}

std::string check_position(const State& s, const Action* legal, int n) {
  if (auto e = check_consistency(s); !e.empty()) return "check_consistency: " + e;
  if (auto e = check_reachable(s); !e.empty()) return "check_reachable: " + e;
  if (auto e = check_conservation(s); !e.empty()) return e;
  if (auto e = check_legal_set(s, legal, n); !e.empty()) return e;
  if (auto e = check_returns(s); !e.empty()) return e;
  return check_key_purity(s);
}

std::string check_step(const State& before, const State& after) {
  if (after.num_players != before.num_players) return "the seat count changed";
  for (int p = 0; p < before.num_players; ++p)
    if (after.vp[p] < before.vp[p]) return "player " + std::to_string(p) + " lost victory points";
  // Cards are drawn, never put back; turns and checks are only counted up.
  if (after.deck_pos < before.deck_pos) return "the deck grew back";
  if (after.turn < before.turn) return "the turn counter went back";
  if (after.dominance_checks_resolved < before.dominance_checks_resolved)
    return "a Dominance Check was unscored";
  if (after.rupees_removed < before.rupees_removed) return "removed rupees came back";
  return "";
}

}  // namespace pamir::testing

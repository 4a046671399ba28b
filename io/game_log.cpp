#include "io/game_log.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <span>
#include <string>

#include "core/cards.h"
#include "core/dominance.h"
#include "core/game.h"
#include "core/market.h"
#include "core/queries.h"
#include "io/game_card_texts.h"

namespace pamir::io::inline PAMIR_RULESET {

using namespace core;  // io reads and writes the rules' vocabulary
namespace {

std::string num(int v) { return std::to_string(v); }
// A player's money: "1 rupee", "2 rupees"; a mass noun (Pax Expanse's influence) reads the
// same at any count.
std::string money(int v) {
  std::string word = kTerms.rupees;
  if (v == 1 && word.ends_with('s')) word.pop_back();
  return num(v) + " " + word;
}

std::string player_label(const State& s, int p) {
  std::string label = "player " + num(p);
  if (s.loyalty[p] < Coalition::kCount) label += std::string(" (") + coalition_name(s.loyalty[p]) + ")";
  return label;
}

// Adds item to a list written "a, b, c".
void append_item(std::string& list, const std::string& item) { list += (list.empty() ? "" : ", ") + item; }

// The names of the cards at a location (Loc), or "-".
std::string card_list(const State& s, int loc) {
  std::string out;
  for (int c = 1; c <= kNumCards; ++c)
    if (s.card_loc[c] == loc) append_item(out, card_name(c));
  return out.empty() ? "-" : out;
}

// A card as the table shows it: its name, then for a court card its suit and rank, its
// actions (printed left to right) and its region; an event says so (a Dominance Check's name
// does).
std::string card_face(int c) {
  if (!is_court_card(c)) return std::string(card_name(c)) + (is_event(c) ? " (event)" : "");
  const CourtCard& cc = court_card(c);
  std::string out = std::string(card_name(c)) + " (" + suit_name(cc.suit) + " " + num(cc.rank);
  for (int i = 0; i < cc.num_actions; ++i)
    out += (i ? ", " : "; ") + std::string(card_action_name(cc.actions[i]));
  out += "; " + std::string(cc.region == kNeutralPieceRegion ? kTerms.neutral : region_name(cc.region)) + ")";
  return out;
}

// A piece's word (the game's: kTerms) in the plural: "army" -> "armies", "fleet" -> "fleets".
std::string plural(const std::string& word) {
  const bool consonant_y = word.size() > 1 && word.back() == 'y' &&
                           std::string("aeiou").find(word[word.size() - 2]) == std::string::npos;
  return consonant_y ? word.substr(0, word.size() - 1) + "ies" : word + "s";
}

// The piece changes between two positions, as "removed: ..." and "placed: ..." items such as
// "2 russian armies from herat" or "1 spy of player 1 on Aga Mehdi", in the game's words
// (kTerms). The counts are the position's own (its caches and core/queries.h).
void piece_changes(const State& was, const State& now, std::vector<std::string>& removed,
                   std::vector<std::string>& placed) {
  auto note = [&](int delta, const std::string& what, const std::string& suffix, const char* on,
                  const std::string& place) {
    if (delta == 0) return;
    const std::string pieces =
        num(std::abs(delta)) + " " + (std::abs(delta) == 1 ? what : plural(what)) + suffix;
    if (delta < 0) removed.push_back(pieces + " from " + place);
    if (delta > 0) placed.push_back(pieces + " " + on + " " + place);
  };
  for (int r = 0; r < Region::kCount; ++r)
    for (int c = 0; c < Coalition::kCount; ++c)
      note(now.armies[r][c] - was.armies[r][c], std::string(coalition_name(c)) + " " + kTerms.army, "", "in",
           region_name(r));
  for (int b = 0; b < kNumBorders; ++b)
    for (int c = 0; c < Coalition::kCount; ++c)
      note(now.roads[b][c] - was.roads[b][c], std::string(coalition_name(c)) + " " + kTerms.road, "", "on",
           border_name(b));
  for (int p = 0; p < now.num_players; ++p) {
    const std::string of = " of player " + num(p);
    for (int r = 0; r < Region::kCount; ++r)
      note(now.tribes[r][p] - was.tribes[r][p], kTerms.tribe, of, "in", region_name(r));
    for (int c = 1; c <= kNumCourtCards; ++c)
      note(spies_of(now, p, c) - spies_of(was, p, c), kTerms.spy, of, "on", card_name(c));
    note(gifts(now, p) - gifts(was, p), kTerms.gift, of, "on", std::string("the ") + kTerms.gift + " spaces");
  }
}

// The ruleset's own public state (Rules::describe_own) as lines of `show`: "climate: ...",
// "rocinante: mars (damaged)", "control: earth un, ...", "dominant coalition: british".
struct FactLines {
  std::string out;
  std::string owners_key, owners;
  void track(const char* key, std::span<const char* const> spaces, int at) {
    out += std::string(key) + ": " + spaces[at] + "\n";
  }
  void token(const char* key, int region, const char* note) {
    out +=
        std::string(key) + ": " + region_name(region) + (*note ? std::string(" (") + note + ")" : "") + "\n";
  }
  void owner(const char* key, int region, int coalition) {
    if (coalition == Coalition::kNone) return;
    owners_key = key;
    append_item(owners, std::string(region_name(region)) + " " + coalition_name(coalition));
  }
  void text(const char* key, const std::string& value) {
    out += std::string(key) + ": " + value + "\n";
    texts[key] = value;
  }
  std::string lines() const { return out + (owners.empty() ? "" : owners_key + ": " + owners + "\n"); }
  std::map<std::string, std::string> texts;
};

std::string joined(const std::string& head, const std::vector<std::string>& items) {
  std::string out = head + ": ";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out;
}

// "player 0 +5 VP (now 5)" items for every player whose count changed.
std::vector<std::string> count_changes(const State& s, const u8* was, const u8* now,
                                       const std::string& unit) {
  std::vector<std::string> items;
  for (int p = 0; p < s.num_players; ++p)
    if (now[p] != was[p])
      items.push_back("player " + num(p) + " " + (now[p] > was[p] ? "+" : "") + num(now[p] - was[p]) + unit +
                      " (now " + num(now[p]) + ")");
  return items;
}

}  // namespace

int action_card(const State& s, Action a) {
  using namespace Act;
  const Decoded d = decode(a);
  switch (d.family) {
    case kPurchaseFamily:
    case kTaxMarketFamily:
      return s.market[d.a][d.b];
    case kPlayFamily:
    case kCardActionFamily:
    case kSpyFamily:
    case kBetrayFamily:
    case kDiscardFamily:
      return d.a;
    case kDemandFamily:
    case kPayBribeFamily:
    case kRefuseBribeFamily:
      return s.top().b;  // the card the bribe is for
    case kTakeFamily:
      return d.a >= take_spy(1) && d.a < take_army(0) ? d.a - take_spy(1) + 1 : kNoCard;
    case kMoveFromFamily:
      return d.a >= move_spy(1) && d.a < move_tribe(0) ? d.a - move_spy(1) + 1 : kNoCard;
    case kMoveToFamily:
    case kBattleAtFamily:
      return Site::is_region(d.a) ? kNoCard : Site::card_of(d.a);
    case kTakePrizeFamily:
    case kDeclinePrizeFamily:
      return s.top().a;
    default:
      return kNoCard;
  }
}

int action_region(Action a) {
  using namespace Act;
  const Decoded d = decode(a);
  switch (d.family) {
    case kArmyFamily:
    case kChooseRegionFamily:
      return d.a;
    case kMoveToFamily:
    case kBattleAtFamily:
      return Site::is_region(d.a) ? d.a : -1;
    case kMoveFromFamily:
      if (d.a < move_spy(1)) return d.a;
      return d.a >= move_tribe(0) ? d.a - move_tribe(0) : -1;
    case kTakeFamily:
      if (d.a < take_gift(0)) return d.a;
      return d.a >= take_army(0) && d.a < take_road(0) ? d.a - take_army(0) : -1;
    default:
      return -1;
  }
}

int action_border(Action a) {
  using namespace Act;
  const Decoded d = decode(a);
  if (d.family == kRoadFamily || d.family == kRemoveRoadFamily) return d.a;
  return d.family == kTakeFamily && d.a >= take_road(0) ? d.a - take_road(0) : -1;
}

std::vector<std::string> describe_consequences(const State& before, const State& after) {
  std::vector<std::string> lines;
  // A game's neutral piece that acts by its own AI deck (Pax Expanse's Rocinante) takes its
  // turn inside the decision that ends a round: say so first, with the card it acted by (the
  // position's "<piece> card" fact), so that what it did is not read as the player's.
  if (Rules::neutral_acted(before, after)) {
    FactLines was;
    Rules::describe_own(before, was);
    const auto card = was.texts.find(std::string(kTerms.neutral) + " card");
    lines.push_back(std::string("the round ends: the ") + kTerms.neutral + "'s turn" +
                    (card == was.texts.end() ? "" : " (" + card->second + ")"));
  }
  const auto vp = count_changes(after, before.vp, after.vp, " VP");
  int blocks_before = 0, blocks_after = 0;
  for (int c = 0; c < Coalition::kCount; ++c) {
    blocks_before += blocks_on_map(before, c);
    blocks_after += blocks_on_map(after, c);
  }
  for (int check = before.dominance_checks_resolved; check < after.dominance_checks_resolved; ++check) {
    // A successful check removes every block from the map, and nothing places one before the
    // decision ends; the dominant coalition is the one of the position the check followed.
    const int dominant = dominant_coalition(before);
    std::string line = "Dominance Check " + num(check + 1) + " scored: ";
    if (blocks_before > 0 && blocks_after == 0)
      line += (dominant != Coalition::kNone ? std::string(coalition_name(dominant)) + " dominant"
                                            : "successful") +
              ", every " + kTerms.coalition + " block removed";
    else
      line += std::string("no ") + kTerms.coalition + " dominant";
    lines.push_back(line + (vp.empty() ? "; nobody scores" : ""));
  }
  if (!vp.empty()) {
    const bool scored = after.dominance_checks_resolved > before.dominance_checks_resolved;
    lines.push_back(joined(scored ? "  scoring" : "VP", vp));
  }
  std::vector<std::string> removed, placed;
  piece_changes(before, after, removed, placed);
  if (!removed.empty()) lines.push_back(joined("removed", removed));
  if (!placed.empty()) lines.push_back(joined("placed", placed));
  if (const auto rupees = count_changes(after, before.rupees, after.rupees, ""); !rupees.empty())
    lines.push_back(joined(kTerms.rupees, rupees));
  std::vector<std::string> cards;
  for (int c = 1; c <= kNumCards; ++c) {
    const int was = before.card_loc[c], now = after.card_loc[c];
    if (was == now) continue;
    const int owner = before.court_owner(c);
    const std::string name = std::string(card_name(c)) + " (" + num(c) + ")";
    if (owner != kNoPlayer && now >= Loc::kPrize && now < Loc::kPrize + kMaxPlayers)
      cards.push_back(name + " from player " + num(owner) + "'s court taken as a prize by player " +
                      num(now - Loc::kPrize));
    else if (owner != kNoPlayer && now == Loc::kDiscard)
      cards.push_back(name + " discarded from player " + num(owner) + "'s court");
    else if (now == Loc::kActiveEvent)
      cards.push_back(name + " in force");
    else if (was == Loc::kActiveEvent)
      cards.push_back(name + " no longer in force");
    else if (was == Loc::kMarket && now == Loc::kDiscard)
      cards.push_back(name + " discarded from the market");
  }
  if (!cards.empty()) lines.push_back(joined("cards", cards));
  for (int p = 0; p < after.num_players; ++p)
    if (before.loyalty[p] != after.loyalty[p] && before.loyalty[p] < Coalition::kCount)
      lines.push_back("player " + num(p) + " is now loyal to the " + coalition_name(after.loyalty[p]));
  if (before.favored_suit != after.favored_suit)
    lines.push_back(std::string(kTerms.favored_suit) + ": " + suit_name(after.favored_suit));
  if (after.game_over() && !before.game_over()) lines.push_back("the game is over");
  return lines;
}

// The coalition a's choice makes its player loyal to, or -1 when it leaves the loyalty as it
// is (a first loyalty, chosen at setup, changes none): the rules' own answer, from the choice
// applied to a copy of the position (playing a patriot or taking a prize of another coalition,
// whatever the game's variant of it).
int loyalty_after(const State& s, Action a) {
  const int p = to_move(s);
  State next = s;
  apply(next, a);
  const int was = s.loyalty[p], now = next.loyalty[p];
  return was < Coalition::kCount && now != was && now < Coalition::kCount ? now : -1;
}

std::string describe_action(const State& s, Action a) {
  const int c = action_card(s, a);
  std::string out = action_name(s, a) + (c ? std::string(" (") + card_name(c) : "");
  if (const Act::Decoded d = Act::decode(a); c && d.family == Act::kPurchaseFamily) {
    out += ", cost " + num(purchase_cost(s, to_move(s), d.a, d.b));
  }
  out += c ? ")" : "";
  if (const int coalition = loyalty_after(s, a); coalition >= 0) {
    const std::string old = coalition_name(s.loyalty[to_move(s)]);
    out += std::string("; you will become loyal to the ") + coalition_name(coalition) + ": your " +
           kTerms.gift + "s go back, your " + kTerms.prize + "s and " + old + " patriots are discarded";
  }
  return out;
}

std::string describe_card(int c) {
  std::string out = std::string(card_name(c)) + " (" + num(c) + ")";
  if (c < kFirstEvent && !is_court_card(c)) return out + ": a Dominance Check";
  if (!is_court_card(c)) {
    const CardText &discarded = event_text(c, false), &purchased = event_text(c, true);
    out += ": an event";
    if (!discarded.name.empty()) out += "; if discarded: " + discarded.name + ", " + discarded.text;
    if (!purchased.name.empty()) out += "; if purchased: " + purchased.name + ", " + purchased.text;
    return out;
  }
  const CourtCard& cc = court_card(c);
  out += std::string(": ") + region_name(cc.region) + ", " + suit_name(cc.suit) + ", rank " + num(cc.rank);
  if (cc.patriot != Coalition::kNone) out += std::string("; patriot ") + coalition_name(cc.patriot);
  if (cc.prize != Coalition::kNone) out += std::string("; ") + kTerms.prize + " " + coalition_name(cc.prize);
  const char* const icon_words[] = {kTerms.army, kTerms.road, kTerms.tribe, kTerms.spy, "leverage"};
  std::string icons;
  for (int i = 0; i < cc.num_icons; ++i) {
    const int icon = cc.icons[i];
    append_item(icons, icon <= Icon::kLeverage ? std::string(icon_words[icon])
                       : icon <= Icon::kFavorIntelligence
                           ? std::string("favor ") + suit_name(icon - Icon::kFavorEconomic)
                           : std::string(Rules::kOwnIcons[icon - Icon::kFirstOwn].words));
  }
  if (!icons.empty()) out += "; impacts " + icons;
  std::string actions;
  for (int i = 0; i < cc.num_actions; ++i) append_item(actions, card_action_name(cc.actions[i]));
  if (!actions.empty()) out += "; actions " + actions;
  if (const CardText& ability = ability_text(c); !ability.name.empty())
    out += "; ability " + ability.name + ": " + ability.text;
  return out;
}

int find_card(const std::string& text) {
  if (!text.empty() &&
      std::all_of(text.begin(), text.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
    const int c = text.size() <= 3 ? std::atoi(text.c_str()) : 0;
    return c >= 1 && c <= kNumCards ? c : 0;
  }
  const auto lower = [](std::string t) {
    for (char& ch : t) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return t;
  };
  const std::string wanted = lower(text);
  int found = 0, prefixes = 0;
  for (int c = 1; c <= kNumCards; ++c) {
    const std::string name = lower(card_name(c));
    if (name == wanted) return c;
    if (!wanted.empty() && name.rfind(wanted, 0) == 0) found = c, ++prefixes;
  }
  return prefixes == 1 ? found : 0;
}

std::string describe_decision(const State& before, Action a) {
  const int p = to_move(before);
  std::string line = before.phase == Phase::kSetup ? "setup" : "turn " + num(before.turn + 1);
  return line + ", " + player_label(before, p) + ": " + describe_action(before, a);
}

std::string describe_position(const State& s) {
  std::string out;
  if (s.game_over())
    out += "game over after turn " + num(s.turn + 1);
  else
    out += (s.phase == Phase::kSetup ? std::string("setup") : "turn " + num(s.turn + 1)) + ", " +
           player_label(s, to_move(s)) + " to move";
  out += std::string("; ") + kTerms.favored_suit + " " + suit_name(s.favored_suit) +
         "; Dominance Checks scored " + num(s.dominance_checks_resolved) + "\n";
  out += "rulers:";
  bool any_ruler = false;
  for (int r = 0; r < Region::kCount; ++r)
    if (const int p = ruler(s, r); p != kNoPlayer) {
      out += std::string(" ") + region_name(r) + " player " + num(p);
      any_ruler = true;
    }
  out += any_ruler ? "\n" : " none\n";
  FactLines facts;
  Rules::describe_own(s, facts);
  out += facts.lines();
  // The map: each region's ruler and pieces, then the roads on the borders.
  out += "map:\n";
  for (int r = 0; r < Region::kCount; ++r) {
    std::string line;
    auto add = [&](const std::string& item) { line += (line.empty() ? "" : "; ") + item; };
    if (const int p = ruler(s, r); p != kNoPlayer) add("ruler player " + num(p));
    std::string armies, tribes;
    for (int c = 0; c < Coalition::kCount; ++c)
      if (s.armies[r][c]) append_item(armies, std::string(coalition_name(c)) + " " + num(s.armies[r][c]));
    for (int p = 0; p < s.num_players; ++p)
      if (s.tribes[r][p]) append_item(tribes, "player " + num(p) + " " + num(s.tribes[r][p]));
    if (!armies.empty()) add(plural(kTerms.army) + " " + armies);
    if (!tribes.empty()) add(plural(kTerms.tribe) + " " + tribes);
    out += "  " + std::string(region_name(r)) + ": " + (line.empty() ? "-" : line) + "\n";
  }
  std::string roads;
  for (int b = 0; b < kNumBorders; ++b)
    for (int c = 0; c < Coalition::kCount; ++c)
      if (s.roads[b][c])
        append_item(roads, std::string(border_name(b)) + " " + coalition_name(c) + " " + num(s.roads[b][c]));
  if (!roads.empty()) out += "  " + plural(kTerms.road) + ": " + roads + "\n";
  // The players, each court card with its face and the spies on it.
  for (int p = 0; p < s.num_players; ++p) {
    out += player_label(s, p) + ": " + money(s.rupees[p]) + ", " + num(s.vp[p]) + " VP, " +
           kTerms.loyalty_points + " " + num(influence(s, p)) + ", hand " + num(hand_size(s, p)) + ", " +
           plural(kTerms.prize) + " " + num(s.prizes[p]) + "\n";
    for (int i = s.court_begin(p); i < s.court_begin(p) + s.court_len[p]; ++i) {
      const int c = s.court[i];
      std::string spies;
      for (int q = 0; q < s.num_players; ++q)
        if (const int n = spies_of(s, q, c)) append_item(spies, "player " + num(q) + " " + num(n));
      out +=
          "  court: " + card_face(c) + (spies.empty() ? "" : "; " + plural(kTerms.spy) + " " + spies) + "\n";
    }
  }
  // The market by column, with what a card there costs the player to move.
  const int buyer = s.game_over() ? 0 : to_move(s);
  out += "market (cost to player " + num(buyer) + "):\n";
  for (int col = 0; col < kMarketCols; ++col) {
    out += "  column " + num(col) + " (" + num(purchase_cost(s, buyer, 0, col)) + "):";
    for (int r = 0; r < kMarketRows; ++r) {
      const int c = s.market[r][col];
      out += std::string(r ? " |" : "") + " " + (c ? card_face(c) : std::string("empty"));
      if (s.market_rupees[r][col]) out += " +" + num(s.market_rupees[r][col]);
    }
    out += "\n";
  }
  if (s.global_effects ||
      std::any_of(s.card_loc + 1, s.card_loc + kNumCards + 1, [](u8 l) { return l == Loc::kActiveEvent; }))
    out += "active events: " + card_list(s, Loc::kActiveEvent) + "\n";
  return out;
}

std::string describe_result(const State& s) {
  const auto rank = final_ranks(s);
  int order[kMaxPlayers];
  for (int p = 0; p < s.num_players; ++p) order[p] = p;
  std::stable_sort(order, order + s.num_players, [&](int a, int b) { return rank[a] < rank[b]; });
  std::string out = s.game_over() ? "final standing:\n" : "standing (the game is not over):\n";
  for (int i = 0; i < s.num_players; ++i) {
    const int p = order[i];
    out += num(rank[p] + 1) + ". " + player_label(s, p) + ": " + num(s.vp[p]) + " VP, " +
           num(stars(s, p, Suit::kMilitary)) + " " + suit_name(Suit::kMilitary) + " stars, " +
           money(s.rupees[p]) + "\n";
  }
  return out;
}

}  // namespace pamir::io::inline PAMIR_RULESET

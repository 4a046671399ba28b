#include "io/board_json.h"

#include <nlohmann/json.hpp>

#include "core/actions.h"
#include "core/cards.h"
#include "core/dominance.h"
#include "core/game.h"
#include "core/game_rules.h"
#include "core/map.h"
#include "core/queries.h"
#include "io/game_card_texts.h"
#include "io/game_log.h"
#include "io/games.h"
#include "io/observation.h"
#include "io/state_json.h"

namespace pamir::io::inline PAMIR_RULESET {

using namespace core;

namespace {

using Json = nlohmann::ordered_json;

// The ruleset's own facts (Rules::describe_own) as JSON: tracks, tokens on regions, owners of
// regions, texts.
struct FactsJson {
  Json tracks = Json::array(), tokens = Json::array(), owners = Json::object(), texts = Json::array();
  void track(const char* key, std::span<const char* const> spaces, int at) {
    tracks.push_back(
        {{"name", key}, {"spaces", std::vector<std::string>(spaces.begin(), spaces.end())}, {"at", at}});
  }
  void token(const char* key, int region, const char* note) {
    tokens.push_back({{"name", key}, {"region", region_name(region)}, {"note", note}});
  }
  void owner(const char* key, int region, int coalition) {
    owners[key][region_name(region)] =
        coalition == Coalition::kNone ? Json() : Json(coalition_name(coalition));
  }
  void text(const char* key, const std::string& value) { texts.push_back({{"name", key}, {"text", value}}); }
};

// The mechanism of each card action (CardAction order) and of each impact icon (Icon order),
// in the engine's words, the same in every game: the page draws a symbol per mechanism and
// names it in the game's words (card_actions' names, words).
constexpr const char* kCardActionMechanics[CardAction::kCount] = {"tax",  "gift",   "build",
                                                                  "move", "betray", "battle"};
// A ruleset's own icons (Icon::kFirstOwn on) are named by its Rules::kOwnIcons.
constexpr const char* kIconMechanics[Icon::kFirstOwn] = {"army",  "road",  "tribe", "spy",  "leverage",
                                                         "favor", "favor", "favor", "favor"};

Json icon_json(int icon) {
  Json j = {{"icon", icon < Icon::kFirstOwn ? kIconMechanics[icon]
                                            : Rules::kOwnIcons[icon - Icon::kFirstOwn].mechanic}};
  if (icon >= Icon::kFavorEconomic && icon <= Icon::kFavorIntelligence)
    j["suit"] = suit_name(icon - Icon::kFavorEconomic);
  return j;
}

Json text_json(const CardText& t) {
  return t.name.empty() ? Json() : Json{{"name", t.name}, {"text", t.text}};
}

// What the page does with a legal action: a family a click on an element may choose
// (purchase: a market card; play: a hand card; card_action: an action of a court card), a
// decision to pass (never hidden), or any other choice.
const char* legal_kind(const Act::Decoded& d) {
  switch (d.family) {
    case Act::kPurchaseFamily:
      return "purchase";
    case Act::kPlayFamily:
      return "play";
    case Act::kCardActionFamily:
      return "card_action";
    case Act::kDoneFamily:
    case Act::kRefuseBribeFamily:
    case Act::kDeclinePrizeFamily:
      return "pass";
    default:
      return "choice";
  }
}

}  // namespace

std::string board_ruleset_json() {
  Json regions = Json::array(), borders = Json::array(), cards = Json::array(), suits = Json::array(),
       coalitions = Json::array(), region_xy = Json::object();
  for (int r = 0; r < Region::kCount; ++r) {
    regions.push_back(region_name(r));
    region_xy[region_name(r)] = {kRegionMapXY[r][0], kRegionMapXY[r][1]};
  }
  for (int b = 0; b < kNumBorders; ++b)
    borders.push_back({{"name", border_name(b)}, {"a", kBorders[b].a}, {"b", kBorders[b].b}});
  for (int s = 0; s < Suit::kCount; ++s) suits.push_back(suit_name(s));
  for (int c = 0; c < Coalition::kCount; ++c) coalitions.push_back(coalition_name(c));
  Json card_actions = Json::array();
  for (int a = 0; a < CardAction::kCount; ++a)
    card_actions.push_back({{"name", card_action_name(a)}, {"mechanic", kCardActionMechanics[a]}});
  cards.push_back(nullptr);  // cards are numbered from 1
  for (int c = 1; c <= kNumCards; ++c) {
    Json card = {{"id", c}, {"name", card_name(c)}};
    if (is_court_card(c)) {
      const CourtCard& cc = court_card(c);
      Json actions = Json::array();
      for (int i = 0; i < cc.num_actions; ++i) actions.push_back(card_action_name(cc.actions[i]));
      card["kind"] = "court";
      card["region"] = cc.region == kNeutralPieceRegion ? Json(kTerms.neutral) : Json(region_name(cc.region));
      card["suit"] = suit_name(cc.suit);
      card["rank"] = cc.rank;
      card["patriot"] = cc.patriot == Coalition::kNone ? Json() : Json(coalition_name(cc.patriot));
      card["actions"] = actions;
      card["ability"] = cc.ability == Ability::kNone ? Json() : Json(ability_def(cc.ability).key);
      card["ability_text"] = text_json(ability_text(c));
      card["prize"] = cc.prize == Coalition::kNone ? Json() : Json(coalition_name(cc.prize));
      Json icons = Json::array();
      for (int i = 0; i < cc.num_icons; ++i) icons.push_back(icon_json(cc.icons[i]));
      card["icons"] = icons;
    } else {
      card["kind"] = is_event(c) ? "event" : "dominance_check";
      card["discard"] = text_json(event_text(c, false));
      card["purchase"] = text_json(event_text(c, true));
    }
    cards.push_back(card);
  }
  const Json words = {{"army", kTerms.army},
                      {"road", kTerms.road},
                      {"tribe", kTerms.tribe},
                      {"spy", kTerms.spy},
                      {"gift", kTerms.gift},
                      {"tax", kTerms.tax},
                      {"build", kTerms.build},
                      {"betray", kTerms.betray},
                      {"prize", kTerms.prize},
                      {"battle", kTerms.battle},
                      {"money", kTerms.rupees},
                      {"neutral", kTerms.neutral ? Json(kTerms.neutral) : Json()},
                      {"coalition", kTerms.coalition},
                      {"loyalty_points", kTerms.loyalty_points},
                      {"favored_suit", kTerms.favored_suit}};
  return Json{{"game", kGameKey},
              {"name", game_name(kGameKey)},
              {"words", words},
              {"regions", regions},
              {"region_xy", region_xy},
              {"borders", borders},
              {"cards", cards},
              {"suits", suits},
              {"coalitions", coalitions},
              {"military_suit", suit_name(Suit::kMilitary)},
              {"card_actions", card_actions}}
      .dump();
}

std::string board_legal_json(const State& s) {
  Json out = Json::array();
  if (s.game_over()) return out.dump();
  Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  for (int i = 0; i < n; ++i) {
    const Act::Decoded d = Act::decode(legal[i]);
    out.push_back(
        {{"id", legal[i]},
         {"name", describe_action(s, legal[i])},
         {"kind", legal_kind(d)},
         {"card_action", d.family == Act::kCardActionFamily ? Json(kCardActionMechanics[d.b]) : Json()},
         {"card", action_card(s, legal[i])},
         {"region", action_region(legal[i])},
         {"border", action_border(legal[i])}});
  }
  return out.dump();
}

std::string board_view_json(const State& s, int viewer) {
  Json v;
  v["state"] = Json::parse(viewer == kNoPlayer ? state_to_json(s) : observation_to_json(s, viewer));
  v["to_move"] = to_move(s) == kNoPlayer ? Json() : Json(to_move(s));
  Json rulers = Json::array(), influence_of = Json::array(), standing = Json::array();
  for (int r = 0; r < Region::kCount; ++r)
    rulers.push_back(ruler(s, r) == kNoPlayer ? Json() : Json(ruler(s, r)));
  for (int p = 0; p < s.num_players; ++p) influence_of.push_back(influence(s, p));
  const auto ranks = final_ranks(s);
  for (int p = 0; p < s.num_players; ++p)
    standing.push_back({{"seat", p},
                        {"rank", ranks[p]},
                        {"vp", s.vp[p]},
                        {"military_stars", stars(s, p, Suit::kMilitary)},
                        {"money", s.rupees[p]}});
  v["rulers"] = rulers;
  v["influence"] = influence_of;
  v["standing"] = standing;
  FactsJson facts;
  Rules::describe_own(s, facts);
  v["facts"] = {
      {"tracks", facts.tracks}, {"tokens", facts.tokens}, {"owners", facts.owners}, {"texts", facts.texts}};
  return v.dump();
}

}  // namespace pamir::io::inline PAMIR_RULESET

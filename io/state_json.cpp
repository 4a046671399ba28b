#include "io/state_json.h"

#include <array>
#include <cctype>
#include <cstring>
#include <iterator>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/actions.h"
#include "core/check.h"
#include "core/game.h"
#include "core/game_rules.h"
#include "core/pieces.h"
#include "io/games.h"
#include "io/json.h"
#include "io/text.h"

namespace pamir::io::inline PAMIR_RULESET {

using namespace core;  // io reads and writes the rules' vocabulary
namespace {

using Json = nlohmann::ordered_json;

// Internal: a load failure with its one-line reason; turned into the error string at the
// API boundary so that the validators can simply throw from any depth.
struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// ---------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------

constexpr const char* kPhaseNames[] = {"setup", "playing", "game_over"};
constexpr const char* kGlobalEffectNames[] = {"embarrassment_of_riches", "disregard_for_customs",
                                              "conflict_fatigue", "pashtunwali_values"};
constexpr const char* kPlayerEffectNames[] = {"new_tactics", "koh_i_noor_recovered", "courtly_manners",
                                              "rumor",       "nationalism",          "nation_building"};
constexpr const char* kBribePurposeNames[] = {"play_left", "play_right", "tax",    "gift",
                                              "build",     "move",       "betray", "battle"};

// The meaning of a task field, which decides how it is written and which values are valid.
enum class Field : u8 {
  kUnused,          // always 0; not written
  kCount,           // a small number, 0..kMaxCount
  kCard,            // a court card id
  kRegion,          // a region name
  kCoalition,       // a coalition name
  kPlayer,          // a seat
  kCylLoc,          // a cylinder location string (not the supply)
  kBlockLoc,        // a block location string (not the supply)
  kSite,            // "kabul" or "card:12"
  kMoveLoc,         // "army:kabul", "spy:12" or "tribe:kabul"
  kPurpose,         // a bribe purpose (BribeFor)
  kEvent,           // an event kind name
  kIconIndex,       // 0..3, an index into a card's impact icons
  kFlag,            // 0 or 1
  kAutomatonCount,  // a count only the automaton's tasks use: written when not 0, 0 when absent
  kOptional,        // 0..255, a field only some rulesets' tasks use (a region, a site, a count, a card
                    // or none): written when not 0, 0 when absent, so other rulesets' positions keep
                    // their fields
};
// Whether a field is left out of the JSON when it is 0.
constexpr bool omitted_when_zero(Field type) {
  return type == Field::kAutomatonCount || type == Field::kOptional;
}
constexpr int kMaxCount = 10;  // bribes go up to 10 rupees; every other count is smaller

struct FieldSpec {
  const char* key;
  Field type;
};
struct TaskSpec {
  const char* name;
  FieldSpec f[4];  // fields a, b, c, d
};

// One entry per TaskKind, in order (see core/tasks.h for what the fields mean): the decisions
// of every game, then those only this game has, then the automatic tasks.
constexpr TaskSpec kSharedDecisionSpecs[] = {
    {"choose_loyalty", {}},
    {"turn_actions",
     {{"ai_box", Field::kAutomatonCount},
      {"ai_boxes_skipped", Field::kAutomatonCount},
      {"ai_court_battle", Field::kAutomatonCount}}},
    {"bribe_demand", {{"max", Field::kCount}, {"card", Field::kCard}, {"purpose", Field::kPurpose}}},
    {"bribe_pay",
     {{"amount", Field::kCount},
      {"card", Field::kCard},
      {"purpose", Field::kPurpose},
      {"receiver", Field::kPlayer}}},
    {"place_road",
     {{"region", Field::kRegion},
      {"coalition", Field::kCoalition},
      {"earlier_roads", Field::kAutomatonCount}}},
    {"place_spy", {{"region", Field::kRegion}}},
    {"take_cylinder", {{"to", Field::kCylLoc}}},
    {"take_block", {{"coalition", Field::kCoalition}, {"to", Field::kBlockLoc}}},
    {"tax", {{"left", Field::kCount}, {"taken", Field::kCount}, {"region", Field::kOptional}}},
    {"gift", {{}, {}, {"region", Field::kOptional}}},
    {"build", {{"placed", Field::kCount}, {"max", Field::kCount}, {"region", Field::kOptional}}},
    {"move_from", {{"moves_left", Field::kCount}, {"moves_made", Field::kCount}}},
    {"move_to", {{"moves_left", Field::kCount}, {"moves_made", Field::kCount}, {"piece", Field::kMoveLoc}}},
    {"betray", {}},
    {"prize", {{"card", Field::kCard}}},
    {"battle_site",
     {{"rank", Field::kCount}, {"lowest_site", Field::kOptional}, {"may_stop", Field::kOptional}}},
    {"battle",
     {{"site", Field::kSite},
      {"left", Field::kCount},
      {"removed", Field::kCount},
      {"rank_left", Field::kOptional}}},
    {"discard_leverage", {{"owed", Field::kCount}}},
    {"discard_court", {}},
    {"discard_hand", {}},
    {"confidence_failure", {}},
    {"choose_player", {{"event", Field::kEvent}}},
    {"choose_region", {{"event", Field::kEvent}}},
    {"choose_suit", {{"event", Field::kEvent}}},
    {"safe_house", {{"from_card", Field::kCard}}},
    {"blackmail", {{"region", Field::kRegion}}},
    {"infrastructure", {}},
};
// This ruleset's own decisions (core/rulesets/<game>/task_specs.inc).
constexpr TaskSpec kGameDecisionSpecs[] = {
#include "task_specs.inc"
    {},  // (so that an empty list is an array)
};
constexpr TaskSpec kAutomaticSpecs[] = {
    {"resolve_icons", {{"card", Field::kCard}, {"icon", Field::kIconIndex}}},
    {"leverage_debt", {{"owed", Field::kCount}}},
    {"cleanup_events", {{"second_pass", Field::kFlag}}},
    {"refill_market", {}},
    // a != 0: the ruleset's own turn ends, named after its neutral piece (Rules::end_turn_task).
    {"end_turn", {{kTerms.neutral, Field::kOptional}}},
};
constexpr auto kTaskSpecs = [] {
  constexpr std::span<const TaskSpec> game_decisions(kGameDecisionSpecs, std::size(kGameDecisionSpecs) - 1);
  static_assert(std::size(kSharedDecisionSpecs) + game_decisions.size() + std::size(kAutomaticSpecs) ==
                    TaskKind::kCount,
                "one TaskSpec per task kind");
  std::array<TaskSpec, TaskKind::kCount> specs{};
  size_t n = 0;
  for (const TaskSpec& t : kSharedDecisionSpecs) specs[n++] = t;
  for (const TaskSpec& t : game_decisions) specs[n++] = t;
  for (const TaskSpec& t : kAutomaticSpecs) specs[n++] = t;
  return specs;
}();

// The events whose choice each choose_* task asks for.
bool event_fits(int kind, int event) {
  switch (kind) {
    case TaskKind::kChoosePlayer:
      return event == EventKind::kRumor || event == EventKind::kOtherPersuasiveMethods;
    case TaskKind::kChooseRegion:
      return event == EventKind::kRebuke;
    case TaskKind::kChooseSuit:
      return event == EventKind::kPashtunwaliValues;
  }
  return true;
}

template <size_t N>
int index_of(const char* const (&names)[N], const std::string& s) {
  for (size_t i = 0; i < N; ++i)
    if (s == names[i]) return int(i);
  return -1;
}

std::string cyl_loc_string(u8 l) {
  if (l == CylLoc::kSupply) return "supply";
  if (CylLoc::is_tribe(l)) return std::string("tribe:") + region_name(CylLoc::region_of(l));
  if (CylLoc::is_gift(l)) return "gift:" + std::to_string(2 * (CylLoc::slot_of(l) + 1));
  return "spy:" + std::to_string(CylLoc::card_of(l));
}

std::string block_loc_string(u8 l) {
  if (l == BlockLoc::kSupply) return "supply";
  if (BlockLoc::is_army(l)) return std::string("army:") + region_name(BlockLoc::region_of(l));
  return std::string("road:") + border_name(BlockLoc::border_of(l));
}

std::string site_string(int site) {
  return Site::is_region(site) ? std::string(region_name(site))
                               : "card:" + std::to_string(Site::card_of(site));
}

std::string move_loc_string(int loc) {
  if (loc < Region::kCount) return std::string("army:") + region_name(loc);
  if (loc < Region::kCount + kNumCourtCards) return "spy:" + std::to_string(loc - Region::kCount + 1);
  return std::string("tribe:") + region_name(loc - Region::kCount - kNumCourtCards);
}

// Splits "prefix:rest"; false when there is no colon.
bool split(const std::string& s, std::string* prefix, std::string* rest) {
  const auto colon = s.find(':');
  if (colon == std::string::npos) return false;
  *prefix = s.substr(0, colon);
  *rest = s.substr(colon + 1);
  return true;
}

// A decimal number without sign or leading junk, or -1.
int parse_small_int(const std::string& s) {
  if (s.empty() || s.size() > 4) return -1;
  int v = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return -1;
    v = v * 10 + (ch - '0');
  }
  return v;
}

// ---------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------

Json card_list_with_loc(const State& s, int loc) {
  Json a = Json::array();
  for (int c = 1; c <= kNumCards; ++c)
    if (s.card_loc[c] == loc) a.push_back(c);
  return a;
}

Json bit_list(unsigned mask, int count) {
  Json a = Json::array();
  for (int i = 0; i < count; ++i)
    if (mask >> i & 1) a.push_back(i);
  return a;
}

template <size_t N>
Json bit_names(unsigned mask, const char* const (&names)[N]) {
  Json a = Json::array();
  for (size_t i = 0; i < N; ++i)
    if (mask >> i & 1) a.push_back(names[i]);
  return a;
}

Json card_set(const u64 (&set)[2]) {
  Json a = Json::array();
  for (int c = 1; c <= 128; ++c)
    if (bit_test(set, c)) a.push_back(c);
  return a;
}

Json field_value(const FieldSpec& f, int v) {
  switch (f.type) {
    case Field::kRegion:
      return region_name(v);
    case Field::kCoalition:
      return coalition_name(v);
    case Field::kCylLoc:
      return cyl_loc_string(u8(v));
    case Field::kBlockLoc:
      return block_loc_string(u8(v));
    case Field::kSite:
      return site_string(v);
    case Field::kMoveLoc:
      return move_loc_string(v);
    case Field::kPurpose:
      return kBribePurposeNames[v];
    case Field::kEvent:
      return kEventKindKeys[v];
    default:
      return v;
  }
}

Json task_json(const Task& t) {
  const TaskSpec& spec = kTaskSpecs[t.kind];
  Json j;
  j["kind"] = spec.name;
  j["player"] = t.player;
  const u8 values[4] = {t.a, t.b, t.c, t.d};
  for (int i = 0; i < 4; ++i)
    if (spec.f[i].key && (!omitted_when_zero(spec.f[i].type) || values[i]))
      j[spec.f[i].key] = field_value(spec.f[i], values[i]);
  return j;
}

// ---------------------------------------------------------------------------------------
// Reading: typed accessors that throw LoadError naming the offending path
// ---------------------------------------------------------------------------------------

std::string describe(const Json& v) { return excerpt(v); }

// Requires an object with exactly these keys.
void expect_keys(const Json& obj, const char* const* keys, size_t num_keys, const std::string& where) {
  if (!obj.is_object()) throw LoadError(where + ": expected an object, got " + describe(obj));
  for (size_t i = 0; i < num_keys; ++i)
    if (!obj.contains(keys[i])) throw LoadError(where + ": missing key \"" + keys[i] + "\"");
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool known = false;
    for (size_t i = 0; i < num_keys; ++i) known |= it.key() == keys[i];
    if (!known) throw LoadError(where + ": unknown key " + quoted(it.key()));
  }
}
void expect_keys(const Json& obj, std::initializer_list<const char*> keys, const std::string& where) {
  expect_keys(obj, keys.begin(), keys.size(), where);
}

std::string join(const std::string& where, const char* key) {
  return where.empty() ? key : where + "." + key;
}
std::string index(const std::string& where, size_t i) { return where + "[" + std::to_string(i) + "]"; }

long long get_int(const Json& v, const std::string& where, long long lo, long long hi) {
  if (!v.is_number_integer()) throw LoadError(where + ": expected an integer, got " + describe(v));
  const bool huge = v.is_number_unsigned() && v.get<unsigned long long>() > (1ull << 62);
  const long long x = huge ? 0 : v.get<long long>();
  if (huge || x < lo || x > hi)
    throw LoadError(where + ": " + describe(v) + " is out of range " + std::to_string(lo) + ".." +
                    std::to_string(hi));
  return x;
}

std::string get_string(const Json& v, const std::string& where) {
  if (!v.is_string()) throw LoadError(where + ": expected a string, got " + describe(v));
  return v.get<std::string>();
}

const Json& get_array(const Json& v, const std::string& where, size_t min_len, size_t max_len) {
  if (!v.is_array()) throw LoadError(where + ": expected an array, got " + describe(v));
  if (v.size() < min_len || v.size() > max_len) {
    const std::string want = min_len == max_len ? std::to_string(min_len)
                                                : std::to_string(min_len) + ".." + std::to_string(max_len);
    throw LoadError(where + ": expected " + want + " entries, got " + std::to_string(v.size()));
  }
  return v;
}

template <size_t N>
int get_name(const Json& v, const std::string& where, const char* const (&names)[N], const char* what) {
  const std::string s = get_string(v, where);
  const int i = index_of(names, s);
  if (i < 0) throw LoadError(where + ": unknown " + what + " " + quoted(s));
  return i;
}

// A set of flags written as a list of their names, in bit order without repeats.
template <size_t N>
unsigned get_bit_names(const Json& v, const std::string& where, const char* const (&names)[N]) {
  const Json& a = get_array(v, where, 0, N);
  unsigned mask = 0;
  int last = -1;
  for (size_t i = 0; i < a.size(); ++i) {
    const int b = get_name(a[i], index(where, i), names, "effect");
    if (b <= last) throw LoadError(where + ": entries must be in the documented order without repeats");
    last = b;
    mask |= 1u << b;
  }
  return mask;
}

int get_region(const std::string& s, const std::string& where) {
  const int r = region_from_name(s.c_str());
  if (r < 0) throw LoadError(where + ": unknown region " + quoted(s));
  return r;
}

int get_coalition(const Json& v, const std::string& where, bool allow_none) {
  const std::string s = get_string(v, where);
  const int k = coalition_from_name(s.c_str());
  if (k < 0 || (!allow_none && k == Coalition::kNone))
    throw LoadError(where + ": unknown coalition " + quoted(s));
  return k;
}

// A set of bits 0..count-1 written as a list of indices, ascending without repeats.
unsigned get_bit_list(const Json& v, const std::string& where, int count) {
  const Json& a = get_array(v, where, 0, count);
  unsigned mask = 0;
  int last = -1;
  for (size_t i = 0; i < a.size(); ++i) {
    const int b = int(get_int(a[i], index(where, i), 0, count - 1));
    if (b <= last) throw LoadError(where + ": entries must be ascending without repeats");
    last = b;
    mask |= 1u << b;
  }
  return mask;
}

void get_card_set(const Json& v, const std::string& where, u64 (&set)[2]) {
  const Json& a = get_array(v, where, 0, kNumCourtCards);
  for (size_t i = 0; i < a.size(); ++i) {
    const int c = int(get_int(a[i], index(where, i), 1, kNumCourtCards));
    if (bit_test(set, c)) throw LoadError(where + ": card " + std::to_string(c) + " listed twice");
    bit_set(set, c);
  }
}

u8 parse_cyl_loc(const std::string& s, const std::string& where) {
  if (s == "supply") return CylLoc::kSupply;
  std::string kind, rest;
  if (split(s, &kind, &rest)) {
    if (kind == "tribe") return CylLoc::tribe(get_region(rest, where));
    const int v = parse_small_int(rest);
    if (kind == "gift" && (v == 2 || v == 4 || v == 6)) return CylLoc::gift(v / 2 - 1);
    if (kind == "spy" && is_court_card(v)) return CylLoc::spy(v);
  }
  throw LoadError(where + ": bad cylinder location " + quoted(s));
}

u8 parse_block_loc(const std::string& s, const std::string& where) {
  if (s == "supply") return BlockLoc::kSupply;
  std::string kind, rest;
  if (split(s, &kind, &rest)) {
    if (kind == "army") return BlockLoc::army(get_region(rest, where));
    const int b = border_from_name(rest.c_str());
    if (kind == "road" && b >= 0) return BlockLoc::road(b);
  }
  throw LoadError(where + ": bad block location " + quoted(s));
}

int parse_site(const std::string& s, const std::string& where) {
  std::string kind, rest;
  if (!split(s, &kind, &rest)) return Site::region(get_region(s, where));
  const int c = parse_small_int(rest);
  if (kind == "card" && is_court_card(c)) return Site::card(c);
  throw LoadError(where + ": bad site " + quoted(s));
}

int parse_move_loc(const std::string& s, const std::string& where) {
  std::string kind, rest;
  if (split(s, &kind, &rest)) {
    if (kind == "army") return Act::move_army(get_region(rest, where));
    if (kind == "tribe") return Act::move_tribe(get_region(rest, where));
    const int c = parse_small_int(rest);
    if (kind == "spy" && is_court_card(c)) return Act::move_spy(c);
  }
  throw LoadError(where + ": bad piece " + quoted(s));
}

int parse_field(const FieldSpec& f, const Json& v, const std::string& where, int num_players) {
  switch (f.type) {
    case Field::kUnused:
      return 0;
    case Field::kCount:
      return int(get_int(v, where, 0, kMaxCount));
    case Field::kCard:
      return int(get_int(v, where, 1, kNumCourtCards));
    case Field::kPlayer:
      return int(get_int(v, where, 0, num_players - 1));
    case Field::kIconIndex:
      return int(get_int(v, where, 0, 3));
    case Field::kFlag:
      return int(get_int(v, where, 0, 1));
    case Field::kAutomatonCount:
      return int(get_int(v, where, 0, kMaxCount));
    case Field::kOptional:
      return int(get_int(v, where, 0, 255));
    case Field::kRegion:
      return get_region(get_string(v, where), where);
    case Field::kCoalition:
      return get_coalition(v, where, false);
    case Field::kPurpose:
      return get_name(v, where, kBribePurposeNames, "bribe purpose");
    case Field::kCylLoc: {
      const u8 l = parse_cyl_loc(get_string(v, where), where);
      if (l == CylLoc::kSupply) throw LoadError(where + ": the supply is no target");
      return l;
    }
    case Field::kBlockLoc: {
      const u8 l = parse_block_loc(get_string(v, where), where);
      if (l == BlockLoc::kSupply) throw LoadError(where + ": the supply is no target");
      return l;
    }
    case Field::kSite:
      return parse_site(get_string(v, where), where);
    case Field::kMoveLoc:
      return parse_move_loc(get_string(v, where), where);
    case Field::kEvent: {
      const std::string s = get_string(v, where);
      for (int k = 1; k < EventKind::kCount; ++k)
        if (s == kEventKindKeys[k]) return k;
      throw LoadError(where + ": unknown event " + quoted(s));
    }
  }
  return 0;
}

Task parse_task(const Json& v, const std::string& where, int num_players) {
  if (!v.is_object()) throw LoadError(where + ": expected an object, got " + describe(v));
  if (!v.contains("kind")) throw LoadError(where + ": missing key \"kind\"");
  const std::string name = get_string(v["kind"], where + ".kind");
  int kind = -1;
  for (int k = 0; k < TaskKind::kCount; ++k)
    if (name == kTaskSpecs[k].name) kind = k;
  if (kind < 0) throw LoadError(where + ".kind: unknown task kind " + quoted(name));
  const TaskSpec& spec = kTaskSpecs[kind];
  const char* keys[6] = {"kind", "player"};
  size_t num_keys = 2;
  for (const FieldSpec& f : spec.f)
    if (f.key && (!omitted_when_zero(f.type) || v.contains(f.key))) keys[num_keys++] = f.key;
  expect_keys(v, keys, num_keys, where);
  Task t{};
  t.kind = u8(kind);
  t.player = u8(get_int(v["player"], where + ".player", 0, num_players - 1));
  u8* values[4] = {&t.a, &t.b, &t.c, &t.d};
  for (int i = 0; i < 4; ++i)
    if (spec.f[i].key && v.contains(spec.f[i].key))
      *values[i] = u8(parse_field(spec.f[i], v[spec.f[i].key], join(where, spec.f[i].key), num_players));
  if (spec.f[0].type == Field::kEvent && !event_fits(kind, t.a))
    throw LoadError(where + ".event: a " + name + " task cannot be for that event");
  return t;
}

// Where each card has been placed while loading, to report a card found twice.
class CardPlacer {
 public:
  explicit CardPlacer(State& s) : s_(s) {}

  void place(int c, int loc, const std::string& place) {
    if (!place_[c].empty())
      throw LoadError("card " + std::to_string(c) + " appears twice (" + place_[c] + ", " + place + ")");
    place_[c] = place;
    s_.card_loc[c] = u8(loc);
  }

  // Places every card of a list; court_only rejects Dominance Checks and events.
  void place_list(const Json& v, const std::string& where, int loc, const std::string& place, bool court_only,
                  int max_len) {
    const Json& a = get_array(v, where, 0, max_len);
    for (size_t i = 0; i < a.size(); ++i)
      this->place(int(get_int(a[i], index(where, i), 1, court_only ? kNumCourtCards : kNumCards)), loc,
                  place);
  }

  void require_all_placed() const {
    for (int c = 1; c <= kNumCards; ++c)
      if (place_[c].empty()) throw LoadError("card " + std::to_string(c) + " is nowhere");
  }

 private:
  State& s_;
  std::string place_[kNumCards + 1];
};

// Field domains are not enough for tasks that name a piece or a card: the engine trusts
// that these exist where the task says (a move takes the piece from its place), so a
// loaded task must point at real things.
void check_task_refers_to_play(const State& s, const Task& t, const std::string& where) {
  const int p = t.player;
  auto in_court = [&](int c) { return s.court_owner(c) != kNoPlayer; };
  switch (t.kind) {
    case TaskKind::kMoveTo: {
      const int loc = t.c;
      bool present;
      if (loc < Region::kCount)
        present = s.loyalty[p] < Coalition::kCount && s.armies[loc][s.loyalty[p]] > 0;
      else if (loc < Region::kCount + kNumCourtCards) {
        present = false;
        for (int i = 0; i < kCylinders; ++i)
          present |= s.cylinder[p][i] == CylLoc::spy(loc - Region::kCount + 1);
      } else {
        present = s.tribes[loc - Region::kCount - kNumCourtCards][p] > 0;
      }
      if (!present) throw LoadError(where + ".piece: player " + std::to_string(p) + " has no such piece");
      break;
    }
    case TaskKind::kBattle:
      if (!Site::is_region(t.a) && !in_court(Site::card_of(t.a)))
        throw LoadError(where + ".site: card " + std::to_string(Site::card_of(t.a)) + " is not in a court");
      break;
    case TaskKind::kPrize:
      if (s.card_loc[t.a] != Loc::kDiscard)
        throw LoadError(where + ".card: the prize must be in the discard pile");
      if (court_card(t.a).prize == Coalition::kNone)
        throw LoadError(where + ".card: card " + std::to_string(t.a) + " is no prize");
      break;
    case TaskKind::kBribeDemand:
    case TaskKind::kBribePay:
      if (!in_court(t.b) && s.card_loc[t.b] != Loc::kHand + s.current)
        throw LoadError(where + ".card: card " + std::to_string(t.b) +
                        " is neither in a court nor in the hand of the current player");
      break;
    case TaskKind::kResolveIcons:
      // The card may have left the court meanwhile (discarded to pay a leverage debt its
      // own play caused): its icons then resolve nothing, so only the icon index is checked.
      if (t.b >= court_card(t.a).num_icons) throw LoadError(where + ".icon: the card has fewer impact icons");
      break;
    case TaskKind::kBuild: {
      // A build places up to 3 blocks (6 under Nation Building) and pays 2 rupees a block
      // (a pair under Nation Building) when it ends, so what is placed must be affordable.
      const bool doubled = s.player_effects[p] & PlayerEffect::kNationBuilding;
      if (t.b != (doubled ? 6 : 3))
        throw LoadError(where + ".max: a build allows " + std::to_string(doubled ? 6 : 3) + " blocks");
      if (t.a > t.b) throw LoadError(where + ": more blocks placed than the build allows");
      if (s.rupees[p] < (doubled ? 2 * ((t.a + 1) / 2) : 2 * t.a))
        throw LoadError(where + ": player " + std::to_string(p) + " cannot pay for the blocks placed");
      break;
    }
    case TaskKind::kBetray:
      if (s.rupees[p] < 2)
        throw LoadError(where + ": player " + std::to_string(p) + " cannot pay for a betrayal");
      break;
    case TaskKind::kTurnActions:
      if (p != s.current) throw LoadError(where + ".player: the action phase belongs to the current player");
      break;
  }
}

// Setup is a stack of loyalty choices, one for each player still without loyalty; play has
// none, and its stack starts with a task of the current player's turn.
void check_stack_fits_phase(const State& s) {
  if (s.phase == Phase::kSetup) {
    unsigned choosing = 0, unaligned = 0;
    for (int i = 0; i < s.num_tasks; ++i) {
      if (s.tasks[i].kind != TaskKind::kChooseLoyalty || (choosing >> s.tasks[i].player & 1))
        throw LoadError("tasks: during setup the stack holds one loyalty choice per player without loyalty");
      choosing |= 1u << s.tasks[i].player;
    }
    for (int p = 0; p < s.num_players; ++p)
      if (s.loyalty[p] == Coalition::kNone && !s.is_automaton(p)) unaligned |= 1u << p;  // she never chooses
    if (choosing != unaligned)
      throw LoadError("tasks: during setup the stack holds one loyalty choice per player without loyalty");
  } else if (s.phase == Phase::kPlaying) {
    for (int i = 0; i < s.num_tasks; ++i)
      if (s.tasks[i].kind == TaskKind::kChooseLoyalty) throw LoadError("tasks: a loyalty choice after setup");
    // The ruleset's own turn (the end of a turn with a != 0, Rules::end_turn_task) is no
    // player's: what it asks of players is decided above it.
    const bool own_turn = s.tasks[0].kind == TaskKind::kEndTurn && s.tasks[0].a != 0;
    if (s.tasks[0].player != s.current && !own_turn)
      throw LoadError("tasks: the bottom task must be the current player's");
  }
}

constexpr const char* kTopKeys[] = {"format",        "num_players",    "phase",
                                    "current",       "first_chooser",  "turn",
                                    "rng",           "favored_suit",   "global_effects",
                                    "bank",          "rupees_removed", "dominance_checks_resolved",
                                    "players",       "blocks",         "market",
                                    "deck",          "unused",         "discard",
                                    "active_events", "turn_state",     "tasks"};
constexpr const char* kStateFormat = "pamir-state-1";

// The game a position is of: its "game", which Pax Pamir's positions leave out (they had
// none before there were two games, and they stay as they were).
void check_game(const Json& j, const char* kind) {
  const std::string game = j.contains("game") ? get_string(j["game"], "game") : std::string(kDefaultGame);
  if (const std::string other = other_game(game, kGameKey, kind); !other.empty()) throw LoadError(other);
}
void write_game(Json& j) {
  if (core::kGameKey != kDefaultGame) j["game"] = core::kGameKey;
}

// Fields of the ruleset's own state (Rules::kOwnState, Rules::kAutomatonState) as members
// of an object: each a number, or an array when it spans several bytes.
void write_fields(const State& s, std::span<const core::OwnStateField> fields, Json& object) {
  const auto* bytes = reinterpret_cast<const u8*>(&s);
  for (const core::OwnStateField& f : fields)
    object[f.key] = f.length == 1 ? Json(bytes[f.offset])
                                  : Json(std::vector<int>(bytes + f.offset, bytes + f.offset + f.length));
}
// Reads the fields from the object named `name` (in messages).
void read_fields(const Json& object, std::span<const core::OwnStateField> fields, const std::string& name,
                 State& s) {
  auto* bytes = reinterpret_cast<u8*>(&s);
  for (const core::OwnStateField& f : fields) {
    const std::string at = name + "." + f.key;
    if (f.length == 1) {
      bytes[f.offset] = u8(get_int(object[f.key], at, f.min, f.max));
      continue;
    }
    const Json& values = get_array(object[f.key], at, f.length, f.length);
    for (int i = 0; i < f.length; ++i)
      bytes[f.offset + i] = u8(get_int(values[i], index(at, i), f.min, f.max));
  }
}
// Refuses an object named `name` without exactly the fields' keys and the others given.
void expect_field_keys(const Json& object, std::span<const core::OwnStateField> fields,
                       std::vector<const char*> keys, const std::string& name) {
  for (const core::OwnStateField& f : fields) keys.push_back(f.key);
  expect_keys(object, keys.data(), keys.size(), name);
}

// The ruleset's own state, as an object named by the game's key.
void write_own_state(const State& s, Json& j) {
  if (!Rules::kOwnState.empty()) write_fields(s, Rules::kOwnState, j[core::kGameKey]);
}
void read_own_state(const Json& j, State& s) {
  if (Rules::kOwnState.empty()) return;
  const Json& object = j[core::kGameKey];
  expect_field_keys(object, Rules::kOwnState, {}, core::kGameKey);
  read_fields(object, Rules::kOwnState, core::kGameKey, s);
}

// The automated opponent's seat and state (Rules::kAutomatonState), as an object named by her
// spec (core::kAutomaton), in the games she plays.
void write_automaton(const State& s, Json& j) {
  if (!s.automaton) return;
  Json& object = j[core::kAutomaton];
  object["seat"] = s.automaton_seat();
  write_fields(s, Rules::kAutomatonState, object);
}
void read_automaton(const Json& j, int num_players, State& s) {
  if (!core::kAutomaton || !j.contains(core::kAutomaton)) return;
  const std::string name = core::kAutomaton;
  const Json& object = j[name];
  expect_field_keys(object, Rules::kAutomatonState, {"seat"}, name);
  s.automaton = u8(1 + get_int(object["seat"], name + ".seat", 0, num_players - 1));
  read_fields(object, Rules::kAutomatonState, name, s);
}

State parse_state(const Json& j) {
  if (!j.is_object()) throw LoadError("position: expected an object, got " + describe(j));
  check_game(j, "position");
  // Besides the keys of every game: "game" when the file names it, the automated opponent's
  // in games with one (core::kAutomaton), and the ruleset's own state.
  std::vector<const char*> keys(std::begin(kTopKeys), std::end(kTopKeys));
  if (j.contains("game")) keys.push_back("game");
  if (core::kAutomaton && j.contains(core::kAutomaton)) keys.push_back(core::kAutomaton);
  if (!Rules::kOwnState.empty()) keys.push_back(core::kGameKey);
  expect_keys(j, keys.data(), keys.size(), "position");
  if (get_string(j["format"], "format") != kStateFormat)
    throw LoadError(std::string("format: expected \"") + kStateFormat + "\"");

  State s;
  std::memset(&s, 0, sizeof s);
  const int n = int(get_int(j["num_players"], "num_players", kMinPlayers, kMaxPlayers));
  s.num_players = u8(n);
  s.phase = u8(get_name(j["phase"], "phase", kPhaseNames, "phase"));
  s.current = u8(get_int(j["current"], "current", 0, n - 1));
  s.first_chooser = u8(get_int(j["first_chooser"], "first_chooser", 0, n - 1));
  s.turn = u16(get_int(j["turn"], "turn", 0, 65535));
  {
    const auto rng = parse_u64(get_string(j["rng"], "rng"));
    if (!rng) throw LoadError("rng: expected a decimal unsigned 64-bit number as a string");
    s.rng = *rng;
  }
  {
    const std::string suit = get_string(j["favored_suit"], "favored_suit");
    const int k = suit_from_name(suit.c_str());
    if (k < 0) throw LoadError("favored_suit: unknown suit " + quoted(suit));
    s.favored_suit = u8(k);
  }
  s.global_effects = u8(get_bit_names(j["global_effects"], "global_effects", kGlobalEffectNames));
  s.bank = i16(get_int(j["bank"], "bank", -32768, 32767));
  s.rupees_removed = u16(get_int(j["rupees_removed"], "rupees_removed", 0, 65535));
  s.dominance_checks_resolved =
      u8(get_int(j["dominance_checks_resolved"], "dominance_checks_resolved", 0, kNumDominanceChecks));
  read_automaton(j, n, s);
  for (int p = 0; p < kMaxPlayers; ++p) s.loyalty[p] = Coalition::kNone;
  read_own_state(j, s);

  CardPlacer cards(s);

  // Players, their cards and cylinders.
  const Json& players = get_array(j["players"], "players", n, n);
  int court_at = 0;
  for (int p = 0; p < n; ++p) {
    const Json& pj = players[p];
    const std::string w = "players[" + std::to_string(p) + "]";
    expect_keys(
        pj,
        {"rupees", "vp", "loyalty", "hand", "court", "prizes", "effects", "cylinders", "cylinders_placed"},
        w);
    s.rupees[p] = u8(get_int(pj["rupees"], w + ".rupees", 0, 255));
    s.vp[p] = u8(get_int(pj["vp"], w + ".vp", 0, 255));
    s.loyalty[p] = u8(get_coalition(pj["loyalty"], w + ".loyalty", true));
    s.player_effects[p] = u8(get_bit_names(pj["effects"], w + ".effects", kPlayerEffectNames));
    const std::string who = " of player " + std::to_string(p);
    {
      const Json& hand = get_array(pj["hand"], w + ".hand", 0, kNumCourtCards);
      for (size_t i = 0; i < hand.size(); ++i) {
        const int c = int(get_int(hand[i], index(w + ".hand", i), 1, kNumCourtCards));
        cards.place(c, Loc::kHand + p, "hand" + who);
        s.hand[p][(c - 1) >> 6] |= u64(1) << ((c - 1) & 63);
      }
    }
    {
      const Json& court = get_array(pj["court"], w + ".court", 0, kNumCourtCards - court_at);
      for (size_t i = 0; i < court.size(); ++i) {
        const int c = int(get_int(court[i], index(w + ".court", i), 1, kNumCourtCards));
        cards.place(c, Loc::kCourt + p, "court" + who);
        s.court[court_at++] = u8(c);
      }
      s.court_len[p] = u8(court.size());
    }
    cards.place_list(pj["prizes"], w + ".prizes", Loc::kPrize + p, "prizes" + who, true, kNumCourtCards);
    const Json& cyl = get_array(pj["cylinders"], w + ".cylinders", kCylinders, kCylinders);
    for (int i = 0; i < kCylinders; ++i)
      s.cylinder[p][i] =
          parse_cyl_loc(get_string(cyl[i], index(w + ".cylinders", i)), index(w + ".cylinders", i));
    s.cylinders_placed[p] = u16(get_bit_list(pj["cylinders_placed"], w + ".cylinders_placed", kCylinders));
  }

  // Coalition blocks.
  const char* coalitions[Coalition::kCount];  // the game's names ("afghan" ..., "earth" ...)
  for (int k = 0; k < Coalition::kCount; ++k) coalitions[k] = coalition_name(k);
  expect_keys(j["blocks"], coalitions, Coalition::kCount, "blocks");
  for (int k = 0; k < Coalition::kCount; ++k) {
    const std::string w = std::string("blocks.") + coalition_name(k);
    const Json& bj = j["blocks"][coalition_name(k)];
    expect_keys(bj, {"locations", "placed"}, w);
    const Json& locs = get_array(bj["locations"], w + ".locations", kBlocksPerCoalition, kBlocksPerCoalition);
    for (int i = 0; i < kBlocksPerCoalition; ++i)
      s.block[k][i] =
          parse_block_loc(get_string(locs[i], index(w + ".locations", i)), index(w + ".locations", i));
    s.blocks_placed[k] = u16(get_bit_list(bj["placed"], w + ".placed", kBlocksPerCoalition));
  }

  // Market: card ids (0 = empty space) and the rupees on each space.
  expect_keys(j["market"], {"cards", "rupees"}, "market");
  for (int r = 0; r < kMarketRows; ++r) {
    const std::string wc = "market.cards[" + std::to_string(r) + "]",
                      wr = "market.rupees[" + std::to_string(r) + "]";
    const Json& row = get_array(get_array(j["market"]["cards"], "market.cards", 2, 2)[r], wc, 6, 6);
    const Json& rup = get_array(get_array(j["market"]["rupees"], "market.rupees", 2, 2)[r], wr, 6, 6);
    for (int c = 0; c < kMarketCols; ++c) {
      const int card = int(get_int(row[c], index(wc, c), 0, kNumCards));
      if (card) cards.place(card, Loc::kMarket, "market");
      s.market[r][c] = u8(card);
      s.market_rupees[r][c] = u8(get_int(rup[c], index(wr, c), 0, 255));
    }
  }

  // Deck: the whole dealt deck, top first, and how many have been drawn.
  expect_keys(j["deck"], {"cards", "drawn"}, "deck");
  {
    const Json& deck = get_array(j["deck"]["cards"], "deck.cards", 0, kMaxDeck);
    s.deck_size = u8(deck.size());
    s.deck_pos = u8(get_int(j["deck"]["drawn"], "deck.drawn", 0, s.deck_size));
    for (size_t i = 0; i < deck.size(); ++i) {
      const int c = int(get_int(deck[i], index("deck.cards", i), 1, kNumCards));
      s.deck[i] = u8(c);
      if (int(i) >= s.deck_pos) cards.place(c, Loc::kDeck, "deck");
    }
  }
  cards.place_list(j["unused"], "unused", Loc::kUnused, "unused", false, kNumCards);
  cards.place_list(j["discard"], "discard", Loc::kDiscard, "discard pile", false, kNumCards);
  {
    const Json& events = get_array(j["active_events"], "active_events", 0, kNumEvents);
    for (size_t i = 0; i < events.size(); ++i) {
      const int c = int(get_int(events[i], index("active_events", i), kFirstEvent, kNumCards));
      cards.place(c, Loc::kActiveEvent, "active events");
    }
  }
  cards.require_all_placed();

  // This turn's bookkeeping.
  const Json& ts = j["turn_state"];
  expect_keys(ts, {"actions_used", "used_cards", "refused_cards", "market_paid"}, "turn_state");
  s.actions_used = u8(get_int(ts["actions_used"], "turn_state.actions_used", 0, 2));
  get_card_set(ts["used_cards"], "turn_state.used_cards", s.used_cards);
  get_card_set(ts["refused_cards"], "turn_state.refused_cards", s.refused_cards);
  {
    const Json& paid = get_array(ts["market_paid"], "turn_state.market_paid", 0, kMarketRows * kMarketCols);
    for (size_t i = 0; i < paid.size(); ++i) {
      const std::string w = index("turn_state.market_paid", i);
      const Json& rc = get_array(paid[i], w, 2, 2);
      const int bit = int(get_int(rc[0], w + "[0]", 0, kMarketRows - 1)) * kMarketCols +
                      int(get_int(rc[1], w + "[1]", 0, kMarketCols - 1));
      if (s.market_paid >> bit & 1) throw LoadError(w + ": market space listed twice");
      s.market_paid |= u16(1u << bit);
    }
  }

  // The task stack, bottom first.
  const Json& tasks = get_array(j["tasks"], "tasks", 0, kMaxTasks);
  for (size_t i = 0; i < tasks.size(); ++i) s.tasks[i] = parse_task(tasks[i], index("tasks", i), n);
  s.num_tasks = u8(tasks.size());
  if (s.phase == Phase::kGameOver && s.num_tasks) throw LoadError("tasks: a finished game has no tasks");
  if (s.phase != Phase::kGameOver && (!s.num_tasks || !is_decision(s.top())))
    throw LoadError("tasks: the top task must be a decision while the game is on");

  rebuild_caches(s);  // caches are never read from the document
  check_stack_fits_phase(s);
  for (int i = 0; i < s.num_tasks; ++i) check_task_refers_to_play(s, s.tasks[i], index("tasks", i));
  if (const std::string e = check_consistency(s); !e.empty()) throw LoadError("inconsistent position: " + e);
  if (const std::string e = check_reachable(s); !e.empty()) throw LoadError("unreachable position: " + e);
  if (!s.game_over() && !has_legal_action(s))
    throw LoadError("tasks: the pending decision has no legal action");
  return s;
}

}  // namespace

std::string state_to_json(const State& s, int indent) {
  Json j;
  j["format"] = kStateFormat;
  write_game(j);
  j["num_players"] = s.num_players;
  j["phase"] = kPhaseNames[s.phase];
  j["current"] = s.current;
  j["first_chooser"] = s.first_chooser;
  j["turn"] = s.turn;
  j["rng"] = std::to_string(s.rng);  // a string: JSON numbers lose u64 precision in many readers
  j["favored_suit"] = suit_name(s.favored_suit);
  j["global_effects"] = bit_names(s.global_effects, kGlobalEffectNames);
  j["bank"] = s.bank;
  j["rupees_removed"] = s.rupees_removed;
  j["dominance_checks_resolved"] = s.dominance_checks_resolved;

  Json players = Json::array();
  for (int p = 0; p < s.num_players; ++p) {
    Json pj;
    pj["rupees"] = s.rupees[p];
    pj["vp"] = s.vp[p];
    pj["loyalty"] = coalition_name(s.loyalty[p]);
    pj["hand"] = card_list_with_loc(s, Loc::kHand + p);
    Json court = Json::array();
    for (int i = s.court_begin(p); i < s.court_begin(p) + s.court_len[p]; ++i) court.push_back(s.court[i]);
    pj["court"] = court;
    pj["prizes"] = card_list_with_loc(s, Loc::kPrize + p);
    pj["effects"] = bit_names(s.player_effects[p], kPlayerEffectNames);
    Json cyl = Json::array();
    for (int i = 0; i < kCylinders; ++i) cyl.push_back(cyl_loc_string(s.cylinder[p][i]));
    pj["cylinders"] = cyl;
    pj["cylinders_placed"] = bit_list(s.cylinders_placed[p], kCylinders);
    players.push_back(pj);
  }
  j["players"] = players;

  Json blocks;
  for (int k = 0; k < Coalition::kCount; ++k) {
    Json locs = Json::array();
    for (int i = 0; i < kBlocksPerCoalition; ++i) locs.push_back(block_loc_string(s.block[k][i]));
    blocks[coalition_name(k)] = {{"locations", locs},
                                 {"placed", bit_list(s.blocks_placed[k], kBlocksPerCoalition)}};
  }
  j["blocks"] = blocks;

  Json market_cards = Json::array(), market_rupees = Json::array();
  for (int r = 0; r < kMarketRows; ++r) {
    Json row = Json::array(), rup = Json::array();
    for (int c = 0; c < kMarketCols; ++c) {
      row.push_back(s.market[r][c]);
      rup.push_back(s.market_rupees[r][c]);
    }
    market_cards.push_back(row);
    market_rupees.push_back(rup);
  }
  j["market"] = {{"cards", market_cards}, {"rupees", market_rupees}};

  Json deck = Json::array();
  for (int i = 0; i < s.deck_size; ++i) deck.push_back(s.deck[i]);
  j["deck"] = {{"cards", deck}, {"drawn", s.deck_pos}};
  j["unused"] = card_list_with_loc(s, Loc::kUnused);
  j["discard"] = card_list_with_loc(s, Loc::kDiscard);
  j["active_events"] = card_list_with_loc(s, Loc::kActiveEvent);

  Json paid = Json::array();
  for (int b = 0; b < kMarketRows * kMarketCols; ++b)
    if (s.market_paid >> b & 1) paid.push_back({b / kMarketCols, b % kMarketCols});
  j["turn_state"] = {{"actions_used", s.actions_used},
                     {"used_cards", card_set(s.used_cards)},
                     {"refused_cards", card_set(s.refused_cards)},
                     {"market_paid", paid}};

  Json tasks = Json::array();
  for (int i = 0; i < s.num_tasks; ++i) tasks.push_back(task_json(s.tasks[i]));
  j["tasks"] = tasks;
  write_automaton(s, j);
  write_own_state(s, j);
  return j.dump(indent);
}

std::optional<State> state_from_json(const std::string& text, std::string* error) {
  try {
    return parse_state(parse_json(text));
  } catch (const JsonSyntaxError& e) {
    if (error) *error = e.what();
  } catch (const LoadError& e) {
    if (error) *error = e.what();
  }
  return std::nullopt;
}

}  // namespace pamir::io::inline PAMIR_RULESET

#include "io/observation.h"

#include <nlohmann/json.hpp>
#include <span>

#include "core/actions.h"
#include "core/game.h"
#include "core/game_rules.h"
#include "core/hash.h"
#include "core/world.h"
#include "io/json.h"
#include "io/state_json.h"

namespace pamir::io::inline PAMIR_RULESET {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kObservationFormat = "pamir-observation-1";

// A pile of the ruleset's state that a seat sees only the top of (OwnStateField::seen_count):
// its unseen entries are null, and the back of the first of them, where the field names a
// key for it, is the entry the seat's view keeps there (null when the view keeps none).
void hide_unseen_entries(const State& s, const State& view, std::span<const core::OwnStateField> fields,
                         Json& object) {
  const auto* bytes = reinterpret_cast<const core::u8*>(&s);
  const auto* seen = reinterpret_cast<const core::u8*>(&view);
  for (const core::OwnStateField& f : fields) {
    if (f.seen_count == core::OwnStateField::kAllSeen) continue;
    const int count = bytes[f.seen_count];
    // Adding a key to an ordered_json object can move its members (a vector holds them), so
    // the new key goes in before a reference to another member is taken.
    if (f.back_key)
      object[f.back_key] =
          count < f.length && seen[f.offset + count] ? Json(seen[f.offset + count]) : Json(nullptr);
    Json& entries = object[f.key];
    for (int i = count; i < f.length; ++i) entries[i] = nullptr;
  }
}

Json observation(const State& s, int seat) {
  const State view = core::seat_view(s, seat);
  const Json position = Json::parse(state_to_json(view));
  Json j;
  j["format"] = kObservationFormat;
  j["viewer"] = seat;
  for (const auto& [key, value] : position.items()) {
    if (key == "format" || key == "rng") continue;
    if (key == "unused") {
      j["unseen"] = value;  // seat_view marks deck and set-aside cards alike
      continue;
    }
    j[key] = value;
  }
  Json& deck = j["deck"]["cards"];
  for (int i = s.deck_pos; i < s.deck_size; ++i) deck[i] = nullptr;
  if (s.automaton) hide_unseen_entries(s, view, Rules::kAutomatonState, j[core::kAutomaton]);
  if (!Rules::kOwnState.empty()) hide_unseen_entries(s, view, Rules::kOwnState, j[core::kGameKey]);
  return j;
}

}  // namespace

std::string observation_to_json(const State& s, int seat, int indent) {
  return observation(s, seat).dump(indent);
}

std::string agent_position_message(const State& s, int seat, core::u64& rng) {
  Json legal = Json::array();
  core::Action actions[core::kMaxLegalActions];
  const int n = core::legal_actions(s, actions);
  for (int i = 0; i < n; ++i) legal.push_back({actions[i], core::action_name(s, actions[i])});
  Json j;
  j["seat"] = seat;
  j["observation"] = observation(s, seat);
  j["world"] = Json::parse(state_to_json(core::sample_world(s, seat, rng)));
  j["legal"] = legal;
  return j.dump();
}

std::optional<State> world_from_position_message(const std::string& text, std::string* error) {
  Json j;
  try {
    j = parse_json(text);
  } catch (const JsonSyntaxError& e) {
    if (error) *error = e.what();
    return std::nullopt;
  }
  if (!j.is_object() || !j.contains("world")) {
    if (error) *error = "expected an object with a \"world\" position";
    return std::nullopt;
  }
  std::string reason;
  auto world = state_from_json(j["world"].dump(), &reason);
  if (!world && error) *error = "world: " + reason;
  return world;
}

}  // namespace pamir::io::inline PAMIR_RULESET

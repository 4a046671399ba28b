#pragma once
// The ruleset as data. Names, the map's borders, each card ability and each event half are
// generated from data/ (scripts/gen_card_table.py) into constexpr tables. An ability or an
// event half is a mechanic (the hook in the rules code where it applies, listed here) plus
// its arguments (Citadel(region), Blackmail(region), FreePurchase(region or patriot),
// Insurrection(coalition, region, armies), Riots(region), Favor(suit), TakeRupees(amount)).
// The rules code names mechanics only, never a region, a card or an ability instance:
// replacing the data changes no code.
//
// The tables are compile-time constants and every query below folds into a constant mask
// or one array index, so the hot path pays nothing for reading the rules from data. A
// second ruleset is selected at build time for the same reason (docs/architecture.md).

#include <array>

#include "core/types.h"

namespace pamir::core::inline PAMIR_RULESET {

constexpr u8 kNoRegion = 0xFF;  // a mechanic argument that names no region
constexpr u8 kNoSuit = 0xFF;

// The mechanics of court card abilities (data/special_abilities.md says what each does).
namespace AbilityMechanic {
enum : u8 {
  kNone,
  kIndispensableAdvisors,
  kInsurrection,
  kClaimOfAncientLineage,
  kBodyguards,
  kCitadel,
  kStrangeBedfellows,
  kCivilServiceReforms,
  kSafeHouse,
  kCharismaticCourtiers,
  kBlackmail,
  kIndianSupplies,
  kWellConnected,
  kFreePurchase,
  kInfrastructure,
  kSavvyOperator,
  kIrregulars,
  kCount
};
}

// The mechanics of event halves: what a card does when discarded from the market and when
// bought. Tasks that wait for an event's choice store its EventKind.
namespace EventKind {
enum : u8 {
  kNone,
  kFavor,
  kEmbarrassmentOfRiches,
  kDisregardForCustoms,
  kFailureToImpress,
  kRiots,
  kConfidenceFailure,
  kNewTactics,
  kKohINoorRecovered,
  kCourtlyManners,
  kRumor,
  kConflictFatigue,
  kNationalism,
  kRupeeSink,
  kNationBuilding,
  kTakeRupees,
  kOtherPersuasiveMethods,
  kPashtunwaliValues,
  kRebuke,
  kCount
};
}
// The data's name of each event mechanic (data/event_effects.tsv), in EventKind order.
constexpr const char* kEventKindKeys[EventKind::kCount] = {"none",
                                                           "favor",
                                                           "embarrassment_of_riches",
                                                           "disregard_for_customs",
                                                           "failure_to_impress",
                                                           "riots",
                                                           "confidence_failure",
                                                           "new_tactics",
                                                           "koh_i_noor_recovered",
                                                           "courtly_manners",
                                                           "rumor",
                                                           "conflict_fatigue",
                                                           "nationalism",
                                                           "rupee_sink",
                                                           "nation_building",
                                                           "take_rupees",
                                                           "other_persuasive_methods",
                                                           "pashtunwali_values",
                                                           "rebuke"};

struct BorderDef {
  const char* key;
  u8 a, b;  // the two regions
};
struct AbilityDef {
  const char* key;
  u8 mechanic;   // AbilityMechanic
  u8 region;     // or kNoRegion
  u8 coalition;  // or Coalition::kNone
  u8 amount;
};
struct EventEffect {
  const char* name;
  u8 kind;    // EventKind
  u8 region;  // or kNoRegion
  u8 suit;    // or kNoSuit
  u8 amount;
};
struct EventCardDef {
  const char* name;  // "<discard half> / <purchase half>"
  EventEffect discard, purchase;
};

#include "ruleset_tables.inc"

// Abilities (a bit per Ability id, as in State::abilities) with mechanic m.
constexpr std::array<u32, AbilityMechanic::kCount> kMechanicAbilities = [] {
  std::array<u32, AbilityMechanic::kCount> m{};
  for (int a = 1; a < Ability::kCount; ++a) m[kAbilityDefs[a].mechanic] |= u32(1) << a;
  return m;
}();
// Abilities with mechanic M whose region argument is r, indexed by r.
template <int M>
constexpr std::array<u32, Region::kCount> kAbilitiesByRegion = [] {
  std::array<u32, Region::kCount> m{};
  for (int a = 1; a < Ability::kCount; ++a)
    if (kAbilityDefs[a].mechanic == M && kAbilityDefs[a].region != kNoRegion)
      m[kAbilityDefs[a].region] |= u32(1) << a;
  return m;
}();
// Abilities with mechanic M whose coalition argument is k, indexed by k (kNone included).
template <int M>
constexpr std::array<u32, Coalition::kCount + 1> kAbilitiesByCoalition = [] {
  std::array<u32, Coalition::kCount + 1> m{};
  for (int a = 1; a < Ability::kCount; ++a)
    if (kAbilityDefs[a].mechanic == M && kAbilityDefs[a].coalition != Coalition::kNone)
      m[kAbilityDefs[a].coalition] |= u32(1) << a;
  return m;
}();

inline const AbilityDef& ability_def(int ability) { return kAbilityDefs[ability]; }
inline const EventEffect& event_discard_effect(int card) {
  return kEventCardDefs[card - kFirstEvent].discard;
}
inline const EventEffect& event_purchase_effect(int card) {
  return kEventCardDefs[card - kFirstEvent].purchase;
}

// The one event that cannot be bought and eats the rupees placed on it (a constant: the
// market scan compares bytes against it).
constexpr CardId kRupeeSinkCard = [] {
  int found = 0, card = kNoCard;
  for (int i = 0; i < kNumEvents; ++i)
    if (kEventCardDefs[i].purchase.kind == EventKind::kRupeeSink) ++found, card = kFirstEvent + i;
  return found == 1 ? CardId(card) : kNoCard;
}();
static_assert(kRupeeSinkCard != kNoCard, "the market code expects exactly one rupee-sink event");

}  // namespace pamir::core::inline PAMIR_RULESET

"""Pax Pamir's words for the table generator (scripts/gen_card_table.py): where its data is,
and how its data names the mechanisms the rules code names (Suit::kMilitary, Icon::kArmy,
CardAction::kTax), in the order of those enumerations (core/types.h)."""

VOCABULARY = {
    "data": "data", "cards": "court_cards.tsv", "loyalist": "patriot", "reward": "prize",
    "ability_faction": "coalition",
    "suits": ["economic", "military", "political", "intelligence"],
    "factions": ["afghan", "british", "russian"],
    "icons": {"army": "kArmy", "road": "kRoad", "tribe": "kTribe", "spy": "kSpy", "leverage": "kLeverage",
              "favor_economic": "kFavorEconomic", "favor_military": "kFavorMilitary",
              "favor_political": "kFavorPolitical", "favor_intelligence": "kFavorIntelligence"},
    "actions": ["tax", "gift", "build", "move", "betray", "battle"],
    # A card region that is no region of the map, and where such a card counts (none here).
    "card_regions": {},
    # Where each region lies on the board page's map (viewBox 1000 x 560), as on the printed board.
    "region_map": {"transcaspia": (330, 90), "persia": (110, 330), "herat": (320, 300),
                   "kabul": (600, 200), "kandahar": (520, 450), "punjab": (840, 380)},
}

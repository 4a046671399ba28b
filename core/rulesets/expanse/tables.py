"""Pax Expanse's part of the table generator (scripts/gen_card_table.py): its words for the
mechanisms the rules code names, in the order of those enumerations (core/types.h; its climate
icons are its own, added to Icon in game.inc), and its own tables."""

VOCABULARY = {
    "data": "data/expanse", "cards": "assets.tsv", "loyalist": "loyalist", "reward": "reward",
    "ability_faction": "faction",
    "suits": ["economic", "war", "political", "subterfuge"],
    "factions": ["belt", "earth", "mars"],
    "icons": {"fleet": "kArmy", "transport": "kRoad", "supporter": "kTribe", "agent": "kSpy",
              "influence": "kLeverage", "climate_prosperity": "kClimateProsperity",
              "climate_war": "kClimateWar"},
    "actions": ["extort", "favour", "rally", "mobilise", "eliminate", "combat"],
    # The crew cards' region: whichever region the Rocinante is in.
    "card_regions": {"rocinante": "kNeutralPieceRegion"},
    # Where each region lies on the board page's map (viewBox 1000 x 560), as on the printed board.
    "region_map": {"earth": (120, 290), "tycho_station": (370, 110), "mars": (370, 440),
                   "belt": (620, 280), "jupiter_system": (860, 440), "outer_planets": (860, 110)},
}


def own_tables(data, gen):
    """Pax Expanse's own tables (expanse_tables.inc): starting influence, deck piles, Dominance
    Check values, the climate track, where its tokens start and the Rocinante's AI deck."""
    camel, read, key_list = gen.camel, gen.read, gen.key_list
    def region(key):
        return "kNoRegion" if key == "none" else f"Region::{camel(key)}"

    files = "setup.tsv, deck_piles.tsv, dominance_checks.tsv, climate.tsv, tokens.tsv, rocinante_cards.tsv and rocinante_actions.tsv"
    lines = [gen.HEADER.format("data/expanse", files),
             "// Starting influence by number of players, then by turn order (1st to 4th).",
             "constexpr u8 kStartingInfluence[kMaxPlayers + 1][kMaxPlayers] = {"]
    setup = {int(r["players"]): r for r in read(data / "setup.tsv")}
    for n in range(5):
        row = setup.get(n)
        vals = [row[f"influence_{o}"] if row and row[f"influence_{o}"] != "none" else "0"
                for o in ["1st", "2nd", "3rd", "4th"]]
        lines.append(f"    {{{', '.join(vals)}}},")
    lines += ["};", "// The six piles of the deck, top pile first: {assets, events, Dominance Check on top or 0}.",
              "constexpr PileDef kPiles[6] = {"]
    for r in read(data / "deck_piles.tsv"):
        check_card = r["dominance_check"] if r["dominance_check"] != "none" else "0"
        lines.append(f"    {{{r['assets']}, {r['events']}, {check_card}}},")
    lines += ["};", "// {faction 1st-3rd, player 1st-2nd, objective VP, objective's next region, final}",
              "constexpr DominanceCheckDef kDominanceCheckDefs[kNumDominanceChecks] = {"]
    for r in read(data / "dominance_checks.tsv"):
        lines.append(f"    {{{{{r['faction_1st']}, {r['faction_2nd']}, {r['faction_3rd']}}}, "
                     f"{{{r['player_1st']}, {r['player_2nd']}}}, {r['objective_vp']}, "
                     f"{region(r['objective_next'])}, {'true' if r['final'] == 'yes' else 'false'}}},")
    climate = sorted(read(data / "climate.tsv"), key=lambda r: int(r["position"]))
    suits = VOCABULARY["suits"]
    lines += ["};", "// The climate track from Prosperity to War: each space's key and favoured suit.",
              f"constexpr const char* kClimateKeys[4] = {{{key_list(r['space'] for r in climate)}}};",
              "constexpr u8 kClimateSuits[4] = {"
              + ", ".join(f"Suit::{gen.INTERNAL_SUITS[suits.index(r['suit'])]}" for r in climate) + "};"]
    tokens = {r["token"]: r["region"] for r in read(data / "tokens.tsv")}
    lines += [f"constexpr u8 kRocinanteStart = {region(tokens['rocinante'])};",
              f"constexpr u8 kObjectiveStart = {region(tokens['objective'])};"]
    # The Rocinante AI deck: each card's two actions (RocinanteAction, core/rulesets/expanse/expanse.h, in
    # rocinante_actions.tsv order), whether both are performed, and where the ship goes.
    vocabulary = [r["action"] for r in read(data / "rocinante_actions.tsv")]
    ai_cards = read(data / "rocinante_cards.tsv")
    assert [int(r["card"]) for r in ai_cards] == list(range(1, len(ai_cards) + 1))

    def ai_action(key):
        assert key == "none" or key in vocabulary, key
        return f"RocinanteAction::k{'None' if key == 'none' else camel(key)[1:]}"

    lines += [f"static_assert(kRocinanteCards == {len(ai_cards)}, \"game.inc: the deck's size is rocinante_cards.tsv's count\");",
              "// {top action, bottom action, both performed (James Holden), location}",
              "constexpr RocinanteCardDef kRocinanteCardDefs[kRocinanteCards] = {"]
    for r in ai_cards:
        lines.append(f"    {{{ai_action(r['top_action'])}, {ai_action(r['bottom_action'])}, "
                     f"{'true' if r['both'] == 'yes' else 'false'}, {region(r['location'])}}},  // {r['crew']}")
    lines.append("};")
    return {"expanse_tables.inc": lines}

#pragma once
// The printed texts of a game's cards, for the board page: each court card's special ability
// and each event's two halves. The rules need no text, so these come not from the rules'
// tables but from the game's data files (its court cards' and event_cards.tsv), embedded in
// the binary at build time (CMakeLists.txt, cmake/embed_text.cmake).

#include <string>

namespace pamir::io::inline PAMIR_RULESET {

// The data files' text, tab-separated with a header line.
extern const char kCourtCardsTsv[];
extern const char kEventCardsTsv[];

struct CardText {
  std::string name, text;  // both empty when the card has none
};

// Court card c's special ability.
const CardText& ability_text(int c);
// Event card c's half: the effect when it is purchased, or when it is discarded.
const CardText& event_text(int c, bool purchased);

}  // namespace pamir::io::inline PAMIR_RULESET

#pragma once
// The printed texts of a game's cards, for the board page and the game log: each court card's
// special ability and each event's two halves. The rules need no text, so these come not from
// the rules' tables but from the game's data files (its court cards' and event_cards.tsv),
// which every game embeds in the binary at build time (io/game_card_texts.h). Reading them is
// the same for every game, so this is compiled once.

#include <array>
#include <map>
#include <string>

namespace pamir::io {

struct CardText {
  std::string name, text;  // both empty when the card has none
};

class CardTexts {
 public:
  // From the data files' text: tab-separated, a header line, a "number" column.
  CardTexts(const char* court_cards_tsv, const char* event_cards_tsv);

  // Court card c's special ability.
  const CardText& ability(int c) const;
  // Event card c's half: the effect when it is purchased, or when it is discarded.
  const CardText& event(int c, bool purchased) const;

 private:
  std::map<int, CardText> abilities_;
  std::map<int, std::array<CardText, 2>> events_;  // [discarded, purchased]
  CardText none_;
};

}  // namespace pamir::io

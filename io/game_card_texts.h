#pragma once
// One game's card texts (io/card_texts.h): its data files, embedded at build time
// (CMakeLists.txt, cmake/embed_text.cmake), read once at first use.

#include "io/card_texts.h"

namespace pamir::io::inline PAMIR_RULESET {

// The data files' text, tab-separated with a header line.
extern const char kCourtCardsTsv[];
extern const char kEventCardsTsv[];

inline const CardTexts& card_texts() {
  static const CardTexts texts(kCourtCardsTsv, kEventCardsTsv);
  return texts;
}
inline const CardText& ability_text(int c) { return card_texts().ability(c); }
inline const CardText& event_text(int c, bool purchased) { return card_texts().event(c, purchased); }

}  // namespace pamir::io::inline PAMIR_RULESET

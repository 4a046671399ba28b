#pragma once
// The board page (web/board.html, one self-contained file: no CDN, works offline), embedded
// in the binary at build time (cmake/embed_text.cmake).

namespace pamir::web {

extern const char kBoardPage[];

}  // namespace pamir::web

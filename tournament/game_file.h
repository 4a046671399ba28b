#pragma once
// The games a file holds, for replays and the board view: a game record (pamir-record-1, one
// game) or a tournament's results file (games.jsonl, every finished game in it), each as a
// record that games::Game::replay reproduces.

#include <string>
#include <vector>

#include "games/game.h"
#include "io/game_record.h"

namespace pamir::tournament {

struct StoredGame {
  long index = 0;          // the game's index in its tournament; 0 for a record
  io::GameRecord record;   // agent specs per seat, seed, actions
  std::vector<int> ranks;  // per seat as the file states them (empty when a record states none)
};

// The game's games in the file. Throws std::runtime_error with a one-line reason naming the
// file for anything else (a file of another game too), or a file with no game in it.
std::vector<StoredGame> read_games(const games::Game& game, const std::string& path);
// The same from the file's text (path names it in messages).
std::vector<StoredGame> parse_games(const games::Game& game, const std::string& text,
                                    const std::string& path);

// The game with that index among games read from path (-1: the file's first game); throws
// std::runtime_error (naming the indices there are) when there is none.
const StoredGame& select_game(const std::vector<StoredGame>& games, long index, const std::string& path);
// read_games and select_game.
StoredGame read_game(const games::Game& game, const std::string& path, long index);

}  // namespace pamir::tournament

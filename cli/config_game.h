#pragma once
// The game of a command that runs a config (`pamir train`, `pamir selfplay`), from the config
// text the command has read (once: a config may be a pipe, `--config <(...)`).

#include "cli/command.h"
#include "selfplay/config.h"
#include "selfplay/config_lines.h"

namespace pamir::cli {

// --game's, which must be the config's when the config names one (game_of_config); a config
// without a `game` line is for whichever game --game picks. The config then names that game
// and is checked against its rules: throws CommandError or selfplay::ConfigError. path names
// the config in errors.
inline const games::Game& resolve_game(selfplay::TrainConfig& config, const std::string& path) {
  const games::Game& game =
      game_of_config(config.origin.count(selfplay::kGameKeyName) ? config.game : "", path);
  config.game = game.key();
  selfplay::check_game_config(config, game.facts());
  return game;
}

}  // namespace pamir::cli

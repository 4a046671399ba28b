// This program's searches know the net evaluators ("net:<path>", "best"), as the tools' do:
// each game's games::Game registers them when it is made (games/ruleset_game.cpp), and these
// tests build Pax Pamir's searches directly.

#include "nets/register_evaluators.h"

namespace {

const bool registered = (pamir::nets::register_net_evaluators(), true);

}  // namespace

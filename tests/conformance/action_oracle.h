#pragma once
// An oracle for the move generator, written plainly from the rule text (the price function,
// the action costs, the eligibility rules) rather than from the generator's code, for the
// decisions where the two games' rules differ most: the turn's actions (purchases at their
// price, plays, card actions that have something to do), the gift, the build, the tax, and
// the move (where each piece may go, each army and each transport once per action where the
// rules say so). check_random_games_against_oracle plays seeded random games and compares
// the generator's legal actions with the oracle's at every such decision, both ways: every
// action offered is affordable and allowed, every affordable and allowed action is offered.
//
// It reads the position through the rules' plain state queries (who rules a region, a
// player's influence and stars) and the card data; what it computes itself is what a move
// generator gets wrong: prices, costs, which pieces and targets qualify. Compiled into each
// game's rules tests (tests/pamir/, tests/expanse/), against that game's rules; where the
// games' rules differ it asks the game's own oracle_rules.h in that folder (a game without
// one does not compile, and the error says what to write).

#include "core/game.h"

namespace pamir::testing {

// Plays `count` seeded games of `players` seats from seeds first_seed.., failing the running
// test at the first decision where the generator and the oracle differ.
void check_random_games_against_oracle(int players, core::u64 first_seed, int count);

}  // namespace pamir::testing

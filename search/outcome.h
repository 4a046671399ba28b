#pragma once
// What a finished game is worth to each seat, as search backs it up and self-play trains on it.
// The game scores only the win (core::returns). At three seats and more a player also cares
// about the places below the first, and so does the rating of agents (tournament/rating.h
// fits whole finishing orders): with the win alone, a seat that can no longer win values
// every line alike and plays as if at random, and a game teaches the value head one bit. The
// search option `places` and the training key `place_share` mix the finishing places in.

#include "core/state.h"
#include "search/evaluator.h"

namespace pamir::search::inline PAMIR_RULESET {

// Each seat's share of the places by the standing now (core::final_ranks, over or not):
// place k of n scores n - 1 - k, tied seats split the places they cover, and the shares are
// normalised to sum to 1 (at 2 seats this is the win share).
Values place_shares(const core::State& s);

// (1 - places) * the win share by the standing (core::standing_shares) + places *
// place_shares. places = 0 is the win alone, exactly.
Values outcome_values(const core::State& s, double places);

// The points all n seats' places share (n - 1 + n - 2 + ... + 0): what place shares are
// normalised by.
constexpr float place_points(int n) { return float(n * (n - 1)) / 2; }

// (1 - share) * win + share * places over the first n seats: how every value of this file's
// kind takes its places in (outcome_values, and the heuristic's estimates).
Values mix_in_places(Values win, const Values& places, double share, int n);

}  // namespace pamir::search::inline PAMIR_RULESET

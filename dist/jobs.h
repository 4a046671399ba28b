#pragma once
// What rank 0 and the other ranks say to each other. Rank 0 sends a worker a job (kJobTag):
// a share of a tournament's games, a share of a self-play generation's games, or stop. A job
// names its game (a worker serves every game: games/registry.h). The
// worker sends back each finished game as it finishes (kResultTag: a tournament's game line,
// tournament/results_log.h, or a self-play game's rows as a checksummed shard,
// selfplay/shard.h) and then the job's end (kJobEndTag). Jobs and ends are CBOR.

#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "selfplay/counters.h"
#include "tournament/play.h"

namespace pamir::dist {

enum Tag : int { kJobTag = 1, kResultTag = 2, kJobEndTag = 3 };

struct TournamentJob {
  std::string game;                 // the game's key
  std::vector<std::string> agents;  // specs, as rank 0 has them
  // The weight files the specs name ("eval=net:<path>"), by path, with their bytes: the
  // worker writes them where it can and points the specs there.
  std::map<std::string, std::string> files;
  int max_decisions = 0;
  int threads = 1;  // per worker; 0: every core of its host
  std::vector<tournament::GameSpec> games;
};

struct SelfPlayJob {
  std::string config;  // selfplay::format_config: reads back to the same values, the game's key too
  int generation = 0;
  std::string weights;  // the previous generation's weights (nets::serialize_weights)
  std::vector<long> games;
};

struct StopJob {};

using Job = std::variant<StopJob, TournamentJob, SelfPlayJob>;

// How a job ended on a worker.
struct JobEnd {
  std::string error;                    // empty: every game of the share finished
  selfplay::SelfPlayCounters counters;  // self-play jobs
  int threads = 0;
};

std::string encode_job(const Job& job);
// Throws std::runtime_error (one line) for bytes that are not a job.
Job decode_job(std::string_view bytes);

std::string encode_job_end(const JobEnd& end);
JobEnd decode_job_end(std::string_view bytes);

// The weight file an agent spec names ("...,eval=net:<path>", options end at a comma), or "".
std::string weight_file_of(const std::string& spec);

}  // namespace pamir::dist

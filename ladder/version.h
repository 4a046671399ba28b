#pragma once
// What the ladder rates: an agent version. A version is its spec plus the checksum of the net
// it loads plus the engine's signature, so that `best` with two different shipped nets is two
// versions, and so is any spec after a rule change. The net's path is not part of it: the same
// net under another path (a run folder moved, a net copied) is the same version; the spec as
// first seen, with that path, is what the ladder shows.
//
// Specs name nets in two ways: the option eval=net:PATH of a search agent, and the shipped
// net of the game and seat count (models/<game>-<N>p.weights, nets/shipped_models.h), which
// the agent `best` and the option eval=best load.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pamir::ladder {

struct AgentVersion {
  std::string game;  // the game's key
  // As the results file names it, with a relative net path resolved (resolve_version).
  std::string spec;
  // The spec without its net's path (eval=net:*): with the checksum and the signature, what
  // tells versions apart.
  std::string spec_key;
  // The net file's checksum64 as 16 hex digits; "missing:<absolute path>" when the file is
  // gone; empty: the agent loads no net.
  std::string net_checksum;
  std::string engine_signature;  // the game's bench_signature(), 16 hex digits
  std::string net_path;          // the file it loads, as resolved; empty: none
  // Its name for people. Resolved, the label it gets when added to a database: its spec, and
  // for the shipped net (whose spec does not say which net it was) the first 8 hex digits of
  // the checksum, "best[1a2b3c4d]". Read from a database, the label it has there.
  std::string label;
};

// 16 lowercase hex digits, as core/hash.h prints keys and signatures.
std::string hex16(std::uint64_t value);

// The net a spec loads, where the spec names it.
struct NetReference {
  std::string path;  // eval=net:'s path as written, or the shipped net's
  bool shipped = false;
  // Where eval=net:'s path stands in the spec (for a shipped net: nowhere, npos).
  std::size_t begin = std::string::npos, length = 0;
};
// nullopt for an agent that loads no net (random, heuristic, ismcts with another evaluator,
// the automaton, an outside program).
std::optional<NetReference> net_of(const std::string& spec, const std::string& game, int players);

// The game's engine signature in hex, computed once per process and game (it plays a few
// seeded games).
std::string engine_signature(const std::string& game);

// The version of spec as a results file of the game at `players` seats names it. A relative
// net path is looked for under each folder of bases in turn (the first where the file exists
// wins, else the first), and the spec then names it so; a net file that is not there is
// recorded as "missing:<absolute path>" rather than refused.
AgentVersion resolve_version(const std::string& game, const std::string& spec, int players,
                             const std::vector<std::string>& bases);

// The version of generation N-1 of the same run when the version's net is a training run's
// nets/genNNN.weights (N >= 1): the same spec naming nets/gen(N-1).weights beside it, which
// is a missing net where the run's older nets were deleted (an archived run keeps its last).
// nullopt otherwise.
std::optional<AgentVersion> previous_generation(const AgentVersion& version, int players);

}  // namespace pamir::ladder

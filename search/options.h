#pragma once
// Options of the search agents. Every option is declared once, in the table in options.cpp
// (name, help, range, default): that table fills the defaults, parses and validates spec
// strings ("iters=800,c=1.0,eval=rollout") and prints the help listing. The options are the
// same for every game, so this is compiled once, outside the rulesets' namespaces.

#include <cstdint>
#include <span>
#include <string>

namespace pamir::search {

struct SearchOptions {
  // Every field gets its default from the option table.
  SearchOptions();

  int iters;    // iterations per decision (0: only the time budget limits)
  double time;  // seconds per decision (0: only iters limits)
  double c;     // exploration constant of PUCT
  double fpu;   // first-play urgency: an unvisited edge's value is the node's mean less this
  double dirichlet_alpha;
  double dirichlet_weight;  // share of Dirichlet noise mixed into the root prior (0: none)
  double temperature;       // move choice: 0 picks the most visited, > 0 samples visits^(1/T)
  int reuse;                // keep the subtree of the position reached between decisions
  int virtual_loss;         // visits added to an edge while a leaf below it awaits evaluation
  int batch;                // leaves collected per evaluator call
  int worlds;               // determinizations (pimc)
  std::string eval;         // evaluator spec: rollout, heuristic, uniform, net:<path>, ...
  double hmix;              // share of the heuristic's value mixed into every leaf value
  double places;            // share of the finishing places in a finished game's value (outcome.h)
  std::string infer;        // a net evaluator's arithmetic: f32 or bf16 (nets/inference_path.h)
  int gumbel;               // Gumbel root search over this many sampled moves (0: PUCT; search/gumbel.h)
  double gnoise;            // scale of its Gumbel noise (self-play 1; 0: none, the prior's top moves)
  int stall;                // rounds without progress before a leaf's leads shrink (0: never; search/stall.h)
  std::uint64_t seed;
};

enum class OptionKind { kInt, kReal, kText };

struct OptionInfo {
  const char* name;
  OptionKind kind;
  double min, max;       // inclusive range of numeric options
  const char* fallback;  // the default, as it would be written in a spec
  const char* only_for;  // the one agent that uses this option, or nullptr for all searches
  const char* help;
};

std::span<const OptionInfo> option_table();

// Sets options from "key=value,key=value" (an empty text changes nothing). agent is the agent
// name the spec is for (options that belong to another agent are refused). Throws
// std::invalid_argument with a one-line message naming the option and its range.
void parse_options(const std::string& agent, const std::string& text, SearchOptions& options);

// One line per option: "  name  help (range, default D)".
std::string options_help();

}  // namespace pamir::search

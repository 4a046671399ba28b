#pragma once
// Lists of agent specs on the command line (`pamir play --agents`, `pamir tournament --agents`).

#include <string>
#include <vector>

namespace pamir::cli {

// Splits a list into specs. Specs carry their own comma-separated options
// ("name:key=value,key=value"), so either the list is separated by ';'
// ("random;pimc:iters=200,c=1"), or, with no ';' in it, a comma-separated piece without ':'
// that contains '=' continues the previous spec: "mcts:iters=100,c=1.4,random" is two specs.
std::vector<std::string> split_agent_specs(const std::string& text);

}  // namespace pamir::cli

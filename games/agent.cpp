#include "games/agent.h"

#include <sstream>

#include "io/name_registry.h"

namespace pamir::games {
namespace {

io::NameRegistry<AgentMaker>& registry() {
  static io::NameRegistry<AgentMaker> r;
  return r;
}

}  // namespace

bool register_agent(const std::string& name, AgentMaker maker) {
  return registry().add(name, std::move(maker));
}

AgentMaker find_agent(const std::string& name) { return registry().find(name); }

std::vector<std::string> registered_agent_names() { return registry().names(); }

std::vector<std::string> split_agent_specs(const std::string& text) {
  std::vector<std::string> specs;
  std::stringstream in(text);
  for (std::string piece; std::getline(in, piece, ',');) {
    const size_t eq = piece.find('=');
    const bool continues = !specs.empty() && eq != std::string::npos && piece.find(':') > eq;
    if (continues)
      specs.back() += "," + piece;
    else
      specs.push_back(piece);
  }
  return specs;
}

}  // namespace pamir::games

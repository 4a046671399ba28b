#include "games/agent.h"

#include <map>
#include <mutex>
#include <sstream>

namespace pamir::games {
namespace {

struct Registry {
  std::mutex mutex;
  std::map<std::string, AgentMaker> makers;
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

bool register_agent(const std::string& name, AgentMaker maker) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.makers[name] = std::move(maker);
  return true;
}

AgentMaker find_agent(const std::string& name) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  const auto it = r.makers.find(name);
  return it == r.makers.end() ? AgentMaker() : it->second;
}

std::vector<std::string> registered_agent_names() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<std::string> names;
  for (const auto& [name, maker] : r.makers) names.push_back(name);
  return names;
}

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

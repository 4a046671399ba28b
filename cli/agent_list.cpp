#include "cli/agent_list.h"

#include <sstream>

namespace pamir::cli {

std::vector<std::string> split_agent_specs(const std::string& text) {
  std::vector<std::string> specs;
  std::stringstream in(text);
  if (text.find(';') != std::string::npos) {
    for (std::string piece; std::getline(in, piece, ';');)
      if (!piece.empty()) specs.push_back(piece);
    return specs;
  }
  for (std::string piece; std::getline(in, piece, ',');) {
    const bool continues = !specs.empty() && piece.find(':') == std::string::npos &&
                           piece.find('=') != std::string::npos;
    if (continues)
      specs.back() += "," + piece;
    else
      specs.push_back(piece);
  }
  return specs;
}

}  // namespace pamir::cli

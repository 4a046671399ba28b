#include "ladder/version.h"

#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <string_view>

#include "games/registry.h"
#include "io/file_io.h"
#include "nets/checksum.h"
#include "nets/shipped_models.h"

namespace pamir::ladder {
namespace {

namespace fs = std::filesystem;

// The spec with its net path (at [begin, begin + length)) replaced by text.
std::string with_path(const std::string& spec, const NetReference& net, const std::string& text) {
  return spec.substr(0, net.begin) + text + spec.substr(net.begin + net.length);
}

// The checksum field of a net file: its bytes' checksum, or "missing:<absolute path>" (the same
// whichever folder the file was named from).
std::string net_checksum(const std::string& path) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) return "missing:" + fs::absolute(path).lexically_normal().string();
  const std::string bytes = io::read_file(path);
  return hex16(nets::checksum64(bytes.data(), bytes.size()));
}

}  // namespace

std::string hex16(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016" PRIx64, value);
  return text;
}

std::optional<NetReference> net_of(const std::string& spec, const std::string& game, int players) {
  const std::size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  // An outside program's argument is its command line, not options.
  if (name == "external") return std::nullopt;
  std::optional<NetReference> net;
  const NetReference shipped{nets::shipped_model_path(game, players), true};
  if (name == "best") net = shipped;  // its own options say eval=best (search/agent.h)
  if (colon == std::string::npos) return net;
  // The options, "key=value" separated by commas; the last eval= is the one the agent uses.
  constexpr std::string_view kNetOption = "eval=net:";
  for (std::size_t pos = colon + 1; pos <= spec.size();) {
    const std::size_t end = std::min(spec.find(',', pos), spec.size());
    const std::string option = spec.substr(pos, end - pos);
    const std::size_t path = pos + kNetOption.size();  // where a net option's path starts
    if (option.starts_with(kNetOption))
      net = NetReference{spec.substr(path, end - path), false, path, end - path};
    else if (option == "eval=best")
      net = shipped;
    else if (option.starts_with("eval="))
      net.reset();
    pos = end + 1;
  }
  return net;
}

std::string engine_signature(const std::string& game) {
  static std::mutex mutex;
  static std::map<std::string, std::string> signatures;
  std::lock_guard lock(mutex);
  auto found = signatures.find(game);
  if (found == signatures.end())
    found = signatures.emplace(game, hex16(games::game(game).bench_signature())).first;
  return found->second;
}

AgentVersion resolve_version(const std::string& game, const std::string& spec, int players,
                             const std::vector<std::string>& bases) {
  AgentVersion v{game, spec, spec, "", engine_signature(game), "", spec};
  const std::optional<NetReference> net = net_of(spec, game, players);
  if (!net) return v;
  std::string path = net->path;
  if (!net->shipped && fs::path(path).is_relative() && !bases.empty()) {
    path = (fs::path(bases.front()) / path).lexically_normal().string();
    for (const std::string& base : bases) {
      const std::string candidate = (fs::path(base) / net->path).lexically_normal().string();
      std::error_code error;
      if (fs::is_regular_file(candidate, error)) {
        path = candidate;
        break;
      }
    }
  }
  if (!net->shipped) {
    v.spec = with_path(spec, *net, path);
    v.spec_key = with_path(spec, *net, "*");
  }
  v.net_path = path;
  v.net_checksum = net_checksum(path);
  const bool missing = v.net_checksum.rfind("missing:", 0) == 0;
  v.label = net->shipped ? spec + "[" + (missing ? std::string("missing") : v.net_checksum.substr(0, 8)) + "]"
                         : v.spec;
  return v;
}

std::optional<AgentVersion> previous_generation(const AgentVersion& v, int players) {
  const std::optional<NetReference> net = net_of(v.spec, v.game, players);
  if (!net || net->shipped) return std::nullopt;
  const fs::path path(v.net_path);
  const std::string name = path.filename().string();
  // nets/genNNN.weights, as the training loop numbers its nets (training/train_loop.h).
  if (path.parent_path().filename() != "nets" || !name.starts_with("gen") || !name.ends_with(".weights"))
    return std::nullopt;
  const std::string digits = name.substr(3, name.size() - 11);
  if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  const long generation = std::stol(digits);
  if (generation == 0) return std::nullopt;
  std::string previous = std::to_string(generation - 1);
  if (previous.size() < digits.size()) previous.insert(0, digits.size() - previous.size(), '0');
  const std::string previous_path = (path.parent_path() / ("gen" + previous + ".weights")).string();
  return resolve_version(v.game, with_path(v.spec, *net, previous_path), players, {});
}

}  // namespace pamir::ladder

#include "dist/jobs.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

namespace pamir::dist {

namespace {

using nlohmann::json;

json binary(const std::string& bytes) {
  return json::binary(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
}

std::string from_binary(const json& j) {
  const auto& b = j.get_binary();
  return std::string(b.begin(), b.end());
}

struct JobEncoder {
  json operator()(const StopJob&) const { return {{"kind", "stop"}}; }
  json operator()(const TournamentJob& t) const {
    json games = json::array();
    for (const auto& g : t.games) games.push_back({g.game, g.seed, g.seats});
    json files = json::object();
    for (const auto& [path, bytes] : t.files) files[path] = binary(bytes);
    return {{"kind", "tournament"},
            {"game", t.game},
            {"agents", t.agents},
            {"files", files},
            {"max_decisions", t.max_decisions},
            {"threads", t.threads},
            {"games", games}};
  }
  json operator()(const SelfPlayJob& s) const {
    return {{"kind", "selfplay"},
            {"config", s.config},
            {"generation", s.generation},
            {"weights", binary(s.weights)},
            {"games", s.games}};
  }
};

}  // namespace

std::string encode_job(const Job& job) {
  const auto bytes = json::to_cbor(std::visit(JobEncoder{}, job));
  return std::string(bytes.begin(), bytes.end());
}

Job decode_job(std::string_view bytes) {
  try {
    const json j = json::from_cbor(bytes.begin(), bytes.end());
    const std::string kind = j.at("kind");
    if (kind == "stop") return StopJob{};
    if (kind == "tournament") {
      TournamentJob t;
      t.game = j.at("game");
      t.agents = j.at("agents").get<std::vector<std::string>>();
      for (const auto& [path, b] : j.at("files").items()) t.files[path] = from_binary(b);
      t.max_decisions = j.at("max_decisions");
      t.threads = j.at("threads");
      for (const auto& g : j.at("games"))
        t.games.push_back({g.at(0), g.at(1), g.at(2).get<std::vector<int>>()});
      return t;
    }
    if (kind == "selfplay") {
      SelfPlayJob s;
      s.config = j.at("config");
      s.generation = j.at("generation");
      s.weights = from_binary(j.at("weights"));
      s.games = j.at("games").get<std::vector<long>>();
      return s;
    }
    throw std::runtime_error("unknown job kind '" + kind + "'");
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("malformed job from rank 0: ") + e.what());
  }
}

std::string encode_job_end(const JobEnd& end) {
  json counters = json::array();
  selfplay::for_each_counter(end.counters, [&](const char*, long v) { counters.push_back(v); });
  const auto bytes = json::to_cbor({{"error", end.error}, {"counters", counters}, {"threads", end.threads}});
  return std::string(bytes.begin(), bytes.end());
}

JobEnd decode_job_end(std::string_view bytes) {
  try {
    const json j = json::from_cbor(bytes.begin(), bytes.end());
    JobEnd end;
    end.error = j.at("error");
    end.threads = j.at("threads");
    const json& counters = j.at("counters");
    std::size_t i = 0;
    selfplay::for_each_counter(end.counters, [&](const char*, long& v) { v = counters.at(i++); });
    return end;
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("malformed job end: ") + e.what());
  }
}

std::string weight_file_of(const std::string& spec) {
  const std::string key = "eval=net:";
  const std::size_t at = spec.find(key);
  if (at == std::string::npos) return "";
  const std::size_t begin = at + key.size();
  return spec.substr(begin, spec.find(',', begin) - begin);
}

}  // namespace pamir::dist

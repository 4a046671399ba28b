#include "web/board_api.h"

#include <limits>
#include <stdexcept>

#include "io/json.h"
#include "io/text.h"

namespace pamir::web {
namespace {

struct NotFound : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The request body as a JSON object; throws std::invalid_argument with a one-line reason.
Json body_of(const ApiRequest& request) {
  Json j;
  try {
    j = io::parse_json(request.body);
  } catch (const io::JsonSyntaxError& e) {
    throw std::invalid_argument(e.what());
  }
  if (!j.is_object()) throw std::invalid_argument("the request body must be a JSON object");
  return j;
}

std::string where(const char* key) { return std::string("\"") + key + "\""; }

// A whole number field in lo..hi, or fallback when absent: 1e20 or 2.5 are refused rather
// than converted.
long long integer_field(const Json& j, const char* key, long long lo, long long hi, long long fallback) {
  if (!j.contains(key)) return fallback;
  const Json& v = j[key];
  const bool in_range = v.is_number_unsigned()
                            ? v.get<unsigned long long>() <= static_cast<unsigned long long>(hi)
                        : v.is_number_integer() ? v.get<long long>() >= lo && v.get<long long>() <= hi
                                                : false;
  if (!in_range)
    throw std::invalid_argument(where(key) + " must be a whole number " + std::to_string(lo) + " to " +
                                std::to_string(hi) + ", got " + io::excerpt(v));
  return v.get<long long>();
}

// A seed: a whole number 0 to 2^64-1 (-1 does not wrap).
games::u64 seed_field(const Json& j, const char* key, games::u64 fallback) {
  if (!j.contains(key)) return fallback;
  if (!j[key].is_number_unsigned())
    throw std::invalid_argument(where(key) + " must be a whole number 0 to 2^64-1, got " +
                                io::excerpt(j[key]));
  return j[key].get<games::u64>();
}

std::string string_field(const Json& j, const char* key) {
  if (!j.contains(key)) return "";
  if (!j[key].is_string()) throw std::invalid_argument(where(key) + " must be a string");
  return j[key].get<std::string>();
}

std::vector<std::string> strings_field(const Json& j, const char* key) {
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  if (!j[key].is_array()) throw std::invalid_argument(where(key) + " must be an array of strings");
  for (const Json& v : j[key]) {
    if (!v.is_string()) throw std::invalid_argument(where(key) + " must be an array of strings");
    out.push_back(v.get<std::string>());
  }
  return out;
}

// ?step=N of /api/view: a whole number (the session clamps it), -1 (the last) when absent.
int step_param(const ApiRequest& request) {
  const auto it = request.params.find("step");
  if (it == request.params.end()) return -1;
  const std::string& text = it->second;
  try {
    std::size_t used = 0;
    const int step = std::stoi(text, &used);
    if (used == text.size()) return step;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument("step must be a whole number, got " + io::quoted(text.substr(0, 40)));
}

Json route(BoardSession& session, const ApiRequest& r) {
  const bool get = r.method == "GET", post = r.method == "POST";
  if (get && r.path == "/api/ruleset") return session.ruleset();
  if (get && r.path == "/api/games") return session.games();
  if (get && r.path == "/api/view") return session.view(step_param(r));
  if (post && r.path == "/api/open") {
    const Json j = body_of(r);
    session.open_from_page(string_field(j, "path"),
                           long(integer_field(j, "game", -1, std::numeric_limits<long>::max(), -1)));
  } else if (post && r.path == "/api/new") {
    const Json j = body_of(r);
    NewGame g;
    g.agents = strings_field(j, "agents");
    g.players = int(integer_field(j, "players", 0, 100, long(g.agents.size())));
    g.seed = seed_field(j, "seed", 1);
    session.start(g);
  } else if (post && r.path == "/api/act") {
    const Json j = body_of(r);
    if (!j.contains("id")) throw std::invalid_argument("\"id\" is missing");
    session.act(long(integer_field(j, "id", 0, std::numeric_limits<int>::max(), -1)));
  } else if (post && r.path == "/api/undo") {
    session.undo();
  } else {
    throw NotFound("no API call " + r.method + " " + r.path.substr(0, 100));
  }
  return session.view(-1);
}

}  // namespace

ApiReply answer(BoardSession& session, const ApiRequest& request) {
  try {
    return {200, route(session, request)};
  } catch (const NotFound& e) {
    return {404, {{"error", e.what()}}};
  } catch (const AccessDenied& e) {
    return {403, {{"error", e.what()}}};
  } catch (const std::exception& e) {
    return {400, {{"error", e.what()}}};
  }
}

ApiReply answer(BoardSessions& sessions, const ApiRequest& request, const std::string& session_id) {
  if (request.method == "POST" && request.path == "/api/session")
    return {200, {{"session", sessions.create()}}};
  if (request.method == "GET" && request.path == "/api/ruleset") return {200, sessions.ruleset()};
  try {
    BoardSessions::Lease session = sessions.find(session_id);
    return answer(*session, request);
  } catch (const UnknownSession& e) {
    return {404, {{"error", e.what()}}};
  }
}

}  // namespace pamir::web

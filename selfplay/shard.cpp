#include "selfplay/shard.h"

#include <cmath>
#include <cstring>
#include <map>

#include "io/file_io.h"
#include "io/games.h"
#include "selfplay/npz.h"

namespace pamir::selfplay {
namespace {

template <class T>
std::span<const T> as_span(const std::vector<T>& v) {
  return {v.data(), v.size()};
}

template <class T>
void append_to(std::vector<T>& to, const std::vector<T>& from, std::size_t skip = 0) {
  to.insert(to.end(), from.begin() + skip, from.end());
}

// Copies a named array out of the archive after checking its dtype and element count.
template <class T>
std::vector<T> take(const std::map<std::string, const NpyArray*>& arrays, const std::string& name,
                    const std::string& dtype, std::int64_t count, const std::string& source) {
  const auto it = arrays.find(name);
  if (it == arrays.end()) throw NpzError(source + ": array '" + name + "' missing");
  const NpyArray& a = *it->second;
  if (a.dtype != dtype)
    throw NpzError(source + ": array '" + name + "' has dtype " + a.dtype + ", expected " + dtype);
  std::int64_t n = 1;
  for (auto d : a.shape) n *= d;
  if (count >= 0 && n != count)
    throw NpzError(source + ": array '" + name + "' has " + std::to_string(n) + " entries, expected " +
                   std::to_string(count));
  std::vector<T> out(a.data.size() / sizeof(T));
  std::memcpy(out.data(), a.data.data(), a.data.size());
  return out;
}

// Offsets must start at 0, never decrease and end at the length of the arrays they index.
void check_offsets(const std::vector<std::int32_t>& begin, std::size_t total, const std::string& name,
                   const std::string& source) {
  bool ok = !begin.empty() && begin.front() == 0 && std::size_t(begin.back()) == total;
  for (std::size_t i = 1; ok && i < begin.size(); ++i) ok = begin[i] >= begin[i - 1];
  if (!ok) throw NpzError(source + ": array '" + name + "' is not a valid offset table");
}

}  // namespace

void ShardRows::append(const ShardRows& other) {
  const std::int32_t feature_base = feature_begin.back(), legal_base = legal_begin.back();
  append_to(games, other.games);
  for (std::size_t i = 1; i < other.feature_begin.size(); ++i)
    feature_begin.push_back(feature_base + other.feature_begin[i]);
  for (std::size_t i = 1; i < other.legal_begin.size(); ++i)
    legal_begin.push_back(legal_base + other.legal_begin[i]);
  append_to(feature_index, other.feature_index);
  append_to(feature_value, other.feature_value);
  append_to(legal_action, other.legal_action);
  append_to(policy, other.policy);
  append_to(value, other.value);
  append_to(result, other.result);
  append_to(vp_margin, other.vp_margin);
  append_to(num_players, other.num_players);
  counters += other.counters;
}

std::string shard_bytes(const ShardRows& s) {
  const std::int64_t n = s.rows();
  const std::vector<std::int64_t> format{kShardFormatVersion, s.shape.num_features, s.shape.num_actions,
                                         s.shape.num_seats};
  std::vector<NpyArray> arrays{
      make_array("format", "<i8", {4}, as_span(format)),
      make_array("games", "<i8", {std::int64_t(s.games.size())}, as_span(s.games)),
      make_array("feature_begin", "<i4", {n + 1}, as_span(s.feature_begin)),
      make_array("feature_index", "<i4", {std::int64_t(s.feature_index.size())}, as_span(s.feature_index)),
      make_array("feature_value", "<f4", {std::int64_t(s.feature_value.size())}, as_span(s.feature_value)),
      make_array("legal_begin", "<i4", {n + 1}, as_span(s.legal_begin)),
      make_array("legal_action", "<u2", {std::int64_t(s.legal_action.size())}, as_span(s.legal_action)),
      make_array("policy", "<f4", {std::int64_t(s.policy.size())}, as_span(s.policy)),
      make_array("value", "<f4", {n, s.shape.num_seats}, as_span(s.value)),
      make_array("num_players", "|u1", {n}, as_span(s.num_players)),
      make_array("result", "<f4", {n, s.shape.num_seats}, as_span(s.result)),
      make_array("vp_margin", "<f4", {n, s.shape.num_seats}, as_span(s.vp_margin)),
  };
  std::vector<double> counters;
  for_each_counter(s.counters, [&](const char*, long value) { counters.push_back(double(value)); });
  arrays.push_back(make_array("counters", "<f8", {std::int64_t(counters.size())}, as_span(counters)));
  // The game's key as bytes. The first game's shards name no game: they had none before there
  // were two, and stay as they were.
  if (s.shape.game != io::kDefaultGame) {
    const std::string_view key = s.shape.game;
    const std::vector<std::uint8_t> game(key.begin(), key.end());
    arrays.push_back(make_array("game", "|u1", {std::int64_t(game.size())}, as_span(game)));
  }
  return write_npz(arrays);
}

ShardRows parse_shard(std::string_view bytes, const std::string& source, const nets::NetShape& expected) {
  const std::vector<NpyArray> archive = read_npz(bytes, source);
  std::map<std::string, const NpyArray*> arrays;
  for (const auto& a : archive) arrays[a.name] = &a;
  std::string game(io::kDefaultGame);
  if (arrays.count("game")) {
    const auto key = take<std::uint8_t>(arrays, "game", "|u1", -1, source);
    game.assign(key.begin(), key.end());
  }
  if (const std::string other = io::other_game(game, expected.game, "self-play shard"); !other.empty())
    throw NpzError(source + " " + other);
  const auto format = take<std::int64_t>(arrays, "format", "<i8", 4, source);
  if (format[0] != 1 && format[0] != kShardFormatVersion)
    throw NpzError(source + ": shard format " + std::to_string(format[0]) + ", this build reads 1 to " +
                   std::to_string(kShardFormatVersion));
  if (format[1] != expected.num_features || format[2] != expected.num_actions ||
      format[3] != expected.num_seats)
    throw NpzError(source + ": shard made for another encoder or action space");
  ShardRows s;
  s.shape = expected;
  s.num_players = take<std::uint8_t>(arrays, "num_players", "|u1", -1, source);
  const std::int64_t n = s.rows();
  s.games = take<std::int64_t>(arrays, "games", "<i8", -1, source);
  s.feature_begin = take<std::int32_t>(arrays, "feature_begin", "<i4", n + 1, source);
  s.feature_index = take<std::int32_t>(arrays, "feature_index", "<i4", -1, source);
  s.feature_value = take<float>(arrays, "feature_value", "<f4", std::int64_t(s.feature_index.size()), source);
  s.legal_begin = take<std::int32_t>(arrays, "legal_begin", "<i4", n + 1, source);
  s.legal_action = take<std::uint16_t>(arrays, "legal_action", "<u2", -1, source);
  s.policy = take<float>(arrays, "policy", "<f4", std::int64_t(s.legal_action.size()), source);
  s.value = take<float>(arrays, "value", "<f4", n * expected.num_seats, source);
  for (auto [name, to] : {std::pair{"result", &s.result}, std::pair{"vp_margin", &s.vp_margin}})
    *to = format[0] >= 2 ? take<float>(arrays, name, "<f4", n * expected.num_seats, source)
                         : std::vector<float>(n * expected.num_seats, std::nanf(""));
  // Shards written before they kept counters have none: their games and rows are counted.
  s.counters.games = long(s.games.size());
  s.counters.rows = s.rows();
  if (arrays.count("counters")) {
    std::int64_t count = 0;
    for_each_game_counter([&](const char*, auto) { ++count; });
    const auto counters = take<double>(arrays, "counters", "<f8", count, source);
    std::size_t i = 0;
    for_each_counter(s.counters, [&](const char*, long& field) { field = long(counters[i++]); });
  }
  check_offsets(s.feature_begin, s.feature_index.size(), "feature_begin", source);
  check_offsets(s.legal_begin, s.legal_action.size(), "legal_begin", source);
  for (auto i : s.feature_index)
    if (i < 0 || i >= expected.num_features) throw NpzError(source + ": feature index out of range");
  for (auto a : s.legal_action)
    if (a >= expected.num_actions) throw NpzError(source + ": action id out of range");
  for (auto p : s.num_players)
    if (p < 1 || p > expected.num_seats) throw NpzError(source + ": player count out of range");
  return s;
}

void write_shard(const std::string& path, const ShardRows& rows) {
  io::write_file_atomically(path, shard_bytes(rows));
}

ShardRows read_shard(const std::string& path, const nets::NetShape& expected) {
  std::string bytes;
  try {
    bytes = io::read_file(path);
  } catch (const std::runtime_error& e) {
    throw NpzError(e.what());
  }
  return parse_shard(bytes, path, expected);
}

}  // namespace pamir::selfplay

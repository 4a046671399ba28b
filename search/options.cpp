#include "search/options.h"

#include <fmt/printf.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace pamir::search {
namespace {

// An option as declared: its public description and where its value goes.
struct OptionEntry {
  OptionInfo info;
  void (*set)(SearchOptions&, double number, const std::string& text);
};

#define PAMIR_NUMBER_FIELD(field, type) \
  [](SearchOptions& o, double v, const std::string&) { o.field = type(v); }

const OptionEntry kOptions[] = {
    {{"iters", OptionKind::kInt, 0, 1e8, "800", nullptr,
      "iterations per decision (0: the time budget alone)"},
     PAMIR_NUMBER_FIELD(iters, int)},
    {{"time", OptionKind::kReal, 0, 3600, "0", nullptr,
      "seconds per decision (0: iters alone); a time budget makes moves depend on speed"},
     PAMIR_NUMBER_FIELD(time, double)},
    {{"c", OptionKind::kReal, 0, 100, "1.5", nullptr, "exploration constant of PUCT"},
     PAMIR_NUMBER_FIELD(c, double)},
    {{"fpu", OptionKind::kReal, 0, 1, "0.1", nullptr,
      "first-play urgency: an unvisited move is valued at the node's mean value less this"},
     PAMIR_NUMBER_FIELD(fpu, double)},
    {{"alpha", OptionKind::kReal, 0.001, 100, "0.3", nullptr, "Dirichlet noise concentration at the root"},
     PAMIR_NUMBER_FIELD(dirichlet_alpha, double)},
    {{"noise", OptionKind::kReal, 0, 1, "0", nullptr,
      "weight of Dirichlet noise in the root prior (0: none)"},
     PAMIR_NUMBER_FIELD(dirichlet_weight, double)},
    {{"temp", OptionKind::kReal, 0, 100, "0", nullptr,
      "move choice: 0 plays the most visited move, T > 0 samples in proportion to visits^(1/T)"},
     PAMIR_NUMBER_FIELD(temperature, double)},
    {{"reuse", OptionKind::kInt, 0, 1, "1", nullptr,
      "1: keep the subtree of the position reached since the last decision"},
     PAMIR_NUMBER_FIELD(reuse, int)},
    {{"vloss", OptionKind::kInt, 0, 100, "1", nullptr,
      "virtual loss: visits counted as losses while a leaf awaits evaluation"},
     PAMIR_NUMBER_FIELD(virtual_loss, int)},
    {{"batch", OptionKind::kInt, 1, 256, "1", nullptr, "leaves collected per evaluator call"},
     PAMIR_NUMBER_FIELD(batch, int)},
    {{"worlds", OptionKind::kInt, 1, 1000, "8", "pimc", "determinizations searched, iterations split evenly"},
     PAMIR_NUMBER_FIELD(worlds, int)},
    {{"eval", OptionKind::kText, 0, 0, "rollout", nullptr,
      "leaf evaluator: rollout, heuristic, uniform, net:<path>"},
     [](SearchOptions& o, double, const std::string& text) { o.eval = text; }},
    {{"hmix", OptionKind::kReal, 0, 1, "0", nullptr,
      "share of the heuristic's value mixed into every leaf value of the evaluator (0: the evaluator alone)"},
     PAMIR_NUMBER_FIELD(hmix, double)},
    {{"places", OptionKind::kReal, 0, 1, "0", nullptr,
      "share of the finishing places in the value of a finished game (0: the win alone; search/outcome.h)"},
     PAMIR_NUMBER_FIELD(places, double)},
    {{"infer", OptionKind::kText, 0, 0, "f32", nullptr,
      "a net evaluator's arithmetic: f32, or bf16 (weights stored as bfloat16, sums in float)"},
     [](SearchOptions& o, double, const std::string& text) { o.infer = text; }},
    {{"gumbel", OptionKind::kInt, 0, 1000, "0", nullptr,
      "Gumbel root search: sequential halving over this many of the root's moves, the survivor played "
      "(0: PUCT at the root)"},
     PAMIR_NUMBER_FIELD(gumbel, int)},
    {{"gnoise", OptionKind::kReal, 0, 10, "0", nullptr,
      "scale of the Gumbel noise on the root's logits (0: none, the prior's best moves are considered)"},
     PAMIR_NUMBER_FIELD(gnoise, double)},
    {{"stall", OptionKind::kInt, 0, 1000, "0", nullptr,
      "rounds without progress (no card drawn, no Dominance Check) after which a leaf's leads over the "
      "draw shrink, to nothing at three times as many, so that a leader closes the game out (0: never; "
      "search/stall.h)"},
     PAMIR_NUMBER_FIELD(stall, int)},
    {{"seed", OptionKind::kInt, 0, 9e15, "0", nullptr, "mixed into the agent's seed"},
     PAMIR_NUMBER_FIELD(seed, std::uint64_t)},
};

#undef PAMIR_NUMBER_FIELD

std::string format_number(double v) { return fmt::sprintf("%g", v); }

std::string range_text(const OptionInfo& o) {
  if (o.kind == OptionKind::kText) return "text";
  return (o.kind == OptionKind::kInt ? "an integer in " : "a number in ") + format_number(o.min) + ".." +
         format_number(o.max);
}

const OptionEntry* find_option(const std::string& name) {
  for (const OptionEntry& e : kOptions)
    if (name == e.info.name) return &e;
  return nullptr;
}

std::string known_names() {
  std::string out;
  for (const OptionEntry& e : kOptions) out += (out.empty() ? "" : ", ") + std::string(e.info.name);
  return out;
}

// Parses and range-checks one value; throws with the option's name and range.
void set_option(const OptionEntry& e, const std::string& value, SearchOptions& options) {
  const OptionInfo& o = e.info;
  if (o.kind == OptionKind::kText) {
    if (value.empty()) throw std::invalid_argument(std::string("option '") + o.name + "' needs a value");
    e.set(options, 0, value);
    return;
  }
  double v = 0;
  size_t used = 0;
  try {
    v = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  const bool whole = o.kind != OptionKind::kInt || v == std::floor(v);
  if (used == 0 || used != value.size() || !std::isfinite(v) || !whole || v < o.min || v > o.max)
    throw std::invalid_argument(std::string("option '") + o.name + "' must be " + range_text(o) + ", got '" +
                                value + "'");
  e.set(options, v, value);
}

}  // namespace

SearchOptions::SearchOptions() {
  for (const OptionEntry& e : kOptions) set_option(e, e.info.fallback, *this);
}

std::span<const OptionInfo> option_table() {
  static const auto infos = [] {
    std::array<OptionInfo, std::size(kOptions)> out{};
    for (size_t i = 0; i < std::size(kOptions); ++i) out[i] = kOptions[i].info;
    return out;
  }();
  return infos;
}

void parse_options(const std::string& agent, const std::string& text, SearchOptions& options) {
  if (text.empty()) return;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw std::invalid_argument("option '" + item + "' of " + agent + " needs a value (name=value)");
    const std::string name = item.substr(0, eq);
    const OptionEntry* e = find_option(name);
    if (!e)
      throw std::invalid_argument("unknown option '" + name + "' of " + agent + " (known: " + known_names() +
                                  ")");
    if (e->info.only_for && agent != e->info.only_for)
      throw std::invalid_argument("option '" + name + "' applies only to " + e->info.only_for);
    set_option(*e, item.substr(eq + 1), options);
  }
  if (options.iters == 0 && options.time == 0)
    throw std::invalid_argument("options 'iters' and 'time' of " + agent + " cannot both be 0 (no budget)");
}

std::string options_help() {
  std::string out;
  for (const OptionEntry& e : kOptions) {
    const OptionInfo& o = e.info;
    out += fmt::sprintf("  %-7s %s (%s, default %s%s%s)\n", o.name, o.help, range_text(o).c_str(), o.fallback,
                        o.only_for ? ", only " : "", o.only_for ? o.only_for : "");
  }
  return out;
}

}  // namespace pamir::search

#include "web/board_session.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "core/cards.h"
#include "core/dominance.h"
#include "core/game.h"
#include "core/map.h"
#include "core/queries.h"
#include "io/file_io.h"
#include "io/game_log.h"
#include "io/observation.h"
#include "io/record.h"
#include "io/state_json.h"
#include "tournament/game_file.h"
#include "tournament/play.h"

namespace pamir::web {

using namespace core;

namespace {

Json legal_json(const State& s) {
  Action legal[kMaxLegalActions];
  const int n = legal_actions(s, legal);
  Json out = Json::array();
  for (int i = 0; i < n; ++i) {
    out.push_back({{"id", legal[i]},
                   {"name", io::describe_action(s, legal[i])},
                   {"card", io::action_card(s, legal[i])},
                   {"region", io::action_region(legal[i])},
                   {"border", io::action_border(legal[i])}});
  }
  return out;
}

Json standing_json(const State& s) {
  const auto ranks = final_ranks(s);
  Json out = Json::array();
  for (int p = 0; p < s.num_players; ++p)
    out.push_back({{"seat", p},
                   {"rank", ranks[p]},
                   {"vp", s.vp[p]},
                   {"military_stars", stars(s, p, Suit::kMilitary)},
                   {"rupees", s.rupees[p]}});
  return out;
}

}  // namespace

void BoardSession::open(const std::string& path, long index) {
  show_games(path, io::read_file(path), index);
  if (start_file_.empty()) {
    std::error_code error;
    start_file_ = std::filesystem::canonical(path, error);
  }
}

void BoardSession::open_from_page(const std::string& path, long index) {
  // The path's canonical form (symbolic links and .. resolved) must lie under a root; it is
  // not opened, nor said whether it exists, unless it does.
  std::error_code error;
  const std::filesystem::path file = std::filesystem::weakly_canonical(std::filesystem::absolute(path, error), error);
  const auto under = [&](const std::filesystem::path& root) {
    const auto [r, f] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
    return r == root.end();
  };
  const bool allowed = !error && (file == start_file_ || std::any_of(access_.roots.begin(), access_.roots.end(), under));
  if (!allowed)
    throw AccessDenied("the page may open files only under the folders pamir serve was started with (--root)");
  show_games(path, io::read_regular_file(file.string(), kMaxPageFileBytes), index);
}

void BoardSession::show_games(const std::string& path, const std::string& text, long index) {
  const auto games = tournament::parse_games(text, path);  // throws before anything changes
  const tournament::StoredGame& game = tournament::select_game(games, index, path);
  std::string error;
  if (!io::replay(game.record, &error)) throw std::runtime_error(path + ": " + error);
  Json list = Json::array();
  for (const auto& g : games) list.push_back({{"index", g.index}, {"agents", g.record.agents}, {"ranks", g.ranks}});

  mode_ = "replay";
  file_ = path;
  title_ = games.size() > 1 ? path + ", game " + std::to_string(game.index) : path;
  agents_ = game.record.agents;
  bots_.clear();
  stopped_.clear();
  actions_ = game.record.actions;
  positions_.assign(1, new_game(game.record.num_players, game.record.seed, game.record.wakhan_seat));
  for (const Action a : actions_) {  // legal: replay() checked
    positions_.push_back(positions_.back());
    apply(positions_.back(), a);
  }
  games_ = std::move(list);
}

void BoardSession::start(const NewGame& g) {
  if (g.players < kMinPlayers || g.players > kMaxPlayers)
    throw std::invalid_argument("players must be 2 to 5, got " + std::to_string(g.players));
  if (int(g.agents.size()) != g.players)
    throw std::invalid_argument("agents names " + std::to_string(g.agents.size()) + " seats for " +
                                std::to_string(g.players) + " players");
  for (const std::string& spec : g.agents)
    if (!access_.external_agents && spec.substr(0, spec.find(':')) == "external")
      throw AccessDenied("the page may not start outside programs (external:) unless pamir serve was started with "
                         "--allow-external");
  std::vector<int> seats(g.players);
  std::iota(seats.begin(), seats.end(), 0);
  const int wakhan = tournament::wakhan_seat(g.agents, seats);
  std::vector<std::unique_ptr<search::Agent>> bots;
  for (int p = 0; p < g.players; ++p) {
    const std::string& spec = g.agents[p];
    const bool engine_or_person = spec == kHumanSpec || p == wakhan;
    bots.push_back(engine_or_person ? nullptr : search::make_agent(spec, tournament::agent_seed(g.seed, p)));
  }
  mode_ = "play";
  file_.clear();
  agents_ = g.agents;
  bots_ = std::move(bots);
  stopped_.clear();
  actions_.clear();
  positions_.assign(1, new_game(g.players, g.seed, wakhan));
  title_ = "seed " + std::to_string(g.seed);
  games_ = Json::array();
  play_agents();
}

int BoardSession::human_to_move() const {
  if (!playing() || !stopped_.empty()) return kNoPlayer;
  const int p = to_move(positions_.back());
  return p != kNoPlayer && agents_[p] == kHumanSpec ? p : kNoPlayer;
}

void BoardSession::play_agents() {
  while (stopped_.empty() && !positions_.back().game_over() && human_to_move() == kNoPlayer) {
    if (int(actions_.size()) >= tournament::kDefaultMaxDecisions) {
      stopped_ = "stopped after " + std::to_string(actions_.size()) + " decisions (a draw, as in tournaments)";
      return;
    }
    const State& s = positions_.back();
    const int p = to_move(s);
    Action a;
    try {
      a = bots_[p]->choose(s);
    } catch (const search::AgentForfeit& e) {
      stopped_ = "player " + std::to_string(p) + " forfeits: " + e.what();
      return;
    }
    if (!is_legal(s, a))
      throw std::runtime_error("agent " + agents_[p] + " chose illegal action " + std::to_string(a));
    actions_.push_back(a);
    positions_.push_back(s);
    apply(positions_.back(), a);
  }
}

void BoardSession::act(long id) {
  if (human_to_move() == kNoPlayer) throw std::invalid_argument("no human seat is to move");
  const State& s = positions_.back();
  if (id < 0 || id >= kNumActions || !is_legal(s, Action(id)))
    throw std::invalid_argument("action " + std::to_string(id) + " is not legal here");
  const Action a = Action(id);
  actions_.push_back(a);
  positions_.push_back(s);
  apply(positions_.back(), a);
  play_agents();
}

void BoardSession::undo() {
  if (!playing()) throw std::invalid_argument("undo is for a game being played, not a replay");
  for (int i = int(actions_.size()) - 1; i >= 0; --i) {
    const int p = to_move(positions_[i]);
    if (agents_[p] != kHumanSpec) continue;
    actions_.resize(i);
    positions_.resize(i + 1);
    stopped_.clear();
    return;
  }
  throw std::invalid_argument("no human decision to take back");
}

Json BoardSession::view(int step) const {
  Json v = {{"mode", mode_}, {"title", title_}, {"file", file_}, {"agents", agents_}};
  if (mode_ == "none") return v;
  const int steps = int(actions_.size());
  if (step < 0 || step > steps) step = steps;
  const State& s = positions_[step];
  const int human = human_to_move();
  int viewer = kNoPlayer;  // a game being played shows what its human seat knows until its end
  if (playing() && !s.game_over())
    for (int p = 0; p < s.num_players && viewer == kNoPlayer; ++p)
      if (agents_[p] == kHumanSpec) viewer = human != kNoPlayer ? human : p;
  v["step"] = step;
  v["steps"] = steps;
  v["viewer"] = viewer == kNoPlayer ? Json() : Json(viewer);
  v["state"] = Json::parse(viewer == kNoPlayer ? io::state_to_json(s) : io::observation_to_json(s, viewer));
  v["to_move"] = to_move(s) == kNoPlayer ? Json() : Json(to_move(s));
  Json rulers = Json::array(), influence_of = Json::array();
  for (int r = 0; r < Region::kCount; ++r) rulers.push_back(ruler(s, r) == kNoPlayer ? Json() : Json(ruler(s, r)));
  for (int p = 0; p < s.num_players; ++p) influence_of.push_back(influence(s, p));
  v["rulers"] = rulers;
  v["influence"] = influence_of;
  const int dominant = dominant_coalition(s);
  v["dominant"] = dominant == Coalition::kNone ? Json() : Json(coalition_name(dominant));
  Json log = Json::array();
  for (int i = 0; i < steps; ++i)
    log.push_back({{"step", i + 1},
                   {"turn", positions_[i].turn + 1},
                   {"player", to_move(positions_[i])},
                   {"text", io::describe_decision(positions_[i], actions_[i])},
                   {"consequences", io::describe_consequences(positions_[i], positions_[i + 1])}});
  v["log"] = log;
  // The legal actions: clickable where the human decides now; listed (for reading) in a
  // replay or while an agent's choice is shown.
  v["legal"] = s.game_over() ? Json::array() : legal_json(s);
  v["your_move"] = step == steps && human != kNoPlayer;
  v["can_undo"] = playing() && step == steps &&
                  std::any_of(positions_.begin(), positions_.end() - 1,
                              [&](const State& at) { return agents_[to_move(at)] == kHumanSpec; });
  v["over"] = s.game_over();
  v["stopped"] = step == steps && !stopped_.empty() ? Json(stopped_) : Json();
  v["standing"] = standing_json(s);
  return v;
}

Json BoardSession::ruleset() {
  Json regions = Json::array(), borders = Json::array(), cards = Json::array(), suits = Json::array(),
       coalitions = Json::array();
  for (int r = 0; r < Region::kCount; ++r) regions.push_back(region_name(r));
  for (int b = 0; b < kNumBorders; ++b)
    borders.push_back({{"name", border_name(b)}, {"a", kBorders[b].a}, {"b", kBorders[b].b}});
  for (int s = 0; s < Suit::kCount; ++s) suits.push_back(suit_name(s));
  for (int c = 0; c < Coalition::kCount; ++c) coalitions.push_back(coalition_name(c));
  cards.push_back(nullptr);  // cards are numbered from 1
  for (int c = 1; c <= kNumCards; ++c) {
    Json card = {{"id", c}, {"name", card_name(c)}};
    if (is_court_card(c)) {
      const CourtCard& cc = court_card(c);
      Json actions = Json::array();
      for (int i = 0; i < cc.num_actions; ++i) actions.push_back(card_action_name(cc.actions[i]));
      card["kind"] = "court";
      card["region"] = region_name(cc.region);
      card["suit"] = suit_name(cc.suit);
      card["rank"] = cc.rank;
      card["patriot"] = cc.patriot == Coalition::kNone ? Json() : Json(coalition_name(cc.patriot));
      card["actions"] = actions;
    } else {
      card["kind"] = is_event(c) ? "event" : "dominance_check";
    }
    cards.push_back(card);
  }
  return {{"regions", regions},   {"borders", borders},       {"cards", cards},
          {"suits", suits},       {"coalitions", coalitions}, {"agents", search::agent_names()}};
}

}  // namespace pamir::web

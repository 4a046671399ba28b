#include "web/board_session.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <numeric>
#include <stdexcept>

#include "games/agent.h"
#include "io/file_io.h"
#include "ladder/version.h"
#include "nets/shipped_models.h"
#include "tournament/game_file.h"
#include "tournament/play.h"

namespace pamir::web {

using games::Action;
using games::kNoSeat;
using games::Position;

namespace {

// The agent every game seats that starts an outside program (registered by the tool,
// cli/external_agent.h): the page may seat it only when the server allows it.
constexpr const char* kExternalAgent = "external";

// Whether file's canonical form (symbolic links and .. resolved) lies under root.
bool lies_under(const std::filesystem::path& file, const std::filesystem::path& root) {
  const auto [r, f] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  return r == root.end();
}

}  // namespace

void BoardSession::open(const std::string& path, long index) { open(path, io::read_file(path), index); }

void BoardSession::open(const std::string& path, const std::string& text, long index) {
  show_games(path, text, index);
  if (start_file_.empty()) {
    std::error_code error;
    start_file_ = std::filesystem::canonical(path, error);
  }
}

void BoardSession::open_from_page(const std::string& path, long index) {
  // The path's canonical form (symbolic links and .. resolved) must lie under a root; it is
  // not opened, nor said whether it exists, unless it does.
  std::error_code error;
  const std::filesystem::path file =
      std::filesystem::weakly_canonical(std::filesystem::absolute(path, error), error);
  const bool allowed = !error && (file == start_file_ ||
                                  std::any_of(access_.roots.begin(), access_.roots.end(),
                                              [&](const auto& root) { return lies_under(file, root); }));
  if (!allowed)
    throw AccessDenied(
        "the page may open files only under the folders pamir serve was started with (--root)");
  show_games(path, io::read_regular_file(file.string(), kMaxPageFileBytes), index);
}

void BoardSession::show_games(const std::string& path, const std::string& text, long index) {
  const auto games = tournament::parse_games(game_, text, path);  // throws before anything changes
  const tournament::StoredGame& shown = tournament::select_game(games, index, path);
  std::string error;
  if (!game_.replay(shown.record, &error)) throw std::runtime_error(path + ": " + error);
  Json list = Json::array();
  for (const auto& g : games)
    list.push_back({{"index", g.index}, {"agents", g.record.agents}, {"ranks", g.ranks}});

  mode_ = "replay";
  file_ = path;
  title_ = games.size() > 1 ? path + ", game " + std::to_string(shown.index) : path;
  agents_ = shown.record.agents;
  bots_.clear();
  stopped_.clear();
  actions_.assign(shown.record.actions.begin(), shown.record.actions.end());
  positions_.assign(1,
                    game_.new_game(shown.record.num_players, shown.record.seed, shown.record.automaton_seat));
  for (const Action a : actions_) {  // legal: replay() checked
    Position next = positions_.back();
    game_.apply(next, a);
    positions_.push_back(next);
  }
  games_ = std::move(list);
}

void BoardSession::check_page_may_seat(const std::string& spec, int players) const {
  // A net the spec loads (eval=net:PATH) comes only from the models folder or a --root: any
  // other path would let the page learn whether a file exists, block on a FIFO or read
  // /dev/zero. The file is not touched unless it may be.
  if (const auto net = ladder::net_of(spec, std::string(game_.key()), players); net && !net->shipped) {
    std::error_code error;
    const std::filesystem::path file =
        std::filesystem::weakly_canonical(std::filesystem::absolute(net->path, error), error);
    std::vector<std::filesystem::path> folders = access_.roots;
    folders.push_back(std::filesystem::weakly_canonical(nets::models_dir(), error));
    const bool allowed = !error && std::any_of(folders.begin(), folders.end(),
                                               [&](const auto& root) { return lies_under(file, root); });
    if (!allowed || !std::filesystem::is_regular_file(file, error))
      throw AccessDenied("the page may seat nets only from the models folder or under --root");
  }
  const std::string name = spec.substr(0, spec.find(':'));
  if (name == kExternalAgent) {
    if (!access_.external_agents)
      throw AccessDenied(
          "the page may not start outside programs (external:) unless pamir serve was started with "
          "--allow-external");
    return;
  }
  // The other agents every game seats (games/agent.h) are the terminal's: a person there
  // would hold the server until someone typed.
  if (spec != kHumanSpec && games::find_agent(name))
    throw std::invalid_argument("the page cannot seat '" + name.substr(0, 40) +
                                "' agents (they answer at the terminal)");
}

void BoardSession::start(const NewGame& g) {
  if (g.players < game_.min_players() || g.players > game_.max_players())
    throw std::invalid_argument("players must be " + game_.seat_range() + ", got " +
                                std::to_string(g.players));
  if (int(g.agents.size()) != g.players)
    throw std::invalid_argument("agents names " + std::to_string(g.agents.size()) + " seats for " +
                                std::to_string(g.players) + " players");
  for (const std::string& spec : g.agents) check_page_may_seat(spec, g.players);
  std::vector<int> seats(g.players);
  std::iota(seats.begin(), seats.end(), 0);
  const int automaton = tournament::automaton_seat(game_, g.agents, seats);
  std::vector<std::unique_ptr<games::Agent>> bots;
  for (int p = 0; p < g.players; ++p) {
    const std::string& spec = g.agents[p];
    const bool engine_or_person = spec == kHumanSpec || p == automaton;
    bots.push_back(engine_or_person ? nullptr
                                    : game_.make_agent(spec, tournament::agent_seed(game_, g.seed, p)));
  }
  mode_ = "play";
  file_.clear();
  agents_ = g.agents;
  bots_ = std::move(bots);
  stopped_.clear();
  actions_.clear();
  positions_.assign(1, game_.new_game(g.players, g.seed, automaton));
  title_ = "seed " + std::to_string(g.seed);
  games_ = Json::array();
  play_agents();
}

int BoardSession::human_to_move() const {
  if (!playing() || !stopped_.empty()) return kNoSeat;
  const int p = game_.to_move(positions_.back());
  return p != kNoSeat && agents_[p] == kHumanSpec ? p : kNoSeat;
}

void BoardSession::play_agents() {
  while (stopped_.empty() && !game_.over(positions_.back()) && human_to_move() == kNoSeat) {
    if (int(actions_.size()) >= tournament::kDefaultMaxDecisions) {
      stopped_ =
          "stopped after " + std::to_string(actions_.size()) + " decisions (a draw, as in tournaments)";
      return;
    }
    const Position& s = positions_.back();
    const int p = game_.to_move(s);
    Action a;
    try {
      a = bots_[p]->choose(s);
    } catch (const games::AgentForfeit& e) {
      stopped_ = "player " + std::to_string(p) + " forfeits: " + e.what();
      return;
    }
    if (!game_.is_legal(s, a))
      throw std::runtime_error("agent " + agents_[p] + " chose illegal action " + std::to_string(a));
    Position next = s;
    game_.apply(next, a);
    actions_.push_back(a);
    positions_.push_back(next);
  }
}

void BoardSession::act(long id) {
  if (human_to_move() == kNoSeat) throw std::invalid_argument("no human seat is to move");
  const Position& s = positions_.back();
  if (id < 0 || id >= game_.num_actions() || !game_.is_legal(s, Action(id)))
    throw std::invalid_argument("action " + std::to_string(id) + " is not legal here");
  Position next = s;
  game_.apply(next, Action(id));
  actions_.push_back(Action(id));
  positions_.push_back(next);
  play_agents();
}

void BoardSession::undo() {
  if (!playing()) throw std::invalid_argument("undo is for a game being played, not a replay");
  for (int i = int(actions_.size()) - 1; i >= 0; --i) {
    const int p = game_.to_move(positions_[i]);
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
  const Position& s = positions_[step];
  const int human = human_to_move();
  int viewer = kNoSeat;  // a game being played shows what its human seat knows until its end
  if (playing() && !game_.over(s))
    for (int p = 0; p < game_.num_players(s) && viewer == kNoSeat; ++p)
      if (agents_[p] == kHumanSpec) viewer = human != kNoSeat ? human : p;
  v["step"] = step;
  v["steps"] = steps;
  v["viewer"] = viewer == kNoSeat ? Json() : Json(viewer);
  // The game's own view: state, to_move, rulers, influence, standing, facts.
  Json board = Json::parse(game_.board_view_json(s, viewer));
  for (auto& [key, value] : board.items()) v[key] = std::move(value);
  Json log = Json::array();
  for (int i = 0; i < steps; ++i)
    log.push_back({{"step", i + 1},
                   {"turn", game_.turn(positions_[i]) + 1},
                   {"player", game_.to_move(positions_[i])},
                   {"text", game_.describe_decision(positions_[i], actions_[i])},
                   {"consequences", game_.describe_consequences(positions_[i], positions_[i + 1])}});
  v["log"] = log;
  // The legal actions: clickable where the human decides now; listed (for reading) in a
  // replay or while an agent's choice is shown. None once the game is over.
  v["legal"] = Json::parse(game_.board_legal_json(s));
  v["your_move"] = step == steps && human != kNoSeat;
  v["can_undo"] = playing() && step == steps &&
                  std::any_of(positions_.begin(), positions_.end() - 1,
                              [&](const Position& at) { return agents_[game_.to_move(at)] == kHumanSpec; });
  v["over"] = game_.over(s);
  v["stopped"] = step == steps && !stopped_.empty() ? Json(stopped_) : Json();
  return v;
}

Json BoardSession::ruleset() const {
  // Built once per game and access: the page asks at every load, the answer never changes,
  // and building it (the whole map and deck, written and parsed again) is the dearest request.
  static std::mutex mutex;
  static std::map<std::pair<std::string, bool>, Json> built;
  const std::pair<std::string, bool> key{std::string(game_.key()), access_.external_agents};
  std::lock_guard lock(mutex);
  if (const auto at = built.find(key); at != built.end()) return at->second;
  Json r = Json::parse(game_.board_ruleset_json());
  r["min_players"] = game_.min_players();
  r["max_players"] = game_.max_players();
  r["automaton"] = game_.automaton().empty() ? Json() : Json(game_.automaton());
  Json agents = Json::array();
  for (const std::string& name : game_.agent_names()) {
    const bool page_may_seat = name == kExternalAgent ? access_.external_agents : !games::find_agent(name);
    if (page_may_seat) agents.push_back(name);
  }
  r["agents"] = agents;
  return built[key] = std::move(r);  // kept only once whole
}

}  // namespace pamir::web

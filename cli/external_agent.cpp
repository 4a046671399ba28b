#include "cli/external_agent.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "games/agent.h"
#include "io/text.h"

extern char** environ;

namespace pamir::cli {
namespace {

constexpr int kDefaultTimeoutMs = 10000;
// An answer (its data lines and status line) longer than this is nonsense: pamir's own engine
// answers go in under a kilobyte. Bounding it bounds what a misbehaving program costs us.
constexpr size_t kMaxAnswerBytes = 1 << 20;

// The process groups of the programs running now, so that a signal that ends pamir (Ctrl-C,
// SIGTERM to `pamir serve`) ends them and their children too: each program is the leader of
// its own group, which the terminal's Ctrl-C no longer reaches. Slots hold a group id or 0;
// the handler only reads them and calls kill(), both async-signal-safe.
constexpr int kMaxPrograms = 4096;
std::atomic<pid_t> running_groups[kMaxPrograms];

void end_programs_and_reraise(int signal_number) {
  for (auto& group : running_groups)
    if (const pid_t g = group.load(); g > 0) kill(-g, SIGKILL);
  ::signal(signal_number, SIG_DFL);
  raise(signal_number);
}

void remember_group(pid_t group) {
  static std::once_flag handlers;
  std::call_once(handlers, [] {
    for (const int s : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction action {};
      sigaction(s, nullptr, &action);
      if (action.sa_handler != SIG_DFL) continue;  // ignored or handled by someone else: theirs
      action.sa_handler = end_programs_and_reraise;
      sigemptyset(&action.sa_mask);
      action.sa_flags = 0;
      sigaction(s, &action, nullptr);
    }
  });
  for (auto& slot : running_groups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, group)) return;
  }
}

void forget_group(pid_t group) {
  for (auto& slot : running_groups) {
    pid_t g = group;
    if (slot.compare_exchange_strong(g, 0)) return;
  }
}

// Starts `/bin/sh -c script` as the leader of a new process group, its stdin (and, unless
// -1, its stdout) the given descriptors; returns posix_spawn's error (0: started).
int spawn_shell(const std::string& script, int in, int out, pid_t& pid) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in, STDIN_FILENO);
  if (out >= 0) posix_spawn_file_actions_adddup2(&actions, out, STDOUT_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  const char* argv[] = {"/bin/sh", "-c", script.c_str(), nullptr};
  const int failed =
      posix_spawn(&pid, "/bin/sh", &actions, &attributes, const_cast<char* const*>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  return failed;
}

long long now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// "external:[timeout=MS ]<command>"
const bool external_agent_registered = games::register_agent(
    "external",
    [](const games::Game& game, const std::string& argument,
       games::u64 seed) -> std::unique_ptr<games::Agent> {
      std::string command = argument;
      int timeout_ms = kDefaultTimeoutMs;
      if (command.rfind("timeout=", 0) == 0) {
        const size_t space = command.find(' ');
        const std::string value =
            command.substr(8, space == std::string::npos ? std::string::npos : space - 8);
        const auto ms = io::parse_u64(value);
        if (!ms || *ms < 1 || *ms > 3600000)
          throw std::invalid_argument("external: timeout must be 1 to 3600000 ms, got '" + value + "'");
        timeout_ms = int(*ms);
        command = space == std::string::npos ? "" : command.substr(space + 1);
      }
      if (command.find_first_not_of(' ') == std::string::npos)
        throw std::invalid_argument("external needs a command: external:[timeout=MS ]<command>");
      return std::make_unique<ExternalAgent>(game, command, timeout_ms, seed);
    });

}  // namespace

ExternalAgent::ExternalAgent(const games::Game& game, std::string command, int timeout_ms, games::u64 seed)
    : game_(game), command_(std::move(command)), timeout_ms_(timeout_ms), rng_(seed) {}

ExternalAgent::~ExternalAgent() {
  if (pid_ < 0) return;
  // quit, and a moment to answer it and exit with our end still open (closing it first would
  // make the program's answer fail); then end of input, a little longer, and it is stopped.
  const std::string quit = "quit\n";
  (void)!send(socket_, quit.data(), quit.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  auto exited_within = [this](int ms) {
    for (int waited = 0; waited < ms; waited += 10) {
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  };
  const bool exited = exited_within(500);
  close(socket_);
  const bool exited_late = exited || exited_within(200);
  // Whatever the program started and left behind goes with it (its group is its pid).
  kill(-pid_, SIGKILL);
  if (!exited_late) waitpid(pid_, nullptr, 0);
  forget_group(pid_);
  if (guard_pid_ > 0) {  // its pipe closed, the guard finds the group gone and exits
    close(guard_pipe_);
    waitpid(guard_pid_, nullptr, 0);
  }
}

void ExternalAgent::forfeit(const std::string& reason) {
  throw games::AgentForfeit("external agent '" + command_ + "' " + reason);
}

void ExternalAgent::start() {
  // One socket for the program's stdin and stdout: send() with MSG_NOSIGNAL reports a program
  // that has gone as an error instead of killing us with SIGPIPE. Close-on-exec keeps our end
  // (and other agents' ends) out of this and other programs.
  int ends[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
    forfeit(std::string("could not be connected: ") + std::strerror(errno));
  // Its own process group, so that the program and everything it starts end together.
  pid_t pid;
  const int failed = spawn_shell("exec " + command_, ends[1], ends[1], pid);
  close(ends[1]);
  if (failed) {
    close(ends[0]);
    forfeit(std::string("could not be started: ") + std::strerror(failed));
  }
  pid_ = pid;
  socket_ = ends[0];
  remember_group(pid);
  start_guard();
}

// A SIGKILLed pamir runs no handler, and the program's group would outlive it. So a guard
// process waits on a pipe whose only writer is this end, kept here (close-on-exec keeps it
// out of every other process): when pamir ends, however it ends, the pipe reads end of
// file and the guard kills the program's group (-PGID; Debian's sh, dash, takes no --).
void ExternalAgent::start_guard() {
  int ends[2];
  if (pipe2(ends, O_CLOEXEC) != 0) return;  // no guard: the signal handlers still cover the rest
  // In a group of its own too: apart from a Ctrl-C to pamir's group.
  pid_t pid;
  const int failed =
      spawn_shell("read -r _; kill -KILL -" + std::to_string(pid_) + " 2>/dev/null", ends[0], -1, pid);
  close(ends[0]);
  if (failed) {
    close(ends[1]);
    return;
  }
  guard_pid_ = pid;
  guard_pipe_ = ends[1];
}

std::string ExternalAgent::read_line(long long deadline_ms, size_t& answer_bytes) {
  for (;;) {
    const size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      answer_bytes += newline + 1;
      if (answer_bytes > kMaxAnswerBytes) forfeit("answered more than 1 MiB without a status line");
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (answer_bytes + buffer_.size() > kMaxAnswerBytes)
      forfeit("answered more than 1 MiB without a status line");
    const long long left = deadline_ms - now_ms();
    if (left <= 0) forfeit("did not answer within " + std::to_string(timeout_ms_) + " ms");
    pollfd p{socket_, POLLIN, 0};
    const int ready = poll(&p, 1, int(left));
    if (ready < 0 && errno != EINTR) forfeit(std::string("could not be read: ") + std::strerror(errno));
    if (ready <= 0) continue;
    char chunk[4096];
    const ssize_t n = recv(socket_, chunk, sizeof chunk, 0);
    // A program that exits with our input unread resets the connection.
    if (n == 0 || (n < 0 && errno == ECONNRESET)) forfeit("exited (end of its output)");
    if (n < 0 && errno != EINTR) forfeit(std::string("could not be read: ") + std::strerror(errno));
    if (n > 0) buffer_.append(chunk, size_t(n));
  }
}

std::vector<std::string> ExternalAgent::ask(const std::string& line) {
  const std::string out = line + "\n";
  for (size_t sent = 0; sent < out.size();) {
    const ssize_t n = send(socket_, out.data() + sent, out.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) forfeit("exited (its input is closed)");
    sent += size_t(n);
  }
  const long long deadline = now_ms() + timeout_ms_;
  std::vector<std::string> data;
  size_t answer_bytes = 0;
  for (;;) {
    std::string answer = read_line(deadline, answer_bytes);
    if (answer == "ok") return data;
    if (answer.rfind("error: ", 0) == 0)
      forfeit("answered " + io::quoted(answer) + " to " + line.substr(0, line.find(' ')));
    data.push_back(std::move(answer));
  }
}

games::Action ExternalAgent::choose(const games::Position& p) {
  if (pid_ < 0) start();
  ask("position " + game_.agent_message(p, game_.to_move(p), rng_));
  for (const std::string& line : ask("go")) {
    if (line.rfind("action ", 0) != 0) continue;
    // "action <id> [name]" or "action <name>": an id first, else the whole rest as a name.
    const std::string rest = line.substr(7);
    std::istringstream words(rest);
    std::string first;
    words >> first;
    const auto id = io::parse_u64(first);
    const int a =
        id ? (*id < games::u64(game_.num_actions()) && game_.is_legal(p, games::Action(*id)) ? int(*id) : -1)
           : game_.parse_action(p, rest);
    if (a < 0) forfeit("chose " + io::quoted(rest) + ", not a legal action");
    return games::Action(a);
  }
  forfeit("answered go without an \"action\" line");
}

}  // namespace pamir::cli

#pragma once
// The agent "external:<command>": an outside program that plays a seat by answering the
// engine protocol (docs/engine-protocol.md, "Outside agents"). At each decision it is sent
//   position <message>   the seat's observation, a world it cannot tell from the true one,
//                        and the legal actions (io/observation.h)
//   go                   answered by a line "action <id or name>" before the final "ok"
// and `pamir engine` is itself such a program. The program is started (by /bin/sh) at the
// first decision and sent "quit" when the agent is destroyed.
//
// Spec: "external:[timeout=MS ]<command>"; MS bounds each answer (default 10000). A program
// that cannot be started, exits, answers "error: ...", an illegal or unreadable action, or
// nothing in time, or more than 1 MiB before its status line, forfeits (games::AgentForfeit)
// with a one-line reason. The program runs in a process group of its own, which is ended with
// it (children included), and also when pamir is ended by SIGINT, SIGTERM or SIGHUP. Any
// game seats it (games::register_agent).

#include <string>
#include <vector>

#include "games/game.h"

namespace pamir::cli {

class ExternalAgent final : public games::Agent {
 public:
  ExternalAgent(const games::Game& game, std::string command, int timeout_ms, games::u64 seed);
  ~ExternalAgent() override;
  ExternalAgent(const ExternalAgent&) = delete;
  ExternalAgent& operator=(const ExternalAgent&) = delete;

  games::Action choose(const games::Position& p) override;
  std::string name() const override { return "external:" + command_; }

 private:
  void start();
  void start_guard();
  // Sends one command line and reads the answer up to its status line; returns its data
  // lines. Forfeits on "error: ...", end of output or the deadline.
  std::vector<std::string> ask(const std::string& line);
  // One line of the answer; answer_bytes counts what the answer has taken so far (bounded).
  std::string read_line(long long deadline_ms, size_t& answer_bytes);
  [[noreturn]] void forfeit(const std::string& reason);

  const games::Game& game_;
  std::string command_;
  int timeout_ms_;
  games::u64 rng_;
  int pid_ = -1;
  int socket_ = -1;     // our end of the program's stdin and stdout
  int guard_pid_ = -1;  // the process that ends the program's group when pamir ends (start_guard)
  int guard_pipe_ = -1;
  std::string buffer_;  // what was read past the last full line
};

}  // namespace pamir::cli

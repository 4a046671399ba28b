#pragma once
// Drives the pamir tool in-process through the command registry, as main() does, or (in
// pamir_tests, which knows the build folder) as a program.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/command.h"

namespace pamir::testing {

// Runs the tool with these arguments and returns what it printed. A cli::ExitStatus it throws
// goes to *status when status is given (the command ended with that status) and is rethrown
// otherwise, as every other exception is.
inline std::string run_captured(std::vector<std::string> args, int* status) {
  CLI::App app{"pamir"};
  args.insert(args.begin(), "pamir");
  std::vector<const char*> argv;
  for (auto& a : args) argv.push_back(a.c_str());
  ::testing::internal::CaptureStdout();
  try {
    cli::parse_command_line(app, int(argv.size()), argv.data());
  } catch (const cli::ExitStatus& e) {
    if (!status) {
      ::testing::internal::GetCapturedStdout();
      throw;
    }
    *status = e.status;
  } catch (...) {
    ::testing::internal::GetCapturedStdout();
    throw;
  }
  return ::testing::internal::GetCapturedStdout();
}

// Runs the tool with these arguments; returns what it printed, or throws what it threw.
inline std::string run_tool(std::vector<std::string> args) { return run_captured(std::move(args), nullptr); }

struct ToolExit {
  int status;          // cli::ExitStatus's, or 0 when the command returned
  std::string output;  // what it printed
};

// Runs the tool as run_tool does, for a command whose exit status says its result (`pamir
// match`, `tournament --sprt`): the status and what it printed. Errors are thrown as there.
inline ToolExit run_tool_to_exit(std::vector<std::string> args) {
  int status = 0;
  std::string output = run_captured(std::move(args), &status);
  return {status, std::move(output)};
}

// A path in the temporary folder, unique to this process.
inline std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / (name + "." + std::to_string(::getpid()))).string();
}

#ifdef PAMIR_BUILD_DIR
struct ToolRun {
  int status;
  std::string output;  // stdout and stderr
};

// Runs a shell command line, its stderr with its stdout.
inline ToolRun run_shell(const std::string& line) {
  const std::string command = line + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {-1, "popen failed"};
  std::string output;
  char buffer[4096];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

// The built tool, run as a program (as a user runs it).
const std::string kPamir = std::string(PAMIR_BUILD_DIR) + "/pamir";

inline ToolRun run_pamir(const std::string& args) { return run_shell(kPamir + " " + args); }
#endif

}  // namespace pamir::testing

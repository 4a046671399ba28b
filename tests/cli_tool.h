#pragma once
// Drives the pamir tool in-process through the command registry, as main() does.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/command.h"

namespace pamir::testing {

// Runs the tool with these arguments; returns what it printed, or throws what it threw.
inline std::string run_tool(std::vector<std::string> args) {
  CLI::App app{"pamir"};
  args.insert(args.begin(), "pamir");
  std::vector<const char*> argv;
  for (auto& a : args) argv.push_back(a.c_str());
  ::testing::internal::CaptureStdout();
  try {
    cli::parse_command_line(app, int(argv.size()), argv.data());
  } catch (...) {
    ::testing::internal::GetCapturedStdout();
    throw;
  }
  return ::testing::internal::GetCapturedStdout();
}

// A path in the temporary folder, unique to this process.
inline std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / (name + "." + std::to_string(::getpid()))).string();
}

}  // namespace pamir::testing

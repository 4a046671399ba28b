// pamir: the command-line tool. Parses the subcommand and hands over; the commands live in
// cli/<command>.cpp and register themselves (cli/command.h).

#include <cstdio>
#include <exception>

#include "cli/command.h"

int main(int argc, char** argv) {
  CLI::App app{"pamir: a Pax Pamir (Second Edition) engine, search and self-play framework"};
  try {
    pamir::cli::parse_command_line(app, argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;  // usage errors
  } catch (const pamir::cli::ExitStatus& e) {
    return e.status;
  } catch (const std::exception& e) {  // CommandError and library errors (files, formats)
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}

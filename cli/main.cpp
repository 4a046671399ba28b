// pamir: the command-line tool. Each command lives in its own cli/<command>.cpp, registered
// with cli/command.h, and reaches its game (--game, default Pax Pamir) through games::Game.

#include "cli/command.h"

int main(int argc, char** argv) { return pamir::cli::run_command(argc, argv); }

// pamir: the command-line tool. Parses the subcommand and hands over; the commands live in
// cli/<command>.cpp and register themselves (cli/command.h).
//
// Under mpirun (or srun) every rank but 0 serves rank 0's jobs instead (dist/worker.h): only
// rank 0 reads the command line, and it tells the others to stop when its command ends.

#include <cstdio>
#include <exception>

#include "cli/command.h"
#include "dist/job_run.h"
#include "dist/worker.h"

namespace {

int run_command(int argc, char** argv) {
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

}  // namespace

int main(int argc, char** argv) {
  pamir::dist::Cluster& cluster = pamir::dist::Cluster::instance();
  if (!cluster.is_root()) return pamir::dist::serve_jobs(cluster);
  const int status = run_command(argc, argv);
  if (cluster.size() > 1) {
    // A failed command may leave workers inside a job: end the whole MPI job at once.
    if (status != 0) cluster.abort(status);
    pamir::dist::stop_workers(cluster);
  }
  return status;
}

// `pamir analysis` (cli/analysis.cpp) as a program: JSON queries in, one answer line each,
// paired by id, bad queries answered with their error, the others unaffected.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "games/registry.h"
#include "tests/cli_tool.h"

namespace pamir::testing {
namespace {

TEST(AnalysisCommand, AnswersEveryQueryByIdAcrossThreads) {
  const games::Game& game = games::game("pamir");
  const games::Position p = game.new_game(3, 11);
  const std::string position = game.position_json(p);
  const std::string queries = temp_path("pamir_analysis_queries");
  {
    std::ofstream out(queries);
    for (int i = 0; i < 6; ++i)
      out << R"({"id":)" << i << R"(,"position":)" << position
          << R"(,"agent":"ismcts:iters=50,eval=rollout","seed":)" << i << "}\n";
    out << "\n";  // blank lines are skipped
    // Too deep to read (so its id is unknown: null): refused in one line, not a crash.
    out << R"({"id":"deep","position":)" << std::string(200, '[') << "}\n";
    out << R"({"id":"nope","position":)" << position << R"(,"agent":"nosuch"})"
        << "\n";
    out << R"({"id":"plain","position":)" << position << R"(,"agent":"random"})"
        << "\n";
    out << R"({"id":"empty","position":{}})"
        << "\n";  // the loader's message, said once
  }
  const ToolRun r = run_shell(kPamir + " analysis --threads 2 --agent random < " + queries);
  ASSERT_EQ(r.status, 0) << r.output;
  std::map<std::string, nlohmann::json> answers;
  std::istringstream lines(r.output);
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json j = nlohmann::json::parse(line);
    answers[j.at("id").dump()] = j;
  }
  ASSERT_EQ(answers.size(), 10u) << r.output;
  for (int i = 0; i < 6; ++i) {
    const nlohmann::json& a = answers.at(std::to_string(i));
    EXPECT_EQ(a.at("iterations"), 50);
    EXPECT_EQ(a.at("moves").size(), game.legal_actions(p).size());
    EXPECT_EQ(a.at("to_move"), game.to_move(p));
  }
  EXPECT_EQ(answers.at("null").at("error").get<std::string>().rfind("query on line 8: invalid JSON: ", 0),
            0u);
  EXPECT_EQ(answers.at(R"("nope")")
                .at("error")
                .get<std::string>()
                .rfind("query on line 9: unknown agent 'nosuch'", 0),
            0u);
  EXPECT_FALSE(answers.at(R"("plain")").contains("moves"));
  EXPECT_EQ(answers.at(R"("empty")").at("error"), "query on line 11: position: missing key \"format\"");
  std::remove(queries.c_str());
}

TEST(AnalysisCommand, ABadFlagIsAUsageError) {
  EXPECT_EQ(run_pamir("analysis --agent nosuch < /dev/null").status, 1);
  EXPECT_EQ(run_pamir("analysis --threads -1 < /dev/null").status, 1);
}

}  // namespace
}  // namespace pamir::testing

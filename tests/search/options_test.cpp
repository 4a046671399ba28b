// The option table drives defaults, parsing, validation and the help listing.

#include <gtest/gtest.h>

#include <stdexcept>

#include "search/options.h"

namespace pamir::testing {
namespace {

using search::SearchOptions;

TEST(Options, DefaultsComeFromTheTable) {
  const SearchOptions o;
  EXPECT_EQ(o.iters, 800);
  EXPECT_EQ(o.eval, "rollout");
  EXPECT_EQ(o.batch, 1);
  for (const search::OptionInfo& info : search::option_table()) {
    SearchOptions parsed;
    search::parse_options("pimc", std::string(info.name) + "=" + info.fallback,
                          parsed);  // defaults are in range
  }
}

TEST(Options, ParsesEveryKind) {
  SearchOptions o;
  search::parse_options("pimc", "iters=10,time=0.5,c=2,eval=net:gen3.pt,worlds=3,seed=12", o);
  EXPECT_EQ(o.iters, 10);
  EXPECT_EQ(o.time, 0.5);
  EXPECT_EQ(o.c, 2.0);
  EXPECT_EQ(o.eval, "net:gen3.pt");
  EXPECT_EQ(o.worlds, 3);
  EXPECT_EQ(o.seed, 12u);
}

TEST(Options, ErrorsNameTheOptionAndItsRange) {
  auto error_of = [](const std::string& text) -> std::string {
    SearchOptions o;
    try {
      search::parse_options("ismcts", text, o);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error_of("noise=1.5"), "option 'noise' must be a number in 0..1, got '1.5'");
  EXPECT_EQ(error_of("reuse=yes"), "option 'reuse' must be an integer in 0..1, got 'yes'");
  EXPECT_EQ(error_of("time=1s"), "option 'time' must be a number in 0..3600, got '1s'");
  EXPECT_EQ(error_of("c=nan"), "option 'c' must be a number in 0..100, got 'nan'");
  EXPECT_EQ(error_of("eval="), "option 'eval' needs a value");
  EXPECT_EQ(error_of("iters=5,iters=7"), "no error");  // the last one counts
  EXPECT_EQ(error_of("iters=0"), "options 'iters' and 'time' of ismcts cannot both be 0 (no budget)");
  EXPECT_EQ(error_of("iters=0,time=0.01"), "no error");
}

TEST(Options, HelpListsEveryOptionOnce) {
  const std::string help = search::options_help();
  for (const search::OptionInfo& info : search::option_table()) {
    const std::string head = "  " + std::string(info.name) + " ";
    EXPECT_NE(help.find(head), std::string::npos) << info.name;
    EXPECT_EQ(help.find(head), help.rfind(head)) << info.name;
  }
  EXPECT_NE(help.find("(an integer in 1..1000, default 8, only pimc)"), std::string::npos) << help;
}

}  // namespace
}  // namespace pamir::testing

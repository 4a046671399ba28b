#pragma once
// A tournament's standings as text (for the terminal), CSV, JSON and a self-contained HTML
// page (inline SVG and CSS, no scripts or fonts fetched: viewable offline).

#include <string>

#include "tournament/standings.h"
#include "tournament/tournament.h"

namespace pamir::tournament {

// Escapes &, <, >, and both quotes for HTML text and attributes (every report page uses it).
std::string html_escape(const std::string& text);

// The agents sorted by rating, then the head-to-head table and any two-agent games.
std::string standings_text(const Standings& st);

std::string agents_csv(const Standings& st);
std::string head_to_head_csv(const Standings& st);
std::string standings_json(const TournamentConfig& config, const Standings& st);
std::string html_report(const TournamentConfig& config, const Standings& st);

// Writes agents.csv, head_to_head.csv, standings.json and report.html into dir, each
// atomically; returns the paths written.
std::vector<std::string> write_reports(const std::string& dir, const TournamentConfig& config,
                                       const Standings& st);

}  // namespace pamir::tournament

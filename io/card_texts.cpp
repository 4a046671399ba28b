#include "io/card_texts.h"

#include <sstream>
#include <vector>

namespace pamir::io {
namespace {

using Row = std::map<std::string, std::string>;

// The rows of a tab-separated file with a header line, by card number.
std::map<int, Row> rows_by_number(const char* tsv) {
  std::istringstream in(tsv);
  std::string line;
  std::vector<std::string> header;
  std::map<int, Row> rows;
  const auto split = [](const std::string& l) {
    std::vector<std::string> fields;
    std::istringstream s(l);
    for (std::string f; std::getline(s, f, '\t');) fields.push_back(f);
    return fields;
  };
  std::getline(in, line);
  header = split(line);
  while (std::getline(in, line)) {
    const auto fields = split(line);
    if (fields.empty()) continue;
    Row row;
    for (std::size_t i = 0; i < header.size() && i < fields.size(); ++i) row[header[i]] = fields[i];
    rows[std::stoi(row.at("number"))] = std::move(row);
  }
  return rows;
}

// The data's "none" is no text.
CardText text_of(const Row& row, const std::string& name, const std::string& text) {
  const auto field = [&](const std::string& key) {
    const auto it = row.find(key);
    return it == row.end() || it->second == "none" ? std::string() : it->second;
  };
  return {field(name), field(text)};
}

}  // namespace

CardTexts::CardTexts(const char* court_cards_tsv, const char* event_cards_tsv) {
  for (const auto& [number, row] : rows_by_number(court_cards_tsv))
    abilities_[number] = text_of(row, "ability_name", "ability_effect");
  for (const auto& [number, row] : rows_by_number(event_cards_tsv)) {
    events_[number][0] = text_of(row, "discard_name", "discard_effect");
    events_[number][1] = text_of(row, "purchase_name", "purchase_effect");
  }
}

const CardText& CardTexts::ability(int c) const {
  const auto it = abilities_.find(c);
  return it == abilities_.end() ? none_ : it->second;
}

const CardText& CardTexts::event(int c, bool purchased) const {
  const auto it = events_.find(c);
  return it == events_.end() ? none_ : it->second[purchased];
}

}  // namespace pamir::io

#include "core/json_text.h"

#include <nlohmann/json.hpp>

namespace pamir::core {

std::string quoted(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace pamir::core

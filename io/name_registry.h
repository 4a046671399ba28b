#pragma once
// Things found by name that code registers at start-up (agents, evaluators, commands): a map from name
// to factory behind a mutex, so that a program built on pamir adds its own from a static
// initializer and any thread looks them up. One template for every such registry.

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace pamir::io {

template <class Factory>
class NameRegistry {
 public:
  explicit NameRegistry(std::map<std::string, Factory> built_in = {}) : entries_(std::move(built_in)) {}

  // Adds or replaces name's factory. Returns true so that it can initialize a static.
  bool add(const std::string& name, Factory factory) {
    std::lock_guard lock(mutex_);
    entries_[name] = std::move(factory);
    return true;
  }
  // The factory registered as name; an empty one (false in a test) when there is none.
  Factory find(const std::string& name) const {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(name);
    return it == entries_.end() ? Factory() : it->second;
  }
  // The registered names, sorted.
  std::vector<std::string> names() const {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& entry : entries_) out.push_back(entry.first);
    return out;
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, Factory> entries_;
};

}  // namespace pamir::io

// The extension module _pamir, which the package pamir (python/pamir/__init__.py) re-exports.

#include <pybind11/pybind11.h>

#include "nets/register_evaluators.h"
#include "python/bindings.h"

PYBIND11_MODULE(_pamir, m) {
  m.doc() = "Pax Pamir 2E: the rules engine, agents and tournaments of pamir (docs/python.md)";
  // Agent specs may name the net evaluators ("best", "eval=net:<file>").
  pamir::nets::register_net_evaluators();
  pamir::python::bind_game(m);
  pamir::python::bind_agents(m);
}

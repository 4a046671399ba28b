// pamir's weight files from Python (nets/weights.h, docs/python.md "Nets from PyTorch"): the
// layout of a net's parameters, so that a net trained elsewhere (PyTorch) can be written in
// pamir's format and played with eval=net:FILE, and a shipped net read back.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "games/registry.h"
#include "nets/weights.h"
#include "python/bindings.h"

namespace pamir::python {

namespace py = pybind11;
using namespace pybind11::literals;

namespace {

nets::NetConfig net_config(int width, int blocks) {
  if (width < 1 || width > 4096)
    throw py::value_error("width must be 1 to 4096, got " + std::to_string(width));
  if (blocks < 0 || blocks > 64)
    throw py::value_error("blocks must be 0 to 64, got " + std::to_string(blocks));
  return {width, blocks};
}

// (name, offset, shape) of each parameter, in file order.
std::vector<std::tuple<std::string, std::size_t, std::vector<std::size_t>>> weight_layout(
    const std::string& game, int width, int blocks) {
  const nets::NetShape& shape = game_named(game).net_shape();
  const nets::NetConfig config = net_config(width, blocks);
  const nets::WeightLayout l(shape, config);
  const std::size_t w = std::size_t(width), f = std::size_t(shape.num_features),
                    a = std::size_t(shape.num_actions), s = std::size_t(shape.num_seats);
  std::vector<std::tuple<std::string, std::size_t, std::vector<std::size_t>>> out = {
      {"input", l.input, {f, w}}, {"input_bias", l.input_bias, {w}}};
  for (int i = 0; i < blocks; ++i) {
    const std::string block = "block" + std::to_string(i) + ".";
    out.push_back({block + "w1", l.w1(i), {w, w}});
    out.push_back({block + "b1", l.b1(i), {w}});
    out.push_back({block + "w2", l.w2(i), {w, w}});
    out.push_back({block + "b2", l.b2(i), {w}});
  }
  out.push_back({"policy", l.policy, {a, w}});
  out.push_back({"policy_bias", l.policy_bias, {a}});
  out.push_back({"value", l.value, {s, w}});
  out.push_back({"value_bias", l.value_bias, {s}});
  return out;
}

void save_weights(const std::string& path,
                  const py::array_t<float, py::array::c_style | py::array::forcecast>& data, int width,
                  int blocks, const std::string& game) {
  nets::NetWeights w{game_named(game).net_shape(), net_config(width, blocks), {}};
  const std::size_t total = nets::WeightLayout(w.shape, w.config).total;
  if (data.ndim() != 1 || std::size_t(data.size()) != total)
    throw py::value_error("data must be one row of " + std::to_string(total) + " floats for a net of width " +
                          std::to_string(width) + " and " + std::to_string(blocks) + " blocks, got " +
                          std::to_string(data.size()));
  w.data.assign(data.data(), data.data() + total);
  nets::save_weights(path, w);
}

py::dict load_weights(const std::string& path, const std::string& game) {
  nets::NetWeights w;
  {
    py::gil_scoped_release release;
    w = nets::load_weights(path, game_named(game).net_shape());
  }
  py::array_t<float> data(w.data.size());
  std::memcpy(data.mutable_data(), w.data.data(), w.data.size() * sizeof(float));
  return py::dict("width"_a = w.config.width, "blocks"_a = w.config.blocks, "data"_a = data);
}

}  // namespace

void bind_weights(py::module_& m) {
  const std::string default_key(games::default_game().key());
  m.def(
      "weight_layout", &weight_layout, "game"_a = default_key, "width"_a = 128, "blocks"_a = 1,
      "The parameters of a net of `game` in pamir's weight files, in file order: (name, offset, shape) each, "
      "offsets and shapes in floats. Matrices are [out][in] except input, which is [feature][width] (the "
      "transpose of a torch.nn.Linear's weight). docs/python.md, \"Nets from PyTorch\".");
  m.def(
      "save_weights", &save_weights, "path"_a, "data"_a, "width"_a, "blocks"_a, "game"_a = default_key,
      "Writes `data` (the parameters, one float32 row laid out as weight_layout says) as a weight file of "
      "`game`'s encoder, atomically; play it with eval=net:PATH. A row of another length raises ValueError.");
  m.def("load_weights", &load_weights, "path"_a, "game"_a = default_key,
        "A weight file of `game` as a dict: width, blocks and data (float32, laid out as weight_layout "
        "says). A "
        "file that cannot be read, or that was made for another game or encoder, raises RuntimeError.");
}

}  // namespace pamir::python

#pragma once
// One entry of an encoded row (nets/encoder.h writes them): a feature's index and value. A
// sparse row is a list of them; an index may appear more than once, and values add.

namespace pamir::nets {

struct Feature {
  int index;
  float value;
};

// Adds a sparse row into a zeroed dense row.
inline void densify(const Feature* features, int count, float* out) {
  for (int i = 0; i < count; ++i) out[features[i].index] += features[i].value;
}

}  // namespace pamir::nets

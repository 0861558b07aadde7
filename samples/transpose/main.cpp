// CPU check of transpose: the sequential tiled kernel against a plain double loop;
// a copy, so the result must match bit for bit.
#include "transpose.exo.cpp"

#include "../common/sample_util.hpp"

int main() {
  const int rows = 96, cols = 160;
  std::vector<float> in(rows * cols), out(rows * cols, -1.f), ref(rows * cols);
  sample::fill_random(in, 4);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) ref[c * rows + r] = in[r * cols + c];

  transpose(rows, cols, in.data(), out.data());

  const double err = sample::rel_error(out, ref);
  return sample::report("transpose", "rows=96 cols=160", err, sample::bit_equal(out, ref)) ? 0 : 1;
}

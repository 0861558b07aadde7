// exo::tile_order orders the blocks of a 2-D grid (or a persistent kernel's tiles): the
// kernel needs exactly two block loops over blocks or clusters (block_in_cluster loops
// inside them are the cluster's rank, not a grid dimension).
#include "checker/Checks.h"

namespace exo::checker {

using namespace model;

void checkTileOrder(const Kernel& k, DiagSink& sink) {
  if (k.tileOrder.kind == Kernel::TileOrder::Kind::Default) return;
  const size_t dims = k.tileDims();
  if (dims != 2)
    sink.diag(DiagID::err_tile_order, k.tileOrder.range,
              {"orders a grid of two block loops (its rows and columns), but this kernel has " + std::to_string(dims) +
               "; nest two '[[exo::parallel(block)]]' (or 'persistent') loops, or remove it"});
}

}  // namespace exo::checker

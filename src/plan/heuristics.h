#pragma once
// Distance estimates for the informed grid searches (A*, weighted A*, greedy best-first):
// h(a, b) in cells, and which of them never overestimate the cost on which connectivity.
//
// A heuristic is admissible on a connectivity when h(a, b) <= the cost of every path from a
// to b on every grid of that connectivity. All the admissible pairs below are also
// consistent (h(a) <= cost(a, b) + h(b) for every move), because every move changes h by at
// most the move's length and a move's cost is length * mean multiplier >= length: so
// multipliers >= 1 keep every admissible pair admissible and consistent.
//
//   heuristic   h(a, b), dx = |ax - bx|, dy = |ay - by|     four  eight  hex
//   zero        0                                            yes   yes    yes
//   manhattan   dx + dy                                      yes   no     no
//   octile      max(dx, dy) + (sqrt 2 - 1) min(dx, dy)       yes   yes    no
//   euclidean   straight line between the cells' centres     yes   yes    yes
//   chebyshev   max(dx, dy)                                  yes   yes    yes
//   hex         moves between the cells on an open hex grid  yes   no     yes
//
// - Euclidean is measured in the grid's geometry: square cells of side 1 on four and eight;
//   on hex the centre of cell (x, y) is at (x + (y odd ? 0.5 : 0), y * sqrt(3) / 2), so
//   neighbours are 1 apart. (Plain sqrt(dx^2 + dy^2) on the odd-r offset coordinates would
//   overestimate on hex: from (0, 0) to (1, 2) it gives sqrt 5 while 2 moves suffice.)
// - Hex distance: odd-r (x, y) to axial q = x - floor(y / 2), r = y, then
//   (|dq| + |dr| + |dq + dr|) / 2. On four it stays admissible: every four-connected move
//   is also a hex move. On eight a diagonal can be two hex moves (1.41 < 2).
// - Manhattan overestimates a diagonal (2 > 1.41) and a hex step down-left (2 > 1); octile
//   overestimates that hex step (1.41 > 1).
// - Chebyshev holds everywhere (a move changes x and y by at most 1 each) but is among the
//   weakest; the tightest admissible one per connectivity is exact_heuristic() below,
//   which equals the true cost on an open grid of multiplier 1.
#include <cstdint>
#include <string_view>

#include "plan/grid.h"

namespace racer {

enum class Heuristic : std::uint8_t { zero, manhattan, octile, euclidean, chebyshev, hex };

/// Lower-case name, as the docs and benches spell it ("manhattan", ...).
std::string_view heuristic_name(Heuristic h);

/// The estimate h(a, b) in cells (>= 0) under the geometry of `connectivity` (it matters for
/// euclidean only, see above).
double heuristic_cells(Heuristic h, Connectivity connectivity, GridCell a, GridCell b);

/// True when h never overestimates a path's cost (and is consistent) on grids of
/// `connectivity`, whatever their obstacles and multipliers (>= 1); the table above.
bool heuristic_admissible(Heuristic h, Connectivity connectivity);

/// The tightest admissible heuristic of a connectivity: manhattan (four), octile (eight),
/// hex (hex); exact on an open grid of multiplier 1.
Heuristic exact_heuristic(Connectivity connectivity);

}  // namespace racer

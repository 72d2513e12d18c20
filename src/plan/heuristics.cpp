// The heuristics of the informed grid searches and their admissibility table.
#include "plan/heuristics.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace racer {
namespace {

constexpr double kSqrt2 = 1.41421356237309504880;
constexpr double kHexRowPitch = 0.86602540378443864676;  // sqrt(3) / 2: hex rows' spacing

// Moves between two cells of an open odd-r hex grid (axial coordinates, see the header).
int hex_distance(GridCell a, GridCell b) {
  const int aq = a.x - (a.y >> 1), bq = b.x - (b.y >> 1);  // >> floors negative rows too
  const int dq = bq - aq, dr = b.y - a.y;
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

}  // namespace

std::string_view heuristic_name(Heuristic h) {
  switch (h) {
    case Heuristic::zero: return "zero";
    case Heuristic::manhattan: return "manhattan";
    case Heuristic::octile: return "octile";
    case Heuristic::euclidean: return "euclidean";
    case Heuristic::chebyshev: return "chebyshev";
    case Heuristic::hex: return "hex";
  }
  return "?";
}

double heuristic_cells(Heuristic h, Connectivity connectivity, GridCell a, GridCell b) {
  const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  switch (h) {
    case Heuristic::zero: return 0.0;
    case Heuristic::manhattan: return dx + dy;
    case Heuristic::octile: return std::max(dx, dy) + (kSqrt2 - 1.0) * std::min(dx, dy);
    case Heuristic::chebyshev: return std::max(dx, dy);
    case Heuristic::hex: return hex_distance(a, b);
    case Heuristic::euclidean:
      if (connectivity == Connectivity::hex) {
        const double cx = (a.x - b.x) + 0.5 * ((a.y & 1) - (b.y & 1));
        const double cy = kHexRowPitch * (a.y - b.y);
        return std::sqrt(cx * cx + cy * cy);
      }
      return std::sqrt(static_cast<double>(dx) * dx + static_cast<double>(dy) * dy);
  }
  return 0.0;
}

bool heuristic_admissible(Heuristic h, Connectivity connectivity) {
  switch (h) {
    case Heuristic::zero:
    case Heuristic::euclidean:
    case Heuristic::chebyshev: return true;
    case Heuristic::manhattan: return connectivity == Connectivity::four;
    case Heuristic::octile: return connectivity != Connectivity::hex;
    case Heuristic::hex: return connectivity != Connectivity::eight;
  }
  return false;
}

Heuristic exact_heuristic(Connectivity connectivity) {
  switch (connectivity) {
    case Connectivity::four: return Heuristic::manhattan;
    case Connectivity::eight: return Heuristic::octile;
    case Connectivity::hex: return Heuristic::hex;
  }
  return Heuristic::zero;
}

}  // namespace racer

// HpaPlanner: legal paths found exactly when Dijkstra finds one (random grids, several
// cluster sizes, with and without multipliers and smoothing), the abstract graph's shape,
// the cache following the grid's revision, and the ratio to optimal on every scenario of
// the shared MovingAI maps. A disabled test prints the figures of docs/planners/hierarchical.md.
#include "plan/hpa.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include "eight_grid_checks.h"
#include "plan/movingai.h"

namespace racer {
namespace {

using namespace racer::test;

const std::string& kData = kPathfindingData;

// Random grids: found exactly when Dijkstra finds a path, legal paths, never cheaper than
// optimal (1e-9 relative: both are sums of the same kinds of steps).
void check_random(std::uint32_t seed, bool weighted, bool smooth) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> side(3, 40), cluster(2, 10);
  std::uniform_real_distribution<double> density(0.0, 0.45);
  GridSearch dijkstra;
  int found = 0, unreachable = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const SearchGrid g = random_grid(rng, side(rng), side(rng), density(rng), weighted);
    HpaConfig config;
    config.cluster_size = cluster(rng);
    config.smooth = smooth;
    HpaPlanner hpa(config);
    for (int q = 0; q < 6; ++q) {
      const GridCell s = random_passable_cell(rng, g), t = random_passable_cell(rng, g);
      if (!g.passable(s.x, s.y) || !g.passable(t.x, t.y)) continue;
      const SearchResult& ref = dijkstra.search(g, s, t, SearchMode::dijkstra);
      const SearchResult& r = hpa.plan(g, s, t);
      ASSERT_EQ(r.found(), ref.found()) << "seed " << seed << " trial " << trial << " cluster " << config.cluster_size;
      if (!ref.found()) {
        EXPECT_EQ(r.status, SearchStatus::unreachable);
        ++unreachable;
        continue;
      }
      ++found;
      expect_valid_path(g, r, s, t);
      EXPECT_GE(r.cost, ref.cost * (1.0 - 1e-9));
    }
  }
  EXPECT_GT(found, 300);  // the trials exercise both outcomes
  EXPECT_GT(unreachable, 10);
}

TEST(Hpa, MatchesDijkstraReachabilityOnRandomGrids) { check_random(11, false, false); }
TEST(Hpa, MatchesDijkstraReachabilityOnRandomGridsSmoothed) { check_random(12, false, true); }
TEST(Hpa, MatchesDijkstraReachabilityOnRandomWeightedGrids) { check_random(13, true, true); }

TEST(Hpa, BlockedEndpointsAndTrivialQuery) {
  SearchGrid g(20, 20);
  g.set_passable(3, 3, false);
  HpaPlanner hpa;
  EXPECT_EQ(hpa.plan(g, {3, 3}, {10, 10}).status, SearchStatus::blocked_endpoint);
  EXPECT_EQ(hpa.plan(g, {10, 10}, {-1, 0}).status, SearchStatus::blocked_endpoint);
  const SearchResult& r = hpa.plan(g, {5, 5}, {5, 5});
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.path.size(), 1u);
  EXPECT_EQ(r.cost, 0.0);
}

// An open 30 x 30 grid in 10 x 10 clusters: 9 clusters, 12 borders, each one entrance of
// 10 cells (>= 6: two transitions at its ends), so 24 inter edges. At each of the 4 inner
// cluster corners the 4 corner cells each serve two transitions: 48 - 16 = 32 nodes.
// Nodes per cluster: 3 in a corner cluster, 4 in the others: 4 * 3 + 5 * 6 = 42 intra edges.
TEST(Hpa, AbstractGraphOfAnOpenGrid) {
  const SearchGrid g(30, 30);
  HpaPlanner hpa;
  hpa.preprocess(g);
  EXPECT_EQ(hpa.stats().clusters, 9);
  EXPECT_EQ(hpa.stats().entrances, 12);
  EXPECT_EQ(hpa.stats().inter_edges, 24);
  EXPECT_EQ(hpa.stats().nodes, 32);
  EXPECT_EQ(hpa.stats().intra_edges, 42);
  // On an open grid the smoothed path is a straight diagonal line: optimal.
  const SearchResult& r = hpa.plan(g, {0, 0}, {29, 29});
  expect_valid_path(g, r, {0, 0}, {29, 29});
  EXPECT_NEAR(r.cost, 29 * kSqrt2, 1e-9);
}

// The preprocessing follows the grid's revision: a wall added after the first query is
// respected by the next.
TEST(Hpa, RebuildsWhenTheGridChanges) {
  SearchGrid g(40, 40);
  HpaPlanner hpa;
  ASSERT_TRUE(hpa.plan(g, {2, 20}, {37, 20}).found());
  for (int y = 0; y < 39; ++y) g.set_passable(20, y, false);  // a wall with a gap at the bottom
  const SearchResult& r = hpa.plan(g, {2, 20}, {37, 20});
  expect_valid_path(g, r, {2, 20}, {37, 20});
  GridSearch astar;
  const double optimal = astar.search(g, {2, 20}, {37, 20}).cost;  // round through the gap at y = 39
  EXPECT_GT(optimal, 50.0);
  EXPECT_GE(r.cost, optimal - 1e-9);
  g.set_passable(20, 39, false);
  EXPECT_EQ(hpa.plan(g, {2, 20}, {37, 20}).status, SearchStatus::unreachable);
}

struct Ratio {
  double mean = 0.0, max = 0.0;
  int count = 0;
};

Ratio scenario_ratio(const std::string& map_name, HpaPlanner& hpa) {
  const auto map = load_movingai_map(kData + map_name);
  const auto scen = load_movingai_scenarios(kData + map_name + ".scen");
  EXPECT_TRUE(map.ok() && scen.ok());
  Ratio ratio;
  if (!map.ok() || !scen.ok()) return ratio;
  for (const MovingAiScenario& s : scen.value()) {
    const SearchResult& r = hpa.plan(map.value(), s.start, s.goal);
    EXPECT_TRUE(r.found());
    if (!r.found() || s.optimal_length <= 0.0) continue;
    // 1e-6: the .scen lengths are printed with 8 decimals.
    EXPECT_GE(r.length, s.optimal_length - 1e-6);
    const double q = r.length / s.optimal_length;
    ratio.mean += q;
    ratio.max = std::max(ratio.max, q);
    ++ratio.count;
  }
  if (ratio.count > 0) ratio.mean /= ratio.count;
  return ratio;
}

// Every scenario of a shared map, smoothed and not (one preprocessing). Measured (cluster
// 10): smoothed mean 1.0066 / 1.0141 / 1.0128, max 1.093 / 1.064 / 1.062 (arena / rooms256
// / rooms512); unsmoothed mean 1.048 / 1.047 / 1.044, max 1.298 / 1.168 / 1.119. The paper
// reports about 1 % after smoothing. The bounds keep about twice the measured excess as a
// margin for a changed tie-break or entrance rule, and stay "within a few percent".
void check_map(const std::string& name, bool unsmoothed_too) {
  HpaPlanner hpa;
  const Ratio smoothed = scenario_ratio(name, hpa);
  EXPECT_GT(smoothed.count, 100);
  EXPECT_LE(smoothed.mean, 1.03);
  EXPECT_LE(smoothed.max, 1.15);
  if (!unsmoothed_too) return;
  hpa.set_smooth(false);
  const Ratio raw = scenario_ratio(name, hpa);
  EXPECT_LE(raw.mean, 1.08);
  EXPECT_LE(raw.max, 1.4);
  EXPECT_LE(smoothed.mean, raw.mean);  // smoothing only ever shortens the path
}

TEST(Hpa, NearOptimalOnArena) { check_map("arena.map", true); }
TEST(Hpa, NearOptimalOnRooms256) { check_map("rooms256.map", true); }
// Smoothed only: the unsmoothed pass would double the time of the slowest test.
TEST(Hpa, NearOptimalOnRooms512) { check_map("rooms512.map", false); }

// The figures of docs/planners/hierarchical.md:
//   ./build/tests/racer_plan_tests --gtest_also_run_disabled_tests --gtest_filter='*DISABLED_Figures*'
TEST(Hpa, DISABLED_Figures) {
  using Clock = std::chrono::steady_clock;
  for (const char* name : {"arena.map", "rooms256.map", "rooms512.map"}) {
    const auto map = load_movingai_map(kData + name);
    const auto scen = load_movingai_scenarios(kData + std::string(name) + ".scen");
    ASSERT_TRUE(map.ok() && scen.ok());
    const SearchGrid& g = map.value();
    struct Variant {
      int cluster_size;
      bool smooth;
    };
    for (const Variant v : {Variant{10, false}, Variant{10, true}, Variant{8, true}, Variant{16, true}}) {
      HpaConfig config;
      config.cluster_size = v.cluster_size;
      config.smooth = v.smooth;
      HpaPlanner hpa(config);
      const auto t0 = Clock::now();
      hpa.preprocess(g);
      const double pre_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
      GridSearch astar;
      double sum_q = 0.0, max_q = 0.0, hpa_us = 1e300, astar_us = 1e300;  // the fastest pass
      long hpa_exp = 0, astar_exp = 0;
      int n = 0;
      for (int rep = 0; rep < 5; ++rep) {  // five passes: the fastest one is the least disturbed
        double pass_hpa = 0.0, pass_astar = 0.0;
        for (const MovingAiScenario& s : scen.value()) {
          const auto a = Clock::now();
          const SearchResult& r = hpa.plan(g, s.start, s.goal);
          const auto b = Clock::now();
          const SearchResult& o = astar.search(g, s.start, s.goal);
          const auto c = Clock::now();
          pass_hpa += std::chrono::duration<double, std::micro>(b - a).count();
          pass_astar += std::chrono::duration<double, std::micro>(c - b).count();
          if (rep > 0 || o.length <= 0.0) continue;
          ++n;
          const double q = r.length / o.length;
          sum_q += q;
          max_q = std::max(max_q, q);
          hpa_exp += r.expanded;
          astar_exp += o.expanded;
        }
        hpa_us = std::min(hpa_us, pass_hpa);
        astar_us = std::min(astar_us, pass_astar);
      }
      std::printf("%-13s hpa cluster %d smooth=%d: clusters %d entrances %d nodes %d intra %ld inter %d pre %.2f ms | "
                  "ratio mean %.4f max %.4f | expanded %.0f vs astar %.0f | us/query %.1f vs astar %.1f (%d queries)\n",
                  name, v.cluster_size, v.smooth ? 1 : 0, hpa.stats().clusters, hpa.stats().entrances, hpa.stats().nodes,
                  hpa.stats().intra_edges, hpa.stats().inter_edges, pre_ms, sum_q / n, max_q,
                  static_cast<double>(hpa_exp) / n, static_cast<double>(astar_exp) / n, hpa_us / static_cast<double>(scen.value().size()),
                  astar_us / static_cast<double>(scen.value().size()), n);
    }
  }
}

}  // namespace
}  // namespace racer

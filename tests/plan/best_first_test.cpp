// Best-first planners (Dijkstra, A*, weighted A*, greedy) on every connectivity: costs equal
// a plain reference Dijkstra's on random grids and the MovingAI optimal lengths, weighted A*
// stays within w, paths are legal and their reported costs true, answers are repeatable.
#include "plan/best_first.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <random>

#include "plan/movingai.h"

namespace racer {
namespace {

const std::string kData = RACER_SOURCE_DIR "/../shared/pathfinding/";
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr Connectivity kConnectivities[] = {Connectivity::four, Connectivity::eight, Connectivity::hex};
constexpr Heuristic kAll[] = {Heuristic::zero,      Heuristic::manhattan, Heuristic::octile,
                              Heuristic::euclidean, Heuristic::chebyshev, Heuristic::hex};

// Costs are sums of at most a thousand moves, each rounded to 2^-32 cell in the search's
// keys: 1e-9 relative is far above that error and far below any real difference between
// paths (multiples of 1e-7 with float multipliers, or sqrt 2 - 1 on uniform grids).
bool same_cost(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

// Reference: textbook Dijkstra (std::priority_queue, lazy deletion) over grid_moves and
// move_cost. Infinity when unreachable or an endpoint is blocked.
double reference_cost(const SearchGrid& g, GridCell start, GridCell goal) {
  if (!g.passable(start.x, start.y) || !g.passable(goal.x, goal.y)) return kInf;
  std::vector<double> d(static_cast<std::size_t>(g.width() * g.height()), kInf);
  using Item = std::pair<double, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  d[g.index(start.x, start.y)] = 0.0;
  open.push({0.0, g.index(start.x, start.y)});
  GridMove moves[8];
  while (!open.empty()) {
    const auto [du, u] = open.top();
    open.pop();
    if (du > d[u]) continue;
    if (u == g.index(goal.x, goal.y)) return du;
    const int n = grid_moves(g, g.cell(u), moves);
    for (int k = 0; k < n; ++k) {
      const std::size_t v = g.index(moves[k].to.x, moves[k].to.y);
      const double dv = du + move_cost(g, g.cell(u), moves[k].to, moves[k].length);
      if (dv < d[v]) {
        d[v] = dv;
        open.push({dv, v});
      }
    }
  }
  return kInf;
}

// A found path must be a walk of legal moves (grid_moves) from start to goal whose summed
// cost and length are the reported ones.
void expect_legal_path(const SearchGrid& g, const SearchResult& r, GridCell start, GridCell goal, const char* who) {
  ASSERT_TRUE(r.found()) << who;
  ASSERT_FALSE(r.path.empty()) << who;
  EXPECT_EQ(r.path.front(), start) << who;
  EXPECT_EQ(r.path.back(), goal) << who;
  double cost = 0.0, length = 0.0;
  GridMove moves[8];
  for (std::size_t i = 1; i < r.path.size(); ++i) {
    const int n = grid_moves(g, r.path[i - 1], moves);
    int k = 0;
    while (k < n && !(moves[k].to == r.path[i])) ++k;
    ASSERT_LT(k, n) << who << ": illegal move " << i;
    cost += move_cost(g, r.path[i - 1], r.path[i], moves[k].length);
    length += moves[k].length;
  }
  EXPECT_NEAR(cost, r.cost, 1e-9 * std::max(1.0, cost)) << who;
  EXPECT_NEAR(length, r.length, 1e-9 * std::max(1.0, length)) << who;
}

SearchGrid random_grid(std::mt19937& rng, Connectivity c, bool weighted) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int w = 1 + static_cast<int>(rng() % 20), h = 1 + static_cast<int>(rng() % 20);
  SearchGrid g(w, h, c);
  const double density = 0.1 * static_cast<double>(rng() % 5);  // 0 .. 40% blocked
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (unit(rng) < density) g.set_passable(x, y, false);
      if (weighted && unit(rng) < 0.6) g.set_cost(x, y, static_cast<float>(1.0 + 9.0 * unit(rng) * unit(rng)));
    }
  return g;
}

GridCell random_cell(std::mt19937& rng, const SearchGrid& g) {
  return {static_cast<int>(rng() % static_cast<unsigned>(g.width())), static_cast<int>(rng() % static_cast<unsigned>(g.height()))};
}

// Thousands of random grids: every connectivity, uniform and weighted.
TEST(BestFirst, RandomGridsMatchReferenceDijkstra) {
  std::mt19937 rng(32032);
  DijkstraPlanner dijkstra;
  AStarPlanner astar;
  std::vector<AStarPlanner> astar_with;
  for (const Heuristic h : kAll) astar_with.emplace_back(h);
  WeightedAStarPlanner weighted_15(1.5), weighted_3(3.0);
  GreedyPlanner greedy;
  int searched = 0, found = 0;
  for (const Connectivity c : kConnectivities)
    for (const bool weighted : {false, true})
      for (int trial = 0; trial < 250; ++trial) {
        const SearchGrid g = random_grid(rng, c, weighted);
        for (int q = 0; q < 3; ++q) {
          const GridCell s = random_cell(rng, g), t = random_cell(rng, g);
          const double expected = reference_cost(g, s, t);
          const bool endpoints = g.passable(s.x, s.y) && g.passable(t.x, t.y);
          const SearchStatus status = std::isfinite(expected) ? SearchStatus::found
                                      : endpoints              ? SearchStatus::unreachable
                                                               : SearchStatus::blocked_endpoint;
          ++searched;
          found += std::isfinite(expected) ? 1 : 0;
          const auto check_exact = [&](GridPlanner& p, const char* who) {
            const SearchResult& r = p.plan(g, s, t);
            ASSERT_EQ(r.status, status) << who << " trial " << trial;
            if (!r.found()) return;
            expect_legal_path(g, r, s, t, who);
            EXPECT_TRUE(same_cost(r.cost, expected)) << who << ": " << r.cost << " vs " << expected << " trial " << trial;
          };
          check_exact(dijkstra, "dijkstra");
          check_exact(astar, "astar");
          for (std::size_t i = 0; i < astar_with.size(); ++i)
            if (kAll[i] != Heuristic::zero && heuristic_admissible(kAll[i], c)) check_exact(astar_with[i], "astar with an admissible heuristic");
          for (WeightedAStarPlanner* p : {&weighted_15, &weighted_3}) {
            const SearchResult& r = p->plan(g, s, t);
            ASSERT_EQ(r.status, status);
            if (!r.found()) continue;
            expect_legal_path(g, r, s, t, "weighted_astar");
            EXPECT_LE(r.cost, p->bound() * expected * (1.0 + 1e-9)) << "w " << p->bound();
          }
          const SearchResult& r = greedy.plan(g, s, t);
          ASSERT_EQ(r.status, status);
          if (r.found()) expect_legal_path(g, r, s, t, "greedy");
        }
      }
  EXPECT_GT(found, searched / 3);  // the trials mostly find paths
}

// With an exactly consistent heuristic, A* expands no more nodes than Dijkstra (only nodes
// of f <= optimal, which Dijkstra expands too).
TEST(BestFirst, AStarExpandsNoMoreThanDijkstra) {
  std::mt19937 rng(77);
  DijkstraPlanner dijkstra;
  AStarPlanner astar;
  for (const Connectivity c : kConnectivities)
    for (int trial = 0; trial < 100; ++trial) {
      const SearchGrid g = random_grid(rng, c, trial % 2 == 1);
      const GridCell s = random_cell(rng, g), t = random_cell(rng, g);
      const long d = dijkstra.plan(g, s, t).expanded;
      EXPECT_LE(astar.plan(g, s, t).expanded, d);
    }
}

// The scenarios of a shared MovingAI map (eight-connected): A* equals the optimal length
// (which is Dijkstra's, ../shared/pathfinding/README.md) on every `astar_every`-th line,
// weighted A* (w = 2)
// stays within w on every `weighted_every`-th line, and Dijkstra itself equals it on every
// `dijkstra_every`-th line. The large maps are sampled (A* on rooms512 averages 16k
// expansions a query, Dijkstra 99k) to keep the suite fast under the sanitizers.
void check_scenarios(const std::string& name, int astar_every, int weighted_every, int dijkstra_every) {
  const auto map = load_movingai_map(kData + name);
  ASSERT_TRUE(map) << map.error_text();
  const auto scen = load_movingai_scenarios(kData + name + ".scen");
  ASSERT_TRUE(scen) << scen.error_text();
  const SearchGrid& g = map.value();
  ASSERT_EQ(g.connectivity(), Connectivity::eight);
  AStarPlanner astar;
  DijkstraPlanner dijkstra;
  WeightedAStarPlanner weighted(2.0);
  int line = 0;
  for (const MovingAiScenario& s : scen.value()) {
    // The .scen lengths are printed with 8 decimals: 1e-7 absolute covers that rounding.
    if (line % astar_every == 0) {
      const SearchResult& a = astar.plan(g, s.start, s.goal);
      ASSERT_TRUE(a.found()) << name << " line " << line;
      EXPECT_NEAR(a.cost, s.optimal_length, 1e-7) << name << " line " << line;
    }
    if (line % dijkstra_every == 0) {
      EXPECT_NEAR(dijkstra.plan(g, s.start, s.goal).cost, s.optimal_length, 1e-7) << name << " line " << line;
    }
    if (line % weighted_every == 0) {
      const SearchResult& wa = weighted.plan(g, s.start, s.goal);
      ASSERT_TRUE(wa.found());
      EXPECT_LE(wa.cost, 2.0 * s.optimal_length + 1e-7) << name << " line " << line;
    }
    ++line;
  }
  EXPECT_GE(line, 130);
}

TEST(BestFirst, MovingAiArena) { check_scenarios("arena.map", 1, 1, 1); }
TEST(BestFirst, MovingAiRooms256) { check_scenarios("rooms256.map", 2, 4, 20); }
TEST(BestFirst, MovingAiRooms512) { check_scenarios("rooms512.map", 8, 8, 50); }
// Every line of both room maps for all three, with weighted A* at w = 2 (Dijkstra alone
// expands 26 million nodes: about 8 s of CPU in RelWithDebInfo). The ctests
// racer_bench.planners_every_line_rooms* hold every exact planner of the registry, and
// weighted A* at its registry w = 1.5, to every line of both maps; this one is for a quick
// look at the search core: run it with --gtest_also_run_disabled_tests.
TEST(BestFirst, DISABLED_MovingAiRoomsEveryLine) {
  check_scenarios("rooms256.map", 1, 1, 1);
  check_scenarios("rooms512.map", 1, 1, 1);
}

TEST(BestFirst, EndpointsAndTrivialQueries) {
  SearchGrid g(4, 3, Connectivity::four);
  g.set_passable(1, 0, false);
  g.set_passable(1, 1, false);
  g.set_passable(1, 2, false);  // column 1 walls the left column off
  AStarPlanner astar;
  EXPECT_EQ(astar.plan(g, {0, 0}, {1, 0}).status, SearchStatus::blocked_endpoint);
  EXPECT_EQ(astar.plan(g, {-1, 0}, {0, 0}).status, SearchStatus::blocked_endpoint);
  EXPECT_EQ(astar.plan(g, {0, 0}, {3, 2}).status, SearchStatus::unreachable);
  const SearchResult& same = astar.plan(g, {2, 1}, {2, 1});
  ASSERT_TRUE(same.found());
  EXPECT_EQ(same.path.size(), 1u);
  EXPECT_EQ(same.cost, 0.0);
  EXPECT_EQ(same.expanded, 1);
}

TEST(BestFirst, NamesAndBounds) {
  EXPECT_EQ(DijkstraPlanner().name(), "dijkstra");
  EXPECT_EQ(AStarPlanner().name(), "astar_generic");
  EXPECT_EQ(GreedyPlanner().name(), "greedy");
  EXPECT_EQ(WeightedAStarPlanner(2.5).name(), "weighted_astar");
  EXPECT_EQ(DijkstraPlanner().bound(), 1.0);
  EXPECT_EQ(AStarPlanner().bound(), 1.0);
  EXPECT_EQ(GreedyPlanner().bound(), 0.0);
  EXPECT_EQ(WeightedAStarPlanner(2.5).bound(), 2.5);
  EXPECT_EQ(WeightedAStarPlanner(0.5).bound(), 1.0);  // w < 1 is raised to 1
}

// The same query gives the same path and expansion count, on a reused object and a new one,
// also on grids with many equal-cost paths.
TEST(BestFirst, Repeatable) {
  for (const Connectivity c : kConnectivities) {
    const SearchGrid open(30, 30, c);
    AStarPlanner reused;
    reused.plan(open, {3, 3}, {20, 9});
    const SearchResult first = reused.plan(open, {0, 0}, {29, 29});
    AStarPlanner fresh;
    const SearchResult& second = fresh.plan(open, {0, 0}, {29, 29});
    EXPECT_EQ(first.path, second.path);
    EXPECT_EQ(first.expanded, second.expanded);
  }
}

// On an open map with the goal in sight, greedy and weighted A* expand far fewer nodes than
// A*, and A* far fewer than Dijkstra (what they are for).
TEST(BestFirst, InformedSearchesExpandLess) {
  SearchGrid g(64, 64, Connectivity::eight);
  for (int y = 10; y < 54; ++y) g.set_passable(32, y, false);
  DijkstraPlanner dijkstra;
  AStarPlanner astar;
  WeightedAStarPlanner weighted(3.0);
  GreedyPlanner greedy;
  const long d = dijkstra.plan(g, {5, 32}, {60, 32}).expanded;
  const long a = astar.plan(g, {5, 32}, {60, 32}).expanded;
  const long w = weighted.plan(g, {5, 32}, {60, 32}).expanded;
  const long gr = greedy.plan(g, {5, 32}, {60, 32}).expanded;
  EXPECT_LT(a, d);
  EXPECT_LT(w, a);
  EXPECT_LT(gr, a);
}

}  // namespace
}  // namespace racer

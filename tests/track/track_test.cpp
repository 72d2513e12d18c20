// Track: building from a spec (raster, kerbs, walls, stations, grid, cost grid) and the
// validation of geometry that cannot be driven.
#include "track/track.h"

#include <gtest/gtest.h>

#include <random>

#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <regex>
#include <string>

#include "core/math.h"
#include "test_paths.h"
#include "track/track_spec.h"

namespace racer {
namespace {

constexpr double kR = 60.0;      // m, radius of the oval's ends
constexpr double kHalfStraight = 100.0;
constexpr double kWidth = 12.0;
constexpr double kRunoff = 10.0;

// A stadium oval driven anticlockwise: the bottom straight (y = -60) runs east.
TrackSpec oval_spec() {
  TrackSpec s;
  s.name = "oval";
  for (double x = -kHalfStraight; x < kHalfStraight; x += 50.0) s.centreline.push_back({{x, -kR}, kWidth});
  for (int a = -90; a < 90; a += 30)
    s.centreline.push_back({{kHalfStraight + kR * std::cos(deg_to_rad(a)), kR * std::sin(deg_to_rad(a))}, kWidth});
  for (double x = kHalfStraight; x > -kHalfStraight; x -= 50.0) s.centreline.push_back({{x, kR}, kWidth});
  for (int a = 90; a < 270; a += 30)
    s.centreline.push_back({{-kHalfStraight + kR * std::cos(deg_to_rad(a)), kR * std::sin(deg_to_rad(a))}, kWidth});
  s.runoff = {Surface::Grass, kRunoff};
  s.kerbs.min_radius = 120.0;  // the 60 m ends get kerbs, the straights do not
  s.start.point = 2;           // (0, -60), on the bottom straight
  s.grid.slots = 12;
  return s;
}

std::shared_ptr<const Track> build_ok(const TrackSpec& spec) {
  auto r = Track::build(spec, "test.json");
  EXPECT_TRUE(r.ok()) << r.error_text();
  return r.ok() ? r.value() : nullptr;
}

std::string build_errors(const TrackSpec& spec) {
  auto r = Track::build(spec, "test.json");
  EXPECT_FALSE(r.ok());
  return r.error_text();
}

TEST(Track, OvalBuilds) {
  const auto t = build_ok(oval_spec());
  ASSERT_TRUE(t);
  EXPECT_NEAR(t->centreline().length(), 4.0 * kHalfStraight + 2.0 * kPi * kR, 0.01 * 4.0 * kHalfStraight);
  EXPECT_LE(t->bounds_min().x, -kHalfStraight - kR - kWidth / 2 - kRunoff + 0.5);
  EXPECT_GE(t->bounds_max().y, kR + kWidth / 2 + kRunoff - 0.5);
}

TEST(Track, RasterKnowsRoadRunoffAndOutside) {
  const auto t = build_ok(oval_spec());
  ASSERT_TRUE(t);
  const Vec2 road{0.0, -kR + 2.0};
  EXPECT_EQ(t->surface_at(road), Surface::Asphalt);
  EXPECT_TRUE(t->on_road(road));
  const Vec2 runoff{0.0, -kR - kWidth / 2 - kRunoff / 2};  // halfway between road edge and wall
  EXPECT_EQ(t->surface_at(runoff), Surface::Grass);
  EXPECT_EQ(t->flags_at(runoff), kCellRunoff);
  const Vec2 infield{0.0, 0.0};  // 60 m from the centreline, beyond the inner wall
  EXPECT_EQ(t->flags_at(infield), kCellOutside);
  const Vec2 far{5000.0, 5000.0};  // beyond the raster
  EXPECT_EQ(t->surface_at(far), Surface::Grass);
  EXPECT_EQ(t->flags_at(far), kCellOutside);
}

TEST(Track, ZonesRepaintInFileOrder) {
  TrackSpec s = oval_spec();
  s.zones.push_back({Surface::Gravel, {{-10, -70}, {10, -70}, {10, -50}, {-10, -50}}});
  s.zones.push_back({Surface::Ice, {{-5, -62}, {5, -62}, {5, -58}, {-5, -58}}});  // on top
  const auto t = build_ok(s);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->surface_at({0.0, -60.0}), Surface::Ice);
  EXPECT_EQ(t->surface_at({8.0, -60.0}), Surface::Gravel);
  EXPECT_TRUE(t->on_road({0.0, -60.0}));  // still road, just icy
  EXPECT_EQ(t->surface_at({20.0, -60.0}), Surface::Asphalt);
}

TEST(Track, KerbsOnTightCornersNotOnStraights) {
  const auto t = build_ok(oval_spec());
  ASSERT_TRUE(t);
  const double kerb_mid = kWidth / 2 - t->spec().kerbs.width / 2;  // m from the centreline
  // At the apex of the east end: the centreline is (160, 0), heading north.
  EXPECT_EQ(t->surface_at({kHalfStraight + kR + kerb_mid, 0.0}), Surface::Kerb);
  EXPECT_EQ(t->surface_at({kHalfStraight + kR - kerb_mid, 0.0}), Surface::Kerb);
  EXPECT_NE(t->flags_at({kHalfStraight + kR + kerb_mid, 0.0}) & kCellKerb, 0);
  EXPECT_EQ(t->surface_at({kHalfStraight + kR, 0.0}), Surface::Asphalt);  // not mid-road
  // Middle of the bottom straight: plain asphalt to the edge.
  EXPECT_EQ(t->surface_at({0.0, -kR - kerb_mid}), Surface::Asphalt);
  EXPECT_EQ(t->surface_at({0.0, -kR + kerb_mid}), Surface::Asphalt);
  EXPECT_FALSE(t->kerb_quads().empty());
}

TEST(Track, ExplicitKerbSpan) {
  TrackSpec s = oval_spec();
  s.kerbs.automatic = false;
  s.kerbs.spans.push_back({1, 3, KerbSide::Right});  // bottom straight, x -50..50, right = south
  const auto t = build_ok(s);
  ASSERT_TRUE(t);
  const double kerb_mid = kWidth / 2 - s.kerbs.width / 2;
  EXPECT_EQ(t->surface_at({0.0, -kR - kerb_mid}), Surface::Kerb);
  EXPECT_EQ(t->surface_at({0.0, -kR + kerb_mid}), Surface::Asphalt);
  EXPECT_EQ(t->surface_at({kHalfStraight + kR + kerb_mid, 0.0}), Surface::Asphalt);
}

TEST(Track, OvalHasAnOuterWallAndAnIsland) {
  const auto t = build_ok(oval_spec());
  ASSERT_TRUE(t);
  ASSERT_EQ(t->wall_loops().size(), 2u);
  EXPECT_TRUE(t->wall_loops()[0].keep_inside);
  EXPECT_FALSE(t->wall_loops()[1].keep_inside);
  for (const WallLoop& w : t->wall_loops()) {
    EXPECT_GT(w.points.size(), 10u);
    for (Vec2 p : w.points) {
      // The wall is the contour at half width + runoff from the centreline; 0.5 m covers
      // the raster (0.25 m cells) and the 0.1 m simplification.
      const double d = t->centreline().project(p).distance;
      EXPECT_NEAR(d, kWidth / 2 + kRunoff, 0.5) << p.x << ", " << p.y;
    }
  }
}

TEST(Track, NoAutomaticWallsMeansNoLoops) {
  TrackSpec s = oval_spec();
  s.walls.automatic = false;
  s.walls.barriers.push_back({{-50, -90}, {50, -90}});
  const auto t = build_ok(s);
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->wall_loops().empty());
  EXPECT_EQ(t->barriers().size(), 1u);
  // A barrier blocks its cost-grid cells.
  int x = 0, y = 0;
  t->cost_grid().cell_of({0.0, -90.0}, x, y);
  EXPECT_FALSE(t->cost_grid().drivable(x, y));
}

TEST(Track, StartLineStationsAndSectors) {
  const auto t = build_ok(oval_spec());
  ASSERT_TRUE(t);
  const Gate& line = t->start_line();
  // Across the bottom straight at x = 0: a (left) to the north, b to the south.
  EXPECT_NEAR(line.a.x, 0.0, 0.05);
  EXPECT_NEAR(line.b.x, 0.0, 0.05);
  EXPECT_NEAR(line.a.y, -kR + kWidth / 2 + kRunoff, 0.3);  // clipped at the wall (raster step)
  EXPECT_NEAR(line.b.y, -kR - kWidth / 2 - kRunoff, 0.3);
  const Vec2 forwards = perp(line.b - line.a);
  EXPECT_GT(forwards.x, 0.0);  // the direction of travel, east
  EXPECT_EQ(t->stations().front().sector, 0);

  const double length = t->centreline().length();
  const auto& st = t->stations();
  EXPECT_NEAR(static_cast<double>(st.size()), length / 40.0, 3.0);
  // Gates in driving order, each centred on the road, ~40 m apart.
  double previous = -1.0;
  for (const Station& s : st) {
    ASSERT_EQ(s.gates.size(), 1u);
    const double r = t->race_distance(0.5 * (s.gates[0].a + s.gates[0].b));
    EXPECT_GT(r, previous - 1e-6);
    previous = r;
  }
  // Three sectors starting at thirds of the lap.
  ASSERT_EQ(t->sector_starts().size(), 3u);
  int marked = 0;
  for (const Station& s : st) marked += s.sector >= 0 ? 1 : 0;
  EXPECT_EQ(marked, 3);
  for (int k = 0; k < 3; ++k) {
    const CentreSample c = t->centreline().at(t->sector_starts()[static_cast<std::size_t>(k)]);
    EXPECT_NEAR(t->race_distance(c.position), length * k / 3.0, 1.0) << k;
  }
}

TEST(Track, RaceDistanceGrowsFromTheLine) {
  const auto t = build_ok(oval_spec());
  ASSERT_TRUE(t);
  const double length = t->centreline().length();
  EXPECT_NEAR(t->race_distance({0.0, -kR}), 0.0, 0.05);
  EXPECT_NEAR(t->race_distance({10.0, -kR + 3.0}), 10.0, 0.05);
  EXPECT_NEAR(t->race_distance({-10.0, -kR}), length - 10.0, 0.05);
  int hint = -1;
  double previous = t->race_distance({1.0, -kR}, &hint);
  EXPECT_GE(hint, 0);
  for (double x = 2.0; x < 90.0; x += 1.0) {
    const double r = t->race_distance({x, -kR}, &hint);
    EXPECT_NEAR(r - previous, 1.0, 0.01);
    previous = r;
  }
}

TEST(Track, GridIsBehindTheLineOnTheRoad) {
  const auto t = build_ok(oval_spec());
  ASSERT_TRUE(t);
  const auto& grid = t->grid();
  ASSERT_EQ(grid.size(), 12u);
  const double length = t->centreline().length();
  double previous = 0.0;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const Pose& p = grid[i];
    EXPECT_TRUE(t->on_road(p.position));
    EXPECT_NEAR(std::cos(p.heading), 1.0, 1e-3);  // facing east, the direction of travel
    const double behind = length - t->race_distance(p.position);
    EXPECT_GT(behind, previous) << i;  // pole first, each slot further back (staggered)
    previous = behind;
  }
  const auto& g = t->spec().grid;
  EXPECT_NEAR(length - t->race_distance(grid[0].position), g.first_offset, 0.05);
  EXPECT_NEAR(length - t->race_distance(grid[2].position), g.first_offset + g.spacing, 0.05);
  EXPECT_NEAR(std::abs(grid[0].position.y - grid[1].position.y), kWidth / 2, 0.05);
}

TEST(Track, CostGrid) {
  TrackSpec s = oval_spec();
  s.obstacles.push_back({ObstacleShape::Circle, "tyres", {30.0, -kR}, 1.0});
  s.zones.push_back({Surface::Sand, {{-40, -75}, {-20, -75}, {-20, -66.5}, {-40, -66.5}}});
  const auto t = build_ok(s);
  ASSERT_TRUE(t);
  const CostGrid& g = t->cost_grid();
  EXPECT_DOUBLE_EQ(g.cell_size(), 0.5);
  int x = 0, y = 0;
  // The road is drivable, costs 1; sand costs more; the infield is blocked.
  g.cell_of({-60.0, -kR}, x, y);
  EXPECT_TRUE(g.drivable(x, y));
  EXPECT_FLOAT_EQ(g.surface_cost(x, y), 1.0f);
  // Clearance at the road centre: 16 m to either wall, less half a cell at most.
  EXPECT_NEAR(g.clearance(x, y), kWidth / 2 + kRunoff, 0.5);
  g.cell_of({-30.0, -70.0}, x, y);
  EXPECT_FLOAT_EQ(g.surface_cost(x, y), 4.0f);
  g.cell_of({0.0, 0.0}, x, y);
  EXPECT_FALSE(g.drivable(x, y));

  // The obstacle: its centre cell is blocked, a cell 2 m away is not, and that cell's
  // clearance is the brute-force distance to the nearest blocked cell centre.
  g.cell_of({30.0, -kR}, x, y);
  EXPECT_FALSE(g.drivable(x, y));
  g.cell_of({32.0, -kR}, x, y);
  ASSERT_TRUE(g.drivable(x, y));
  double brute = std::numeric_limits<double>::infinity();
  for (int by = 0; by < g.height(); ++by)
    for (int bx = 0; bx < g.width(); ++bx)
      if (!g.drivable(bx, by)) brute = std::min(brute, std::hypot(bx - x, by - y) * g.cell_size());
  EXPECT_NEAR(g.clearance(x, y), brute, 1e-4);
  // Between the circle's edge (1 m away) and that less one cell's half diagonal and a half cell.
  const double d = length(g.cell_centre(x, y) - Vec2{30.0, -kR}) - 1.0;
  EXPECT_LE(g.clearance(x, y), d + 0.5);
  EXPECT_GE(g.clearance(x, y), d - 0.5);
}

// ---- validation -------------------------------------------------------------------------

TEST(TrackValidation, FigureEightReportsTheCrossing) {
  TrackSpec s;
  s.name = "figure eight";
  // Lemniscate of Gerono: x = a cos t, y = a sin t cos t; it crosses itself at the origin,
  // where control points 4 and 12 sit.
  for (int i = 0; i < 16; ++i) {
    const double tt = 2.0 * kPi * i / 16.0;
    s.centreline.push_back({{200.0 * std::cos(tt), 200.0 * std::sin(tt) * std::cos(tt)}, 10.0});
  }
  s.grid.slots = 2;
  const std::string errors = build_errors(s);
  // Located at the edge crossing nearest the origin, named by the nearest control point.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(errors, m, std::regex(R"(the road crosses itself near control point (4|12) \(x (-?\d+), y (-?\d+)\))")))
      << errors;
  EXPECT_LE(std::abs(std::stoi(m[2])), 10) << errors;  // half the 10 m road plus the crossing angle
  EXPECT_LE(std::abs(std::stoi(m[3])), 10) << errors;
}

TEST(TrackValidation, TooNarrowPoint) {
  TrackSpec s = oval_spec();
  s.centreline[7].width = 3.0;
  const std::string errors = build_errors(s);
  EXPECT_NE(errors.find("the road is 3.0 m wide at control point 7"), std::string::npos) << errors;
}

TEST(TrackValidation, GridSlotOffTheRoad) {
  TrackSpec s = oval_spec();
  for (ControlPoint& p : s.centreline) p.width = 5.0;
  s.grid.columns = 3;  // outer columns 1.67 m off centre: a 2 m wide car pokes past 2.5 m
  const std::string errors = build_errors(s);
  EXPECT_NE(errors.find("grid slot 1 (x "), std::string::npos) << errors;
  EXPECT_NE(errors.find("is not on the road"), std::string::npos) << errors;
}

TEST(TrackValidation, GridSlotOnAnObstacle) {
  TrackSpec s = oval_spec();
  s.obstacles.push_back({ObstacleShape::Box, "truck", {-6.0, -kR + 3.0}, 0.5, 3.0, 1.0, 0.0});
  const std::string errors = build_errors(s);
  EXPECT_NE(errors.find("grid slot 1 (x -6, y -57) is on obstacle 0 (truck)"), std::string::npos) << errors;
}

TEST(TrackValidation, ObstacleOnTheStartLine) {
  TrackSpec s = oval_spec();
  s.obstacles.push_back({ObstacleShape::Circle, "cone", {0.2, -kR + 4.0}, 0.3});
  const std::string errors = build_errors(s);
  EXPECT_NE(errors.find("obstacle 0 (cone) (x 0, y -56) is on the start line"), std::string::npos) << errors;
}

TEST(TrackValidation, ObstacleOutsideTheWalls) {
  TrackSpec s = oval_spec();
  s.obstacles.push_back({ObstacleShape::Circle, "cone", {0.0, 0.0}, 0.3});  // the oval's infield, beyond the walls
  const std::string errors = build_errors(s);
  EXPECT_NE(errors.find("obstacle 0 (cone) (x 0, y 0) is outside the walls, where no car can reach it"), std::string::npos)
      << errors;
}

TEST(TrackValidation, DocumentedExamplePassesTrackcheck) {
  // docs/track-format.md says its complete example (the first ```json block) passes
  // trackcheck, which builds the track as the game does: every check, not only the parse.
  std::ifstream in(test::source_path("docs/track-format.md"));
  ASSERT_TRUE(in) << "cannot read docs/track-format.md";
  const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t begin = doc.find("```json\n");
  ASSERT_NE(begin, std::string::npos);
  const std::size_t end = doc.find("```", begin + 8);
  ASSERT_NE(end, std::string::npos);
  const Result<TrackSpec> spec = parse_track_spec(doc.substr(begin + 8, end - begin - 8), "track-format.md");
  ASSERT_TRUE(spec.ok()) << spec.error_text();
  EXPECT_NE(build_ok(spec.value()), nullptr);
}

TEST(TrackValidation, BranchThatDoesNotRejoinAhead) {
  TrackSpec s = oval_spec();
  BranchSpec b;
  b.name = "back";
  b.from = 3;  // (50, -60)
  b.to = 1;    // (-50, -60): behind
  b.points = {{{0.0, -100.0}, 10.0}};
  s.branches.push_back(b);
  const std::string errors = build_errors(s);
  EXPECT_NE(errors.find("branch \"back\" does not rejoin ahead"), std::string::npos) << errors;
}

TEST(TrackValidation, SelfIntersectingZone) {
  TrackSpec s = oval_spec();
  s.zones.push_back({Surface::Gravel, {{0, 0}, {10, 10}, {10, 0}, {0, 10}}});  // a bow tie
  const std::string errors = build_errors(s);
  EXPECT_NE(errors.find("zone 0 (gravel) crosses itself"), std::string::npos) << errors;
}

TEST(TrackValidation, HairpinTighterThanTheRoad) {
  TrackSpec s = oval_spec();
  // Squeeze the east end into a 4 m radius hairpin on a 12 m road.
  TrackSpec t;
  t.centreline = {{{-100, -4}, 12}, {{0, -4}, 12}, {{100, -4}, 12}, {{104, 0}, 12},
                  {{100, 4}, 12},   {{0, 4}, 12},  {{-100, 4}, 12}, {{-104, 0}, 12}};
  t.grid.slots = 1;
  const std::string errors = build_errors(t);
  EXPECT_TRUE(errors.find("folds over itself") != std::string::npos ||
              errors.find("crosses itself") != std::string::npos ||
              errors.find("overlaps itself") != std::string::npos)
      << errors;
}

TEST(TrackValidation, NeverCrashesOnDegenerateSpecs) {
  TrackSpec empty;
  EXPECT_FALSE(Track::build(empty, "x.json").ok());
  TrackSpec dup = oval_spec();
  dup.centreline[4].position = dup.centreline[3].position;
  EXPECT_FALSE(Track::build(dup, "x.json").ok());
  TrackSpec nan = oval_spec();
  nan.centreline[2].position.x = std::nan("");
  EXPECT_FALSE(Track::build(nan, "x.json").ok());
  TrackSpec huge = oval_spec();
  huge.centreline[10].position = {9000.0, 9000.0};
  EXPECT_FALSE(Track::build(huge, "x.json").ok());
  TrackSpec bad_index = oval_spec();
  bad_index.start.point = 99;
  bad_index.branches.push_back({"b", -1, 500, {}, Surface::Asphalt});
  EXPECT_FALSE(Track::build(bad_index, "x.json").ok());
}

// ---- branches ---------------------------------------------------------------------------

TrackSpec oval_with_branch() {
  TrackSpec s = oval_spec();
  s.start.point = 7;  // on the east end, away from the branch
  BranchSpec b;
  b.name = "loop";
  b.from = 1;  // (-50, -60)
  b.to = 3;    // (50, -60)
  b.points = {{{0.0, -110.0}, 10.0}};
  b.surface = Surface::Dirt;
  s.branches.push_back(b);
  return s;
}

TEST(TrackValidation, RandomlyMangledTracksBuildOrReportNeverCrash) {
  // Jitter every control point, width and the grid by random amounts (fixed seed): each
  // build must either succeed with a consistent track or come back with located errors.
  std::mt19937 rng(2024);
  std::normal_distribution<double> jitter(0.0, 12.0);
  std::uniform_real_distribution<double> width(2.0, 40.0);
  int built = 0, refused = 0;
  for (int trial = 0; trial < 24; ++trial) {
    TrackSpec s = oval_spec();
    for (ControlPoint& p : s.centreline) {
      p.position += Vec2{jitter(rng), jitter(rng)} * (trial % 4 == 0 ? 4.0 : 1.0);
      if (trial % 3 == 0) p.width = width(rng);
    }
    s.grid.slots = 1 + trial % 24;
    s.kerbs.min_radius = 10.0 + trial * 20.0;
    auto r = Track::build(s, "mangled.json");
    if (r.ok()) {
      ++built;
      const Track& t = *r.value();
      EXPECT_GT(t.centreline().length(), 0.0);
      EXPECT_EQ(static_cast<int>(t.grid().size()), s.grid.slots);
      for (const Pose& slot : t.grid()) EXPECT_TRUE(t.on_road(slot.position));
    } else {
      ++refused;
      EXPECT_FALSE(r.errors().empty());
      for (const DataError& e : r.errors()) EXPECT_FALSE(e.message.empty());
    }
  }
  EXPECT_GT(built, 0);    // mild jitter leaves a drivable oval...
  EXPECT_GT(refused, 0);  // ...and wild jitter or 2 m widths are refused
}

TEST(Track, BranchSurfaceStationAndIsland) {
  const auto t = build_ok(oval_with_branch());
  ASSERT_TRUE(t);
  ASSERT_EQ(t->branches().size(), 1u);
  const Centreline& b = t->branches()[0];
  EXPECT_NEAR(length(b.samples().front().position - Vec2{-50.0, -kR}), 0.0, 1e-6);
  EXPECT_NEAR(length(b.samples().back().position - Vec2{50.0, -kR}), 0.0, 1e-6);
  const CentreSample mid = b.at(0.5 * b.length());
  EXPECT_EQ(t->surface_at(mid.position), Surface::Dirt);
  EXPECT_TRUE(t->on_road(mid.position));
  // One station with two gates: the main road's middle and the branch's middle.
  int two = 0;
  for (const Station& s : t->stations()) {
    if (s.gates.size() != 2) continue;
    ++two;
    const Vec2 main_mid = 0.5 * (s.gates[0].a + s.gates[0].b);
    const Vec2 branch_mid = 0.5 * (s.gates[1].a + s.gates[1].b);
    EXPECT_NEAR(main_mid.x, 0.0, 1.0);
    EXPECT_NEAR(main_mid.y, -kR, 1.0);
    EXPECT_NEAR(length(branch_mid - mid.position), 0.0, 1.0);
    EXPECT_GT(perp(s.gates[1].b - s.gates[1].a).x, 0.0);  // forwards is east there too
  }
  EXPECT_EQ(two, 1);
  // Outer wall, the infield, and the island between the main road and the branch.
  ASSERT_EQ(t->wall_loops().size(), 3u);
  EXPECT_TRUE(t->wall_loops()[0].keep_inside);
  EXPECT_FALSE(t->wall_loops()[1].keep_inside);
  EXPECT_FALSE(t->wall_loops()[2].keep_inside);
}

TEST(Track, ReversedTrackDrivesTheOtherWay) {
  TrackSpec s = oval_spec();
  s.start.reverse = true;
  const auto t = build_ok(s);
  ASSERT_TRUE(t);
  EXPECT_NEAR(length(t->start_line().a - t->start_line().b), 2.0 * (kWidth / 2 + kRunoff), 0.6);
  EXPECT_LT(perp(t->start_line().b - t->start_line().a).x, 0.0);  // west
  EXPECT_NEAR(std::cos(t->grid()[0].heading), -1.0, 1e-3);
  EXPECT_GT(t->grid()[0].position.x, 0.0);  // behind the line is east now
  EXPECT_NEAR(t->race_distance({-10.0, -kR}), 10.0, 0.05);
}

// ---- loading from a file: problems located in the text -----------------------------------

TEST(Track, LoadLocatesProblemsInTheFile) {
  const std::string path = testing::TempDir() + "/figure_eight.json";
  {
    std::ofstream out(path);
    out << "{\n  \"format\": 1,\n  \"name\": \"Eight\",\n  \"centreline\": [\n";
    for (int i = 0; i < 16; ++i) {
      const double tt = 2.0 * kPi * i / 16.0;
      out << "    [" << std::lround(200.0 * std::cos(tt)) << ", " << std::lround(200.0 * std::sin(tt) * std::cos(tt))
          << ", 10]" << (i < 15 ? "," : "") << "\n";
    }
    out << "  ],\n  \"grid\": { \"slots\": 2 }\n}\n";
  }
  auto r = Track::load(path);
  ASSERT_FALSE(r.ok());
  // Control point i is on line 5 + i, its '[' at column 5.
  const std::string text = r.error_text();
  const bool at_4 = text.find(path + ":9:5: the road crosses itself near control point 4") != std::string::npos;
  const bool at_12 = text.find(path + ":17:5: the road crosses itself near control point 12") != std::string::npos;
  EXPECT_TRUE(at_4 || at_12) << text;
}

TEST(Track, LoadReportsAMissingFile) {
  auto r = Track::load(testing::TempDir() + "/no_such_track.json");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error_text().find("cannot read the file"), std::string::npos);
}

// `--track tracks/` once said "read failed": a directory opens and fails only at the read.
TEST(Track, LoadNamesADirectory) {
  auto r = Track::load(testing::TempDir());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error_text().find("it is a directory"), std::string::npos) << r.error_text();
}

}  // namespace
}  // namespace racer

// Scenery placement: every object of every shipped track stands on the land beyond the
// walls (its footprint sampled against the surface map at the raster's resolution), the
// automatic objects never overlap, the same track always gives the same list, the themes
// give different scenery, and explicit objects are placed as written or refused with a
// located message.
//
// Sections: 1. helpers  2. shipped tracks  3. themes  4. explicit objects
#include "track/scenery.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/math.h"
#include "track/track.h"
#include "test_paths.h"

namespace racer {
namespace {

// ---------------------------------------------------------------- 1. helpers

/// A shipped track, loaded once for all the tests (a build takes about a second).
std::shared_ptr<const Track> load(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const Track>> cache;
  if (const auto found = cache.find(name); found != cache.end()) return found->second;
  auto t = Track::load(test::source_path("tracks/" + name + ".json"));
  EXPECT_TRUE(t.ok()) << t.error_text();
  return cache[name] = t.ok() ? t.value() : nullptr;
}

/// A fresh load of a shipped track (not the cached one).
std::shared_ptr<const Track> load_again(const std::string& name) {
  auto t = Track::load(test::source_path("tracks/" + name + ".json"));
  EXPECT_TRUE(t.ok()) << t.error_text();
  return t.ok() ? t.value() : nullptr;
}

const std::array<std::pair<const char*, SceneryTheme>, 5> kShipped{{{"kestrel_downs", SceneryTheme::Downs},
                                                                   {"lantern_hill", SceneryTheme::Forest},
                                                                   {"port_ardent", SceneryTheme::Harbour},
                                                                   {"foundry_loop", SceneryTheme::Foundry},
                                                                   {"cragmoor_stage", SceneryTheme::Rally}}};

std::array<int, kSceneryKindCount> histogram(const SceneryLayout& l) {
  std::array<int, kSceneryKindCount> h{};
  for (const SceneryItem& it : l.items) ++h[static_cast<std::size_t>(it.kind)];
  return h;
}

int count(const SceneryLayout& l, SceneryKind k) { return histogram(l)[static_cast<std::size_t>(k)]; }

/// The first point of an item's footprint (not grown by any margin) that is not beyond the
/// walls, sampled every 0.25 m (the surface raster's cell); true when there is none.
::testing::AssertionResult stands_beyond_walls(const Track& t, const SceneryItem& it) {
  for (const SceneryBox& b : scenery_footprint(it)) {
    const int nu = std::max(1, static_cast<int>(std::ceil(2.0 * b.half_length / 0.25)));
    const int nv = std::max(1, static_cast<int>(std::ceil(2.0 * b.half_width / 0.25)));
    for (int i = 0; i <= nu; ++i)
      for (int j = 0; j <= nv; ++j) {
        const Vec2 p = b.centre + b.axis * (b.half_length * (2.0 * i / nu - 1.0)) +
                       perp(b.axis) * (b.half_width * (2.0 * j / nv - 1.0));
        if ((t.flags_at(p) & kCellOutside) == 0)
          return ::testing::AssertionFailure() << scenery_kind_name(it.kind) << " at (" << it.position.x << ", "
                                               << it.position.y << ") covers (" << p.x << ", " << p.y
                                               << "), which is road, run-off or wall";
      }
  }
  return ::testing::AssertionSuccess();
}

// ---------------------------------------------------------------- 2. shipped tracks

TEST(Scenery, EveryShippedTrackHasItsTheme) {
  for (const auto& [name, theme] : kShipped) {
    SCOPED_TRACE(name);
    const auto t = load(name);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->spec().scenery.theme, theme);
    EXPECT_TRUE(t->spec().scenery.automatic);
  }
}

TEST(Scenery, NothingStandsOnTheRoadRunoffOrWalls) {
  for (const auto& [name, theme] : kShipped) {
    SCOPED_TRACE(name);
    const auto t = load(name);
    ASSERT_NE(t, nullptr);
    const SceneryLayout l = place_scenery(*t);
    // A circuit's furniture and a land full of things: a few hundred objects at least.
    EXPECT_GE(l.items.size(), 300u);
    int bad = 0;
    for (const SceneryItem& it : l.items) {
      const auto ok = stands_beyond_walls(*t, it);
      if (!ok && ++bad <= 5) ADD_FAILURE() << ok.message();
      for (const ObstacleSpec& o : t->obstacles()) {
        const double r = o.shape == ObstacleShape::Circle ? o.radius : std::hypot(o.half_length, o.half_width);
        for (const SceneryBox& b : scenery_footprint(it))
          EXPECT_GT(length(b.centre - o.position), r) << scenery_kind_name(it.kind) << " on obstacle " << o.kind;
      }
    }
    EXPECT_EQ(bad, 0);
  }
}

TEST(Scenery, EveryCircuitGetsItsFurniture) {
  for (const auto& [name, theme] : kShipped) {
    SCOPED_TRACE(name);
    const auto t = load(name);
    ASSERT_NE(t, nullptr);
    const SceneryLayout l = place_scenery(*t);
    EXPECT_EQ(count(l, SceneryKind::Gantry), 1);
    EXPECT_EQ(count(l, SceneryKind::PitBuilding), 1);
    EXPECT_GE(count(l, SceneryKind::Grandstand), 2);
    EXPECT_GE(count(l, SceneryKind::TyreWall), 10);
    EXPECT_GE(count(l, SceneryKind::Boards), 4);
    EXPECT_GE(count(l, SceneryKind::MarshalPost), 3);
    EXPECT_GE(count(l, SceneryKind::Building), 2);
    EXPECT_GE(count(l, SceneryKind::Water), 1);
  }
}

TEST(Scenery, AutomaticObjectsNeverOverlap) {
  for (const auto& [name, theme] : kShipped) {
    SCOPED_TRACE(name);
    const auto t = load(name);
    ASSERT_NE(t, nullptr);
    const SceneryLayout l = place_scenery(*t);
    int overlaps = 0;
    for (std::size_t i = 0; i < l.items.size(); ++i)
      for (std::size_t j = i + 1; j < l.items.size(); ++j) {
        const SceneryItem &a = l.items[i], &b = l.items[j];
        const bool boat_on_water = (a.kind == SceneryKind::Boat && b.kind == SceneryKind::Water) ||
                                   (b.kind == SceneryKind::Boat && a.kind == SceneryKind::Water);
        if (!boat_on_water && scenery_overlap(a, b) && ++overlaps <= 5)
          ADD_FAILURE() << scenery_kind_name(a.kind) << " at (" << a.position.x << ", " << a.position.y << ") overlaps "
                        << scenery_kind_name(b.kind) << " at (" << b.position.x << ", " << b.position.y << ")";
      }
    EXPECT_EQ(overlaps, 0);
  }
}

TEST(Scenery, SameTrackGivesTheSameList) {
  const auto a = load("port_ardent"), b = load_again("port_ardent");
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  const SceneryLayout la = place_scenery(*a), lb = place_scenery(*b), la2 = place_scenery(*a);
  EXPECT_EQ(la.seed, lb.seed);
  for (const SceneryLayout* other : {&lb, &la2}) {
    ASSERT_EQ(la.items.size(), other->items.size());
    for (std::size_t i = 0; i < la.items.size(); ++i) {
      const SceneryItem &x = la.items[i], &y = other->items[i];
      EXPECT_EQ(x.kind, y.kind);
      EXPECT_EQ(x.position, y.position);  // bit for bit: no clock, no global state
      EXPECT_EQ(x.facing, y.facing);
      EXPECT_EQ(x.length, y.length);
      EXPECT_EQ(x.depth, y.depth);
      EXPECT_EQ(x.variant, y.variant);
    }
  }
  // Another track has another seed.
  const auto c = load("kestrel_downs");
  ASSERT_NE(c, nullptr);
  EXPECT_NE(scenery_seed(*c), la.seed);
}

// ---------------------------------------------------------------- 3. themes

/// Lantern Hill (the smallest shipped track) dressed in every theme.
std::map<SceneryTheme, SceneryLayout> every_theme() {
  std::map<SceneryTheme, SceneryLayout> out;
  const auto base = load("lantern_hill");
  if (!base) return out;
  for (std::size_t i = 0; i < kSceneryThemeCount; ++i) {
    TrackSpec spec = base->spec();
    spec.scenery.theme = static_cast<SceneryTheme>(i);
    auto t = Track::build(spec, "themed.json");
    EXPECT_TRUE(t.ok()) << t.error_text();
    if (t.ok()) out[spec.scenery.theme] = place_scenery(*t.value());
  }
  return out;
}

TEST(Scenery, ThemesDressTheSameTrackDifferently) {
  const auto l = every_theme();
  ASSERT_EQ(l.size(), kSceneryThemeCount);
  auto fraction = [&](SceneryTheme t, SceneryKind k) {
    return static_cast<double>(count(l.at(t), k)) / static_cast<double>(l.at(t).items.size());
  };
  using T = SceneryTheme;
  using K = SceneryKind;
  // The forest and the rally stage are wooded: far more trees than the open downs.
  const auto plants = [&](T t) { return count(l.at(t), K::Tree) + count(l.at(t), K::Conifer); };
  EXPECT_GT(plants(T::Forest), 1.4 * plants(T::Downs));
  EXPECT_GT(fraction(T::Forest, K::Conifer), 2.0 * fraction(T::Downs, K::Conifer));
  // The rally stage is mostly conifers; the downs mostly broadleaf trees.
  EXPECT_GT(count(l.at(T::Rally), K::Conifer), count(l.at(T::Rally), K::Tree));
  EXPECT_GT(count(l.at(T::Downs), K::Tree), count(l.at(T::Downs), K::Conifer));
  // The harbour has the sea (a quay-edged basin, variant 4+) with boats, and containers.
  int quays = 0;
  for (const SceneryItem& it : l.at(T::Harbour).items) quays += it.kind == K::Water && it.variant >= 4;
  EXPECT_EQ(quays, 1);
  EXPECT_GE(count(l.at(T::Harbour), K::Boat), 10);
  EXPECT_GE(count(l.at(T::Harbour), K::Container), 10);
  EXPECT_EQ(count(l.at(T::Downs), K::Boat), 0);
  // The foundry has works halls (variants 6, 7), tanks and chimneys.
  int halls = 0;
  for (const SceneryItem& it : l.at(T::Foundry).items) halls += it.kind == K::Building && it.variant >= 6;
  EXPECT_GE(halls, 2);
  EXPECT_GE(count(l.at(T::Foundry), K::Tank), 4);
  // No two themes give the same mix of kinds.
  for (std::size_t a = 0; a < kSceneryThemeCount; ++a)
    for (std::size_t b = a + 1; b < kSceneryThemeCount; ++b)
      EXPECT_NE(histogram(l.at(static_cast<T>(a))), histogram(l.at(static_cast<T>(b))))
          << scenery_theme_name(static_cast<T>(a)) << " vs " << scenery_theme_name(static_cast<T>(b));
}

TEST(Scenery, AutomaticOffLeavesOnlyTheExplicitObjects) {
  const auto base = load("kestrel_downs");
  ASSERT_NE(base, nullptr);
  TrackSpec spec = base->spec();
  spec.scenery.automatic = false;
  auto t = Track::build(spec, "bare.json");
  ASSERT_TRUE(t.ok()) << t.error_text();
  EXPECT_TRUE(place_scenery(*t.value()).items.empty());
}

// ---------------------------------------------------------------- 4. explicit objects

TEST(Scenery, ExplicitObjectsArePlacedAsWrittenAndAvoided) {
  const auto base = load("kestrel_downs");
  ASSERT_NE(base, nullptr);
  TrackSpec spec = base->spec();
  // Kestrel Downs' main straight runs along y = -300 (14 m road, 15 m run-off): south of
  // it, beyond the wall at y = -322, there is open land.
  SceneryObjectSpec stand;
  stand.kind = SceneryKind::Grandstand;
  stand.position = {150.0, -345.0};
  stand.facing = kPi / 2.0;  // facing north, at the road
  stand.length = 60.0;
  stand.depth = 14.0;
  stand.variant = 3;
  SceneryObjectSpec tree;
  tree.kind = SceneryKind::Tree;
  tree.position = {150.0, -370.0};
  tree.length = tree.depth = 9.0;
  spec.scenery.objects = {stand, tree};
  auto t = Track::build(spec, "explicit.json");
  ASSERT_TRUE(t.ok()) << t.error_text();
  const SceneryLayout l = place_scenery(*t.value());
  ASSERT_GE(l.items.size(), 2u);
  EXPECT_EQ(l.items[0].source, 0);
  EXPECT_EQ(l.items[0].kind, SceneryKind::Grandstand);
  EXPECT_EQ(l.items[0].position, stand.position);
  EXPECT_EQ(l.items[0].variant, 3);
  EXPECT_EQ(l.items[1].source, 1);
  EXPECT_GE(l.items[1].variant, 0);  // chosen from the position
  EXPECT_LT(l.items[1].variant, kSceneryVariants);
  for (std::size_t i = 2; i < l.items.size(); ++i) {
    EXPECT_EQ(l.items[i].source, -1);
    EXPECT_FALSE(scenery_overlap(l.items[i], l.items[0])) << scenery_kind_name(l.items[i].kind);
    EXPECT_FALSE(scenery_overlap(l.items[i], l.items[1])) << scenery_kind_name(l.items[i].kind);
  }
}

TEST(Scenery, ObjectOnTheRoadOrRunoffIsRefusedWithItsPlace) {
  const auto base = load("kestrel_downs");
  ASSERT_NE(base, nullptr);
  TrackSpec spec = base->spec();
  // On the road, in the run-off, against the wall (the run-off ends at y = -322), clear.
  const std::array<double, 4> ys{-300.0, -315.0, -321.5, -326.0};
  for (const double y : ys) {
    SceneryObjectSpec rock;
    rock.kind = SceneryKind::Rock;
    rock.position = {100.0, y};
    rock.length = rock.depth = 2.0;
    spec.scenery.objects.push_back(rock);
  }
  auto t = Track::build(spec, "rock.json");
  ASSERT_FALSE(t.ok());
  for (std::size_t i = 0; i < ys.size(); ++i) {
    const std::string message = "scenery object " + std::to_string(i) + " (rock) (x 100, y " +
                                std::to_string(static_cast<int>(std::lround(ys[i]))) +
                                ") reaches onto the road, the run-off, a wall or an obstacle";
    EXPECT_EQ(t.error_text().find(message) != std::string::npos, i < 3) << message << "\n" << t.error_text();
  }
}

TEST(Scenery, ExplicitErrorIsLocatedInTheFile) {
  const std::string text = R"({
  "format": 1,
  "name": "Square",
  "centreline": [[0, 0], [100, 0], [100, 100], [0, 100]],
  "scenery": {
    "theme": "foundry",
    "objects": [
      { "kind": "tank", "position": [50, 400], "size_m": 10 },
      { "kind": "building", "position": [50, 0], "length_m": 20, "depth_m": 10 }
    ]
  }
}
)";
  const Result<TrackSpec> spec = parse_track_spec(text, "square.json");
  ASSERT_TRUE(spec.ok()) << spec.error_text();
  // Track::load locates problems by line and column; write the text to a file for it.
  const std::string path = ::testing::TempDir() + "scenery_square.json";
  {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
  auto t = Track::load(path);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error_text(), path + ":9:7: scenery object 1 (building) (x 50, y 0) reaches onto the road, the run-off, a "
                                   "wall or an obstacle; scenery must stand at least 1.2 m beyond the walls");
  std::remove(path.c_str());
}

}  // namespace
}  // namespace racer

// Track files: good files read every key, every shipped track and the documented example
// load and round-trip exactly, and every broken file in tests/track/bad gives exactly the
// message in its sibling .expected file (file:line:col included), never a crash.
//
// Sections: 1. helpers  2. good files  3. round trips  4. the bad corpus  5. hostile input
#include "track/track_spec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/math.h"
#include "test_paths.h"

namespace racer {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------- 1. helpers

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void expect_points_equal(const std::vector<ControlPoint>& a, const std::vector<ControlPoint>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].position, b[i].position) << "point " << i;
    EXPECT_EQ(a[i].width, b[i].width) << "point " << i;
  }
}

/// Equal to the last bit, except box angles (stored in degrees: one rounding each way).
void expect_equal(const TrackSpec& a, const TrackSpec& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.author, b.author);
  EXPECT_EQ(a.description, b.description);
  EXPECT_EQ(a.laps, b.laps);
  EXPECT_EQ(a.sectors, b.sectors);
  EXPECT_EQ(a.road_surface, b.road_surface);
  expect_points_equal(a.centreline, b.centreline);
  EXPECT_EQ(a.kerbs.automatic, b.kerbs.automatic);
  EXPECT_EQ(a.kerbs.min_radius, b.kerbs.min_radius);
  EXPECT_EQ(a.kerbs.width, b.kerbs.width);
  ASSERT_EQ(a.kerbs.spans.size(), b.kerbs.spans.size());
  for (std::size_t i = 0; i < a.kerbs.spans.size(); ++i) {
    EXPECT_EQ(a.kerbs.spans[i].from, b.kerbs.spans[i].from);
    EXPECT_EQ(a.kerbs.spans[i].to, b.kerbs.spans[i].to);
    EXPECT_EQ(a.kerbs.spans[i].side, b.kerbs.spans[i].side);
  }
  EXPECT_EQ(a.runoff.surface, b.runoff.surface);
  EXPECT_EQ(a.runoff.width, b.runoff.width);
  ASSERT_EQ(a.zones.size(), b.zones.size());
  for (std::size_t i = 0; i < a.zones.size(); ++i) {
    EXPECT_EQ(a.zones[i].surface, b.zones[i].surface);
    EXPECT_EQ(a.zones[i].polygon, b.zones[i].polygon);
  }
  EXPECT_EQ(a.walls.automatic, b.walls.automatic);
  EXPECT_EQ(a.walls.barriers, b.walls.barriers);
  ASSERT_EQ(a.obstacles.size(), b.obstacles.size());
  for (std::size_t i = 0; i < a.obstacles.size(); ++i) {
    const ObstacleSpec &x = a.obstacles[i], &y = b.obstacles[i];
    EXPECT_EQ(x.shape, y.shape);
    EXPECT_EQ(x.kind, y.kind);
    EXPECT_EQ(x.position, y.position);
    if (x.shape == ObstacleShape::Circle) {
      EXPECT_EQ(x.radius, y.radius);
    } else {
      EXPECT_EQ(x.half_length, y.half_length);
      EXPECT_EQ(x.half_width, y.half_width);
      EXPECT_NEAR(x.angle, y.angle, 1e-14);
    }
  }
  ASSERT_EQ(a.branches.size(), b.branches.size());
  for (std::size_t i = 0; i < a.branches.size(); ++i) {
    EXPECT_EQ(a.branches[i].name, b.branches[i].name);
    EXPECT_EQ(a.branches[i].from, b.branches[i].from);
    EXPECT_EQ(a.branches[i].to, b.branches[i].to);
    EXPECT_EQ(a.branches[i].surface, b.branches[i].surface);
    expect_points_equal(a.branches[i].points, b.branches[i].points);
  }
  EXPECT_EQ(a.start.point, b.start.point);
  EXPECT_EQ(a.start.offset, b.start.offset);
  EXPECT_EQ(a.start.reverse, b.start.reverse);
  EXPECT_EQ(a.grid.slots, b.grid.slots);
  EXPECT_EQ(a.grid.spacing, b.grid.spacing);
  EXPECT_EQ(a.grid.first_offset, b.grid.first_offset);
  EXPECT_EQ(a.grid.columns, b.grid.columns);
  EXPECT_EQ(a.scenery.theme, b.scenery.theme);
  EXPECT_EQ(a.scenery.automatic, b.scenery.automatic);
  ASSERT_EQ(a.scenery.objects.size(), b.scenery.objects.size());
  for (std::size_t i = 0; i < a.scenery.objects.size(); ++i) {
    const SceneryObjectSpec &x = a.scenery.objects[i], &y = b.scenery.objects[i];
    EXPECT_EQ(x.kind, y.kind);
    EXPECT_EQ(x.position, y.position);
    EXPECT_NEAR(x.facing, y.facing, 1e-14);  // degrees in the file: one rounding each way
    EXPECT_EQ(x.length, y.length);
    EXPECT_EQ(x.depth, y.depth);
    EXPECT_EQ(x.variant, y.variant);
  }
}

/// save -> parse gives an equal spec, and saving that again gives the same text.
void expect_round_trip(const TrackSpec& spec) {
  const std::string saved = save_track_spec(spec);
  const Result<TrackSpec> again = parse_track_spec(saved, "saved.json");
  ASSERT_TRUE(again.ok()) << again.error_text() << "\n" << saved;
  expect_equal(spec, again.value());
  EXPECT_EQ(save_track_spec(again.value()), saved);
}

const char* const kSquare = R"("centreline": [[0, 0], [100, 0], [100, 100], [0, 100]])";

std::string minimal_track(const std::string& extra = "") {
  return std::string("{\n  \"format\": 1,\n  \"name\": \"Square\",\n  ") + kSquare + extra + "\n}\n";
}

// ---------------------------------------------------------------- 2. good files

TEST(TrackSpec, MinimalFileTakesDocumentedDefaults) {
  const Result<TrackSpec> r = parse_track_spec(minimal_track(), "min.json");
  ASSERT_TRUE(r.ok()) << r.error_text();
  const TrackSpec& t = r.value();
  const TrackSpec defaults;
  EXPECT_EQ(t.name, "Square");
  EXPECT_EQ(t.author, "");
  EXPECT_EQ(t.laps, 3);
  EXPECT_EQ(t.sectors, 3);
  EXPECT_EQ(t.road_surface, Surface::Asphalt);
  ASSERT_EQ(t.centreline.size(), 4u);
  EXPECT_EQ(t.centreline[2].position, (Vec2{100, 100}));
  EXPECT_EQ(t.centreline[2].width, 12.0);  // default_width_m
  EXPECT_TRUE(t.kerbs.automatic);
  EXPECT_EQ(t.kerbs.min_radius, defaults.kerbs.min_radius);
  EXPECT_EQ(t.kerbs.width, defaults.kerbs.width);
  EXPECT_EQ(t.runoff.surface, Surface::Grass);
  EXPECT_EQ(t.runoff.width, defaults.runoff.width);
  EXPECT_TRUE(t.walls.automatic);
  EXPECT_TRUE(t.zones.empty() && t.obstacles.empty() && t.branches.empty() && t.walls.barriers.empty());
  EXPECT_EQ(t.start.point, 0);
  EXPECT_EQ(t.start.offset, 0.0);
  EXPECT_FALSE(t.start.reverse);
  EXPECT_EQ(t.grid.slots, defaults.grid.slots);
  EXPECT_EQ(t.grid.spacing, defaults.grid.spacing);
  EXPECT_EQ(t.grid.first_offset, defaults.grid.first_offset);
  EXPECT_EQ(t.grid.columns, defaults.grid.columns);
}

TEST(TrackSpec, FullFileReadsEveryKey) {
  const char* text = R"({
  "format": 1, "name": "Full", "author": "Tests", "description": "every key",
  "laps": 7, "sectors": 4, "road_surface": "dirt", "default_width_m": 10,
  "centreline": [[0, 0], [100, 0, 14.5], [100, 100], [0, 100, 8]],
  "kerbs": { "automatic": false, "min_radius_m": 60, "width_m": 1.5,
             "spans": [{ "from": 1, "to": 2, "side": "left" }, { "from": 3, "to": 0 }] },
  "runoff": { "surface": "sand", "width_m": 20 },
  "zones": [{ "surface": "ice", "polygon": [[10, 10], [20, 10], [20, 20], [10, 20]] }],
  "walls": { "automatic": false, "barriers": [[[-30, -30], [130, -30]], [[50, 40], [50, 60], [55, 60]]] },
  "obstacles": [
    { "position": [50, 50] },
    { "shape": "circle", "kind": "cone", "position": [40, 50], "radius_m": 0.25 },
    { "shape": "box", "kind": "truck", "position": [60, 50], "length_m": 12, "width_m": 2.5, "angle_deg": 90 },
    { "shape": "box", "position": [70, 50] }
  ],
  "branches": [{ "name": "cut", "from": 1, "to": 3, "surface": "gravel", "points": [[50, 50], [40, 60, 6]] }],
  "start": { "point": 2, "offset_m": -12.5, "reverse": true },
  "grid": { "slots": 6, "spacing_m": 10, "first_offset_m": 4, "columns": 3 }
})";
  const Result<TrackSpec> r = parse_track_spec(text, "full.json");
  ASSERT_TRUE(r.ok()) << r.error_text();
  const TrackSpec& t = r.value();
  EXPECT_EQ(t.author, "Tests");
  EXPECT_EQ(t.description, "every key");
  EXPECT_EQ(t.laps, 7);
  EXPECT_EQ(t.sectors, 4);
  EXPECT_EQ(t.road_surface, Surface::Dirt);
  EXPECT_EQ(t.centreline[0].width, 10.0);
  EXPECT_EQ(t.centreline[1].width, 14.5);
  EXPECT_EQ(t.centreline[3].width, 8.0);
  EXPECT_FALSE(t.kerbs.automatic);
  EXPECT_EQ(t.kerbs.min_radius, 60.0);
  EXPECT_EQ(t.kerbs.width, 1.5);
  ASSERT_EQ(t.kerbs.spans.size(), 2u);
  EXPECT_EQ(t.kerbs.spans[0].side, KerbSide::Left);
  EXPECT_EQ(t.kerbs.spans[1].from, 3);
  EXPECT_EQ(t.kerbs.spans[1].to, 0);
  EXPECT_EQ(t.kerbs.spans[1].side, KerbSide::Both);
  EXPECT_EQ(t.runoff.surface, Surface::Sand);
  EXPECT_EQ(t.runoff.width, 20.0);
  ASSERT_EQ(t.zones.size(), 1u);
  EXPECT_EQ(t.zones[0].surface, Surface::Ice);
  EXPECT_EQ(t.zones[0].polygon.size(), 4u);
  EXPECT_FALSE(t.walls.automatic);
  ASSERT_EQ(t.walls.barriers.size(), 2u);
  EXPECT_EQ(t.walls.barriers[1][2], (Vec2{55, 60}));
  ASSERT_EQ(t.obstacles.size(), 4u);
  EXPECT_EQ(t.obstacles[0].shape, ObstacleShape::Circle);
  EXPECT_EQ(t.obstacles[0].kind, "tyres");
  EXPECT_EQ(t.obstacles[0].radius, 0.5);
  EXPECT_EQ(t.obstacles[1].kind, "cone");
  EXPECT_EQ(t.obstacles[1].radius, 0.25);
  EXPECT_EQ(t.obstacles[2].shape, ObstacleShape::Box);
  EXPECT_EQ(t.obstacles[2].half_length, 6.0);
  EXPECT_EQ(t.obstacles[2].half_width, 1.25);
  EXPECT_NEAR(t.obstacles[2].angle, kPi / 2, 1e-15);
  EXPECT_EQ(t.obstacles[3].kind, "barrier");
  EXPECT_EQ(t.obstacles[3].half_length, 1.0);
  EXPECT_EQ(t.obstacles[3].half_width, 0.5);
  ASSERT_EQ(t.branches.size(), 1u);
  EXPECT_EQ(t.branches[0].name, "cut");
  EXPECT_EQ(t.branches[0].from, 1);
  EXPECT_EQ(t.branches[0].to, 3);
  EXPECT_EQ(t.branches[0].surface, Surface::Gravel);
  ASSERT_EQ(t.branches[0].points.size(), 2u);
  EXPECT_EQ(t.branches[0].points[0].width, 10.0);
  EXPECT_EQ(t.branches[0].points[1].width, 6.0);
  EXPECT_EQ(t.start.point, 2);
  EXPECT_EQ(t.start.offset, -12.5);
  EXPECT_TRUE(t.start.reverse);
  EXPECT_EQ(t.grid.slots, 6);
  EXPECT_EQ(t.grid.spacing, 10.0);
  EXPECT_EQ(t.grid.first_offset, 4.0);
  EXPECT_EQ(t.grid.columns, 3);
  expect_round_trip(t);
}

TEST(TrackSpec, DocumentedExampleLoads) {
  // The complete example in docs/track-format.md is the first ```json block.
  const std::string doc = read_text(test::source_path("docs/track-format.md"));
  const std::size_t begin = doc.find("```json\n");
  ASSERT_NE(begin, std::string::npos) << "no ```json block in docs/track-format.md";
  const std::size_t end = doc.find("```", begin + 8);
  ASSERT_NE(end, std::string::npos);
  const Result<TrackSpec> r = parse_track_spec(doc.substr(begin + 8, end - begin - 8), "track-format.md");
  ASSERT_TRUE(r.ok()) << r.error_text();
  expect_round_trip(r.value());
}

// ---------------------------------------------------------------- 3. round trips

TEST(TrackSpec, EveryShippedTrackLoadsAndRoundTrips) {
  int tracks = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(test::source_path("tracks"))) {
    if (e.path().extension() != ".json") continue;
    SCOPED_TRACE(e.path().filename().string());
    const Result<TrackSpec> loaded = load_track_spec(e.path().string());
    ASSERT_TRUE(loaded.ok()) << loaded.error_text();
    expect_round_trip(loaded.value());
    ++tracks;
  }
  EXPECT_GE(tracks, 5);
}

TEST(TrackSpec, AwkwardDoublesRoundTripExactly) {
  TrackSpec t;
  t.name = "Awkward \"quotes\" and ünïcode";
  t.description = "line one\nline two";
  t.road_surface = Surface::Gravel;
  t.centreline = {{{0.1 + 0.2, 1.0 / 3.0}, 12.000000000000002},
                  {{19999.999999999996, -1e-300}, 4.0},
                  {{-20000.0, 123.456789012345678}, 60.0},
                  {{5e-324, 7.0}, 12.0}};
  t.kerbs.spans = {{3, 0, KerbSide::Right}};
  t.zones = {{Surface::Ice, {{1.0 / 7.0, 0}, {2, 2.0 / 3.0}, {0, 3}}}};
  t.walls.barriers = {{{0.7, 0.3}, {-1e-10, 1e4 / 3}}};
  for (double angle : {0.0, 0.1, -1.0, kPi, -kPi, 2.0 * kPi, 1e-9}) {
    ObstacleSpec o;
    o.shape = ObstacleShape::Box;
    o.angle = angle;
    o.half_length = 0.2 / 3.0;
    o.half_width = 24.9;
    t.obstacles.push_back(o);
  }
  t.branches = {{"", 0, 2, {{{1e-5, 2e-5}, 12.000000000000002}}, Surface::Dirt}};
  t.start = {3, 0.1 + 0.7, true};
  t.grid = {24, 3.3, 0.0, 1};
  expect_round_trip(t);
}

// Found by fuzz_track: a point read as -0.0 was written as "-0", which reads back as the
// integer 0 and was then written as "0", so save(load(save(x))) differed.
TEST(TrackSpec, NegativeZeroSavesAsZeroAndTheTextIsStable) {
  const Result<TrackSpec> r =
      parse_track_spec(R"({"format": 1, "name": "Z", "centreline": [[0, 0], [100, -0.0], [100, 100], [0, 100]]})", "z.json");
  ASSERT_TRUE(r.ok()) << r.error_text();
  ASSERT_TRUE(std::signbit(r.value().centreline[1].position.y)) << "the file's -0.0 as read";
  const std::string saved = save_track_spec(r.value());
  EXPECT_NE(saved.find("[100, 0]"), std::string::npos) << saved;
  expect_round_trip(r.value());
}

TEST(TrackSpec, SavedTextIsCompact) {
  const Result<TrackSpec> r = parse_track_spec(minimal_track(), "min.json");
  ASSERT_TRUE(r.ok());
  const std::string saved = save_track_spec(r.value());
  EXPECT_NE(saved.find("\n    [100, 0],\n"), std::string::npos) << saved;  // one point per line
  EXPECT_NE(saved.find("\"default_width_m\": 12,"), std::string::npos) << saved;
}

// ---------------------------------------------------------------- 4. the bad corpus

TEST(TrackSpec, EveryBadFileGivesItsExpectedMessages) {
  int files = 0;
  const fs::path dir = test::source_path("tests/track/bad");
  std::vector<fs::path> paths;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  for (const fs::path& path : paths) {
    if (path.extension() == ".expected") {
      EXPECT_TRUE(fs::exists(fs::path(path).replace_extension(".json"))) << path << " has no .json";
      continue;
    }
    ASSERT_EQ(path.extension(), ".json") << path;
    SCOPED_TRACE(path.filename().string());
    const fs::path expected_path = fs::path(path).replace_extension(".expected");
    ASSERT_TRUE(fs::exists(expected_path)) << "missing " << expected_path;
    std::string expected = read_text(expected_path);
    while (!expected.empty() && expected.back() == '\n') expected.pop_back();
    const Result<TrackSpec> r =
        parse_track_spec(read_text(path), "tests/track/bad/" + path.filename().string());
    ASSERT_FALSE(r.ok()) << path << " unexpectedly loaded";
    EXPECT_EQ(r.error_text(), expected);
    ++files;
  }
  EXPECT_GE(files, 15);
}

TEST(TrackSpec, LoadFileNamesTheFileInMessages) {
  const std::string path = test::source_path("tests/track/bad/wrong_type_width.json");
  const Result<TrackSpec> r = load_track_spec(path);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error_text(),
            path + ":4:22: \"default_width_m\" must be a number of metres in [4, 60], got \"wide\"");
  const Result<TrackSpec> missing = load_track_spec("/nonexistent/track.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error_text().find("/nonexistent/track.json"), std::string::npos) << missing.error_text();
}

// ---------------------------------------------------------------- 5. hostile input

TEST(TrackSpec, HugeObstacleCountIsRejectedWithoutReadingItAll) {
  std::string extra = ",\n  \"obstacles\": [";
  for (int i = 0; i < 100000; ++i) extra += std::string(i ? "," : "") + "{\"position\":[1,2]}";
  extra += "]";
  const Result<TrackSpec> r = parse_track_spec(minimal_track(extra), "many.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error_text(), "many.json:5:16: \"obstacles\" must have at most 512 items, got 100000");
}

TEST(TrackSpec, TooManyZonesBranchesAndBarriersAreRejected) {
  std::string zones = ",\n  \"zones\": [";
  for (int i = 0; i < 300; ++i) zones += std::string(i ? "," : "") + R"({"surface":"ice","polygon":[[0,0],[1,0],[0,1]]})";
  std::string branches = "],\n  \"branches\": [";
  for (int i = 0; i < 17; ++i) branches += std::string(i ? "," : "") + R"({"from":0,"to":2,"points":[[50,50]]})";
  std::string barriers = "],\n  \"walls\": { \"barriers\": [";
  for (int i = 0; i < 257; ++i) barriers += std::string(i ? "," : "") + "[[0,0],[1,1]]";
  std::string long_barrier = "[";
  for (int i = 0; i < 1025; ++i) long_barrier += std::string(i ? "," : "") + "[" + std::to_string(i) + ",0]";
  long_barrier += "]";
  const Result<TrackSpec> r = parse_track_spec(minimal_track(zones + branches + barriers + "] }"), "n.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error_text(),
            "n.json:5:12: \"zones\" must have at most 256 items, got 300\n"
            "n.json:6:15: \"branches\" must have at most 16 items, got 17\n"
            "n.json:7:26: \"barriers\" must have at most 256 polylines, got 257");
  const Result<TrackSpec> one =
      parse_track_spec(minimal_track(",\n  \"walls\": { \"barriers\": [" + long_barrier + "] }"), "b.json");
  ASSERT_FALSE(one.ok());
  EXPECT_EQ(one.error_text(), "b.json:5:27: \"barriers\"[0] must have 2 to 1024 points, got 1025");
}

TEST(TrackSpec, FiveMegabyteFileIsRejected) {
  std::string text = minimal_track(",\n  \"description\": \"" + std::string(5u << 20, 'x') + "\"");
  const Result<TrackSpec> r = parse_track_spec(text, "big.json");
  ASSERT_FALSE(r.ok());
  // Located at the first byte past the limit (ASCII text: columns are bytes).
  const std::size_t limit = 4194304;
  const auto line = 1 + std::count(text.begin(), text.begin() + limit, '\n');
  const std::size_t column = limit - text.rfind('\n', limit - 1);
  EXPECT_EQ(r.error_text(), "big.json:" + std::to_string(line) + ":" + std::to_string(column) +
                                ": file is too large: " + std::to_string(text.size()) +
                                " bytes (the limit is 4194304; the first byte past it is here)");
}

TEST(TrackSpec, DeepNestingIsRejected) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const Result<TrackSpec> r = parse_track_spec(minimal_track(",\n  \"zones\": " + deep), "deep.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error_text(), "deep.json:5:75: nesting is deeper than 64 levels");
}

/// Every prefix and many single-byte corruptions of a real track: never a crash, and a
/// failure always says where (file name first).
TEST(TrackSpec, TruncatedAndCorruptedFilesNeverCrash) {
  const Result<TrackSpec> good = parse_track_spec(minimal_track(R"(,
  "zones": [{ "surface": "ice", "polygon": [[10, 10], [20, 10], [20, 20]] }],
  "obstacles": [{ "shape": "box", "position": [50, 50], "angle_deg": 30 }],
  "branches": [{ "from": 1, "to": 3, "points": [[60, 60, 8]] }],
  "kerbs": { "spans": [{ "from": 0, "to": 2 }] },
  "walls": { "barriers": [[[0, -20], [100, -20]]] })"), "g.json");
  ASSERT_TRUE(good.ok()) << good.error_text();
  const std::string text = save_track_spec(good.value());
  for (std::size_t n = 0; n < text.size(); ++n) {
    const Result<TrackSpec> r = parse_track_spec(text.substr(0, n), "cut.json");
    if (!r.ok()) {
      EXPECT_EQ(r.error_text().rfind("cut.json", 0), 0u) << r.error_text();
    }
  }
  std::uint32_t state = 12345;
  const std::string replacements = "{}[]\",:0-9e.xtn \n\x80";
  for (int i = 0; i < 3000; ++i) {
    state = state * 1664525u + 1013904223u;
    std::string bad = text;
    bad[(state >> 8) % bad.size()] = replacements[(state >> 20) % replacements.size()];
    const Result<TrackSpec> r = parse_track_spec(bad, "bad.json");
    if (!r.ok()) {
      EXPECT_EQ(r.error_text().rfind("bad.json", 0), 0u) << r.error_text();
    }
  }
}

}  // namespace
}  // namespace racer

// The setup screens' previews, their pure parts: a track's outline from its file (length,
// start line, direction, corners) against the built Track, corner counting on shapes with
// a known answer, and a car's key figures against the proving ground (docs/performance.md).
#include "ui/track_preview.h"

#include <gtest/gtest.h>

#include <cmath>

#include "test_paths.h"
#include "track/track.h"
#include "ui/car_preview.h"
#include "vehicle/drivetrain.h"

namespace racer {
namespace {

constexpr double kPi = 3.14159265358979323846;

/// A rounded square, counter-clockwise: four 90-degree corners of radius r joined by
/// straights (control points every few metres along it).
TrackSpec rounded_square(double side, double r, bool reverse) {
  TrackSpec spec;
  spec.name = "square";
  const double h = side / 2.0;
  const Vec2 centres[] = {{h - r, h - r}, {-(h - r), h - r}, {-(h - r), -(h - r)}, {h - r, -(h - r)}};
  for (int c = 0; c < 4; ++c) {
    for (int k = 0; k <= 6; ++k) {  // the arc: 0..90 degrees from this corner's start
      const double a = kPi / 2.0 * c + kPi / 2.0 * k / 6.0;
      spec.centreline.push_back({centres[c] + Vec2{std::cos(a), std::sin(a)} * r, 12.0});
    }
    const Vec2 from = spec.centreline.back().position;
    const Vec2 to = centres[(c + 1) % 4] + Vec2{std::cos(kPi / 2.0 * (c + 1)), std::sin(kPi / 2.0 * (c + 1))} * r;
    for (int k = 1; k < 8; ++k) spec.centreline.push_back({from + (to - from) * (k / 8.0), 12.0});
  }
  spec.start.point = 10;  // on a straight
  spec.start.reverse = reverse;
  return spec;
}

TEST(TrackPreview, RoundedSquareHasFourCornersOfAQuarterTurn) {
  for (bool reverse : {false, true}) {
    const TrackOutline o = make_track_outline(rounded_square(400.0, 40.0, reverse));
    ASSERT_EQ(o.corners.size(), 4u) << (reverse ? "reversed" : "forward");
    for (const TrackCorner& c : o.corners) {
      // Counter-clockwise: left-handers; driven the other way, right-handers. The spline
      // rounds the joins: a quarter turn within 10 degrees, radius near 40 m.
      EXPECT_NEAR(c.turn, reverse ? -kPi / 2.0 : kPi / 2.0, 0.18);
      EXPECT_NEAR(c.radius, 40.0, 8.0);
    }
    for (std::size_t i = 1; i < o.corners.size(); ++i) EXPECT_GT(o.corners[i].s, o.corners[i - 1].s) << "driving order";
    // Length: 4 straights of 400 - 80 m and a circle of radius 40 m, within the spline's rounding.
    EXPECT_NEAR(o.length, 4.0 * 320.0 + 2.0 * kPi * 40.0, 10.0);
  }
}

TEST(TrackPreview, ShippedTracksMatchTheBuiltTrack) {
  for (const char* name : {"kestrel_downs", "lantern_hill", "port_ardent", "foundry_loop", "cragmoor_stage", "greymere_forest"}) {
    const std::string path = test::source_path(std::string("tracks/") + name + ".json");
    const auto spec = load_track_spec(path);
    ASSERT_TRUE(spec) << spec.error_text();
    const auto track = Track::load(path);
    ASSERT_TRUE(track) << track.error_text();
    const TrackOutline o = make_track_outline(spec.value());
    EXPECT_NEAR(o.length, track.value()->centreline().length(), 1e-6 * o.length + 1.0) << name;
    // The start: the middle of the game's start line, facing the way the grid faces.
    const Gate& line = track.value()->start_line();
    EXPECT_LT(length(o.start - (line.a + line.b) * 0.5), 1.0) << name;
    const double heading = track.value()->grid().front().heading;
    EXPECT_GT(dot(o.direction, Vec2{std::cos(heading), std::sin(heading)}), 0.9) << name;
    // A circuit has a handful of corners, not none and not one per sample.
    EXPECT_GE(o.corners.size(), 3u) << name;
    EXPECT_LE(o.corners.size(), 25u) << name;
    std::printf("%s: %.0f m, %zu corners, %.0f-%.0f m wide\n", name, o.length, o.corners.size(), o.min_width, o.max_width);
  }
}

// The sedan (docs/vehicle-lab.md): 0-100 km/h 6.56 s and top
// speed 247.9 km/h (where it settles) at 120 Hz. Peak power: the largest torque x speed on the curve.
TEST(CarPreview, FiguresOfTheSedan) {
  const auto spec = load_car_spec(test::car_path("sedan"));
  ASSERT_TRUE(spec) << spec.error_text();
  CarFigures f = car_figures(spec.value());
  const EngineSpec& e = spec.value().engine;
  EXPECT_NEAR(f.torque_nm, engine_torque_curve(e, e.peak_torque_rpm), 0.01 * e.max_torque);
  EXPECT_GE(f.power_w, engine_torque_curve(e, e.peak_torque_rpm) * e.peak_torque_rpm * 2.0 * kPi / 60.0);
  EXPECT_GE(f.power_rpm, e.peak_torque_rpm);  // power peaks at or above the torque peak
  EXPECT_LE(f.power_rpm, e.max_rpm);
  EXPECT_EQ(f.mass_kg, spec.value().body.mass);
  EXPECT_EQ(f.drive, DriveLayout::RWD);
  EXPECT_STREQ(drive_name(f.drive), "RWD");
  EXPECT_FALSE(f.t_0_100_s.has_value()) << "measured only when asked";
  measure_acceleration(spec.value(), f);
  ASSERT_TRUE(f.t_0_100_s.has_value());
  EXPECT_NEAR(*f.t_0_100_s, 6.56, 0.1);
  ASSERT_TRUE(f.top_speed_kmh.has_value());
  EXPECT_NEAR(*f.top_speed_kmh, 247.9, 1.0);
}

}  // namespace
}  // namespace racer

// Ghosts: recording keeps every n-th step and the last, the pose is interpolated (heading
// the short way round), save/load round trip within the stored precision, stale ghosts
// (physics version, track or car changed) are refused with a message, corrupt files give a
// message and never crash.
#include "game/ghost.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "core/math.h"
#include "game/storage.h"
#include "temp_dir.h"

namespace racer {
namespace {

namespace fs = std::filesystem;
using test::TempDir;
using test::write_all;

constexpr double kDt = 1.0 / 240.0;

GhostKey current_key() {
  GhostKey k;
  k.track_id = "harbour";
  k.track_hash = content_hash("track file text");
  k.car_id = "sedan";
  k.car_hash = 0xfedcba9876543210ull;
  return k;
}

/// A lap of a circle of radius 50 m at 20 m/s, recorded at 240 Hz, every 4th step kept.
Ghost circle_lap(double seconds = 10.0) {
  GhostRecorder rec(4);
  rec.start();
  const int steps = static_cast<int>(seconds / kDt + 0.5);
  for (int i = 1; i <= steps; ++i) {
    const double t = i * kDt;
    const double a = 20.0 * t / 50.0;
    rec.step(t, {50.0 * std::cos(a), 50.0 * std::sin(a)}, wrap_angle(a + kPi / 2.0), 20.0);
  }
  return rec.finish(current_key(), seconds);
}

TEST(Ghost, HashesAsHex) {
  EXPECT_EQ(hash_to_hex(0x1234abcdull), "000000001234abcd");
  EXPECT_EQ(hash_from_hex("000000001234ABCD"), 0x1234abcdull);
  EXPECT_EQ(hash_from_hex(hash_to_hex(0xffffffffffffffffull)), 0xffffffffffffffffull);
  EXPECT_FALSE(hash_from_hex("").has_value());
  EXPECT_FALSE(hash_from_hex("12345678901234567").has_value()) << "17 digits do not fit";
  EXPECT_FALSE(hash_from_hex("12g4").has_value());
  EXPECT_EQ(content_hash(""), 0xcbf29ce484222325ull) << "FNV-1a offset basis";
  EXPECT_NE(content_hash("a"), content_hash("b"));
}

TEST(Ghost, RecorderKeepsEveryFourthStepAndTheLast) {
  GhostRecorder rec(4);
  rec.step(0.0, {}, 0.0, 0.0);
  EXPECT_EQ(rec.sample_count(), 0u) << "not recording before start()";
  rec.start();
  for (int i = 1; i <= 10; ++i) rec.step(i * kDt, {static_cast<double>(i), 0.0}, 0.0, 1.0);
  EXPECT_EQ(rec.sample_count(), 3u) << "steps 1, 5 and 9";
  const Ghost g = rec.finish(current_key(), 10 * kDt);
  ASSERT_EQ(g.samples.size(), 4u) << "plus the last step (10) at the finish";
  EXPECT_DOUBLE_EQ(g.samples[0].x, 1.0);
  EXPECT_DOUBLE_EQ(g.samples[1].x, 5.0);
  EXPECT_DOUBLE_EQ(g.samples[2].x, 9.0);
  EXPECT_DOUBLE_EQ(g.samples[3].x, 10.0);
  EXPECT_EQ(g.key, current_key());
  EXPECT_FALSE(rec.recording());
  // 10 s at 240 Hz, every 4th step: 600 samples (60 per second), plus the final step.
  EXPECT_EQ(circle_lap().samples.size(), 601u);
}

TEST(Ghost, PoseIsInterpolatedAndClamped) {
  Ghost g;
  g.samples = {{0.0, 0.0, 0.0, 3.0, 10.0}, {1.0, 10.0, -4.0, -3.0, 20.0}, {2.0, 10.0, 6.0, -3.0, 20.0}};
  const GhostPose mid = g.pose_at(0.25);
  EXPECT_NEAR(mid.position.x, 2.5, 1e-12);
  EXPECT_NEAR(mid.position.y, -1.0, 1e-12);
  EXPECT_NEAR(mid.speed, 12.5, 1e-12);
  // From 3 rad to -3 rad the short way is through pi (0.283 rad), not through 0 (6 rad).
  const double short_way = 2.0 * kPi - 6.0;
  EXPECT_NEAR(std::abs(wrap_angle(mid.heading - (3.0 + 0.25 * short_way))), 0.0, 1e-12) << mid.heading;
  EXPECT_NEAR(g.pose_at(1.5).position.y, 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(g.pose_at(-5.0).position.x, 0.0) << "before the first sample: the first";
  EXPECT_DOUBLE_EQ(g.pose_at(99.0).position.y, 6.0) << "after the last: the last";
  EXPECT_DOUBLE_EQ(g.pose_at(std::nan("")).position.x, 0.0);
  EXPECT_DOUBLE_EQ(Ghost{}.pose_at(1.0).speed, 0.0) << "an empty ghost is harmless";
  // The recorded circle: between samples the pose stays within 1 cm of the true circle.
  const Ghost c = circle_lap();
  for (double t = 0.01; t < 9.9; t += 0.0371) {
    const GhostPose p = c.pose_at(t);
    EXPECT_NEAR(std::hypot(p.position.x, p.position.y), 50.0, 0.01) << t;
    const double a = 20.0 * t / 50.0;
    EXPECT_NEAR(p.position.x, 50.0 * std::cos(a), 1e-3) << "at t = " << t;
    EXPECT_NEAR(wrap_angle(p.heading - (a + kPi / 2.0)), 0.0, 1e-3) << "at t = " << t;
  }
}

TEST(Ghost, SaveLoadRoundTrip) {
  TempDir dir;
  const fs::path file = ghost_file(dir / "racer", "harbour", "sedan");
  const Ghost g = circle_lap();
  ASSERT_FALSE(save_ghost(file, g).has_value());
  EXPECT_LT(fs::file_size(file), 50u * g.samples.size()) << "compact: under 50 bytes a sample";
  const GhostLoad loaded = load_ghost(file, current_key());
  ASSERT_EQ(loaded.status, GhostLoad::Status::Loaded) << loaded.message.value_or("");
  EXPECT_FALSE(loaded.message.has_value());
  const Ghost& back = *loaded.ghost;
  EXPECT_EQ(back.key, g.key);
  EXPECT_DOUBLE_EQ(back.lap_time, g.lap_time);
  ASSERT_EQ(back.samples.size(), g.samples.size());
  for (std::size_t i = 0; i < g.samples.size(); ++i) {
    // Stored precision: 0.1 ms, 1 mm, 0.0001 rad, 0.01 m/s (half a step each when rounded).
    EXPECT_NEAR(back.samples[i].t, g.samples[i].t, 0.5e-4 + 1e-12);
    EXPECT_NEAR(back.samples[i].x, g.samples[i].x, 0.5e-3 + 1e-12);
    EXPECT_NEAR(back.samples[i].y, g.samples[i].y, 0.5e-3 + 1e-12);
    EXPECT_NEAR(wrap_angle(back.samples[i].heading - g.samples[i].heading), 0.0, 0.5e-4 + 1e-12);
    EXPECT_NEAR(back.samples[i].speed, g.samples[i].speed, 0.5e-2 + 1e-12);
  }
  // Saving what was loaded gives the same file again.
  EXPECT_EQ(ghost_to_json(back), test::read_all(file));
}

TEST(Ghost, StaleGhostsAreRefusedWithAReason) {
  TempDir dir;
  const fs::path file = dir / "g.json";
  Ghost g = circle_lap(1.0);
  g.key.physics_version = kPhysicsVersion + 1;
  ASSERT_FALSE(save_ghost(file, g).has_value());
  GhostLoad loaded = load_ghost(file, current_key());
  EXPECT_EQ(loaded.status, GhostLoad::Status::Stale);
  EXPECT_FALSE(loaded.ghost.has_value());
  EXPECT_EQ(loaded.message, file.string() + ": ghost recorded with physics version " +
                                std::to_string(kPhysicsVersion + 1) + ", this build is " +
                                std::to_string(kPhysicsVersion) + "; it was not loaded");

  g.key = current_key();
  g.key.track_hash ^= 1;
  ASSERT_FALSE(save_ghost(file, g).has_value());
  loaded = load_ghost(file, current_key());
  EXPECT_EQ(loaded.status, GhostLoad::Status::Stale);
  EXPECT_NE(loaded.message->find("another version of track \"harbour\""), std::string::npos) << *loaded.message;

  g.key = current_key();
  g.key.car_hash = 7;
  ASSERT_FALSE(save_ghost(file, g).has_value());
  loaded = load_ghost(file, current_key());
  EXPECT_EQ(loaded.status, GhostLoad::Status::Stale);
  EXPECT_NE(loaded.message->find("another version of car \"sedan\" (hash 0000000000000007, this one is "
                                 "fedcba9876543210)"),
            std::string::npos)
      << *loaded.message;

  g.key = current_key();
  g.key.car_id = "racer";
  ASSERT_FALSE(save_ghost(file, g).has_value());
  loaded = load_ghost(file, current_key());
  EXPECT_EQ(loaded.status, GhostLoad::Status::Stale);
  EXPECT_NE(loaded.message->find("car \"racer\", not \"sedan\""), std::string::npos) << *loaded.message;
  EXPECT_TRUE(fs::exists(file)) << "a stale ghost stays until a new best lap replaces it";
}

TEST(Ghost, MissingAndCorruptFiles) {
  TempDir dir;
  EXPECT_EQ(load_ghost(dir / "none.json", current_key()).status, GhostLoad::Status::Missing);
  EXPECT_FALSE(load_ghost(dir / "none.json", current_key()).message.has_value());

  const fs::path file = dir / "g.json";
  write_all(file, R"({"format": 1, "physics_version": 1, "track_id": "harbour", "track_hash": "zz",
"car_id": "sedan", "car_hash": "fedcba9876543210", "lap_time_s": 1,
"samples": [[0, 0, 0, 0, 0], [0, 1, 1, 0, 0], [0.5, 1, "x", 0, 0]]})");
  const GhostLoad bad = load_ghost(file, current_key());
  EXPECT_EQ(bad.status, GhostLoad::Status::Bad);
  ASSERT_TRUE(bad.message.has_value());
  const std::string& m = *bad.message;
  EXPECT_NE(m.find(file.string() + ":1:74: \"track_hash\" must be a hash of 1 to 16 hex digits, got \"zz\""),
            std::string::npos)
      << m;
  EXPECT_NE(m.find(":3:30: sample 1 has time 0 s: times must"), std::string::npos) << m;
  EXPECT_NE(m.find(":3:47: sample 2 must be an array [t, x, y, heading, speed]"), std::string::npos) << m;
  EXPECT_NE(m.find("the ghost was not loaded"), std::string::npos) << m;

  // Hundreds of bad samples give a short message, not hundreds of lines.
  std::string many = R"({"format": 1, "physics_version": 1, "track_id": "harbour", "track_hash": "1",
"car_id": "sedan", "car_hash": "1", "lap_time_s": 1, "samples": [)";
  for (int i = 0; i < 500; ++i) many += std::string(i ? "," : "") + "[1]";
  write_all(file, many + "]}");
  const GhostLoad flood = load_ghost(file, GhostKey{kPhysicsVersion, "harbour", 1, "sedan", 1});
  EXPECT_EQ(flood.status, GhostLoad::Status::Bad);
  EXPECT_NE(flood.message->find("... and 490 more bad samples"), std::string::npos) << *flood.message;
  EXPECT_LT(std::count(flood.message->begin(), flood.message->end(), '\n'), 15);
}

TEST(Ghost, TruncatedAndCorruptedFilesNeverCrash) {
  const Ghost g = circle_lap(0.5);
  const std::string text = ghost_to_json(g);
  for (std::size_t n = 0; n + 1 < text.size(); ++n) {  // the last byte is the newline
    const Result<Ghost> r = parse_ghost(text.substr(0, n), "cut.json");
    ASSERT_FALSE(r.ok()) << "n = " << n;
    EXPECT_EQ(r.error_text().rfind("cut.json", 0), 0u) << r.error_text();
  }
  std::uint32_t state = 31337;
  const std::string replacements = "{}[]\",:0-9e.xtn \n\x80";
  for (int i = 0; i < 3000; ++i) {
    state = state * 1664525u + 1013904223u;
    std::string bad = text;
    bad[(state >> 8) % bad.size()] = replacements[(state >> 20) % replacements.size()];
    const Result<Ghost> r = parse_ghost(bad, "bad.json");
    if (!r.ok()) {
      EXPECT_EQ(r.error_text().rfind("bad.json", 0), 0u) << r.error_text();
      continue;
    }
    const Ghost& ok = r.value();
    ASSERT_GE(ok.samples.size(), 2u);
    for (std::size_t k = 1; k < ok.samples.size(); ++k) EXPECT_GT(ok.samples[k].t, ok.samples[k - 1].t);
    const GhostPose p = ok.pose_at(0.25);
    EXPECT_TRUE(std::isfinite(p.position.x) && std::isfinite(p.heading));
  }
}

}  // namespace
}  // namespace racer

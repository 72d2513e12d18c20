// Every shipped track is drivable: a careful scripted driver takes the sedan round it.
#include <gtest/gtest.h>

#include <filesystem>

#include "race/track_drive.h"
#include "sim/world.h"
#include "test_paths.h"
#include "track/track.h"

namespace racer {
namespace {

std::vector<std::string> shipped_tracks() {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::directory_iterator(test::source_path("tracks")))
    if (entry.path().extension() == ".json") out.push_back(entry.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(TrackDrive, TheSedanLapsEveryShippedTrack) {
  const CarSpec sedan = load_car_spec(test::car_path("sedan")).value();
  const std::vector<std::string> tracks = shipped_tracks();
  ASSERT_GE(tracks.size(), 5u);
  for (const std::string& path : tracks) {
    const auto track = Track::load(path);
    ASSERT_TRUE(track.ok()) << track.error_text();
    const TrackDriveResult r = run_track_laps(sedan, *track.value(), 2, 240.0);
    EXPECT_FALSE(r.stuck) << path;
    EXPECT_EQ(r.laps_completed, 2) << path;
    // A lap takes at least the length at the sedan's top speed and, for a careful
    // driver, no more than the length at a walking-pace average of 5 m/s.
    const double length = track.value()->centreline().length();
    for (double t : r.lap_times) {
      EXPECT_GT(t, length / 68.0) << path;
      EXPECT_LT(t, length / 5.0) << path;
    }
    EXPECT_LT(r.off_road_seconds, 1.0) << path;  // it stays on the road
  }
}

}  // namespace
}  // namespace racer

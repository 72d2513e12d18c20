#pragma once
// The sedan's road on a track, as the races plan it (the shipped profiles' 1.4 m line
// margin, the default grip use), for the tests of the layers that read a DriverRoad; a
// failure to load the track or the car fails the calling test and leaves the road empty.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "ai/driver_road.h"
#include "ai/route.h"
#include "test_cars.h"
#include "test_paths.h"
#include "track/track.h"

namespace racer::test {

struct SedanRoad {
  std::shared_ptr<const Track> track;
  CarSize us;  ///< the sedan's half length and half width, m
  std::unique_ptr<DriverRoad> road;
};

/// `track_file` relative to the sources, e.g. "tracks/kestrel_downs.json".
inline SedanRoad plan_sedan_road(const std::string& track_file) {
  SedanRoad out;
  auto track = Track::load(source_path(track_file));
  EXPECT_TRUE(track.ok()) << track.error_text();
  if (!track.ok()) return out;
  const CarSpec spec = shipped_car("sedan");
  out.track = track.value();
  out.us = CarSize{0.5 * spec.body.length, 0.5 * spec.body.width};
  out.road = std::make_unique<DriverRoad>(DriverRoad::plan(plan_route(*out.track, spec, 1.4), *out.track, AiParams{}.grip_use));
  return out;
}

}  // namespace racer::test

#pragma once
// AI profiles for tests: the shipped ones (easy, medium, hard; a failure to load them fails
// the calling test and falls back to three default profiles), and a tuned one.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "ai/ai_params.h"
#include "test_paths.h"

namespace racer::test {

inline std::vector<AiParams> shipped_profiles() {
  const Result<std::vector<AiParams>> p = load_difficulty_profiles(source_path);
  EXPECT_TRUE(p.ok()) << p.error_text();
  return p.ok() ? p.value() : std::vector<AiParams>(kDifficultyLevels.size());
}

/// A profile named `name` with a modder's values in every key a file round-trip could lose:
/// a grip use of 16 significant digits (no rounding on the way through a file), integers,
/// a router, the DWA weights, samples and horizon, and every layer object (routing,
/// tracking, racecraft) away from its defaults.
inline AiParams tuned_profile(std::string name) {
  AiParams p;
  p.name = std::move(name);
  p.grip_use = 0.8312345678901234;
  p.speed_use = 0.93;
  p.reaction_steps = 17;
  p.mistakes_per_minute = 2.25;
  p.overtake_offset = 3.1;
  p.line_margin = 1.9;
  p.defend = 0.35;
  p.let_by = 0.6;
  p.router = "jps";
  p.routing = {2.5, 4.5, 55.0, 1.5};
  p.tracking = {3.5, 0.5, 6.0, 28.0, 1.25, 0.4};
  p.racecraft = {30.0, 14.0, 8.0, 1.1, 3.0, 15.0};
  p.dwa = {4.5, 0.25, 7.0, 9, 17, 1.4};
  return p;
}

}  // namespace racer::test

#pragma once
// The shipped AI profiles (easy, medium, hard) for tests; a failure to load them fails the
// calling test and falls back to three default profiles.
#include <gtest/gtest.h>

#include <vector>

#include "ai/ai_params.h"
#include "test_paths.h"

namespace racer::test {

inline std::vector<AiParams> shipped_profiles() {
  const Result<std::vector<AiParams>> p = load_difficulty_profiles(source_path);
  EXPECT_TRUE(p.ok()) << p.error_text();
  return p.ok() ? p.value() : std::vector<AiParams>(kDifficultyLevels.size());
}

}  // namespace racer::test

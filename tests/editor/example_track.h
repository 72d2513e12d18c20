#pragma once
// The complete example of docs/track-format.md (the first ```json block): a small track
// with every section (branch, zones, barrier, obstacles of both shapes, kerb span).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "test_paths.h"
#include "track/track_spec.h"

namespace racer::test {

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline TrackSpec example_track() {
  const std::string doc = read_text(source_path("docs/track-format.md"));
  const std::size_t begin = doc.find("```json\n");
  const std::size_t end = doc.find("```", begin + 8);
  EXPECT_NE(begin, std::string::npos) << "no ```json block in docs/track-format.md";
  const Result<TrackSpec> r = parse_track_spec(doc.substr(begin + 8, end - begin - 8), "track-format.md");
  EXPECT_TRUE(r.ok()) << r.error_text();
  return r.ok() ? r.value() : TrackSpec{};
}

}  // namespace racer::test

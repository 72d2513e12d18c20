#pragma once
// Paths to the project's data for tests (RACER_SOURCE_DIR is set by tests/CMakeLists.txt).
#include <string>

namespace racer::test {

inline std::string source_path(const std::string& relative) { return std::string(RACER_SOURCE_DIR) + "/" + relative; }
inline std::string car_path(const std::string& name) { return source_path("assets/cars/" + name + ".json"); }

}  // namespace racer::test

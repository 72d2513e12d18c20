#pragma once
// Asset paths: a relative path is looked up in the current directory first, then in the
// source tree the game was built from (RACER_SOURCE_DIR), so `build/racer` works from the
// repository root and from the build folder alike.
#include <string>

namespace racer {

/// The first existing candidate; the path unchanged when none exists (so errors name it).
std::string resolve_asset(const std::string& path);

}  // namespace racer

#include "app/asset_path.h"

#include <filesystem>

namespace racer {

std::string resolve_asset(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path p(path);
  std::error_code ec;
  if (p.is_absolute() || fs::exists(p, ec)) return path;
#ifdef RACER_SOURCE_DIR
  const fs::path in_source = fs::path(RACER_SOURCE_DIR) / p;
  if (fs::exists(in_source, ec)) return in_source.string();
#endif
  return path;
}

}  // namespace racer

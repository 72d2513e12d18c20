#include "game/ai_profile_store.h"

#include <system_error>

#include "game/storage.h"

namespace racer {
namespace fs = std::filesystem;

fs::path user_ai_profile_file(const fs::path& data_dir, std::string_view name) {
  std::string clean;
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '-' || c == '.';
    clean += ok ? c : '_';
  }
  if (clean.empty() || clean == "." || clean == "..") clean = "_" + clean;
  return data_dir / "ai" / (clean + ".json");
}

Result<fs::path> save_user_ai_profile(const fs::path& data_dir, const AiParams& params) {
  const fs::path path = user_ai_profile_file(data_dir, params.name);
  if (auto error = write_file_atomic(path, save_ai_params(params))) return *error;
  return path;
}

std::vector<fs::path> prefer_user_ai_profiles(const fs::path& data_dir, std::vector<AiParams>& profiles,
                                              std::vector<std::string>& problems) {
  std::vector<fs::path> used;
  for (AiParams& p : profiles) {
    const fs::path path = user_ai_profile_file(data_dir, p.name);
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) continue;
    const Result<AiParams> user = load_ai_params(path.string());
    if (!user) {
      problems.push_back(user.error_text());
      continue;
    }
    p = user.value();
    used.push_back(path);
  }
  return used;
}

}  // namespace racer

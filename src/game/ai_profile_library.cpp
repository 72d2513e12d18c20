#include "game/ai_profile_library.h"

#include <algorithm>
#include <system_error>

#include "game/ai_profile_store.h"

namespace racer {
namespace fs = std::filesystem;

std::vector<std::string> list_user_ai_profiles(const fs::path& data_dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(data_dir / "ai", ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    std::error_code file_ec;
    if (p.extension() == ".json" && fs::is_regular_file(p, file_ec)) names.push_back(p.stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

Result<AiParams> load_user_ai_profile(const fs::path& data_dir, std::string_view name) {
  return load_ai_params(user_ai_profile_file(data_dir, name).string());
}

Result<AiParams> save_user_ai_profile_as(const fs::path& data_dir, const AiParams& params, std::string_view new_name) {
  if (new_name.empty()) return DataError{"", 0, 0, "a profile needs a name to be saved"};
  AiParams renamed = params;
  renamed.name = std::string(new_name);
  const Result<fs::path> written = save_user_ai_profile(data_dir, renamed);
  if (!written) return written.errors();
  return renamed;
}

Result<AiProfileFile> ai_profile_from_file(const std::optional<fs::path>& data_dir,
                                           const std::function<std::string(const std::string&)>& asset_path,
                                           std::string_view name) {
  std::error_code ec;
  if (data_dir && fs::is_regular_file(user_ai_profile_file(*data_dir, name), ec)) {
    const fs::path path = user_ai_profile_file(*data_dir, name);
    const Result<AiParams> loaded = load_ai_params(path.string());
    if (!loaded) return loaded.errors();
    return AiProfileFile{path, loaded.value()};
  }
  // The shipped profiles, by the name inside them ("Hard" is assets/ai/hard.json).
  for (const char* level : kDifficultyLevels) {
    const fs::path path = asset_path(ai_profile_file(level));
    const Result<AiParams> loaded = load_ai_params(path.string());
    if (loaded && loaded.value().name == name) return AiProfileFile{path, loaded.value()};
  }
  std::string where = "a shipped assets/ai/{easy,medium,hard}.json of that name";
  if (data_dir) where = user_ai_profile_file(*data_dir, name).string() + " nor " + where;
  return DataError{"", 0, 0, "no file for the profile \"" + std::string(name) + "\": neither " + where};
}

}  // namespace racer

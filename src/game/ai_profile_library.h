#pragma once
// The AI panel's profile files (ui/ai_panel.h): "Save as" under a new name, the list of the
// user's saved profiles and "Load" of one, and "Reset to file": the file a profile name
// stands for (the user's <data dir>/ai/<name>.json when there is one, as the game prefers it
// at start, else the shipped assets/ai/<name>.json).
// Pure apart from file I/O: no SDL, no wall clock, no printing.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/ai_params.h"
#include "core/result.h"

namespace racer {

/// The names (file stems) of the profiles saved in `data_dir / "ai"`, sorted; empty when the
/// folder does not exist. Only `*.json` files count.
std::vector<std::string> list_user_ai_profiles(const std::filesystem::path& data_dir);

/// Loads `data_dir / "ai" / "<name>.json"` (user_ai_profile_file) with load_ai_params' checks.
Result<AiParams> load_user_ai_profile(const std::filesystem::path& data_dir, std::string_view name);

/// `params` renamed to `new_name` and written as user_ai_profile_file(data_dir, new_name)
/// (save_user_ai_profile); returns the params as saved (with the new name) or the error.
/// An empty name is an error (nothing written).
Result<AiParams> save_user_ai_profile_as(const std::filesystem::path& data_dir, const AiParams& params,
                                         std::string_view new_name);

/// The file a profile name stands for and what it holds: the user's file of that name when
/// `data_dir` is given and has one, else the shipped assets/ai/<level>.json (opened as
/// `asset_path` gives it) whose profile has that name ("Hard": assets/ai/hard.json).
/// An error gives the user file's errors, or says that no file has the name.
struct AiProfileFile {
  std::filesystem::path path;
  AiParams params;
};
Result<AiProfileFile> ai_profile_from_file(const std::optional<std::filesystem::path>& data_dir,
                                           const std::function<std::string(const std::string&)>& asset_path,
                                           std::string_view name);

}  // namespace racer

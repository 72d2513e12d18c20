#pragma once
// AI profiles a modder tuned in the game (the AI panel, ui/ai_panel.h): saved as JSON in the
// shipped format (docs/ai-format.md) under the user's data directory, and preferred over the
// shipped assets/ai/<level>.json of the same name when the game starts.
// Pure apart from file I/O: no SDL, no wall clock, no printing.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/ai_params.h"
#include "core/result.h"

namespace racer {

/// `data_dir / "ai" / "<name>.json"`; characters other than [A-Za-z0-9_.-] in the name
/// become '_' (a name can never leave the folder).
std::filesystem::path user_ai_profile_file(const std::filesystem::path& data_dir, std::string_view name);

/// Writes `params` (save_ai_params) atomically to user_ai_profile_file(data_dir, params.name)
/// and returns the path written; on failure an error naming the path and the reason, and
/// any old file there untouched.
Result<std::filesystem::path> save_user_ai_profile(const std::filesystem::path& data_dir, const AiParams& params);

/// For each profile, the user's file of its name when there is one: loaded in its place
/// (with load_ai_params' checks). A file that does not load leaves the shipped profile and
/// adds its errors to `problems`. Returns the paths that were used.
std::vector<std::filesystem::path> prefer_user_ai_profiles(const std::filesystem::path& data_dir,
                                                           std::vector<AiParams>& profiles,
                                                           std::vector<std::string>& problems);

}  // namespace racer

#pragma once
// The data files the experiments race with: tracks, cars and AI profiles, loaded or a
// LoadError that says why (file:line:col, what was expected).
#include <memory>
#include <string>
#include <vector>

#include "ai/ai_params.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

namespace racer::bench {

/// A file shipped with the sources, e.g. "assets/cars/sedan.json", as a path that works
/// from any directory.
std::string source_path(const std::string& relative);

/// The defaults: the sedan, and the hard and easy AI profiles.
inline std::string default_car_path() { return source_path("assets/cars/sedan.json"); }
inline std::string hard_profile_path() { return source_path("assets/ai/hard.json"); }
inline std::string easy_profile_path() { return source_path("assets/ai/easy.json"); }

/// Each throws LoadError (every problem found, one per line) when the file does not load.
std::shared_ptr<const Track> load_track(const std::string& path);
CarSpec load_car(const std::string& path);
AiParams load_profile(const std::string& path);
/// The shipped difficulty profiles (easy, medium, hard), as make_field wants them.
std::vector<AiParams> load_difficulty_profiles();

}  // namespace racer::bench

#include "load.h"

#include "args.h"

namespace racer::bench {

namespace {

template <class T>
T loaded(Result<T> r) {
  if (!r) throw LoadError(r.error_text());
  return std::move(r).value();
}

}  // namespace

std::string source_path(const std::string& relative) { return std::string(RACER_SOURCE_DIR) + "/" + relative; }

std::shared_ptr<const Track> load_track(const std::string& path) { return loaded(Track::load(path)); }
CarSpec load_car(const std::string& path) { return loaded(load_car_spec(path)); }
AiParams load_profile(const std::string& path) { return loaded(load_ai_params(path)); }
std::vector<AiParams> load_difficulty_profiles() {
  return loaded(racer::load_difficulty_profiles([](const std::string& file) { return source_path(file); }));
}

}  // namespace racer::bench

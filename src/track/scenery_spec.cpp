// Names, shapes and default sizes of the scenery kinds and themes (track/scenery_spec.h).
#include "track/scenery_spec.h"

#include <array>

namespace racer {
namespace {

struct KindInfo {
  std::string_view name;
  bool round;
  ScenerySize size;
};

constexpr std::array<KindInfo, kSceneryKindCount> kKinds{{
    {"grandstand", false, {40.0, 12.0}},
    {"pit_building", false, {60.0, 14.0}},
    {"gantry", false, {20.0, 1.2}},
    {"tyre_wall", false, {8.0, 1.6}},
    {"boards", false, {10.0, 0.5}},
    {"marshal_post", false, {3.0, 3.0}},
    {"building", false, {14.0, 9.0}},
    {"container", false, {6.1, 2.45}},
    {"tank", true, {10.0, 10.0}},
    {"tree", true, {7.0, 7.0}},
    {"conifer", true, {5.0, 5.0}},
    {"bush", true, {2.5, 2.5}},
    {"rock", true, {2.0, 2.0}},
    {"water", false, {40.0, 25.0}},
    {"boat", false, {9.0, 3.2}},
}};

constexpr std::array<std::string_view, kSceneryThemeCount> kThemes{{"downs", "forest", "harbour", "foundry", "rally"}};

}  // namespace

std::string_view scenery_kind_name(SceneryKind k) {
  const auto i = static_cast<std::size_t>(k);
  return i < kKinds.size() ? kKinds[i].name : "?";
}

std::optional<SceneryKind> scenery_kind_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kKinds.size(); ++i)
    if (kKinds[i].name == name) return static_cast<SceneryKind>(i);
  return std::nullopt;
}

std::string_view scenery_theme_name(SceneryTheme t) {
  const auto i = static_cast<std::size_t>(t);
  return i < kThemes.size() ? kThemes[i] : "?";
}

std::optional<SceneryTheme> scenery_theme_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kThemes.size(); ++i)
    if (kThemes[i] == name) return static_cast<SceneryTheme>(i);
  return std::nullopt;
}

bool scenery_kind_round(SceneryKind k) {
  const auto i = static_cast<std::size_t>(k);
  return i < kKinds.size() && kKinds[i].round;
}

ScenerySize scenery_default_size(SceneryKind k) {
  const auto i = static_cast<std::size_t>(k);
  return i < kKinds.size() ? kKinds[i].size : ScenerySize{};
}

}  // namespace racer

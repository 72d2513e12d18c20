#pragma once
// ScenerySpec: the `scenery` section of a track file (docs/track-format.md): the theme
// that picks what grows and stands around the circuit, whether it is placed
// automatically, and explicit objects. Plain data, SI units; visual only (nothing here
// reaches the simulation). Placement: track/scenery.h.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/vec2.h"

namespace racer {

/// What gives a circuit its character: the land's colour and what fills it.
enum class SceneryTheme : std::uint8_t { Downs, Forest, Harbour, Foundry, Rally, Count };

/// Every kind of scenery object. Round kinds have one size (a diameter); the others are
/// boxes with a front (the side that faces `facing`, e.g. a grandstand's seats) and a depth.
enum class SceneryKind : std::uint8_t {
  Grandstand,   ///< tiers of seats with a crowd and a roof over the back rows
  PitBuilding,  ///< garages facing the road, on a paved apron
  Gantry,       ///< start gantry: two posts beyond the walls and a beam over the road
  TyreWall,     ///< a run of stacked tyres with a belt, beyond the wall at a corner
  Boards,       ///< sponsor-style advertising boards
  MarshalPost,  ///< a small hut with a flag
  Building,     ///< house, barn, warehouse or works hall (by theme and variant)
  Container,    ///< shipping container
  Tank,         ///< round storage tank or silo (round)
  Tree,         ///< broadleaf tree (round)
  Conifer,      ///< pine or spruce (round)
  Bush,         ///< bush, hedge clump, heather or gorse (round)
  Rock,         ///< boulder or slag lump (round)
  Water,        ///< pond, lake or harbour basin
  Boat,         ///< moored boat (on water)
  Count
};

inline constexpr std::size_t kSceneryKindCount = static_cast<std::size_t>(SceneryKind::Count);
inline constexpr std::size_t kSceneryThemeCount = static_cast<std::size_t>(SceneryTheme::Count);
inline constexpr int kSceneryVariants = 8;  ///< variants 0..7 of every kind

std::string_view scenery_kind_name(SceneryKind k);
std::optional<SceneryKind> scenery_kind_from_name(std::string_view name);
std::string_view scenery_theme_name(SceneryTheme t);
std::optional<SceneryTheme> scenery_theme_from_name(std::string_view name);
/// Round kinds (trees, bushes, rocks, tanks) take one size, a diameter.
bool scenery_kind_round(SceneryKind k);

/// Default size of a kind, m: length along the front (diameter for round kinds) and depth.
struct ScenerySize {
  double length = 4.0;
  double depth = 4.0;
};
ScenerySize scenery_default_size(SceneryKind k);

/// One explicit object in the file.
struct SceneryObjectSpec {
  SceneryKind kind = SceneryKind::Tree;
  Vec2 position;           ///< m, centre
  double facing = 0.0;     ///< rad, direction the front faces (counter-clockwise from east)
  double length = 4.0;     ///< m along the front; the diameter of round kinds
  double depth = 4.0;      ///< m from front to back (round kinds: = length)
  int variant = -1;        ///< 0..7, or -1: chosen from the position
};

struct ScenerySpec {
  SceneryTheme theme = SceneryTheme::Downs;
  bool automatic = true;                   ///< place scenery around the circuit by theme
  std::vector<SceneryObjectSpec> objects;  ///< explicit objects, placed first
};

}  // namespace racer

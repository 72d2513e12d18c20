#pragma once
// Scenery meshes: the objects of a SceneryLayout (track/scenery.h) drawn in the game's flat
// vector style, each with a shadow thrown to the south-east as the cars' and walls' are.
// Built once per track into world meshes (never per frame):
//   ground    water, the pit apron, every object's shadow (drawn with the ground, under
//             the cars' skid marks is fine: it all lies beyond the walls, except the
//             gantry beam's shadow across the road)
//   standing  the objects themselves, low ones first (rocks, bushes) and tall ones last
//             (trees), drawn after the walls, before the cars
//   overhead  the start gantry's beam and lights, drawn after the cars
#include "render/world_mesh.h"
#include "track/scenery.h"

namespace racer {

struct SceneryMeshes {
  WorldMesh ground{32.0}, standing{32.0}, overhead{32.0};
};

/// The colour of the land beyond the walls in a theme.
Rgba scenery_land_colour(SceneryTheme theme);
/// Appends every item of the layout to the three meshes.
void build_scenery_meshes(const SceneryLayout& layout, SceneryMeshes& out);

}  // namespace racer

#pragma once
// Opaque runs: a triangle list drawn in order as stretches of one blend mode each. A
// triangle whose three vertices are fully opaque gives the same pixels blended or not
// (source alpha 1 replaces the destination), but blending makes Mesa's software renderer
// read every covered pixel back, about twice the cost of writing it. So long stretches of
// opaque triangles are drawn with blending off and the rest with the renderer's blend
// mode; the order of the triangles is kept, so the picture is the same.
#include <cstddef>
#include <span>
#include <vector>

#include <SDL.h>

namespace racer {

/// A stretch of a triangle list, in vertices (first, count: multiples of 3).
struct DrawRun {
  std::size_t first = 0, count = 0;
  bool opaque = false;  ///< every vertex has alpha 255
};

/// Default shortest opaque stretch worth its own draw call, triangles: shorter ones stay in
/// the blended stretch round them. A draw call and a blend-state change cost more than
/// blending a few small triangles: at 16 a car split into five calls for pixels it hardly
/// covers; at 64 the ground layers, walls and buildings still go unblended.
inline constexpr std::size_t kMinOpaqueRun = 64;

/// Splits `vertices` (a triangle list, a partial last triangle ignored) into runs in order
/// that cover it exactly: stretches of at least `min_opaque` opaque triangles are opaque
/// runs, everything else is merged into blended runs. Neighbouring runs differ in opacity.
std::vector<DrawRun> opacity_runs(std::span<const SDL_Vertex> vertices, std::size_t min_opaque = kMinOpaqueRun);

/// Draws the list with SDL_RenderGeometry as opacity_runs splits it when the renderer's draw
/// blend mode is SDL_BLENDMODE_BLEND: opaque runs with SDL_BLENDMODE_NONE, the others
/// blended (the mode restored). Under any other mode (additive sparks, say) all in one call.
void draw_in_runs(SDL_Renderer* renderer, std::span<const SDL_Vertex> vertices, std::size_t min_opaque = kMinOpaqueRun);

}  // namespace racer

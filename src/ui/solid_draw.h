#pragma once
// Solid shapes in a Dear ImGui draw list, drawn with blending off. ImGui sends everything
// through its font texture with blending on; under Mesa's llvmpipe (the software GL the
// game is measured on) such a pixel costs about twice an opaque untextured one, and the
// menus' large areas (panels, rows, the chequered band) are most of a menu frame's pixels.
// Each shape goes into the list as a draw callback that draws plain coloured triangles
// through SDL_RenderGeometry, in the list's order and under its clip rectangle, so text
// and ImGui's own shapes still draw over it. A colour with alpha < 255 is blended (a
// panel fading in).
#include <span>

#include <imgui.h>

struct SDL_Renderer;

namespace racer {

/// Starts a frame's shapes, drawn later through `renderer` (ImGuiLayer::begin_frame).
void solid_begin_frame(SDL_Renderer* renderer);

/// An axis-aligned rectangle, px; `left` and `right` colour its two sides (a gradient across).
void add_solid_rect(ImDrawList* list, ImVec2 min, ImVec2 max, ImU32 left, ImU32 right);
inline void add_solid_rect(ImDrawList* list, ImVec2 min, ImVec2 max, ImU32 colour) {
  add_solid_rect(list, min, max, colour, colour);
}
/// A convex polygon, points in order around it, px.
void add_solid_convex(ImDrawList* list, std::span<const ImVec2> points, ImU32 colour);

/// Shapes added since solid_begin_frame (tests).
int solid_shape_count();

}  // namespace racer

#include "ui/solid_draw.h"

#include <SDL.h>

#include <cstdint>
#include <vector>

namespace racer {
namespace {

struct Batch {
  int first = 0, count = 0;  ///< vertices in g_vertices
  bool blend = false;
};

SDL_Renderer* g_renderer = nullptr;
std::vector<SDL_Vertex> g_vertices;  // this frame's shapes, as triangles
std::vector<Batch> g_batches;        // one per callback; the callback's data is the index
int g_shapes = 0;

SDL_Vertex vertex(ImVec2 p, ImU32 c) {
  SDL_Vertex v;
  v.position = {p.x, p.y};
  v.color = {static_cast<Uint8>((c >> IM_COL32_R_SHIFT) & 0xFF), static_cast<Uint8>((c >> IM_COL32_G_SHIFT) & 0xFF),
             static_cast<Uint8>((c >> IM_COL32_B_SHIFT) & 0xFF), static_cast<Uint8>((c >> IM_COL32_A_SHIFT) & 0xFF)};
  v.tex_coord = {0.0f, 0.0f};
  return v;
}

void draw_batch(const ImDrawList* /*list*/, const ImDrawCmd* cmd) {
  const auto index = static_cast<std::size_t>(reinterpret_cast<std::uintptr_t>(cmd->UserCallbackData));
  if (g_renderer == nullptr || index >= g_batches.size()) return;
  const Batch& b = g_batches[index];
  const ImVec2 off = ImGui::GetDrawData() != nullptr ? ImGui::GetDrawData()->DisplayPos : ImVec2{0.0f, 0.0f};
  const SDL_Rect clip{static_cast<int>(cmd->ClipRect.x - off.x), static_cast<int>(cmd->ClipRect.y - off.y),
                      static_cast<int>(cmd->ClipRect.z - cmd->ClipRect.x), static_cast<int>(cmd->ClipRect.w - cmd->ClipRect.y)};
  int w = 0, h = 0;
  SDL_GetRendererOutputSize(g_renderer, &w, &h);
  // No scissor when the clip covers the screen: the state the drawing before kept (a change
  // of state costs llvmpipe about as much as a few hundred opaque pixels).
  const bool whole = clip.x <= 0 && clip.y <= 0 && clip.x + clip.w >= w && clip.y + clip.h >= h;
  SDL_RenderSetClipRect(g_renderer, whole ? nullptr : &clip);
  SDL_BlendMode before = SDL_BLENDMODE_NONE;
  SDL_GetRenderDrawBlendMode(g_renderer, &before);
  SDL_SetRenderDrawBlendMode(g_renderer, b.blend ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE);
  SDL_RenderGeometry(g_renderer, nullptr, g_vertices.data() + b.first, b.count, nullptr, 0);
  SDL_SetRenderDrawBlendMode(g_renderer, before);
}

/// Appends `triangles` to the list: into the batch of the list's last command when that is
/// one of ours with the same blending and nothing was drawn after it, else as a new one.
void add(ImDrawList* list, const SDL_Vertex* triangles, int count, bool blend) {
  if (count <= 0) return;
  ++g_shapes;
  const ImVector<ImDrawCmd>& cmds = list->CmdBuffer;
  const int n = cmds.Size;
  if (n >= 2 && cmds[n - 1].ElemCount == 0 && cmds[n - 1].UserCallback == nullptr && cmds[n - 2].UserCallback == &draw_batch &&
      reinterpret_cast<std::uintptr_t>(cmds[n - 2].UserCallbackData) + 1 == g_batches.size() && g_batches.back().blend == blend &&
      g_batches.back().first + g_batches.back().count == static_cast<int>(g_vertices.size()) &&
      cmds[n - 1].ClipRect.x == cmds[n - 2].ClipRect.x && cmds[n - 1].ClipRect.y == cmds[n - 2].ClipRect.y &&
      cmds[n - 1].ClipRect.z == cmds[n - 2].ClipRect.z && cmds[n - 1].ClipRect.w == cmds[n - 2].ClipRect.w) {
    g_vertices.insert(g_vertices.end(), triangles, triangles + count);
    g_batches.back().count += count;
    return;
  }
  g_batches.push_back({static_cast<int>(g_vertices.size()), count, blend});
  g_vertices.insert(g_vertices.end(), triangles, triangles + count);
  list->AddCallback(&draw_batch, reinterpret_cast<void*>(static_cast<std::uintptr_t>(g_batches.size() - 1)));
}

bool opaque(ImU32 c) { return ((c >> IM_COL32_A_SHIFT) & 0xFF) == 0xFF; }

}  // namespace

void solid_begin_frame(SDL_Renderer* renderer) {
  g_renderer = renderer;
  g_vertices.clear();
  g_batches.clear();
  g_shapes = 0;
}

int solid_shape_count() { return g_shapes; }

void add_solid_rect(ImDrawList* list, ImVec2 min, ImVec2 max, ImU32 left, ImU32 right) {
  if (max.x <= min.x || max.y <= min.y) return;
  const SDL_Vertex a = vertex(min, left), b = vertex({max.x, min.y}, right), c = vertex(max, right),
                   d = vertex({min.x, max.y}, left);
  const SDL_Vertex tri[6] = {a, b, c, a, c, d};
  add(list, tri, 6, !opaque(left) || !opaque(right));
}

void add_solid_convex(ImDrawList* list, std::span<const ImVec2> points, ImU32 colour) {
  if (points.size() < 3) return;
  std::vector<SDL_Vertex> tri;
  tri.reserve(3 * (points.size() - 2));
  for (std::size_t i = 1; i + 1 < points.size(); ++i) {
    tri.push_back(vertex(points[0], colour));
    tri.push_back(vertex(points[i], colour));
    tri.push_back(vertex(points[i + 1], colour));
  }
  add(list, tri.data(), static_cast<int>(tri.size()), !opaque(colour));
}

}  // namespace racer

#include "render/draw_runs.h"

namespace racer {

std::vector<DrawRun> opacity_runs(std::span<const SDL_Vertex> vertices, std::size_t min_opaque) {
  std::vector<DrawRun> runs;
  const std::size_t n = vertices.size() - vertices.size() % 3;
  auto opaque = [&](std::size_t i) {
    return vertices[i].color.a == 255 && vertices[i + 1].color.a == 255 && vertices[i + 2].color.a == 255;
  };
  auto push = [&](std::size_t first, std::size_t count, bool is_opaque) {
    if (count == 0) return;
    if (!runs.empty() && runs.back().opaque == is_opaque) {
      runs.back().count += count;
      return;
    }
    runs.push_back({first, count, is_opaque});
  };
  std::size_t i = 0;
  while (i < n) {
    std::size_t j = i;
    const bool o = opaque(i);
    while (j < n && opaque(j) == o) j += 3;
    const bool long_enough = (j - i) / 3 >= min_opaque && min_opaque > 0;
    push(i, j - i, o && long_enough);
    i = j;
  }
  return runs;
}

void draw_in_runs(SDL_Renderer* renderer, std::span<const SDL_Vertex> vertices, std::size_t min_opaque) {
  SDL_BlendMode blended = SDL_BLENDMODE_BLEND;
  SDL_GetRenderDrawBlendMode(renderer, &blended);
  if (blended != SDL_BLENDMODE_BLEND) {  // only "over" lets an opaque triangle replace what is under it
    if (vertices.size() >= 3)
      SDL_RenderGeometry(renderer, nullptr, vertices.data(), static_cast<int>(vertices.size() - vertices.size() % 3), nullptr, 0);
    return;
  }
  const std::vector<DrawRun> runs = opacity_runs(vertices, min_opaque);
  if (runs.empty()) return;
  for (const DrawRun& r : runs) {
    SDL_SetRenderDrawBlendMode(renderer, r.opaque ? SDL_BLENDMODE_NONE : blended);
    SDL_RenderGeometry(renderer, nullptr, vertices.data() + r.first, static_cast<int>(r.count), nullptr, 0);
  }
  SDL_SetRenderDrawBlendMode(renderer, blended);
}

}  // namespace racer

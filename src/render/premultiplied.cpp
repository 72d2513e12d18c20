#include "render/premultiplied.h"

namespace racer {

bool draw_premultiplied(SDL_Renderer* r, SDL_Texture* target, const Mesh& mesh) {
  const SDL_BlendMode premultiplied =
      SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
                                 SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD);
  SDL_Texture* previous = SDL_GetRenderTarget(r);
  if (SDL_SetTextureBlendMode(target, premultiplied) != 0 || SDL_SetRenderTarget(r, target) != 0) return false;
  Uint8 cr = 0, cg = 0, cb = 0, ca = 0;
  SDL_GetRenderDrawColor(r, &cr, &cg, &cb, &ca);
  SDL_BlendMode mode = SDL_BLENDMODE_BLEND;
  SDL_GetRenderDrawBlendMode(r, &mode);
  SDL_SetRenderDrawColor(r, 0, 0, 0, 0);
  SDL_RenderClear(r);
  SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
  mesh.draw(r);
  SDL_SetRenderDrawBlendMode(r, mode);
  SDL_SetRenderDrawColor(r, cr, cg, cb, ca);
  SDL_SetRenderTarget(r, previous);
  return true;
}

}  // namespace racer

#include "platform/screenshot.h"

#include <SDL.h>

#include <vector>

// The one place stb_image_write's implementation is compiled; static so it cannot clash
// with Debian's libstb.
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace racer {

std::string save_png(SDL_Renderer* renderer, const std::string& path) {
  int width = 0, height = 0;
  if (SDL_GetRendererOutputSize(renderer, &width, &height) != 0 || width <= 0 || height <= 0)
    return std::string("cannot query the renderer size: ") + SDL_GetError();
  const int stride = width * 4;
  std::vector<unsigned char> pixels(static_cast<std::size_t>(stride) * static_cast<std::size_t>(height));
  // RGBA32: bytes R, G, B, A in memory on any host, as stb expects.
  if (SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA32, pixels.data(), stride) != 0)
    return std::string("SDL_RenderReadPixels failed: ") + SDL_GetError();
  for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;  // opaque
  if (stbi_write_png(path.c_str(), width, height, 4, pixels.data(), stride) == 0)
    return "cannot write " + path;
  return {};
}

}  // namespace racer

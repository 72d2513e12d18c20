#pragma once
// save_png: reads back what the renderer has drawn so far (call before presenting) and
// writes it as a PNG.
#include <string>

struct SDL_Renderer;

namespace racer {

/// Returns an empty string on success, otherwise what went wrong.
std::string save_png(SDL_Renderer* renderer, const std::string& path);

}  // namespace racer

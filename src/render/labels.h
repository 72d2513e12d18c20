#pragma once
// ScreenLabel: text the world drawing wants shown at a screen position. Rendering has no
// text of its own (SDL_Renderer cannot draw text); the UI draws these with ImGui.
#include <string>
#include <vector>

#include "core/vec2.h"
#include "render/mesh.h"

namespace racer {

struct ScreenLabel {
  Vec2 position;  ///< px, centre of the text
  std::string text;
  Rgba colour{255, 255, 255, 230};
  double size = 1.0;  ///< multiplier on the label font size
};

using ScreenLabels = std::vector<ScreenLabel>;

}  // namespace racer

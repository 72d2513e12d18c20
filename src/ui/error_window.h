#pragma once
// The "Track errors" window: what a reload (F5) found wrong in the files, one located
// message per line (file:line:col: message), shown until the next successful reload or
// until the player dismisses it. The game goes on with what it had before.
#include <string>
#include <vector>

namespace racer {

struct LoadErrors {
  std::string title;                ///< window title, e.g. "Track errors"
  std::vector<std::string> lines;   ///< every error, located
  bool open = false;
};

/// Draws the window while errors.open; its Dismiss and close buttons clear it.
void draw_error_window(LoadErrors& errors);

}  // namespace racer

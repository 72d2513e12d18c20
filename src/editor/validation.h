#pragma once
// Validation of an edited track: exactly what `trackcheck` and the game's loader say about
// the file the editor would write (the spec saved with save_track_spec, then parsed and
// built as Track::load does), each problem with the element it points at, so the editor
// can show the message on the canvas next to the offending point, zone or obstacle.
// Pure: no SDL, no ImGui.
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "editor/element.h"
#include "track/track.h"

namespace racer::editor {

/// One problem: the loader's error (file:line:col: message, as trackcheck prints it), the
/// JSON pointer it is located at in the saved text, and the element that pointer falls in.
struct Issue {
  DataError error;
  std::string pointer;
  ElementRef element;
};

struct Validation {
  std::vector<Issue> issues;            ///< empty: the track is valid
  std::shared_ptr<const Track> track;   ///< the built track when valid, else null
  bool ok() const { return issues.empty(); }
};

/// Validates `spec` as if saved to `file_name` (the name in the messages).
Validation validate_track(const TrackSpec& spec, const std::string& file_name);

}  // namespace racer::editor

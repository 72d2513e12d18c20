#pragma once
// Edit scripts: a few editor steps written on one line, for `racer --edit FILE
// --edit-script "..."` (screenshots, demos) and tests. Steps are separated by ';':
//   select KIND:I[.J]      selects only that element        (KIND: point, zone, corner,
//   add KIND:I[.J]         adds it to the selection          obstacle, barrier, branch,
//   move DX,DY             moves the selection (m)           bpoint, kerb, start, grid)
//   width KIND:I W         a centreline or branch point's width (m)
//   undo | redo
// e.g. "select point:12; add point:13; move 0,25; width point:5 70". corner:1.2 is zone
// 1's corner 2; bpoint:0.3 is branch 0's point 3.
// Pure: no SDL, no ImGui.
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "editor/document.h"

namespace racer::editor {

/// Runs `script` on `doc`, step by step; the first step that cannot be read or applied is
/// an error naming it (the steps before it stay applied).
std::vector<DataError> run_edit_script(Document& doc, std::string_view script);

}  // namespace racer::editor

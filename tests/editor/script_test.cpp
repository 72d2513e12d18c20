// Edit scripts (editor/script.h): the steps select, add to the selection, move it, set a
// width, undo and redo, each one history step as the canvas would make it; a step that
// cannot be read or applied is named and stops the script.
#include <gtest/gtest.h>

#include "editor/script.h"
#include "example_track.h"

namespace racer::editor {
namespace {

TEST(EditorScript, StepsSelectMoveSetWidthsAndUndo) {
  const TrackSpec base = test::example_track();
  Document doc(base, "");
  const std::vector<DataError> errors =
      run_edit_script(doc, "select point:2; add point:3 ; add corner:1.2; move 1.5,-2; width point:5 70; undo; redo");
  ASSERT_TRUE(errors.empty()) << join_errors(errors);
  ASSERT_EQ(doc.selection().size(), 3u);
  EXPECT_EQ(doc.selection()[2], (ElementRef{ElementKind::ZonePoint, 1, 2}));
  EXPECT_EQ(doc.spec().centreline[2].position, base.centreline[2].position + Vec2(1.5, -2));
  EXPECT_EQ(doc.spec().zones[1].polygon[2], base.zones[1].polygon[2] + Vec2(1.5, -2));
  EXPECT_EQ(doc.spec().centreline[5].width, 70.0);
  ASSERT_EQ(doc.history().size(), 3u);
  EXPECT_EQ(doc.history()[1].label, "move 3 elements");
  EXPECT_EQ(doc.history()[2].label, "width of centreline point 5 70 m");
  EXPECT_FALSE(doc.validation().ok()) << "a 70 m wide point is out of range";
}

TEST(EditorScript, ABadStepIsNamedAndStopsTheScript) {
  Document doc(test::example_track(), "");
  std::vector<DataError> errors = run_edit_script(doc, "select point:2; select obstacle:9; move 1,1");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors.front().to_string(), "--edit-script: step 2 (select obstacle:9): no element 'obstacle:9' in the track");
  EXPECT_EQ(doc.history().size(), 1u);
  errors = run_edit_script(doc, "move 1");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors.front().message, "step 1 (move 1): move needs DX,DY in metres, got '1'");
  errors = run_edit_script(doc, "frobnicate");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors.front().message, "step 1 (frobnicate): cannot read the step (select, add, move, width, undo or redo)");
}

}  // namespace
}  // namespace racer::editor

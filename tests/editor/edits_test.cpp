// Editing operations (editor/edits.h, editor/document.h): every kind of edit changes the
// track, undo gives back the identical track and redo the identical edited one; indices
// held elsewhere follow inserted and deleted centreline points; an edit of something that
// is not there changes nothing and says so; the history has no limit, can be jumped in,
// merges a drag into one step; the selection keeps to elements that exist; snapping.
#include <gtest/gtest.h>

#include <variant>

#include "editor/document.h"
#include "example_track.h"
#include "spec_compare.h"

namespace racer::editor {
namespace {

using test::same_spec;

// One edit of every kind, each applicable to the example track.
std::vector<Edit> one_of_each() {
  ObstacleSpec cone;
  cone.kind = "cone";
  cone.position = {-90, 82};
  cone.radius = 0.3;
  BranchSpec branch;
  branch.name = "North loop";
  branch.from = 23;
  branch.to = 1;
  branch.points = {{{100, 95}, 10}, {{0, 110}, 10}};
  KerbSpan span{2, 4, KerbSide::Right};
  return {
      MovePoints{{{ElementKind::CentrelinePoint, 3, 0}, {ElementKind::Obstacle, 1, 0}}, {1.5, -2}, 0.0},
      MovePoints{{{ElementKind::Zone, 0, 0}, {ElementKind::ZonePoint, 0, 1}}, {-3, 0}, 1.0},
      MovePoints{{{ElementKind::Barrier, 0, 0}, {ElementKind::Branch, 0, 0}, {ElementKind::SceneryObject, 1, 0}}, {0, 2}, 0.0},
      SetPosition{{ElementKind::BranchPoint, 0, 1}, {-20, -120}},
      InsertCentrelinePoint{1, {{-27, 70}, 12}},
      DeleteCentrelinePoint{2},
      SetPointWidth{{ElementKind::CentrelinePoint, 0, 0}, 15},
      SetPointWidth{{ElementKind::BranchPoint, 0, 0}, 11},
      SetDefaultWidth{13},
      SetTrackInfo{"Renamed", "someone", "a description"},
      SetRoadSurface{Surface::Dirt},
      SetRunoff{{Surface::Sand, 10}},
      SetSceneryTheme{SceneryTheme::Forest, false},
      SetKerbSettings{false, 80, 1.5},
      AddKerbSpan{span},
      SetKerbSpan{0, span},
      DeleteKerbSpan{0},
      AddZone{{Surface::Ice, {{10, 60}, {20, 60}, {15, 66}}}},
      DeleteZone{1},
      SetZoneSurface{0, Surface::Sand},
      InsertZonePoint{1, 2, {145, 60}},
      DeleteZonePoint{1, 0},
      AddObstacle{cone},
      DeleteObstacle{0},
      RotateObstacle{2, 30},
      ResizeObstacle{0, 0.8, 2, 1},
      ResizeObstacle{2, 0.5, 10, 2},
      SetObstacleShape{0, ObstacleShape::Box, "barrier"},
      SetObstacleShape{2, ObstacleShape::Circle, "tyres"},
      SetWallsAutomatic{false},
      AddBarrier{{{-100, -79}, {0, -79}, {100, -79}}},
      DeleteBarrier{0},
      InsertBarrierPoint{0, 1, {0, 79}},
      DeleteBarrierPoint{0, 0},
      AddBranch{branch},
      DeleteBranch{0},
      SetBranchEnds{0, 10, 16},
      SetBranchInfo{0, "Loop", Surface::Gravel},
      InsertBranchPoint{0, 1, {{-45, -110}, 12}},
      DeleteBranchPoint{0, 2},
      SetStart{{2, 5, true}},
      SetGrid{{8, 9, 7, 3}},
      SetSectors{5},
      SetLaps{7},
  };
}

TEST(EditorEdits, EveryEditChangesTheTrackAndUndoRedoRoundTripExactly) {
  const TrackSpec base = test::example_track();
  const std::vector<Edit> edits = one_of_each();
  ASSERT_EQ(std::variant_size_v<Edit>, 39u) << "a new kind of edit: add it to one_of_each()";
  std::vector<bool> seen(std::variant_size_v<Edit>, false);
  for (const Edit& edit : edits) {
    seen[edit.index()] = true;
    Document doc(base, "");
    const std::string label = edit_label(base, edit);
    ASSERT_EQ(doc.apply(edit), std::nullopt) << label;
    const TrackSpec edited = doc.spec();
    EXPECT_FALSE(same_spec(edited, base)) << label << " changed nothing";
    EXPECT_TRUE(doc.modified()) << label;
    ASSERT_EQ(doc.history().size(), 2u);
    EXPECT_EQ(doc.history().back().label, label);
    doc.undo();
    EXPECT_TRUE(same_spec(doc.spec(), base)) << "undo of " << label;
    EXPECT_FALSE(doc.modified()) << label;
    doc.redo();
    EXPECT_TRUE(same_spec(doc.spec(), edited)) << "redo of " << label;
  }
  for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_TRUE(seen[i]) << "edit kind " << i << " not tested";
}

TEST(EditorEdits, AllEditsInARowUndoToTheOpenedTrackAndRedoToTheLast) {
  const TrackSpec base = test::example_track();
  Document doc(base, "");
  std::vector<TrackSpec> after;
  for (const Edit& edit : one_of_each()) {
    ASSERT_EQ(doc.apply(edit), std::nullopt) << edit_label(doc.spec(), edit);
    after.push_back(doc.spec());
  }
  for (std::size_t i = after.size(); i-- > 0;) {
    EXPECT_TRUE(same_spec(doc.spec(), after[i])) << i;
    doc.undo();
  }
  EXPECT_TRUE(same_spec(doc.spec(), base));
  EXPECT_FALSE(doc.can_undo());
  for (std::size_t i = 0; i < after.size(); ++i) {
    doc.redo();
    EXPECT_TRUE(same_spec(doc.spec(), after[i])) << i;
  }
  EXPECT_FALSE(doc.can_redo());
  doc.go_to(3);
  EXPECT_TRUE(same_spec(doc.spec(), after[2]));
  // A new edit after undoing drops the steps that were undone.
  ASSERT_EQ(doc.apply(SetLaps{9}), std::nullopt);
  EXPECT_EQ(doc.history().size(), 5u);
  EXPECT_FALSE(doc.can_redo());
}

TEST(EditorEdits, UndoHasNoLimit) {
  const TrackSpec base = test::example_track();
  Document doc(base, "");
  constexpr int kEdits = 5000;  // far beyond any fixed-size undo buffer
  for (int i = 0; i < kEdits; ++i)
    ASSERT_EQ(doc.apply(MovePoints{{{ElementKind::CentrelinePoint, i % 26, 0}}, {0.25, 0}, 0.0}), std::nullopt);
  EXPECT_EQ(doc.history().size(), static_cast<std::size_t>(kEdits + 1));
  while (doc.can_undo()) doc.undo();
  EXPECT_TRUE(same_spec(doc.spec(), base));
}

TEST(EditorEdits, InsertedAndDeletedPointsKeepTheIndicesThatPointPastThem) {
  Document doc(test::example_track(), "");
  // The example: kerb span 16..18, branch from 11 to 15, start at 0.
  ASSERT_EQ(doc.apply(InsertCentrelinePoint{12, {{-82, -70}, 12}}), std::nullopt);
  const TrackSpec& s = doc.spec();
  EXPECT_EQ(s.centreline.size(), 27u);
  EXPECT_EQ(s.centreline[12].position, (Vec2{-82, -70}));
  EXPECT_EQ(s.kerbs.spans[0].from, 17);
  EXPECT_EQ(s.kerbs.spans[0].to, 19);
  EXPECT_EQ(s.branches[0].from, 11);
  EXPECT_EQ(s.branches[0].to, 16);
  EXPECT_EQ(s.start.point, 0);
  ASSERT_EQ(doc.apply(DeleteCentrelinePoint{11}), std::nullopt);
  EXPECT_EQ(doc.spec().branches[0].from, 11) << "a reference to the deleted point takes the next point";
  EXPECT_EQ(doc.spec().branches[0].to, 15);
  EXPECT_EQ(doc.spec().kerbs.spans[0].from, 16);
  ASSERT_EQ(doc.apply(DeleteCentrelinePoint{0}), std::nullopt);
  EXPECT_EQ(doc.spec().start.point, 0);
  ASSERT_EQ(doc.apply(SetStart{{24, 0, false}}), std::nullopt);
  ASSERT_EQ(doc.apply(DeleteCentrelinePoint{24}), std::nullopt);
  EXPECT_EQ(doc.spec().start.point, 0) << "the last point's references wrap to the first";
}

TEST(EditorEdits, AnEditOfSomethingThatIsNotThereChangesNothingAndSaysSo) {
  const TrackSpec base = test::example_track();
  Document doc(base, "");
  EXPECT_EQ(doc.apply(DeleteObstacle{3}), std::optional<std::string>("there is no obstacle 3"));
  EXPECT_EQ(doc.apply(DeleteZonePoint{0, 4}), std::optional<std::string>("there is no zone 0 corner 4"));
  EXPECT_EQ(doc.apply(InsertCentrelinePoint{27, {}}), std::optional<std::string>("no place 27 on the centreline"));
  EXPECT_EQ(doc.apply(MovePoints{{{ElementKind::Start, 0, 0}}, {1, 1}, 0.0}),
            std::optional<std::string>("cannot move start line"));
  EXPECT_EQ(doc.apply(SetPointWidth{{ElementKind::Obstacle, 0, 0}, 10}),
            std::optional<std::string>("cannot set the width of obstacle 0 (tyres)"));
  EXPECT_EQ(doc.history().size(), 1u);
  EXPECT_TRUE(same_spec(doc.spec(), base));
}

TEST(EditorEdits, ADragMergesIntoOneStepAndSnapsToTheGrid) {
  const TrackSpec base = test::example_track();
  Document doc(base, "");
  doc.set_snap(5.0);
  const ElementRef p{ElementKind::CentrelinePoint, 2, 0};
  for (int i = 0; i < 10; ++i) ASSERT_EQ(doc.apply(SetPosition{p, doc.snapped({-110 + 0.9 * i, 71.2})}, true), std::nullopt);
  EXPECT_EQ(doc.history().size(), 2u);
  EXPECT_EQ(doc.spec().centreline[2].position, (Vec2{-100, 70}));  // -101.9 and 71.2 on the 5 m grid
  ASSERT_EQ(doc.apply(MovePoints{{p}, {2.4, 0}, doc.snap()}), std::nullopt);
  EXPECT_EQ(doc.spec().centreline[2].position, (Vec2{-100, 70})) << "2.4 m rounds back to the same 5 m grid point";
  EXPECT_EQ(doc.history().size(), 3u) << "an edit not asked to merge is a step of its own";
  doc.undo();
  doc.undo();
  EXPECT_TRUE(same_spec(doc.spec(), base));
  EXPECT_EQ(snap_to_grid({1.24, -3.76}, 0.5), (Vec2{1.0, -4.0}));
  EXPECT_EQ(snap_to_grid({1.24, -3.76}, 0.0), (Vec2{1.24, -3.76}));
}

TEST(EditorEdits, SelectionAndMultiSelectionKeepToElementsThatExist) {
  Document doc(test::example_track(), "");
  const ElementRef obstacle{ElementKind::Obstacle, 2, 0}, point{ElementKind::CentrelinePoint, 5, 0};
  doc.select(obstacle);
  doc.toggle(point);
  EXPECT_EQ(doc.selection().size(), 2u);
  EXPECT_TRUE(doc.selected(obstacle));
  doc.toggle(obstacle);
  EXPECT_FALSE(doc.selected(obstacle));
  doc.toggle(obstacle);
  doc.toggle({ElementKind::Obstacle, 9, 0});
  EXPECT_EQ(doc.selection().size(), 2u) << "an element that is not there is not selected";
  // Moving the whole selection is one edit.
  const TrackSpec before = doc.spec();
  ASSERT_EQ(doc.apply(MovePoints{doc.selection(), {1, 2}, 0.0}), std::nullopt);
  EXPECT_EQ(doc.spec().obstacles[2].position, (before.obstacles[2].position + Vec2{1, 2}));
  EXPECT_EQ(doc.spec().centreline[5].position, (before.centreline[5].position + Vec2{1, 2}));
  ASSERT_EQ(doc.apply(DeleteObstacle{2}), std::nullopt);
  ASSERT_EQ(doc.selection().size(), 1u) << "the deleted obstacle leaves the selection";
  EXPECT_EQ(doc.selection().front(), point);
  doc.undo();
  doc.select(obstacle);
  doc.redo();
  EXPECT_TRUE(doc.selection().empty());
}

TEST(EditorElements, PointersNameTheirElementsBothWays) {
  const TrackSpec s = test::example_track();
  const std::vector<ElementRef> all = {
      {ElementKind::CentrelinePoint, 4, 0}, {ElementKind::KerbSpan, 0, 0},  {ElementKind::Zone, 1, 0},
      {ElementKind::ZonePoint, 1, 3},       {ElementKind::Obstacle, 2, 0},  {ElementKind::Barrier, 0, 0},
      {ElementKind::BarrierPoint, 0, 1},    {ElementKind::Branch, 0, 0},    {ElementKind::BranchPoint, 0, 2},
      {ElementKind::SceneryObject, 1, 0},   {ElementKind::Start, 0, 0},     {ElementKind::Grid, 0, 0},
      {ElementKind::Track, 0, 0}};
  for (const ElementRef& e : all) {
    EXPECT_TRUE(element_exists(s, e)) << element_name(s, e);
    EXPECT_EQ(element_of_pointer(pointer_of(e)), e) << pointer_of(e);
  }
  EXPECT_EQ(element_of_pointer("/centreline/4/2"), (ElementRef{ElementKind::CentrelinePoint, 4, 0}));
  EXPECT_EQ(element_of_pointer("/obstacles/2/radius_m"), (ElementRef{ElementKind::Obstacle, 2, 0}));
  EXPECT_EQ(element_of_pointer("/grid/slots"), (ElementRef{ElementKind::Grid, 0, 0}));
  EXPECT_EQ(element_of_pointer("/sectors"), (ElementRef{ElementKind::Track, 0, 0}));
  EXPECT_EQ(element_of_pointer("/zones/x"), (ElementRef{ElementKind::Track, 0, 0}));
  EXPECT_EQ(element_position(s, {ElementKind::Obstacle, 2, 0}), std::optional<Vec2>(Vec2{60, 59}));
  EXPECT_EQ(element_name(s, {ElementKind::Obstacle, 2, 0}), "obstacle 2 (truck)");
  EXPECT_FALSE(element_exists(s, {ElementKind::ZonePoint, 0, 4}));
}

}  // namespace
}  // namespace racer::editor

// Validation as the editor shows it (editor/validation.h): the messages are the ones
// trackcheck prints for the file the editor would write (Track::load of that file), each
// pointing at the offending element; a track with a problem cannot be saved, the save says
// what is wrong and writes nothing; undoing the edit makes it savable again.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "editor/document.h"
#include "editor/track_file.h"
#include "example_track.h"
#include "temp_dir.h"
#include "track/track.h"

namespace racer::editor {
namespace {

// What trackcheck prints for `spec` saved as `path`: Track::load's errors, one per line.
std::string trackcheck_lines(const TrackSpec& spec, const std::filesystem::path& path) {
  {
    std::ofstream out(path, std::ios::binary);
    out << save_track_spec(spec);
  }
  const Result<std::shared_ptr<const Track>> r = Track::load(path.string());
  std::filesystem::remove(path);
  return r.error_text();
}

std::string issue_lines(const Validation& v) {
  std::vector<DataError> errors;
  for (const Issue& i : v.issues) errors.push_back(i.error);
  return join_errors(errors);
}

TEST(EditorValidation, TheExampleIsValidAndBuilt) {
  const Validation v = validate_track(test::example_track(), "example.json");
  EXPECT_TRUE(v.ok());
  ASSERT_TRUE(v.track);
  EXPECT_EQ(v.track->branches().size(), 1u);
}

TEST(EditorValidation, AWidthOutOfRangeIsReportedAsTrackcheckDoesAtItsPoint) {
  const test::TempDir dir;
  const std::filesystem::path path = dir / "wide.json";
  Document doc(test::example_track(), path);
  ASSERT_EQ(doc.apply(SetPointWidth{{ElementKind::CentrelinePoint, 3, 0}, 80}), std::nullopt);
  const Validation& v = doc.validation();
  ASSERT_EQ(v.issues.size(), 1u);
  const Issue& i = v.issues.front();
  EXPECT_EQ(i.error.message, "\"centreline\"[3][2] (width) must be a number of metres in [4, 60], got 80");
  EXPECT_EQ(i.pointer, "/centreline/3/2");
  EXPECT_EQ(i.element, (ElementRef{ElementKind::CentrelinePoint, 3, 0}));
  EXPECT_EQ(issue_lines(v), trackcheck_lines(doc.spec(), path));
  EXPECT_FALSE(v.track);
}

TEST(EditorValidation, AnObstacleOnTheStartLineIsReportedAtTheObstacle) {
  const test::TempDir dir;
  const std::filesystem::path path = dir / "blocked.json";
  Document doc(test::example_track(), path);
  ASSERT_EQ(doc.apply(SetPosition{{ElementKind::Obstacle, 1, 0}, {0, 70}}), std::nullopt);  // the cone, onto point 0
  const Validation& v = doc.validation();
  ASSERT_FALSE(v.ok());
  const auto it = std::find_if(v.issues.begin(), v.issues.end(), [](const Issue& i) {
    return i.error.message.find("is on the start line") != std::string::npos;
  });
  ASSERT_NE(it, v.issues.end()) << issue_lines(v);
  EXPECT_EQ(it->error.message, "obstacle 1 (cone) (x 0, y 70) is on the start line");
  EXPECT_EQ(it->element, (ElementRef{ElementKind::Obstacle, 1, 0}));
  EXPECT_EQ(issue_lines(v), trackcheck_lines(doc.spec(), path));
}

TEST(EditorValidation, AZoneWithTooFewCornersIsReportedAtTheZone) {
  Document doc(test::example_track(), "");
  ASSERT_EQ(doc.apply(DeleteZonePoint{0, 0}), std::nullopt);
  ASSERT_EQ(doc.apply(DeleteZonePoint{0, 0}), std::nullopt);
  const Validation& v = doc.validation();
  ASSERT_EQ(v.issues.size(), 1u) << issue_lines(v);
  EXPECT_EQ(v.issues.front().error.message, "\"polygon\" must have 3 to 256 points, got 2");
  EXPECT_EQ(v.issues.front().element, (ElementRef{ElementKind::Zone, 0, 0}));
  EXPECT_EQ(v.issues.front().error.file, "untitled.json");
}

TEST(EditorValidation, ARoadThatCrossesItselfIsReportedOnTheCentreline) {
  const test::TempDir dir;
  const std::filesystem::path path = dir / "crossed.json";
  Document doc(test::example_track(), path);
  // Point 7 of the left hairpin dragged across the loop to the right-hand side.
  ASSERT_EQ(doc.apply(SetPosition{{ElementKind::CentrelinePoint, 7, 0}, {240, 0}}), std::nullopt);
  const Validation& v = doc.validation();
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(issue_lines(v), trackcheck_lines(doc.spec(), path));
  const bool on_centreline = std::any_of(v.issues.begin(), v.issues.end(), [](const Issue& i) {
    return i.element.kind == ElementKind::CentrelinePoint;
  });
  EXPECT_TRUE(on_centreline) << issue_lines(v);
}

TEST(EditorValidation, AnInvalidTrackIsNotSavedAndTheSaveSaysWhatIsWrong) {
  const test::TempDir dir;
  const std::filesystem::path path = dir / "tracks" / "bad.json";
  Document doc(test::example_track(), path);
  ASSERT_EQ(doc.apply(SetGrid{{30, 8, 6, 2}}), std::nullopt);
  const std::vector<DataError> errors = doc.save();
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors.front().message, "\"slots\" must be an integer in [1, 24], got 30");
  EXPECT_EQ(errors.front().file, path.string());
  EXPECT_GT(errors.front().line, 0);
  EXPECT_FALSE(std::filesystem::exists(path)) << "nothing is written";
  EXPECT_TRUE(doc.modified());
  EXPECT_EQ(doc.validation().issues.front().element, (ElementRef{ElementKind::Grid, 0, 0}));
  doc.undo();
  EXPECT_TRUE(doc.save().empty());
  EXPECT_TRUE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace racer::editor

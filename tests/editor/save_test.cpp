// Saving (editor/track_file.h, Document::save): every shipped track and the documented
// example saved from the editor reload to an equal track and save again to the same bytes;
// the file is the documented format with its keys in a stable order and one centreline
// point per line; it is written atomically (no temp file left, an old file replaced whole)
// into $XDG_DATA_HOME/racer/tracks/ with a file name made from the track's name.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "editor/document.h"
#include "editor/track_file.h"
#include "example_track.h"
#include "spec_compare.h"
#include "temp_dir.h"
#include "track/track.h"

namespace racer::editor {
namespace {

std::vector<std::filesystem::path> shipped_tracks() {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(test::source_path("tracks")))
    if (e.path().extension() == ".json") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Opens `spec` in a document, saves it to `path`; the saved text.
std::string save_through_document(const TrackSpec& spec, const std::filesystem::path& path) {
  Document doc(spec, path);
  const std::vector<DataError> errors = doc.save();
  EXPECT_TRUE(errors.empty()) << join_errors(errors);
  EXPECT_FALSE(doc.modified());
  return test::read_text(path.string());
}

void expect_save_round_trip(const TrackSpec& spec, const test::TempDir& dir, const std::string& name) {
  const std::filesystem::path first = dir / (name + "_1.json"), second = dir / (name + "_2.json");
  const std::string text = save_through_document(spec, first);
  const Result<TrackSpec> loaded = load_track_spec(first.string());
  ASSERT_TRUE(loaded.ok()) << loaded.error_text();
  EXPECT_TRUE(test::saved_equal(spec, loaded.value())) << name;
  EXPECT_EQ(save_through_document(loaded.value(), second), text) << name << ": save -> load -> save changed the bytes";
  const Result<std::shared_ptr<const Track>> track = Track::load(first.string());
  EXPECT_TRUE(track.ok()) << track.error_text();
}

TEST(EditorSave, EveryShippedTrackSavesReloadsEqualAndSavesToTheSameBytes) {
  const test::TempDir dir;
  const std::vector<std::filesystem::path> tracks = shipped_tracks();
  ASSERT_GE(tracks.size(), 5u);
  for (const std::filesystem::path& p : tracks) {
    const Result<TrackSpec> spec = load_track_spec(p.string());
    ASSERT_TRUE(spec.ok()) << spec.error_text();
    expect_save_round_trip(spec.value(), dir, p.stem().string());
  }
}

TEST(EditorSave, AnEditedTrackSavesReloadsEqualAndSavesToTheSameBytes) {
  const test::TempDir dir;
  Document doc(test::example_track(), dir / "edited.json");
  ASSERT_EQ(doc.apply(MovePoints{{{ElementKind::CentrelinePoint, 4, 0}}, {0.3, -0.7}, 0.0}), std::nullopt);
  ASSERT_EQ(doc.apply(RotateObstacle{2, 12.5}), std::nullopt);
  ASSERT_EQ(doc.apply(SetPointWidth{{ElementKind::CentrelinePoint, 7, 0}, 13.25}), std::nullopt);
  ASSERT_EQ(doc.apply(InsertCentrelinePoint{26, {{27.5, 70}, 12}}), std::nullopt);
  ASSERT_TRUE(doc.validation().ok()) << doc.validation().issues.front().error.to_string();
  expect_save_round_trip(doc.spec(), dir, "edited");
}

TEST(EditorSave, TheFileHasStableKeysAndOneCentrelinePointPerLine) {
  const test::TempDir dir;
  const TrackSpec spec = test::example_track();
  const std::string text = save_through_document(spec, dir / "example.json");
  // Top-level keys in the documented order.
  const std::vector<std::string> keys = {"format", "name", "author", "description", "laps", "sectors",
                                         "road_surface", "default_width_m", "centreline", "kerbs", "runoff",
                                         "zones", "walls", "obstacles", "branches", "start", "grid", "scenery"};
  std::size_t last = 0;
  for (const std::string& k : keys) {
    const std::size_t at = text.find("\n  \"" + k + "\": ");
    ASSERT_NE(at, std::string::npos) << k;
    EXPECT_GT(at, last) << k << " out of order";
    last = at;
  }
  // "centreline": [ then one line per point, then ].
  std::istringstream lines(text.substr(text.find("\"centreline\": [")));
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "\"centreline\": [");
  for (std::size_t i = 0; i < spec.centreline.size(); ++i) {
    ASSERT_TRUE(std::getline(lines, line));
    EXPECT_EQ(line.find_first_not_of(' '), 4u) << line;
    EXPECT_EQ(std::count(line.begin(), line.end(), '['), 1) << "one point on line " << line;
  }
  std::getline(lines, line);
  EXPECT_EQ(line, "  ],");
  EXPECT_EQ(text.find("[[0, 70]"), std::string::npos);
  EXPECT_NE(text.find("    [-165, 70, 13],\n"), std::string::npos) << "a point with its own width keeps it";
}

TEST(EditorSave, SavingIsAtomicAndReplacesAnOldFileWhole) {
  const test::TempDir dir;
  const std::filesystem::path path = dir / "tracks" / "mine.json";
  std::filesystem::create_directories(path.parent_path());
  {
    std::ofstream old(path);
    old << "old contents";
  }
  Document doc(test::example_track(), path);
  ASSERT_TRUE(doc.save().empty());
  EXPECT_EQ(test::read_text(path.string()), save_track_spec(doc.spec()));
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(path.parent_path())) ++files;
  EXPECT_EQ(files, 1u) << "no temp file is left beside the track";
}

TEST(EditorSave, UserTracksLiveInTheDataDirectory) {
  StorageEnvironment env;
  env.home = "/home/someone";
  env.xdg_data_home = "/data/xdg";
  EXPECT_EQ(user_tracks_dir(env).value(), std::filesystem::path("/data/xdg/racer/tracks"));
  env.xdg_data_home.reset();
  EXPECT_EQ(user_tracks_dir(env).value(), std::filesystem::path("/home/someone/.local/share/racer/tracks"));
  env.home.reset();
  EXPECT_FALSE(user_tracks_dir(env).ok());
  EXPECT_EQ(track_file_name("Kestrel Downs 2"), "kestrel_downs_2.json");
  EXPECT_EQ(track_file_name("  Über--Ring!  "), "ber_ring.json");
  EXPECT_EQ(track_file_name("../../etc"), "etc.json");
  EXPECT_EQ(track_file_name("***"), "track.json");
}

TEST(EditorSave, ADocumentWithNoPathIsNotSavedAndSaysWhy) {
  Document doc(test::example_track(), "");
  const std::vector<DataError> errors = doc.save();
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors.front().message, "the track has no file name yet; choose where to save it");
}

TEST(EditorSave, TheTemplateIsValidAndSaves) {
  const test::TempDir dir;
  const TrackSpec t = template_track();
  const Validation v = validate_track(t, "template.json");
  ASSERT_TRUE(v.ok()) << v.issues.front().error.to_string();
  ASSERT_TRUE(v.track);
  EXPECT_GT(v.track->centreline().length(), 900.0);   // "about 1 km round"
  EXPECT_LT(v.track->centreline().length(), 1100.0);
  EXPECT_EQ(v.track->grid().size(), 12u);
  expect_save_round_trip(t, dir, "template");
}

}  // namespace
}  // namespace racer::editor

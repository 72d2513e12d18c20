// The catalog's user tracks (app/catalog.h): the tracks the editor saves in the user's
// tracks folder are listed after the shipped ones, marked as the user's, with ids of their
// own; a broken one is listed with trackcheck's messages and is not raceable; the
// championship keeps to the shipped circuits.
#include <gtest/gtest.h>

#include <fstream>

#include "app/catalog.h"
#include "editor/track_file.h"
#include "game/temp_dir.h"

namespace racer {
namespace {

TEST(Catalog, UserTracksAreListedMarkedAndABrokenOneCarriesItsErrors) {
  const test::TempDir dir;
  const std::filesystem::path tracks = dir / "tracks";
  ASSERT_TRUE(editor::save_track_file(editor::template_track(), tracks / "my_oval.json").empty());
  TrackSpec crossed = editor::template_track();
  crossed.name = "Crossed";
  crossed.centreline[6].position = {-260, 0};  // the right hairpin's apex pulled across the loop
  {
    std::ofstream out(tracks / "crossed.json");
    out << save_track_spec(crossed);
  }
  const Catalog shipped = load_catalog();
  const Catalog c = load_catalog(dir.path());
  ASSERT_EQ(c.tracks.size(), shipped.tracks.size() + 2);
  const int oval = c.track_index("user_my_oval"), bad = c.track_index("user_crossed");
  ASSERT_GE(oval, static_cast<int>(shipped.tracks.size())) << "after the shipped tracks";
  ASSERT_GE(bad, static_cast<int>(shipped.tracks.size()));
  const CatalogEntry& o = c.tracks[static_cast<std::size_t>(oval)];
  EXPECT_TRUE(o.ok()) << o.error;
  EXPECT_TRUE(o.user);
  EXPECT_EQ(o.name, "New Track  [user]");
  const CatalogEntry& b = c.tracks[static_cast<std::size_t>(bad)];
  EXPECT_FALSE(b.ok());
  EXPECT_NE(b.error.find("crossed.json:"), std::string::npos) << b.error;
  EXPECT_NE(b.error.find("the road crosses itself"), std::string::npos) << b.error;
  EXPECT_EQ(c.raceable_track_ids(), shipped.raceable_track_ids()) << "the championship keeps to the shipped tracks";
  EXPECT_EQ(load_catalog(dir / "no_such_folder").tracks.size(), shipped.tracks.size()) << "no data dir: the shipped tracks";
}

}  // namespace
}  // namespace racer

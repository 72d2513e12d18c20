// Championship points and standings: the 25-18-15-... table, DNF scores nothing, ties
// broken by wins, then best finish. And a season (game/championship_season.h): its id
// round trip, its rounds, a round scored into the saved progress, the next round.
#include "game/championship.h"

#include "game/championship_season.h"

#include <gtest/gtest.h>

namespace racer {
namespace {

std::vector<RoundResult> round(std::initializer_list<const char*> finishers, std::initializer_list<const char*> dnf = {}) {
  std::vector<RoundResult> out;
  int p = 0;
  for (const char* n : finishers) out.push_back({n, ++p, true});
  for (const char* n : dnf) out.push_back({n, ++p, false});
  return out;
}

const Standing& find(const std::vector<Standing>& s, const std::string& name) {
  for (const Standing& d : s)
    if (d.name == name) return d;
  static const Standing none;
  ADD_FAILURE() << "no " << name;
  return none;
}

TEST(Championship, PointsTableForTheTopTen) {
  const Championship c;
  const int expected[] = {25, 18, 15, 12, 10, 8, 6, 4, 2, 1, 0, 0};
  for (int p = 1; p <= 12; ++p) EXPECT_EQ(c.points_for(p), expected[p - 1]) << "P" << p;
  EXPECT_EQ(c.points_for(0), 0);
}

TEST(Championship, AccumulatesOverRoundsAndDnfScoresNothing) {
  Championship c;
  c.add_round(round({"A", "B", "C"}));
  c.add_round(round({"B", "A"}, {"C"}));
  const auto s = c.standings();
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(find(s, "A").points, 25 + 18);
  EXPECT_EQ(find(s, "B").points, 18 + 25);
  EXPECT_EQ(find(s, "C").points, 15);
  EXPECT_EQ(find(s, "C").finishes, (std::vector<int>{3, 0}));
  EXPECT_EQ(find(s, "C").rounds, 2);
  EXPECT_EQ(s[2].name, "C");
  EXPECT_EQ(c.rounds(), 2);
}

// Equal points: more wins ahead; equal wins: the better best finish ahead; equal again:
// the driver who appeared first.
TEST(Championship, TiesAreBrokenByWinsThenBestFinish) {
  Championship wins;
  wins.add_round(round({"A", "B"}));                                           // A 25, B 18
  wins.add_round(round({"C", "D", "E", "F", "G", "H", "B", "A"}));             // B 7th +6, A 8th +4
  wins.add_round(round({"C", "D", "E", "F", "G", "H", "I", "J", "B"}));        // B 9th +2
  wins.add_round(round({"C", "D", "E", "F", "G", "H", "I", "J", "B"}));        // B 9th +2
  wins.add_round(round({"C", "D", "E", "F", "G", "H", "I", "J", "K", "B"}));   // B 10th +1
  auto s = wins.standings();
  ASSERT_EQ(find(s, "A").points, 29);
  ASSERT_EQ(find(s, "B").points, 29);
  EXPECT_EQ(find(s, "A").wins, 1);
  EXPECT_EQ(find(s, "B").wins, 0);
  EXPECT_LT(find(s, "A").position, find(s, "B").position) << "A has a win";

  Championship best;
  best.add_round(round({"W", "Late", "x1", "Early"}));                               // Late 18, Early 12
  best.add_round(round({"W", "x2", "x3", "Early", "x4", "x5", "x6", "x7", "Late"}));  // Early +12, Late +2
  best.add_round(round({"W", "x2", "x3", "x4", "x5", "x6", "Late"}));                 // Late +6
  best.add_round(round({"W", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "Early"}));    // Early +2
  s = best.standings();
  ASSERT_EQ(find(s, "Late").points, 26);
  ASSERT_EQ(find(s, "Early").points, 26);
  EXPECT_EQ(find(s, "Late").best_finish, 2);
  EXPECT_EQ(find(s, "Early").best_finish, 4);
  EXPECT_LT(find(s, "Late").position, find(s, "Early").position) << "Late's best finish is 2nd";

  Championship same;
  same.add_round(round({"Win", "Second", "Third"}));  // 25, 18, 15
  same.add_round(round({"Third", "Second", "Win"}));  // Third 40, Second 36, Win 40
  s = same.standings();
  ASSERT_EQ(find(s, "Win").points, 40);
  ASSERT_EQ(find(s, "Third").points, 40);
  EXPECT_EQ(s[0].name, "Win") << "equal points, wins and best finish: first appearance";
  EXPECT_EQ(s[1].name, "Third");
  EXPECT_EQ(s[2].name, "Second");
  EXPECT_EQ(s[2].points, 36);
}

// A session's results feed a round: Finished cars score by classified position.
TEST(Championship, TakesASessionsResults) {
  std::vector<SessionCarResult> results(3);
  results[0].name = "A";
  results[0].position = 1;
  results[0].status = CarStatus::Finished;
  results[1].name = "B";
  results[1].position = 2;
  results[1].status = CarStatus::Finished;
  results[2].name = "C";
  results[2].position = 3;
  results[2].status = CarStatus::Dnf;
  Championship c;
  c.add_round(std::span<const SessionCarResult>(results));
  const auto s = c.standings();
  EXPECT_EQ(find(s, "A").points, 25);
  EXPECT_EQ(find(s, "B").points, 18);
  EXPECT_EQ(find(s, "C").points, 0);
  EXPECT_EQ(find(s, "C").best_finish, 0);
}

std::vector<SessionCarResult> session(std::initializer_list<std::pair<const char*, CarStatus>> cars) {
  std::vector<SessionCarResult> out;
  for (const auto& [name, status] : cars) {
    SessionCarResult r;
    r.name = name;
    r.position = static_cast<int>(out.size()) + 1;
    r.status = status;
    if (status == CarStatus::Finished) r.total_time = 60.0 + r.position;
    out.push_back(r);
  }
  return out;
}

TEST(ChampionshipPlan, IdKeepsTheSeasonsChoicesAndUnreadableIdsAreRefused) {
  ChampionshipPlan p;
  p.car_id = "hatchback";
  p.opponents = 7;
  p.laps = 2;
  p.difficulty = "hard";
  EXPECT_EQ(p.id(), "rookie_cup|hatchback|7|2|hard");
  const auto back = ChampionshipPlan::parse(p.id());
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->car_id, "hatchback");
  EXPECT_EQ(back->opponents, 7);
  EXPECT_EQ(back->laps, 2);
  EXPECT_EQ(back->difficulty, "hard");
  for (const char* bad : {"rookie_cup", "", "a|b|c|d", "cup|sedan|x|2|mixed", "cup|sedan|12|2|mixed",
                          "cup|sedan|5|0|mixed", "cup|sedan|5|2|insane", "cup||5|2|mixed"})
    EXPECT_FALSE(ChampionshipPlan::parse(bad).has_value()) << bad;
  EXPECT_TRUE(ChampionshipPlan::parse("cup|sedan|11|100|easy").has_value()) << "the ends of the ranges";
}

// The shipped cup's order whatever the catalog's order; tracks outside the cup are not
// rounds; with none of the cup's tracks, every raceable track in its order.
TEST(ChampionshipSeason, RoundsAreTheCupsTracksInItsOrder) {
  const std::vector<std::string> shipped{"cragmoor_stage", "foundry_loop", "kestrel_downs", "lantern_hill",
                                         "port_ardent", "test_ground"};
  EXPECT_EQ(championship_rounds(shipped), (std::vector<std::string>{"lantern_hill", "port_ardent", "foundry_loop",
                                                                    "kestrel_downs", "cragmoor_stage"}));
  const std::vector<std::string> two{"port_ardent", "lantern_hill"};
  EXPECT_EQ(championship_rounds(two), (std::vector<std::string>{"lantern_hill", "port_ardent"}));
  const std::vector<std::string> others{"b_track", "a_track"};
  EXPECT_EQ(championship_rounds(others), others);
  EXPECT_TRUE(championship_rounds(std::vector<std::string>{}).empty());
}

// A new season, a round scored into it (finishers by the table, a DNF nothing), the next
// round on, and the standings read back from what records.json keeps.
TEST(ChampionshipSeason, ARoundIsScoredIntoTheProgressAndTheNextRoundFollows) {
  ChampionshipPlan plan;
  plan.car_id = "sedan";
  ChampionshipProgress progress = start_season(plan);
  EXPECT_EQ(progress.championship_id, plan.id());
  EXPECT_EQ(progress.round_index, 0);
  const std::vector<std::string> rounds{"lantern_hill", "port_ardent"};
  EXPECT_EQ(next_round_track(progress, rounds), "lantern_hill");
  ASSERT_TRUE(saved_season(progress).has_value());
  EXPECT_EQ(saved_season(progress)->car_id, "sedan");

  const auto first = session({{"You", CarStatus::Finished}, {"Ada", CarStatus::Finished}, {"Bo", CarStatus::Dnf}});
  const RecordedRound scored = score_round("lantern_hill", first);
  EXPECT_EQ(scored.track_id, "lantern_hill");
  ASSERT_EQ(scored.entries.size(), 3u);
  EXPECT_EQ(scored.entries[0].points, 25);
  EXPECT_EQ(scored.entries[1].points, 18);
  EXPECT_EQ(scored.entries[2].points, 0);
  EXPECT_FALSE(scored.entries[2].classified);
  EXPECT_EQ(scored.entries[0].time, 61.0);
  EXPECT_FALSE(scored.entries[2].time.has_value());

  record_round(progress, "lantern_hill", first);
  EXPECT_EQ(progress.round_index, 1);
  EXPECT_EQ(progress.points.at("You"), 25);
  EXPECT_EQ(progress.points.at("Bo"), 0);
  EXPECT_EQ(next_round_track(progress, rounds), "port_ardent");

  record_round(progress, "port_ardent",
               session({{"Ada", CarStatus::Finished}, {"Bo", CarStatus::Finished}, {"You", CarStatus::Retired}}));
  EXPECT_FALSE(next_round_track(progress, rounds).has_value()) << "both rounds raced: the season is over";
  const std::vector<Standing> s = season_standings(progress);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].name, "Ada");
  EXPECT_EQ(s[0].points, 18 + 25);
  EXPECT_EQ(s[1].name, "You");
  EXPECT_EQ(s[1].points, 25);
  EXPECT_EQ(s[2].name, "Bo");
  EXPECT_EQ(s[2].points, 18);
}

// Nothing to continue: no season, or one whose id cannot be read (an old or edited file).
TEST(ChampionshipSeason, OnlyAReadableSeasonCanBeContinued) {
  EXPECT_FALSE(saved_season(std::nullopt).has_value());
  ChampionshipProgress garbled;
  garbled.championship_id = "rookie_cup|sedan|5";
  EXPECT_FALSE(saved_season(garbled).has_value());
}

}  // namespace
}  // namespace racer

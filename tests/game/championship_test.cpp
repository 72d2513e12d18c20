// Championship points and standings: the 25-18-15-... table, DNF scores nothing, ties
// broken by wins, then best finish.
#include "game/championship.h"

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

}  // namespace
}  // namespace racer

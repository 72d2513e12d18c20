// The automatic tuner's search (ai/profile_search.h): its values, the rejection rule, one
// step of the search, and whole searches on made-up scores (no races: racer-bench tune
// races; tests/CMakeLists.txt's ai_tune.* tests run it).
#include "ai/profile_search.h"

#include <cmath>

#include <gtest/gtest.h>

namespace racer {
namespace {

TuneScore score(double time, double walls = 0.0, double cars = 0.0, bool finished = true) {
  TuneScore s;
  s.objective = time;
  s.best_lap = time / 2.0;
  s.walls_per_car_lap = walls;
  s.car_contacts_per_car_lap = cars;
  s.all_finished = finished;
  return s;
}

TEST(ProfileSearch, EveryValueSetsItsOwnKeyAndSurvivesTheFile) {
  for (const TuneParam& p : tune_params()) {
    AiParams params;
    // A value inside the range, in thousandths (set_tune_value keeps millionths).
    const double v = p.integer ? std::round(0.6 * p.range.lo + 0.4 * p.range.hi)
                               : std::round((0.37 * p.range.lo + 0.63 * p.range.hi) * 1000.0) / 1000.0;
    ASSERT_NE(tune_value(params, p.key), v) << p.key;
    set_tune_value(params, p.key, v);
    EXPECT_EQ(tune_value(params, p.key), v) << p.key;
    AiParams others = params;
    set_tune_value(others, p.key, tune_value(AiParams{}, p.key));
    EXPECT_EQ(others, AiParams{}) << p.key << " changed another value";
    const Result<AiParams> back = parse_ai_params(save_ai_params(params), "tuned.json");
    ASSERT_TRUE(back) << back.error_text();
    EXPECT_EQ(back.value(), params) << p.key;
  }
}

TEST(ProfileSearch, ValuesAreClampedToTheirRangeAndRounded) {
  AiParams p;
  set_tune_value(p, "grip_use", 1.4);
  EXPECT_EQ(p.grip_use, ai_ranges::kGripUse.hi);
  set_tune_value(p, "line_margin_m", 0.2);
  EXPECT_EQ(p.line_margin, ai_ranges::kLineMargin.lo);
  set_tune_value(p, "reaction_steps", 7.6);
  EXPECT_EQ(p.reaction_steps, 8);
  set_tune_value(p, "speed_use", 0.8 + 0.03);  // 0.8300000000000001 in doubles
  EXPECT_EQ(p.speed_use, 0.83);
  EXPECT_EQ(find_tune_param("grip"), nullptr);
  // Every searched range lies inside the loader's: a tuned profile always loads.
  for (const TuneParam& t : tune_params()) {
    AiParams q;
    set_tune_value(q, t.key, t.range.hi);
    EXPECT_TRUE(parse_ai_params(save_ai_params(q), "hi.json")) << t.key;
    set_tune_value(q, t.key, t.range.lo);
    EXPECT_TRUE(parse_ai_params(save_ai_params(q), "lo.json")) << t.key;
  }
}

TEST(ProfileSearch, RejectsMoreWallOrCarContactsThanTheStartAndCarsThatDoNotFinish) {
  const TuneScore start = score(100.0, 0.10, 0.20);
  EXPECT_EQ(reject_reason(score(90.0, 0.10, 0.20), start), "");
  EXPECT_EQ(reject_reason(score(90.0, 0.0, 0.0), start), "");
  EXPECT_NE(reject_reason(score(90.0, 0.11, 0.20), start).find("wall contacts"), std::string::npos);
  EXPECT_NE(reject_reason(score(90.0, 0.10, 0.25), start).find("car contacts"), std::string::npos);
  EXPECT_EQ(reject_reason(score(90.0, 0.0, 0.0, false), start), "a car did not finish");
  // A clean start leaves no room at all: one wall contact is one too many.
  EXPECT_NE(reject_reason(score(90.0, 0.01), score(100.0)), "");
}

TEST(ProfileSearch, AStepProposesOneValueUpAndDownAndTakesTheFasterAdmissibleOne) {
  AiParams start;
  start.grip_use = 0.7;
  ProfileSearch search(start, {"grip_use"}, 1);
  search.set_start_score(score(100.0));
  const std::vector<TuneCandidate> batch = search.next_batch();
  ASSERT_EQ(batch.size(), 2u);
  EXPECT_EQ(batch[0].key, "grip_use");
  EXPECT_DOUBLE_EQ(batch[0].params.grip_use, 0.74);
  EXPECT_DOUBLE_EQ(batch[1].params.grip_use, 0.66);
  EXPECT_EQ(batch[0].params.speed_use, start.speed_use);
  search.report({score(95.0), score(99.0)});
  EXPECT_DOUBLE_EQ(search.best().grip_use, 0.74);
  EXPECT_EQ(search.best_score().objective, 95.0);
  ASSERT_EQ(search.history().size(), 2u);
  EXPECT_TRUE(search.history()[0].taken);
  EXPECT_FALSE(search.history()[1].taken);
  // The next round moves from the new best.
  const std::vector<TuneCandidate> next = search.next_batch();
  ASSERT_EQ(next.size(), 2u);
  EXPECT_DOUBLE_EQ(next[0].params.grip_use, 0.78);
  EXPECT_DOUBLE_EQ(next[1].params.grip_use, 0.70);
  // A faster candidate with a wall contact the start did not have is not taken.
  search.report({score(80.0, 0.05), score(96.0)});
  EXPECT_DOUBLE_EQ(search.best().grip_use, 0.74);
  EXPECT_EQ(search.history()[2].verdict.rfind("rejected: ", 0), 0u);
  EXPECT_EQ(search.history()[3].verdict, "not faster");
}

TEST(ProfileSearch, AtTheEndOfItsRangeAValueMovesOneWayOnly) {
  AiParams start;
  start.grip_use = 1.0;
  ProfileSearch search(start, {"grip_use"}, 1);
  search.set_start_score(score(100.0));
  const std::vector<TuneCandidate> batch = search.next_batch();
  ASSERT_EQ(batch.size(), 1u);
  EXPECT_DOUBLE_EQ(batch[0].params.grip_use, 0.96);
}

TEST(ProfileSearch, ASweepWithoutAGainHalvesTheStepsUntilTheSearchEnds) {
  ProfileSearch search(AiParams{}, {"grip_use", "speed_use"}, 3);
  search.set_start_score(score(100.0));
  int rounds = 0;
  for (std::vector<TuneCandidate> b = search.next_batch(); !b.empty(); b = search.next_batch()) {
    search.report(std::vector<TuneScore>(b.size(), score(101.0)));
    ++rounds;
    ASSERT_LT(rounds, 100) << "the search does not end";
  }
  // Two values, steps 1, 1/2, 1/4 and 1/8 of the first (below 1/8 ends it): four sweeps of
  // two rounds.
  EXPECT_EQ(rounds, 8);
  EXPECT_TRUE(search.converged());
  EXPECT_EQ(search.best(), AiParams{});
  EXPECT_DOUBLE_EQ(search.step(0), 0.04 / 16.0);
}

// A made-up track: the time falls as grip_use and speed_use rise to (0.90, 0.95) and rises
// beyond; above grip_use 0.86 the car touches a wall every fifth lap.
TuneScore made_up(const AiParams& p) {
  const double time = 100.0 + 300.0 * std::pow(p.grip_use - 0.90, 2) + 200.0 * std::pow(p.speed_use - 0.95, 2);
  return score(time, p.grip_use > 0.86 ? 0.2 : 0.0);
}

std::vector<TuneStep> search_made_up(std::uint64_t seed, AiParams& best) {
  AiParams start;
  start.grip_use = 0.6;
  start.speed_use = 0.6;
  ProfileSearch search(start, {"grip_use", "speed_use"}, seed);
  search.set_start_score(made_up(start));
  for (std::vector<TuneCandidate> b = search.next_batch(); !b.empty(); b = search.next_batch()) {
    std::vector<TuneScore> scores;
    for (const TuneCandidate& c : b) scores.push_back(made_up(c.params));
    search.report(scores);
  }
  best = search.best();
  return search.history();
}

TEST(ProfileSearch, FindsTheFastestProfileWithoutMoreWallContactsAndIsRepeatable) {
  AiParams best, again;
  const std::vector<TuneStep> history = search_made_up(7, best);
  // speed_use reaches its optimum within the last step (0.03 / 8 ~ 0.004); grip_use stops
  // at the wall: 0.86, the fastest grip without contacts, within the last step (0.005).
  EXPECT_NEAR(best.speed_use, 0.95, 0.004);
  EXPECT_NEAR(best.grip_use, 0.86, 0.005);
  EXPECT_LE(best.grip_use, 0.86);
  bool rejected = false;
  for (const TuneStep& s : history) {
    if (s.taken) {
      EXPECT_EQ(s.score.walls_per_car_lap, 0.0);
    }
    rejected = rejected || s.verdict.rfind("rejected", 0) == 0;
  }
  EXPECT_TRUE(rejected) << "the wall was never reached: the test does not test the rule";
  const std::vector<TuneStep> second = search_made_up(7, again);
  EXPECT_EQ(again, best);
  ASSERT_EQ(second.size(), history.size());
  for (std::size_t i = 0; i < history.size(); ++i) EXPECT_EQ(second[i].candidate.params, history[i].candidate.params);
}

}  // namespace
}  // namespace racer

// AiParams: the shipped profiles load and round-trip; bad values are located; the router's
// planner is one of the names the routing layer knows.
#include "ai/ai_params.h"

#include <gtest/gtest.h>

#include <string>

#include "ai/dwa.h"
#include "ai/route_grid.h"
#include "ai/tracking.h"

namespace racer {
namespace {

TEST(AiParams, ShippedProfilesLoadAndRoundTrip) {
  for (const char* name : {"easy", "medium", "hard"}) {
    const std::string path = std::string(RACER_SOURCE_DIR) + "/assets/ai/" + name + ".json";
    const Result<AiParams> p = load_ai_params(path);
    ASSERT_TRUE(p.ok()) << p.error_text();
    EXPECT_EQ(p.value().difficulty, name);
    const Result<AiParams> back = parse_ai_params(save_ai_params(p.value()), "saved.json");
    ASSERT_TRUE(back.ok()) << back.error_text();
    EXPECT_EQ(back.value().grip_use, p.value().grip_use);
    EXPECT_EQ(back.value().reaction_steps, p.value().reaction_steps);
    EXPECT_EQ(back.value().dwa.clearance, p.value().dwa.clearance);
    EXPECT_EQ(back.value().router, p.value().router);
  }
}

TEST(AiParams, BadValuesAreLocated) {
  const Result<AiParams> p = parse_ai_params("{\"format\": 1, \"name\": \"x\",\n \"grip_use\": 3, \"gripuse\": 1}", "bad.json");
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error_text().find("bad.json:2:14: \"grip_use\" must be a number in [0.3, 1]"), std::string::npos)
      << p.error_text();
  EXPECT_NE(p.error_text().find("unknown key \"gripuse\""), std::string::npos) << p.error_text();
}

// The layers' keys default to the values their layers had as code constants (the layers'
// own defaults where they have them), so a profile without them drives as before.
TEST(AiParams, LayerKeysDefaultToTheLayersValues) {
  const AiParams p;
  const PurePursuitParams pp;
  EXPECT_EQ(p.tracking.lookahead_base, pp.base);
  EXPECT_EQ(p.tracking.lookahead_per_speed, pp.per_speed);
  EXPECT_EQ(p.tracking.lookahead_min, pp.min);
  EXPECT_EQ(p.tracking.lookahead_max, pp.max);
  EXPECT_EQ(p.tracking.curvature_gain, pp.curvature_gain);
  const DwaParams dp;
  EXPECT_EQ(p.dwa.speed_samples, dp.v_samples);
  EXPECT_EQ(p.dwa.turn_samples, dp.w_samples);
  EXPECT_EQ(p.dwa.horizon, dp.horizon);
  const RouteCosts rc;
  EXPECT_EQ(p.routing.clearance_margin, rc.clearance_margin_m);
  EXPECT_EQ(p.routing.clearance_penalty, rc.clearance_penalty);
  // A profile that leaves them out reads them as these defaults.
  const Result<AiParams> bare = parse_ai_params("{\"format\": 1, \"name\": \"medium\"}", "bare.json");
  ASSERT_TRUE(bare.ok()) << bare.error_text();
  EXPECT_EQ(bare.value(), p);
}

TEST(AiParams, LayerKeysRoundTrip) {
  AiParams p;
  p.name = "keys";
  p.tracking = {4.5, 0.4, 6.0, 25.0, 1.5, 0.5};
  p.dwa.speed_samples = 7;
  p.dwa.turn_samples = 15;
  p.dwa.horizon = 1.6;
  p.racecraft = {30.0, 10.0, 12.5, 1.0, 3.0, 15.0};
  p.routing = {2.5, 4.0, 50.0, 0.5};
  const std::string text = save_ai_params(p);
  const Result<AiParams> back = parse_ai_params(text, "keys.json");
  ASSERT_TRUE(back.ok()) << back.error_text();
  EXPECT_EQ(back.value(), p) << text;
  for (const char* key : {"\"tracking\"", "\"lookahead_max_m\"", "\"racecraft\"", "\"side_gap_m\"", "\"routing\"",
                          "\"clearance_penalty\"", "\"turn_samples\"", "\"horizon_s\""})
    EXPECT_NE(text.find(key), std::string::npos) << key;
}

TEST(AiParams, BadLayerValuesAreLocated) {
  const Result<AiParams> p = parse_ai_params(
      "{\"format\": 1, \"name\": \"x\",\n"
      " \"tracking\": {\"lookahead_min_m\": 12, \"lookahead_max_m\": 8},\n"
      " \"dwa\": {\"turn_samples\": 0},\n"
      " \"racecraft\": {\"side_gap\": 1}}",
      "bad.json");
  ASSERT_FALSE(p.ok());
  const std::string e = p.error_text();
  EXPECT_NE(e.find("bad.json:2:"), std::string::npos) << e;
  EXPECT_NE(e.find("lookahead_max_m must be at least lookahead_min_m (12)"), std::string::npos) << e;
  EXPECT_NE(e.find("bad.json:3:"), std::string::npos) << e;
  EXPECT_NE(e.find("\"turn_samples\""), std::string::npos) << e;
  EXPECT_NE(e.find("unknown key \"side_gap\""), std::string::npos) << e;
}

TEST(AiParams, RouterPlannerIsANamedOne) {
  EXPECT_EQ(AiParams{}.router, "astar");
  for (std::string_view name : kRouterPlanners) {
    const Result<AiParams> p =
        parse_ai_params("{\"format\": 1, \"name\": \"x\", \"router\": \"" + std::string(name) + "\"}", "r.json");
    ASSERT_TRUE(p.ok()) << p.error_text();
    EXPECT_EQ(p.value().router, name);
    const Result<AiParams> back = parse_ai_params(save_ai_params(p.value()), "saved.json");
    ASSERT_TRUE(back.ok()) << back.error_text();
    EXPECT_EQ(back.value().router, name);
  }
  const Result<AiParams> bad = parse_ai_params("{\"format\": 1, \"name\": \"x\",\n \"router\": \"dijkstra\"}", "bad.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error_text().find("bad.json:2:"), std::string::npos) << bad.error_text();
  EXPECT_NE(bad.error_text().find("astar"), std::string::npos) << bad.error_text();  // says what is allowed
}

}  // namespace
}  // namespace racer

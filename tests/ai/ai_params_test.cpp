// AiParams: the shipped profiles load and round-trip; bad values are located; the router's
// planner is one of the names the routing layer knows.
#include "ai/ai_params.h"

#include <gtest/gtest.h>

#include <string>


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

#include "ai/ai_params.h"

#include <nlohmann/json.hpp>

#include "core/json_doc.h"
#include "core/json_reader.h"

namespace racer {
namespace {

constexpr int kAiFormat = 1;

int whole(AiParamRange r) { return static_cast<int>(r.lo); }
int whole_hi(AiParamRange r) { return static_cast<int>(r.hi); }

void read_routing(ObjectReader& o, AiRouting& r) {
  using namespace ai_ranges;
  r.clearance_margin = o.number("clearance_margin_m", kClearanceMargin.lo, kClearanceMargin.hi, "metres", r.clearance_margin);
  r.clearance_penalty = o.number("clearance_penalty", kClearancePenalty.lo, kClearancePenalty.hi, "", r.clearance_penalty);
  r.reach = o.number("reach_m", kDetourReach.lo, kDetourReach.hi, "metres", r.reach);
  r.blocked_after = o.number("blocked_after_s", kBlockedAfter.lo, kBlockedAfter.hi, "seconds", r.blocked_after);
  o.finish();
}

void read_tracking(ObjectReader& o, AiTracking& t) {
  using namespace ai_ranges;
  t.lookahead_base = o.number("lookahead_base_m", kLookaheadBase.lo, kLookaheadBase.hi, "metres", t.lookahead_base);
  t.lookahead_per_speed =
      o.number("lookahead_per_speed_s", kLookaheadPerSpeed.lo, kLookaheadPerSpeed.hi, "seconds", t.lookahead_per_speed);
  t.lookahead_min = o.number("lookahead_min_m", kLookaheadMin.lo, kLookaheadMin.hi, "metres", t.lookahead_min);
  t.lookahead_max = o.number("lookahead_max_m", kLookaheadMax.lo, kLookaheadMax.hi, "metres", t.lookahead_max);
  if (t.lookahead_max < t.lookahead_min)
    o.error("lookahead_max_m", "lookahead_max_m must be at least lookahead_min_m (" + format_number(t.lookahead_min) + ")");
  t.curvature_gain = o.number("curvature_gain_s", kCurvatureGain.lo, kCurvatureGain.hi, "seconds", t.curvature_gain);
  t.damping = o.number("damping_s", kTrackDamping.lo, kTrackDamping.hi, "seconds", t.damping);
  o.finish();
}

void read_racecraft(ObjectReader& o, AiRacecraft& r) {
  using namespace ai_ranges;
  r.pass_reach_min = o.number("pass_reach_min_m", kPassReachMin.lo, kPassReachMin.hi, "metres", r.pass_reach_min);
  r.pass_reach_base = o.number("pass_reach_base_m", kPassReachBase.lo, kPassReachBase.hi, "metres", r.pass_reach_base);
  r.pass_keep = o.number("pass_keep_m", kPassKeep.lo, kPassKeep.hi, "metres", r.pass_keep);
  r.side_gap = o.number("side_gap_m", kSideGap.lo, kSideGap.hi, "metres", r.side_gap);
  r.let_by_reach = o.number("let_by_reach_s", kLetByReach.lo, kLetByReach.hi, "seconds", r.let_by_reach);
  r.let_by_reach_min = o.number("let_by_reach_min_m", kLetByReachMin.lo, kLetByReachMin.hi, "metres", r.let_by_reach_min);
  o.finish();
}

void read_dwa(ObjectReader& o, AiDwa& d) {
  using namespace ai_ranges;
  d.heading = o.number("heading", kDwaWeight.lo, kDwaWeight.hi, "", d.heading);
  d.clearance = o.number("clearance", kDwaWeight.lo, kDwaWeight.hi, "", d.clearance);
  d.speed = o.number("speed", kDwaWeight.lo, kDwaWeight.hi, "", d.speed);
  d.speed_samples = o.integer("speed_samples", whole(kDwaSpeedSamples), whole_hi(kDwaSpeedSamples), d.speed_samples);
  d.turn_samples = o.integer("turn_samples", whole(kDwaTurnSamples), whole_hi(kDwaTurnSamples), d.turn_samples);
  d.horizon = o.number("horizon_s", kDwaHorizon.lo, kDwaHorizon.hi, "seconds", d.horizon);
  o.finish();
}

Result<AiParams> read_ai(const JsonDoc& doc) {
  using namespace ai_ranges;
  std::vector<DataError> errors;
  ObjectReader root = root_reader(doc, errors);
  AiParams p;
  format_version(root, kAiFormat);
  p.name = root.string("name");
  p.difficulty = root.choice("difficulty", {"easy", "medium", "hard"}, p.difficulty);
  p.grip_use = root.number("grip_use", kGripUse.lo, kGripUse.hi, "", p.grip_use);
  p.speed_use = root.number("speed_use", kSpeedUse.lo, kSpeedUse.hi, "", p.speed_use);
  p.reaction_steps = root.integer("reaction_steps", static_cast<int>(kReactionSteps.lo), static_cast<int>(kReactionSteps.hi), p.reaction_steps);
  p.mistakes_per_minute = root.number("mistakes_per_minute", kMistakesPerMinute.lo, kMistakesPerMinute.hi, "", p.mistakes_per_minute);
  p.overtake_offset = root.number("overtake_offset_m", kOvertakeOffset.lo, kOvertakeOffset.hi, "metres", p.overtake_offset);
  p.line_margin = root.number("line_margin_m", kLineMargin.lo, kLineMargin.hi, "metres", p.line_margin);
  p.defend = root.number("defend", kDefend.lo, kDefend.hi, "", p.defend);
  p.let_by = root.number("let_by", kLetBy.lo, kLetBy.hi, "", p.let_by);
  p.router = root.choice("router", {kRouterPlanners[0], kRouterPlanners[1], kRouterPlanners[2], kRouterPlanners[3]}, p.router);
  if (auto r = root.object("routing", false)) read_routing(*r, p.routing);
  if (auto t = root.object("tracking", false)) read_tracking(*t, p.tracking);
  if (auto r = root.object("racecraft", false)) read_racecraft(*r, p.racecraft);
  if (auto d = root.object("dwa", false)) read_dwa(*d, p.dwa);
  root.finish();
  if (!errors.empty()) return errors;
  return p;
}

}  // namespace

Result<AiParams> parse_ai_params(std::string_view json_text, const std::string& file_name) {
  Result<JsonDoc> doc = JsonDoc::parse(json_text, file_name);
  if (!doc) return doc.errors();
  return read_ai(doc.value());
}

Result<AiParams> load_ai_params(const std::string& path) {
  Result<JsonDoc> doc = JsonDoc::load_file(path);
  if (!doc) return doc.errors();
  return read_ai(doc.value());
}

std::string ai_profile_file(const std::string& level) { return "assets/ai/" + level + ".json"; }

Result<std::vector<AiParams>> load_difficulty_profiles(const std::function<std::string(const std::string&)>& path_of) {
  std::vector<AiParams> out;
  for (const char* level : kDifficultyLevels) {
    Result<AiParams> p = load_ai_params(path_of(ai_profile_file(level)));
    if (!p) return p.errors();
    out.push_back(p.value());
  }
  return out;
}

std::string save_ai_params(const AiParams& p) {
  nlohmann::ordered_json j;
  j["format"] = kAiFormat;
  j["name"] = p.name;
  j["difficulty"] = p.difficulty;
  j["grip_use"] = p.grip_use;
  j["speed_use"] = p.speed_use;
  j["reaction_steps"] = p.reaction_steps;
  j["mistakes_per_minute"] = p.mistakes_per_minute;
  j["overtake_offset_m"] = p.overtake_offset;
  j["line_margin_m"] = p.line_margin;
  j["defend"] = p.defend;
  j["let_by"] = p.let_by;
  j["router"] = p.router;
  const AiRouting& r = p.routing;
  j["routing"] = {{"clearance_margin_m", r.clearance_margin}, {"clearance_penalty", r.clearance_penalty},
                  {"reach_m", r.reach}, {"blocked_after_s", r.blocked_after}};
  const AiTracking& t = p.tracking;
  j["tracking"] = {{"lookahead_base_m", t.lookahead_base}, {"lookahead_per_speed_s", t.lookahead_per_speed},
                   {"lookahead_min_m", t.lookahead_min},   {"lookahead_max_m", t.lookahead_max},
                   {"curvature_gain_s", t.curvature_gain}, {"damping_s", t.damping}};
  const AiRacecraft& c = p.racecraft;
  j["racecraft"] = {{"pass_reach_min_m", c.pass_reach_min}, {"pass_reach_base_m", c.pass_reach_base},
                    {"pass_keep_m", c.pass_keep},           {"side_gap_m", c.side_gap},
                    {"let_by_reach_s", c.let_by_reach},     {"let_by_reach_min_m", c.let_by_reach_min}};
  j["dwa"] = {{"heading", p.dwa.heading},         {"clearance", p.dwa.clearance},       {"speed", p.dwa.speed},
              {"speed_samples", p.dwa.speed_samples}, {"turn_samples", p.dwa.turn_samples}, {"horizon_s", p.dwa.horizon}};
  return j.dump(2) + "\n";
}

}  // namespace racer

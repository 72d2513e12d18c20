#include "ai/ai_params.h"

#include <nlohmann/json.hpp>

#include "core/json_doc.h"
#include "core/json_reader.h"

namespace racer {
namespace {

constexpr int kAiFormat = 1;

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
  if (auto d = root.object("dwa", false)) {
    p.dwa.heading = d->number("heading", kDwaWeight.lo, kDwaWeight.hi, "", p.dwa.heading);
    p.dwa.clearance = d->number("clearance", kDwaWeight.lo, kDwaWeight.hi, "", p.dwa.clearance);
    p.dwa.speed = d->number("speed", kDwaWeight.lo, kDwaWeight.hi, "", p.dwa.speed);
    d->finish();
  }
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
  j["dwa"] = {{"heading", p.dwa.heading}, {"clearance", p.dwa.clearance}, {"speed", p.dwa.speed}};
  return j.dump(2) + "\n";
}

}  // namespace racer

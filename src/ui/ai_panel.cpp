#include "ui/ai_panel.h"

// Sections: helpers | the car list | the driver's state | the profile | the files | the window

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/math.h"
#include "game/ai_profile_library.h"
#include "game/ai_profile_store.h"

namespace racer {
namespace {

// ---------------------------------------------------------------- helpers

const ImVec4 kGood{0.45f, 0.85f, 0.5f, 1.0f}, kWarn{1.0f, 0.75f, 0.1f, 1.0f}, kBad{0.95f, 0.4f, 0.35f, 1.0f},
    kDim{0.65f, 0.65f, 0.7f, 1.0f};

float f(double v) { return static_cast<float>(v); }

const char* recovery_name(Recovery r) {
  switch (r) {
    case Recovery::None: return "none";
    case Recovery::Unstick: return "driving out";
    case Recovery::Reverse: return "reversing";
    case Recovery::Resume: return "resuming";
  }
  return "?";
}

/// The cars an edit of `car` goes to: it alone, or every AI car that started with its profile.
std::vector<int> edit_targets(const GameRace& race, int car, bool whole_profile) {
  if (!whole_profile) return {car};
  std::vector<int> out;
  const std::string& profile = race.entry_params(car)->name;
  for (int i = 0; i < static_cast<int>(race.car_count()); ++i)
    if (const AiParams* p = race.entry_params(i); p != nullptr && p->name == profile) out.push_back(i);
  return out;
}

/// A label in the first column and a formatted value in the second of a two-column table.
void row(const char* label, const ImVec4* colour, const char* fmt, ...) IM_FMTARGS(3);
void row(const char* label, const ImVec4* colour, const char* fmt, ...) {
  ImGui::TableNextColumn();
  ImGui::TextColored(kDim, "%s", label);
  ImGui::TableNextColumn();
  char text[96];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(text, sizeof text, fmt, args);
  va_end(args);
  if (colour != nullptr) ImGui::TextColored(*colour, "%s", text);
  else ImGui::TextUnformatted(text);
}

void bar(const char* label, double value, ImVec4 colour) {
  ImGui::TableNextColumn();
  ImGui::TextColored(kDim, "%s", label);
  ImGui::TableNextColumn();
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", value);
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, colour);
  ImGui::ProgressBar(f(clamp01(value)), ImVec2(-1.0f, ImGui::GetTextLineHeight()), text);
  ImGui::PopStyleColor();
}

// ---------------------------------------------------------------- the car list

void car_list(const GameRace& race, AiPanelState& state, int shown) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchProp;
  const float rows = f(static_cast<double>(std::min<std::size_t>(race.car_count(), 6) + 1));
  if (!ImGui::BeginTable("cars", 4, flags, {0.0f, rows * ImGui::GetTextLineHeightWithSpacing() + 6.0f})) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Pos", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Driver");
  ImGui::TableSetupColumn("Profile");
  ImGui::TableSetupColumn("Difficulty");
  ImGui::TableHeadersRow();
  for (int car : race.rules().order()) {
    const AiDriver* d = race.driver(car);
    if (d == nullptr) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    char pos[16];
    std::snprintf(pos, sizeof pos, "P%d", race.rules().position(car));
    ImGui::PushID(car);
    if (ImGui::Selectable(pos, car == shown, ImGuiSelectableFlags_SpanAllColumns)) state.car = car;
    ImGui::PopID();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(race.name(car).c_str());
    ImGui::TableNextColumn();
    const bool edited = d->params() != *race.entry_params(car);
    ImGui::Text("%s%s", d->params().name.c_str(), edited ? " *" : "");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(d->params().difficulty.c_str());
  }
  ImGui::EndTable();
}

// ---------------------------------------------------------------- the driver's state

void driver_state(const GameRace& race, int car) {
  const AiDriver& d = *race.driver(car);
  const DriverState& st = d.state();
  const Car& body = race.world().car(static_cast<std::size_t>(car));
  const Controls& c = race.applied_controls(car);
  const ImGuiTableFlags flags = ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("state", 4, flags)) return;
  ImGui::TableSetupColumn("k1", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("v1");
  ImGui::TableSetupColumn("k2", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("v2");
  const double speed = body.forward_speed();
  const bool slow = speed < st.target_speed - 2.0, fast = speed > st.target_speed + 2.0;
  row("speed", slow ? &kWarn : (fast ? &kBad : &kGood), "%.1f m/s", speed);
  row("target", nullptr, "%.1f m/s", st.target_speed);
  row("", &kDim, "%.0f km/h", mps_to_kmh(speed));
  row("", &kDim, "%.0f km/h", mps_to_kmh(st.target_speed));
  row("s", nullptr, "%.0f / %.0f m", st.s, d.route().path.length());
  row("lateral", std::abs(st.lateral) > 1.5 ? &kWarn : nullptr, "%+.2f m", st.lateral);
  row("offset", nullptr, "%+.2f m", st.offset);
  if (st.gap_ahead < 1e8) row("gap ahead", st.gap_ahead < 10.0 ? &kWarn : nullptr, "%.1f m", st.gap_ahead);
  else row("gap ahead", &kDim, "free road");
  row("DWA", st.dwa_active ? &kWarn : &kDim, "%s", st.dwa_active ? "active" : "off");
  row("admissible", st.dwa_admissible ? &kGood : &kBad, "%s", st.dwa_admissible ? "yes" : "no arc");
  row("recovery", st.recovery == Recovery::None ? &kDim : &kWarn, "%s", recovery_name(st.recovery));
  row("stall", st.stall_seconds > 1.0 ? &kWarn : nullptr, "%.1f s", st.stall_seconds);
  row("detour", st.detour ? &kWarn : &kDim, "%s", st.detour ? ("on a " + d.params().router + " detour").c_str() : "no");
  row("recoveries", nullptr, "%d", st.recoveries);
  row("detours", nullptr, "%d", st.detours);
  row("mistakes", nullptr, "%d", st.mistakes);
  row("passes", nullptr, "%d made of %d", st.passes_made, st.passes_started);
  row("given up", nullptr, "%d shut, %d lost", st.passes_dropped, st.passes_lost);
  row("room given", nullptr, "%d", st.room_given);
  row("squeezed", st.squeezed ? &kWarn : &kDim, "%s", st.squeezed ? "dropping back" : "no");
  row("defended", st.defending ? &kWarn : nullptr, "%d%s", st.defences, st.defending ? " (now)" : "");
  row("let by", st.letting_by ? &kWarn : nullptr, "%d of %d%s", st.let_bys_done, st.let_bys, st.letting_by ? " (now)" : "");
  row("gave way", nullptr, "%d", st.give_ways);
  row("track steer", nullptr, "%+.2f", st.tracking_steer);
  row("steer", nullptr, "%+.2f %s", c.steer, c.steer > 0.01 ? "L" : (c.steer < -0.01 ? "R" : ""));
  bar("throttle", c.throttle, {0.3f, 0.75f, 0.4f, 1.0f});
  bar("brake", c.brake, {0.85f, 0.3f, 0.25f, 1.0f});
  if (c.handbrake) row("handbrake", &kWarn, "on");
  ImGui::EndTable();
}

// ---------------------------------------------------------------- the profile

bool slider(const char* label, double& v, AiParamRange r, const char* fmt, ImGuiSliderFlags extra = 0) {
  return ImGui::SliderScalar(label, ImGuiDataType_Double, &v, &r.lo, &r.hi, fmt,
                             ImGuiSliderFlags_AlwaysClamp | extra);
}

bool slider_int(const char* label, int& v, AiParamRange r, const char* fmt) {
  return ImGui::SliderInt(label, &v, static_cast<int>(r.lo), static_cast<int>(r.hi), fmt, ImGuiSliderFlags_AlwaysClamp);
}

/// A tooltip for the item just drawn.
void tip(const char* text) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

/// A layer's heading in the profile editor.
void layer(const char* name) {
  ImGui::Spacing();
  ImGui::TextColored(kDim, "%s", name);
}

/// The sliders over a copy of the car's params; true when one was changed this frame.
bool profile_editor(const GameRace& race, AiParams& p, AiPanelState& state) {
  using namespace ai_ranges;
  bool changed = false;
  char name[64];
  std::snprintf(name, sizeof name, "%s", p.name.c_str());
  if (ImGui::InputText("name", name, sizeof name)) {
    p.name = name;
    changed = true;
  }
  int level = 1;
  for (std::size_t i = 0; i < kDifficultyLevels.size(); ++i)
    if (p.difficulty == kDifficultyLevels[i]) level = static_cast<int>(i);
  if (ImGui::Combo("difficulty", &level, kDifficultyLevels.data(), static_cast<int>(kDifficultyLevels.size()))) {
    p.difficulty = kDifficultyLevels[static_cast<std::size_t>(level)];
    changed = true;
  }
  layer("Speed profile");
  changed |= slider("grip use", p.grip_use, kGripUse, "%.3f");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Share of the tyres' grip the speed profile plans with");
  changed |= slider("speed use", p.speed_use, kSpeedUse, "%.3f");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Share of the profile's speed aimed for");
  layer("Driver");
  char fmt[48];
  std::snprintf(fmt, sizeof fmt, "%%d steps (%.0f ms)", p.reaction_steps * race.world().dt() * 1000.0);
  changed |= ImGui::SliderInt("reaction", &p.reaction_steps, static_cast<int>(kReactionSteps.lo),
                              static_cast<int>(kReactionSteps.hi), fmt, ImGuiSliderFlags_AlwaysClamp);
  changed |= slider("mistakes", p.mistakes_per_minute, kMistakesPerMinute, "%.2f / min",
                    ImGuiSliderFlags_Logarithmic);
  layer("Racecraft");
  changed |= slider("overtake offset", p.overtake_offset, kOvertakeOffset, "%.2f m");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("0: never passes. Passes follow a passing lane; the value + 1 m is how far off the line DWA may plan");
  changed |= slider("defend", p.defend, kDefend, "%.2f");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Chance of covering the inside of a bend against a car close behind (0: never)");
  changed |= slider("let by", p.let_by, kLetBy, "%.2f");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Chance of moving over on a straight for a faster car pressing from behind (0: never)");
  AiRacecraft& rc = p.racecraft;
  changed |= slider("pass reach min", rc.pass_reach_min, kPassReachMin, "%.1f m");
  tip("A pass is started on a car this close ahead (bumper to bumper) at the least");
  changed |= slider("pass reach base", rc.pass_reach_base, kPassReachBase, "%.1f m");
  tip("The reach is this plus the following gap at our speed");
  changed |= slider("pass keep", rc.pass_keep, kPassKeep, "%.1f m");
  tip("Beyond the reach, a pass, defence or let-by under way is kept this much further");
  changed |= slider("side gap", rc.side_gap, kSideGap, "%.2f m");
  tip("Daylight a passing lane leaves the car it passes, and two cars side by side keep");
  changed |= slider("let-by reach", rc.let_by_reach, kLetByReach, "%.2f s");
  tip("A car behind within this many seconds at our speed presses us");
  changed |= slider("let-by reach min", rc.let_by_reach_min, kLetByReachMin, "%.1f m");
  tip("That reach at the least");
  layer("Tracking (Pure Pursuit)");
  AiTracking& tr = p.tracking;
  changed |= slider("lookahead base", tr.lookahead_base, kLookaheadBase, "%.2f m");
  tip("Lookahead at standstill, before the clamp");
  changed |= slider("lookahead per speed", tr.lookahead_per_speed, kLookaheadPerSpeed, "%.3f s");
  tip("Lookahead gained per m/s");
  changed |= slider("lookahead min", tr.lookahead_min, kLookaheadMin, "%.1f m");
  changed |= slider("lookahead max", tr.lookahead_max, kLookaheadMax, "%.1f m");
  tr.lookahead_max = std::max(tr.lookahead_max, tr.lookahead_min);  // the loader's rule: max >= min
  changed |= slider("curvature gain", tr.curvature_gain, kCurvatureGain, "%.2f s");
  tip("How much the lookahead shrinks in a bend, more so the faster the car goes");
  changed |= slider("damping", tr.damping, kTrackDamping, "%.2f s");
  tip("Seconds of the speed the car closes on its offset at, taken off the cross-track correction");
  layer("Racing line");
  // A new line margin plans a new route (a fraction of a second): applied on release.
  double margin = state.line_margin_drag.value_or(p.line_margin);
  if (slider("line margin", margin, kLineMargin, "%.2f m")) state.line_margin_drag = margin;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Plans a new racing line when released");
  if (ImGui::IsItemDeactivated() && state.line_margin_drag) {
    changed |= *state.line_margin_drag != p.line_margin;
    p.line_margin = *state.line_margin_drag;
    state.line_margin_drag.reset();
  }
  layer("Routing");
  int router = 0;
  for (std::size_t i = 0; i < kRouterPlanners.size(); ++i)
    if (p.router == kRouterPlanners[i]) router = static_cast<int>(i);
  const char* routers[kRouterPlanners.size()];
  for (std::size_t i = 0; i < kRouterPlanners.size(); ++i) routers[i] = kRouterPlanners[i].data();
  if (ImGui::Combo("router", &router, routers, static_cast<int>(kRouterPlanners.size()))) {
    p.router = kRouterPlanners[static_cast<std::size_t>(router)];
    changed = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The grid planner of the detour round a stopped car (docs/planners.md)");
  AiRouting& ro = p.routing;
  changed |= slider("clearance margin", ro.clearance_margin, kClearanceMargin, "%.2f m");
  tip("A grid cell closer than this to a wall costs extra");
  changed |= slider("clearance penalty", ro.clearance_penalty, kClearancePenalty, "%.2f");
  tip("The extra cost multiplier of a cell at a wall (JPS ignores costs)");
  changed |= slider("detour reach", ro.reach, kDetourReach, "%.0f m");
  tip("Along the line to where a detour rejoins it");
  changed |= slider("blocked after", ro.blocked_after, kBlockedAfter, "%.2f s");
  tip("Blocked by a stopped car this long before a detour is planned");
  layer("Local planner (DWA)");
  changed |= slider("heading", p.dwa.heading, kDwaWeight, "%.2f", ImGuiSliderFlags_Logarithmic);
  changed |= slider("clearance", p.dwa.clearance, kDwaWeight, "%.2f", ImGuiSliderFlags_Logarithmic);
  changed |= slider("speed", p.dwa.speed, kDwaWeight, "%.2f", ImGuiSliderFlags_Logarithmic);
  changed |= slider_int("speed samples", p.dwa.speed_samples, kDwaSpeedSamples, "%d");
  changed |= slider_int("turn samples", p.dwa.turn_samples, kDwaTurnSamples, "%d");
  tip("Yaw-rate samples across the dynamic window");
  changed |= slider("horizon", p.dwa.horizon, kDwaHorizon, "%.2f s");
  tip("Forward simulation of each sample");
  return changed;
}

// ---------------------------------------------------------------- the files

void say(AiPanelState& state, bool ok, std::string message) {
  state.save_ok = ok;
  state.save_message = std::move(message);
}

void apply(GameRace& race, const std::vector<int>& targets, const AiParams& p) {
  for (int i : targets) race.set_driver_params(i, p);
}

/// Save, Save as, Load (the user's profiles) and Reset to file: each applies to `targets`.
void profile_files(GameRace& race, int car, const std::vector<int>& targets, AiPanelState& state,
                   const AiProfileFiles& files) {
  const AiParams p = race.driver(car)->params();
  const bool have_dir = files.data_dir.has_value();
  ImGui::BeginDisabled(!have_dir || p.name.empty());
  if (ImGui::Button("Save")) {
    const Result<std::filesystem::path> written = save_user_ai_profile(*files.data_dir, p);
    say(state, written.ok(), written.ok() ? "Saved " + written.value().string() : written.error_text());
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(have_dir ? "Writes <data dir>/ai/<name>.json" : "No data directory: nothing can be saved");
  ImGui::SameLine();
  char name[64];
  std::snprintf(name, sizeof name, "%s", state.save_as_name.c_str());
  ImGui::SetNextItemWidth(130.0f);
  if (ImGui::InputTextWithHint("##saveas", "new name", name, sizeof name)) state.save_as_name = name;
  ImGui::SameLine();
  ImGui::BeginDisabled(!have_dir || state.save_as_name.empty());
  if (ImGui::Button("Save as")) {
    const Result<AiParams> saved = save_user_ai_profile_as(*files.data_dir, p, state.save_as_name);
    if (saved.ok()) apply(race, targets, saved.value());  // the cars now drive the named profile
    say(state, saved.ok(),
        saved.ok() ? "Saved " + user_ai_profile_file(*files.data_dir, state.save_as_name).string() : saved.error_text());
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!have_dir);
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::BeginCombo("##load", "Load...")) {
    if (ImGui::IsWindowAppearing()) state.saved_profiles = list_user_ai_profiles(*files.data_dir);
    if (state.saved_profiles.empty()) ImGui::TextColored(kDim, "no saved profile in %s/ai", files.data_dir->string().c_str());
    for (const std::string& n : state.saved_profiles)
      if (ImGui::Selectable(n.c_str())) {
        const Result<AiParams> loaded = load_user_ai_profile(*files.data_dir, n);
        if (loaded.ok()) apply(race, targets, loaded.value());
        say(state, loaded.ok(), loaded.ok() ? "Loaded " + n : loaded.error_text());
      }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  if (ImGui::Button("Reset to file")) {
    const Result<AiProfileFile> file = ai_profile_from_file(files.data_dir, files.asset_path, p.name);
    if (file.ok()) apply(race, targets, file.value().params);
    say(state, file.ok(), file.ok() ? "Read " + file.value().path.string() : file.error_text());
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Re-reads the file of the profile's name: <data dir>/ai/<name>.json, else the shipped assets/ai/*.json of that name");
  ImGui::SameLine();
  if (ImGui::Button("Reset")) apply(race, targets, *race.entry_params(car));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the profile the car started the race with");
  ImGui::SameLine();
  ImGui::Checkbox("line", &state.show_line);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Draw the car's racing line on the track");
  ImGui::SameLine();
  ImGui::Checkbox("camera", &state.follow);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The camera follows this car instead of yours");
  if (!state.save_message.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, state.save_ok ? kGood : kBad);
    ImGui::TextWrapped("%s", state.save_message.c_str());
    ImGui::PopStyleColor();
  }
}

}  // namespace

// ---------------------------------------------------------------- the window

int ai_panel_car(const GameRace& race, const AiPanelState& state) {
  const int n = static_cast<int>(race.car_count());
  if (state.car >= 0 && state.car < n && race.driver(state.car) != nullptr) return state.car;
  for (int i = 0; i < n; ++i)
    if (race.driver(i) != nullptr) return i;
  return -1;
}

void draw_ai_panel(GameRace& race, AiPanelState& state, const AiProfileFiles& files) {
  if (!state.open) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos({display.x - 12.0f, 12.0f}, ImGuiCond_FirstUseEver, {1.0f, 0.0f});
  ImGui::SetNextWindowSize({430.0f, std::min(display.y - 24.0f, 720.0f)}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the HUD under it read through the numbers at 0.85
  if (!ImGui::Begin("AI", &state.open)) {
    ImGui::End();
    return;
  }
  const int car = ai_panel_car(race, state);
  if (car < 0) {
    ImGui::TextWrapped("No AI car in this race.");
    ImGui::End();
    return;
  }
  state.car = car;
  car_list(race, state, car);
  const int shown = ai_panel_car(race, state);  // a click in the list picks another car at once
  ImGui::Separator();
  ImGui::Text("%s  P%d", race.name(shown).c_str(), race.rules().position(shown));
  ImGui::SameLine();
  ImGui::TextColored(kDim, "(%s, started as %s)", race.car_name(shown).c_str(),
                     race.entry_params(shown)->name.c_str());
  if (ImGui::CollapsingHeader("Driver state", ImGuiTreeNodeFlags_DefaultOpen)) driver_state(race, shown);
  if (!state.tuned_notice.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kWarn);
    ImGui::TextWrapped("%s", state.tuned_notice.c_str());
    ImGui::PopStyleColor();
  }
  if (ImGui::CollapsingHeader("Profile", ImGuiTreeNodeFlags_DefaultOpen)) {
    const std::vector<int> targets = edit_targets(race, shown, state.apply_to_profile);
    profile_files(race, shown, targets, state, files);
    char label[96];
    std::snprintf(label, sizeof label, "apply to every car that started as \"%s\" (%d)",
                  race.entry_params(shown)->name.c_str(), static_cast<int>(edit_targets(race, shown, true).size()));
    ImGui::Checkbox(label, &state.apply_to_profile);
    ImGui::TextColored(kDim, "Ctrl+click a slider to type a value");
    AiParams p = race.driver(shown)->params();
    ImGui::PushItemWidth(-130.0f);  // room for the labels
    if (profile_editor(race, p, state))
      for (int i : targets) race.set_driver_params(i, p);
    ImGui::PopItemWidth();
  }
  ImGui::End();
}

}  // namespace racer

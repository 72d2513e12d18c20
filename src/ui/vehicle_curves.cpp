#include "ui/vehicle_curves.h"

// Sections: the plot | tyres | suspension | engine and gearbox | all

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

#include "core/math.h"
#include "track/surface.h"
#include "vehicle/drivetrain.h"

namespace racer {
namespace {

constexpr std::array<const char*, 4> kWheels{"FL", "FR", "RL", "RR"};
const ImVec4 kDim{0.65f, 0.65f, 0.7f, 1.0f};
constexpr int kCurvePoints = 64;

float f(double v) { return static_cast<float>(v); }

// ---------------------------------------------------------------- the plot

struct Axis {
  double lo, hi;
};

/// A framed plot of y(x) over `x` (with a zero line on each axis it spans), the point
/// (px, py) as a dot, and `title` in its corner; `size` px.
void curve_plot(const char* title, Axis x, Axis y, const std::function<double(double)>& fn, double px, double py,
                ImVec2 size, ImU32 colour) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, {p.x + size.x, p.y + size.y}, ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);
  auto at = [&](double u, double v) {
    const double a = (u - x.lo) / (x.hi - x.lo), b = (std::clamp(v, y.lo, y.hi) - y.lo) / (y.hi - y.lo);
    return ImVec2{p.x + f(a) * size.x, p.y + size.y - f(b) * size.y};
  };
  const ImU32 grid = IM_COL32(200, 200, 200, 60);
  if (x.lo < 0.0 && x.hi > 0.0) dl->AddLine(at(0.0, y.lo), at(0.0, y.hi), grid);
  if (y.lo < 0.0 && y.hi > 0.0) dl->AddLine(at(x.lo, 0.0), at(x.hi, 0.0), grid);
  std::array<ImVec2, kCurvePoints> points;
  for (int i = 0; i < kCurvePoints; ++i) {
    const double u = x.lo + (x.hi - x.lo) * i / (kCurvePoints - 1);
    points[static_cast<std::size_t>(i)] = at(u, fn(u));
  }
  dl->AddPolyline(points.data(), kCurvePoints, colour, 0, 1.5f);
  const ImVec2 dot = at(std::clamp(px, x.lo, x.hi), py);
  dl->AddCircleFilled(dot, 4.0f, IM_COL32(255, 80, 60, 255));
  dl->AddCircle(dot, 5.0f, IM_COL32(255, 255, 255, 200));
  dl->AddText({p.x + 3.0f, p.y + 1.0f}, IM_COL32(230, 230, 230, 255), title);
  ImGui::Dummy(size);
}

// ---------------------------------------------------------------- tyres

void tyres(const Car& car) {
  ImGui::TextColored(kDim, "Fx (kN) vs slip ratio -0.4..0.4, Fy (kN) vs slip angle -15..15 deg");
  ImGui::TextColored(kDim, "at each wheel's load and surface now; red: the wheel now");
  const float w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2.0f;
  const ImVec2 size{w, 64.0f};
  for (int i = 0; i < 4; ++i) {
    const WheelState& ws = car.wheel(i);
    const Tyre& tyre = car.wheel_tyre(i);
    const double fz = ws.load, grip = surface_props(ws.surface).grip;
    const double cornering = i < 2 ? 1.0 : car.spec().tyre.rear_cornering_factor;
    const double top = std::max(1.0, 1.15 * std::max(tyre.peak_fx(std::max(fz, 1.0)), tyre.peak_fy(std::max(fz, 1.0))) *
                                         std::max(grip, 0.05) / 1000.0);
    char title[96];
    const std::string_view surface = surface_name(ws.surface);
    std::snprintf(title, sizeof title, "%s Fx  %.0f N %.*s", kWheels[static_cast<std::size_t>(i)], fz,
                  static_cast<int>(surface.size()), surface.data());
    ImGui::PushID(i);
    curve_plot(title, {-0.4, 0.4}, {-top, top},
               [&](double kappa) { return tyre.combined(fz, kappa, 0.0, grip).fx / 1000.0; }, ws.slip_ratio,
               ws.fx / 1000.0, size, IM_COL32(90, 200, 255, 255));
    ImGui::SameLine();
    std::snprintf(title, sizeof title, "%s Fy  %+.1f kN", kWheels[static_cast<std::size_t>(i)], ws.fy / 1000.0);
    curve_plot(title, {-15.0, 15.0}, {-top, top},
               [&](double deg) { return tyre.combined(fz, 0.0, deg_to_rad(deg) * cornering, grip).fy / 1000.0; },
               rad_to_deg(ws.tyre_slip_angle / cornering), ws.fy / 1000.0, size,  // the angle the force answers to
               IM_COL32(255, 190, 60, 255));
    ImGui::PopID();
  }
}

// ---------------------------------------------------------------- suspension

void suspension(const Car& car) {
  const Suspension& s = car.suspension();
  const double travel = car.spec().suspension.travel;
  if (!ImGui::BeginTable("susp", 4, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) return;
  ImGui::TableSetupColumn("Wheel", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Travel used");
  ImGui::TableSetupColumn("Load N");
  ImGui::TableSetupColumn("Static N");
  ImGui::TableHeadersRow();
  for (int i = 0; i < 4; ++i) {
    const auto k = static_cast<std::size_t>(i);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(kWheels[k]);
    ImGui::TableNextColumn();
    char text[32];
    std::snprintf(text, sizeof text, "%.0f / %.0f mm", 1000.0 * s.compression()[k], 1000.0 * travel);
    ImGui::ProgressBar(f(clamp01(s.compression()[k] / travel)), {-1.0f, ImGui::GetTextLineHeight()}, text);
    ImGui::TableNextColumn();
    ImGui::Text("%.0f", s.loads()[k]);
    ImGui::TableNextColumn();
    ImGui::TextColored(kDim, "%.0f", s.static_load(i));
  }
  ImGui::EndTable();
}

// ---------------------------------------------------------------- engine and gearbox

void engine(const Car& car) {
  const EngineSpec& e = car.spec().engine;
  const DrivetrainState& st = car.drivetrain().state();
  const double rpm_hi = e.max_rpm * 1.02;
  double max_power = 1.0;
  for (int i = 0; i <= 100; ++i) {
    const double rpm = rpm_hi * i / 100.0;
    max_power = std::max(max_power, engine_torque_curve(e, rpm) * rpm * kPi / 30.0 / 1000.0);
  }
  const float w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2.0f;
  char title[64];
  std::snprintf(title, sizeof title, "torque N m  (%.0f, %.0f rpm)", engine_torque_curve(e, st.rpm), st.rpm);
  curve_plot(title, {0.0, rpm_hi}, {0.0, e.max_torque * 1.15}, [&](double rpm) { return engine_torque_curve(e, rpm); },
             st.rpm, engine_torque_curve(e, st.rpm), {w, 70.0f}, IM_COL32(90, 200, 255, 255));
  ImGui::SameLine();
  auto power = [&](double rpm) { return engine_torque_curve(e, rpm) * rpm * kPi / 30.0 / 1000.0; };
  std::snprintf(title, sizeof title, "power kW  (%.0f now)", power(st.rpm));
  curve_plot(title, {0.0, rpm_hi}, {0.0, max_power * 1.15}, power, st.rpm, power(st.rpm), {w, 70.0f},
             IM_COL32(255, 190, 60, 255));
  const GearboxSpec& g = car.drivetrain().gearbox();
  ImGui::Text("Gear %d of %d   clutch %.2f (engaged %.2f)   crank %.0f N m", st.gear, static_cast<int>(g.ratios.size()),
              st.clutch, st.engagement, st.engine_torque);
  std::string ratios;
  for (std::size_t i = 0; i < g.ratios.size(); ++i) {
    char r[16];
    std::snprintf(r, sizeof r, "%s%.2f", i == 0 ? "" : " ", g.ratios[i]);
    ratios += r;
  }
  ImGui::TextColored(kDim, "ratios %s, final %.2f", ratios.c_str(), g.final_drive);
  if (st.since_shift < 1e8)
    ImGui::TextColored(kDim, "last shift %d -> %d, %.1f s ago", st.last_shift_from, st.last_shift_to, st.since_shift);
}

}  // namespace

// ---------------------------------------------------------------- all

void draw_vehicle_curves(const Car& car) {
  if (ImGui::CollapsingHeader("Tyre curves", ImGuiTreeNodeFlags_DefaultOpen)) tyres(car);
  if (ImGui::CollapsingHeader("Suspension", ImGuiTreeNodeFlags_DefaultOpen)) suspension(car);
  if (ImGui::CollapsingHeader("Engine and gearbox", ImGuiTreeNodeFlags_DefaultOpen)) engine(car);
}

}  // namespace racer

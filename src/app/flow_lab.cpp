// FlowApp's planner lab screen: the LabSession and its LabView (ui/lab_view.h), made when
// the lab is first opened (the main menu's "Planner Lab", or racer --lab).
#include <algorithm>
#include <numbers>

#include "app/flow_app.h"
#include "game/lab_map.h"
#include "game/lab_planners.h"

namespace racer {
namespace {

// Enabled when the lab opens without --lab-planners: an exact search, a greedy one, two
// decompositions and an incremental planner.
constexpr const char* kDefaultLabPlanners[] = {"astar_generic", "greedy", "hpa", "navmesh", "lpa"};

}  // namespace

void FlowApp::open_lab(std::optional<LabMap> map) {
  if (!lab_) {
    lab_ = std::make_unique<LabSession>(lab_layers(), lab_wall_clock());
    lab_view_ = std::make_unique<LabView>(window_.renderer());
    lab_->set_map(map ? std::move(*map) : builtin_lab_map());
    if (!config_.options.map.empty()) lab_view_->set_map_path(config_.options.map);
    LabQuery q = lab_->query();
    if (config_.lab_start) q.start = *config_.lab_start;
    if (config_.lab_goal) q.goal = *config_.lab_goal;
    if (config_.options.lab_heading) q.heading = *config_.options.lab_heading * std::numbers::pi / 180.0;
    if (config_.options.lab_goal_heading) q.goal_heading = *config_.options.lab_goal_heading * std::numbers::pi / 180.0;
    lab_->set_query(q);
    std::vector<std::string> names = config_.lab_planners;
    if (names.empty()) names.assign(std::begin(kDefaultLabPlanners), std::end(kDefaultLabPlanners));
    for (const std::string& n : names)
      if (const int i = lab_->find(n); i >= 0) lab_->set_enabled(i, true);
    if (const int first = lab_->find(names.front()); first >= 0) lab_->select(first);  // its expansions shown
    if (const auto& b = config_.options.lab_box) {
      const double x0 = std::min((*b)[0], (*b)[2]), x1 = std::max((*b)[0], (*b)[2]) + 1;
      const double y0 = std::min((*b)[1], (*b)[3]), y1 = std::max((*b)[1], (*b)[3]) + 1;
      Polygon box;
      box.vertices = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
      lab_->add_polygon(box);
    }
    if (config_.options.lab_step >= 0) lab_->set_step(config_.options.lab_step);
    if (const auto& v = config_.options.lab_view)
      lab_view_->set_view(std::min((*v)[0], (*v)[2]), std::min((*v)[1], (*v)[3]), std::max((*v)[0], (*v)[2]) + 1,
                          std::max((*v)[1], (*v)[3]) + 1);
  } else if (map) {
    lab_->set_map(std::move(*map));
  }
  go(Screen::Lab);
}

void FlowApp::lab_screen() {
  if (!lab_) return;
  if (lab_view_->frame(*lab_, ui_.fonts(), nav_.back)) {
    main_list_.focus = 0;
    go(Screen::MainMenu);
  }
}

}  // namespace racer

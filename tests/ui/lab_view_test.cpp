// The lab's view driven as a player drives it, in ImGui frames with no window: a left click
// on the map moves the start, a right click the goal, shift and a drag paint walls, H turns
// hybrid A*'s heading. (SDL's dummy video driver gives no window the mouse focus, so the
// ImGui backend would not pass a pointer position on; here the pointer is ImGui's own.)
#include "ui/lab_view.h"

#include <SDL.h>
#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <numbers>

#include "game/lab_map.h"
#include "game/lab_planners.h"

namespace racer {
namespace {

class LabViewTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.Fonts->AddFontDefault();
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    io.DisplaySize = {1280.0f, 720.0f};
    io.DeltaTime = 1.0f / 60.0f;
    session_.set_map(builtin_lab_map());
    for (const char* n : {"astar", "hybrid_astar"}) session_.set_enabled(session_.find(n), true);
    frame();  // the first frame lays the canvas out
  }
  void TearDown() override { ImGui::DestroyContext(); }

  void frame() {
    ImGui::NewFrame();
    UiFonts fonts;
    fonts.text = fonts.big = ImGui::GetFont();
    view_.frame(session_, fonts, false);
    ImGui::Render();
  }
  /// The pointer at (x, y) px, the button down for a frame and up for the next.
  void click(int button, float x, float y) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = {x, y};
    frame();
    io.MouseDown[button] = true;
    frame();
    io.MouseDown[button] = false;
    frame();
  }

  LabSession session_{lab_layers(), {}};
  LabView view_{nullptr};  // no renderer: no textures, the same input and layout
};

// The built-in map (64 x 40) is fitted into the canvas right of the panel: these points
// lie on it, the first left of the second.
constexpr float kLeftX = 700.0f, kRightX = 900.0f, kY = 280.0f;

TEST_F(LabViewTest, LeftClickMovesTheStartRightClickTheGoal) {
  const GridCell start = session_.query().start, goal = session_.query().goal;
  click(0, kLeftX, kY);
  const GridCell s = session_.query().start;
  EXPECT_FALSE(s == start);
  EXPECT_TRUE(session_.query().goal == goal);
  click(1, kRightX, kY);
  const GridCell g = session_.query().goal;
  EXPECT_FALSE(g == goal);
  EXPECT_GT(g.x, s.x) << "clicked right of the start";
  EXPECT_EQ(g.y, s.y) << "clicked on the same row of pixels";
  for (int i = 0; i < session_.layer_count(); ++i)
    if (session_.entry(i).enabled) {
      EXPECT_TRUE(session_.entry(i).answered) << session_.entry(i).layer->name();
    }
}

TEST_F(LabViewTest, ShiftDragPaintsWallsThatThePlannersSee) {
  ImGuiIO& io = ImGui::GetIO();
  const std::uint64_t before = session_.generation();
  auto blocked_cells = [&] {
    int n = 0;
    for (int y = 0; y < session_.map().grid.height(); ++y)
      for (int x = 0; x < session_.map().grid.width(); ++x) n += session_.map().grid.passable(x, y) ? 0 : 1;
    return n;
  };
  const int walls = blocked_cells();
  io.KeyShift = true;
  io.MousePos = {kLeftX, kY};
  frame();
  io.MouseDown[0] = true;
  for (float x = kLeftX; x <= kRightX; x += 20.0f) {
    io.MousePos = {x, kY};
    frame();
  }
  io.MouseDown[0] = false;
  io.KeyShift = false;
  frame();
  EXPECT_GT(blocked_cells(), walls + 5) << "a row of walls along the drag";
  EXPECT_GT(session_.generation(), before);
}

TEST_F(LabViewTest, HTurnsTheHeadingAtSAndShiftHAtG) {
  ImGuiIO& io = ImGui::GetIO();
  const double h0 = session_.query().heading, g0 = session_.query().goal_heading;
  io.KeysDown[SDL_SCANCODE_H] = true;
  frame();
  io.KeysDown[SDL_SCANCODE_H] = false;
  frame();
  EXPECT_NEAR(session_.query().heading - h0, std::numbers::pi / 12, 1e-12);
  EXPECT_EQ(session_.query().goal_heading, g0);
  io.KeyShift = true;
  io.KeysDown[SDL_SCANCODE_H] = true;
  frame();
  io.KeysDown[SDL_SCANCODE_H] = false;
  io.KeyShift = false;
  frame();
  EXPECT_NEAR(session_.query().goal_heading - g0, std::numbers::pi / 12, 1e-12);
}

}  // namespace
}  // namespace racer

#pragma once
// LabView: the planner lab on screen (docs/lab.md): the map scaled to fit (pan with a drag,
// zoom with the wheel), the paths of the enabled planners overlaid in their colours, the
// selected planner's expanded cells (all, or stepped one by one), the flow field or the
// potential as a heat map, the motion planners' extras (a visibility graph's edges, hybrid
// A*'s car footprints and C-space slice, the headings at S and G), a control panel (map, planners with their colours as the legend, tools, step) and a
// figures table. Mouse: left click start, right click goal, shift-drag blocks cells and
// ctrl-drag frees them (or the paint tool), the polygon tool adds obstacles. Keyboard: see
// kLabKeys. The state is the LabSession's (game/lab_session.h); this draws it and turns
// input into its calls, and is the one place that reads the wall clock for the timings.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/vec2.h"
#include "game/lab_session.h"
#include "ui/imgui_layer.h"

struct ImDrawList;
struct ImVec2;
struct SDL_Renderer;
struct SDL_Texture;

namespace racer {

/// The lab's keys, as the panel lists them.
inline constexpr const char* kLabKeys =
    "Left/Right: step   PgUp/PgDn: 100 steps\n"
    "Home/End: first/all   Tab: next planner\n"
    "H: heading at S +15 deg (shift: at G)\n"
    "F: fit   P: paint   O: polygon   Esc: back";

/// A wall clock for LabSession's timings (seconds, steady).
LabClock lab_wall_clock();

class LabView {
 public:
  explicit LabView(SDL_Renderer* renderer);
  ~LabView();
  LabView(const LabView&) = delete;
  LabView& operator=(const LabView&) = delete;

  /// Draws this frame's lab (inside an ImGui frame) and applies the user's input to
  /// `session`. `back`: Esc / B was pressed. Returns true when the lab should close.
  bool frame(LabSession& session, const UiFonts& fonts, bool back);
  /// The map file field's text (the command line's --map, say).
  void set_map_path(std::string path) { map_path_ = std::move(path); }
  /// Shows the box [x0, x1] x [y0, y1] (cell units) fitted into the canvas from the next frame
  /// (until F fits the whole map, or another map is loaded).
  void set_view(double x0, double y0, double x1, double y1) {
    view_box_ = {x0, y0, x1, y1};
    need_fit_ = true;
  }
  /// Shows the flow field's heat map when the flow_field layer is enabled (default on).
  void set_show_field(bool on) { show_field_ = on; }

 private:
  enum class Tool { Endpoints, Paint, Polygon };
  struct Canvas {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // px, the map's area on screen
  };

  void panel(LabSession& s, const UiFonts& fonts, bool& close);
  void figures(LabSession& s);
  void canvas_input(LabSession& s);
  void keys(LabSession& s);
  void draw_map(const LabSession& s);
  void draw_motion_extras(const LabSession& s, ImDrawList* dl) const;
  void motion_panel(LabSession& s);
  /// The layer whose `overlay` (a C-space slice) is shown: the selected one if it has one, -1.
  static int overlay_layer(const LabSession& s);
  /// The layer whose `field` the heat map shows, -1 for none.
  static int field_layer(const LabSession& s);
  /// The legend strip atop the canvas: drawn if `draw`; returns its bottom edge (px).
  float legend(const LabSession& s, bool draw) const;
  void update_textures(const LabSession& s);
  void fit(const LabSession& s);
  Vec2 to_cell(float sx, float sy) const;    // screen px -> cell units
  void to_screen(double cx, double cy, float& sx, float& sy) const;
  std::vector<ImVec2> screen_points(const Polygon& p) const;  // its vertices on screen
  void paint_line(LabSession& s, Vec2 a, Vec2 b, bool block);

  SDL_Renderer* renderer_;
  SDL_Texture* map_tex_ = nullptr;       // one pixel a cell: free (cost shaded) / blocked
  SDL_Texture* expanded_tex_ = nullptr;  // the selected layer's shown expansions
  SDL_Texture* field_tex_ = nullptr;     // the heat map of a layer's field
  SDL_Texture* overlay_tex_ = nullptr;   // the selected layer's overlay (hybrid A*'s C-space slice)
  int tex_w_ = 0, tex_h_ = 0;
  std::uint64_t seen_generation_ = ~0ull;
  long seen_shown_ = -1;
  int seen_selected_ = -2;
  bool has_field_ = false;
  std::vector<std::uint32_t> pixels_;

  Canvas canvas_;
  double zoom_ = 1.0;             // px per cell
  Vec2 centre_;                   // the cell-unit point at the canvas centre
  bool need_fit_ = true;
  struct Box {
    double x0, y0, x1, y1;
  };
  std::optional<Box> view_box_;   // the next fit shows this box instead of the whole map
  int fitted_w_ = -1, fitted_h_ = -1;
  Tool tool_ = Tool::Endpoints;
  bool show_expanded_ = true, show_field_ = true, show_overlay_ = true;
  std::vector<Vec2> polygon_;     // the polygon being drawn, cell units
  // Mouse drags on the canvas.
  bool dragging_ = false, panning_ = false, painting_ = false, paint_block_ = true;
  int drag_button_ = -1;
  float press_x_ = 0, press_y_ = 0;
  Vec2 last_paint_;
  std::string map_path_;
  std::string message_;           // the last load error, shown in the panel
};

}  // namespace racer

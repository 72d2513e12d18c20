#pragma once
// The game's menu widgets, drawn with Dear ImGui in the game's style: a chequered band
// along the bottom, one centred opaque panel (its areas drawn with blending off, see
// ui/solid_draw.h), big rows with an orange accent on the focused one, value rows
// "Label   < value >" changed with left / right.
//
// Focus is the menu's own (MenuList::focus), moved by NavInput: up / down / left / right /
// confirm / back edges that the app builds from key presses (arrows, Enter, Esc) and
// controller buttons (d-pad, left stick, A, B). So the keyboard and the gamepad take one
// path, a value row takes left / right without moving the focus, and a test can push SDL
// events and know what the menu does. The mouse works too: hovering focuses, a click
// confirms (left / right on a value row's arrows).
//
// Sizes come from the window height (ui_scale), so the layout is the same at any size.
#include <string>
#include <vector>

#include "ui/imgui_layer.h"

namespace racer {

/// This frame's menu input (edges).
struct NavInput {
  bool up = false, down = false, left = false, right = false;
  bool confirm = false, back = false;
};

/// Window height / 720 (the menus' unit), at least 0.5.
float ui_scale();

/// The screen change's progress, [0, 1] eased (1: settled): the next panels fade in from
/// transparent and slide up into place from 24 units below. Set once per frame.
void set_menu_motion(float progress);

/// The menu backdrop's own part: a chequered band along the bottom of the screen with an
/// orange rule over it, opaque, drawn behind everything else of ImGui's (over the track
/// flight or the clear colour). `t`: s, drifts the band slowly. `land`: the colour behind
/// (IM_COL32, opaque), which this frame's key hint plate (draw_hint) is a darkening of.
void draw_menu_backdrop(double t, unsigned land);
/// Darkens what is on screen (the race under the pause menu).
void draw_dim();

/// One screen's list of rows. Keep it in the screen's state (focus survives frames).
class MenuList {
 public:
  int focus = 0;

  /// Starts the panel: a window `width` 720-units wide, fitted to its rows, centred across
  /// and at `centre_y` x the height down the screen (moved up or down if it would reach the
  /// top or the key hint at the bottom), with a heading (null = none). Rows beyond the
  /// room between the top and the hint scroll.
  void begin(const char* id, const UiFonts& fonts, const NavInput& nav, const char* heading, float width = 560.0f,
             float centre_y = 0.47f);
  /// Ends the panel; returns true if `back` was pressed (Esc / B) this frame.
  bool end();

  /// A row that does something; true when confirmed.
  bool button(const char* label, bool enabled = true);
  /// A row with a value: -1 / +1 for left / right (confirm gives +1), 0 otherwise.
  int choice(const char* label, const std::string& value, bool enabled = true);
  /// A row showing a value; confirm returns true (used for bindings).
  bool field(const char* label, const std::string& value, bool highlight = false);
  /// Text in the panel (not focusable), in the dim colour unless `colour` is given.
  void text(const std::string& text, unsigned colour = 0, float scale = 0.8f);
  /// A section heading inside the panel.
  void heading(const char* text);
  void gap(float units = 10.0f);

  bool focused_row(int row) const { return row == focus; }
  int rows() const { return rows_; }

 private:
  bool row(const char* id, bool enabled, float& x0, float& y0, float& x1, float& y1, bool& hovered);

  const UiFonts* fonts_ = nullptr;
  NavInput nav_;
  int rows_ = 0;       ///< rows drawn this frame so far
  int last_rows_ = 0;  ///< rows of the last frame (for wrapping)
  int scroll_to_ = -1;
  bool mouse_moved_ = false;
  int last_frame_ = -10;  ///< ImGui frame this list was last drawn in
  float last_height_ = 0.0f;  ///< px, the panel's height when last drawn
  int vtx_start_ = 0;         ///< the panel's first vertex after its background (the fade-in)
};

/// A results-style table in the current panel (results, standings): `header`, then
/// `rows` of cells; the first column's first three rows in podium colours, the second
/// column stretched, row `highlight_row` (the player's; -1 = none) in the accent colour.
void menu_table(const char* id, const std::vector<const char*>& header,
                const std::vector<std::vector<std::string>>& rows, int highlight_row);

/// A key hint line centred at the bottom of the screen ("Enter select   Esc back"), on a
/// dark plate: opaque over the menus' backdrop (drawn with its band), translucent over
/// anything else (the race under the pause menu).
void draw_hint(const UiFonts& fonts, const std::string& text);
/// A bar of the title's accent under the main menu's title: opaque, with the band's shapes.
void draw_title_rule(float x0, float y0, float x1, float y1);
/// The accent colour (IM_COL32).
unsigned accent_colour();

}  // namespace racer

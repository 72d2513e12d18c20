#pragma once
// EditorView: the track editor on screen (racer --edit, the main menu's Track Editor).
// The canvas shows the document's track as the game draws it (render/track_view.h, the
// last valid build) under an overlay drawn from the spec itself, so a drag shows at once:
// the centreline through its control points, branch points, zone polygons, barriers,
// obstacles, the start line, the selection, and each validation problem at its element.
// Left panel: the file, tools, track settings and the selected element's properties;
// right panel: the problems (trackcheck's messages) and the undo history.
//
// Mouse: click selects (shift adds / removes), drag moves the selection (snapped), right
// or middle drag pans, the wheel zooms about the pointer, a drag on empty ground selects a
// box. Keys: see kEditorKeys. The state is the Document's (editor/document.h); this draws
// it and turns input into its edits. Immediate mode: panels are built every frame.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/vec2.h"
#include "editor/document.h"
#include "ui/imgui_layer.h"

struct SDL_Renderer;

namespace racer {

class TrackView;
class Camera;

inline constexpr const char* kEditorKeys =
    "Click select, Shift+click add, drag move\n"
    "Right/middle drag pan, wheel zoom, F fit\n"
    "Arrows nudge, Tab next point, G snapping\n"
    "Ins insert point, Del delete\n"
    "Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save\n"
    "F5 drive, F8 race AI, Esc back";

class EditorView {
 public:
  enum class Action { None, Close, Drive, Race };

  EditorView();
  ~EditorView();
  EditorView(const EditorView&) = delete;
  EditorView& operator=(const EditorView&) = delete;

  /// Clears the `w` x `h` px target and draws the document's last valid track under the
  /// canvas (before the ImGui frame is rendered).
  void draw_world(SDL_Renderer* renderer, int w, int h, const editor::Document& doc);
  /// This frame's panels, overlay and input (inside an ImGui frame). `back`: Esc / B.
  Action frame(editor::Document& doc, const UiFonts& fonts, bool back);

  /// Drive (F5) with the AI at the wheel (autodrive) instead of the player.
  bool autodrive() const { return autodrive_; }
  /// A line shown under the file name (saved, refused, why a drive cannot start).
  void set_status(std::string s) { status_ = std::move(s); }

 private:
  enum class Drag { None, Move, Pan, Box };

  // canvas (editor_view.cpp)
  void update_track(const editor::Document& doc);
  void fit(const editor::Document& doc);
  Vec2 to_screen(Vec2 world) const;
  Vec2 to_world(Vec2 screen) const;
  std::optional<editor::ElementRef> pick(const editor::Document& doc, Vec2 screen) const;
  void canvas_input(editor::Document& doc);
  Action keys(editor::Document& doc, bool back);
  void draw_overlay(const editor::Document& doc) const;
  void draw_issues(const editor::Document& doc) const;
  void delete_selection(editor::Document& doc);
  void insert_point(editor::Document& doc);
  void nudge(editor::Document& doc, Vec2 by);
  void apply(editor::Document& doc, const editor::Edit& e, bool merge = false);
  // panels (editor_panels.cpp)
  Action left_panel(editor::Document& doc, const UiFonts& fonts);
  void tools(editor::Document& doc);
  void track_settings(editor::Document& doc);
  void properties(editor::Document& doc);
  void right_panel(editor::Document& doc);
  Vec2 canvas_centre_world() const { return centre_; }

  // The view: the world point at the canvas centre and the zoom.
  Vec2 centre_;
  double px_per_m_ = 1.0;
  bool fitted_ = false;
  double canvas_x0_ = 0, canvas_x1_ = 0, canvas_h_ = 0;  ///< px

  Drag drag_ = Drag::None;
  Vec2 drag_start_;            ///< px
  Vec2 drag_anchor_;           ///< m, the grabbed element's position at the drag's start
  editor::ElementRef grabbed_;
  bool drag_moved_ = false;    ///< the drag made its first edit (later ones merge into it)

  std::shared_ptr<const Track> shown_;  ///< the build the TrackView was made from
  std::unique_ptr<TrackView> view_;
  std::uint64_t fallback_for_ = 0;      ///< the history step the last valid build was looked for at
  std::unique_ptr<Camera> camera_;
  bool autodrive_ = false;
  std::string status_;
  std::string path_text_;  ///< the Save to field
  bool path_synced_ = false;
};

}  // namespace racer

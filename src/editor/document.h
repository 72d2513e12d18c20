#pragma once
// Document: a track open in the editor. It holds the spec as a history of snapshots (the
// spec after each edit, with the edit's label), so undo and redo are exact and without
// limit while the track is open; the selection (one or several elements); the grid
// snapping step; the validation of the current spec (computed when asked, once per
// change); and where the track is saved.
// Pure: no SDL, no ImGui.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "editor/edits.h"
#include "editor/element.h"
#include "editor/validation.h"
#include "track/track_spec.h"

namespace racer::editor {

/// One step of the history: the spec after an edit, and what the edit was.
struct HistoryEntry {
  std::string label;   ///< "open kestrel_downs.json", "move centreline point 4", ...
  TrackSpec spec;
  std::uint64_t id = 0;  ///< unique within the document, for caches
};

class Document {
 public:
  /// A document showing `spec`; `path` is where save() writes (empty: not yet chosen).
  Document(TrackSpec spec, std::filesystem::path path, std::string opened_label = "open");

  const TrackSpec& spec() const { return history_[cursor_].spec; }
  const std::filesystem::path& path() const { return path_; }
  void set_path(std::filesystem::path path) { path_ = std::move(path); }

  // ---- edits and history
  /// Applies `edit` as a new history step (dropping any redo steps). With `merge`, an edit
  /// with the same label as the step just made replaces it instead (a drag is one step).
  /// Nullopt when applied, else why not (nothing changes).
  std::optional<std::string> apply(const Edit& edit, bool merge = false);
  bool can_undo() const { return cursor_ > 0; }
  bool can_redo() const { return cursor_ + 1 < history_.size(); }
  void undo();
  void redo();
  /// Every step from the opening one; history()[position()] is the current spec.
  const std::vector<HistoryEntry>& history() const { return history_; }
  std::size_t position() const { return cursor_; }
  /// Jumps to a step of the history (undoing or redoing up to it).
  void go_to(std::size_t position);

  // ---- selection (not part of the history; kept to elements that exist)
  const std::vector<ElementRef>& selection() const { return selection_; }
  bool selected(const ElementRef& e) const;
  /// Selects only `e`.
  void select(const ElementRef& e);
  /// Adds `e` to the selection, or removes it if it is there (multi-selection).
  void toggle(const ElementRef& e);
  void clear_selection() { selection_.clear(); }

  // ---- snapping
  /// Grid step for placed and moved points, m; 0 = off.
  double snap() const { return snap_; }
  void set_snap(double step) { snap_ = step > 0.0 ? step : 0.0; }
  Vec2 snapped(Vec2 p) const { return snap_to_grid(p, snap_); }

  // ---- validation and saving
  /// The current spec's validation, named by path() (or "untitled.json").
  const Validation& validation() const;
  /// True when the current spec differs from the last one saved or opened.
  bool modified() const { return history_[cursor_].id != saved_id_; }
  /// Saves to path() (see save_track_file): empty on success; else the problems and
  /// nothing written. An empty path() is an error.
  std::vector<DataError> save();

 private:
  void prune_selection();
  std::string file_name() const;

  std::vector<HistoryEntry> history_;
  std::size_t cursor_ = 0;
  std::uint64_t next_id_ = 1;
  std::uint64_t saved_id_ = 0;
  std::filesystem::path path_;
  std::vector<ElementRef> selection_;
  double snap_ = 1.0;
  mutable std::optional<std::pair<std::uint64_t, Validation>> validation_;
};

}  // namespace racer::editor

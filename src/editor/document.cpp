// Document: history of snapshots, selection, cached validation, saving.
#include "editor/document.h"

#include <algorithm>
#include <utility>

#include "editor/track_file.h"

namespace racer::editor {

Document::Document(TrackSpec spec, std::filesystem::path path, std::string opened_label) : path_(std::move(path)) {
  history_.push_back({std::move(opened_label), std::move(spec), next_id_++});
  saved_id_ = history_.front().id;
}

std::optional<std::string> Document::apply(const Edit& edit, bool merge) {
  TrackSpec next = spec();
  const std::string label = edit_label(next, edit);
  if (std::optional<std::string> error = apply_edit(next, edit)) return error;
  history_.resize(cursor_ + 1);
  if (merge && cursor_ > 0 && history_[cursor_].label == label && history_[cursor_].id != saved_id_) {
    history_[cursor_].spec = std::move(next);
    history_[cursor_].id = next_id_++;
  } else {
    history_.push_back({label, std::move(next), next_id_++});
    ++cursor_;
  }
  prune_selection();
  return std::nullopt;
}

void Document::undo() {
  if (can_undo()) go_to(cursor_ - 1);
}

void Document::redo() {
  if (can_redo()) go_to(cursor_ + 1);
}

void Document::go_to(std::size_t position) {
  cursor_ = std::min(position, history_.size() - 1);
  prune_selection();
}

bool Document::selected(const ElementRef& e) const {
  return std::find(selection_.begin(), selection_.end(), e) != selection_.end();
}

void Document::select(const ElementRef& e) {
  selection_.clear();
  if (element_exists(spec(), e)) selection_.push_back(e);
}

void Document::toggle(const ElementRef& e) {
  const auto it = std::find(selection_.begin(), selection_.end(), e);
  if (it != selection_.end())
    selection_.erase(it);
  else if (element_exists(spec(), e))
    selection_.push_back(e);
}

void Document::prune_selection() {
  const TrackSpec& s = spec();
  std::erase_if(selection_, [&](const ElementRef& e) { return !element_exists(s, e); });
}

std::string Document::file_name() const { return path_.empty() ? "untitled.json" : path_.string(); }

const Validation& Document::validation() const {
  const std::uint64_t id = history_[cursor_].id;
  if (!validation_ || validation_->first != id) validation_.emplace(id, validate_track(spec(), file_name()));
  return validation_->second;
}

std::vector<DataError> Document::save() {
  if (path_.empty()) return {DataError{"", 0, 0, "the track has no file name yet; choose where to save it"}};
  std::vector<DataError> errors = save_track_file(spec(), path_);
  if (errors.empty()) saved_id_ = history_[cursor_].id;
  return errors;
}

}  // namespace racer::editor

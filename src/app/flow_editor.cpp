// FlowApp's track editor screen: the Document and its EditorView (ui/editor_view.h), made
// when the editor is first opened (the main menu's Track Editor, or racer --edit), and
// the edited track driven or raced at once (F5 / F8) from its current, valid build; F10 in
// the race (or its pause and results menus) comes back to the editor as it was left.
#include "app/flow_app.h"
#include "editor/track_file.h"

namespace racer {

void FlowApp::open_editor(std::optional<editor::Document> doc) {
  if (doc) {
    edit_doc_ = std::make_unique<editor::Document>(std::move(*doc));
    edit_view_.reset();
  } else if (!edit_doc_) {
    std::filesystem::path path;
    if (config_.data_dir) path = editor::user_tracks_dir(*config_.data_dir) / "new_track.json";
    edit_doc_ = std::make_unique<editor::Document>(editor::template_track(), path, "new track");
  }
  if (!edit_view_) edit_view_ = std::make_unique<EditorView>();
  go(Screen::Editor);
}

void FlowApp::editor_screen() {
  if (!edit_doc_ || !edit_view_) return;
  switch (edit_view_->frame(*edit_doc_, ui_.fonts(), nav_.back)) {
    case EditorView::Action::Close:
      main_list_.focus = 0;
      go(Screen::MainMenu);
      break;
    case EditorView::Action::Drive: race_edited(false); break;
    case EditorView::Action::Race: race_edited(true); break;
    case EditorView::Action::None: break;
  }
}

void FlowApp::race_edited(bool with_ai) {
  const editor::Validation& v = edit_doc_->validation();
  if (!v.ok() || !v.track) {
    edit_view_->set_status("fix the problems first: " + v.issues.front().error.message);
    return;
  }
  const int car = std::max(0, car_choice_);
  if (catalog_.cars.empty()) {
    edit_view_->set_status("no car to drive: assets/cars/ has none");
    return;
  }
  RaceChoices choices = race_choices(config_.options);  // the rate and the aids
  choices.mode = RaceMode::Quick;
  choices.track_path = edit_doc_->path().empty() ? "edited.json" : edit_doc_->path().string();
  choices.track_id = "edited_" + file_stem(choices.track_path);
  choices.car_path = catalog_.cars[static_cast<std::size_t>(car)].path;
  choices.car_id = catalog_.cars[static_cast<std::size_t>(car)].id;
  choices.opponents = with_ai ? 5 : 0;
  choices.laps = edit_doc_->spec().laps;
  choices.autodrive = edit_view_->autodrive();
  choices.seed = race_seed_;
  RacePlan plan = make_race_plan(choices);
  plan.track = v.track;
  start_race(plan);
  race_from_editor_ = race_ != nullptr;
}

}  // namespace racer

// Sections: set-up | the step | time trial | drawing | the HUD.
#include "app/race_screen.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>

#include "core/math.h"
#include "game/car_edit.h"
#include "game/storage.h"
#include "sim/version.h"
#include "render/car_marker.h"
#include "render/car_view.h"
#include "render/mesh.h"
#include "race/race.h"
#include "track/track_spec.h"
#include "render/minimap.h"
#include "app/asset_path.h"
#include "ui/lap_hud.h"
#include "ui/race_hud.h"
#include "ui/vehicle_panel.h"

namespace racer {

// ---- set-up ------------------------------------------------------------------------------

std::unique_ptr<RaceScreen> RaceScreen::create(const RacePlan& plan, const Catalog& catalog, const Settings& settings,
                                               RaceStorage storage, std::string& error) {
  std::unique_ptr<RaceScreen> s(new RaceScreen());
  s->plan_ = plan;
  s->storage_ = std::move(storage);
  try {
    if (plan.track) {
      s->track_ = plan.track;
    } else {
      auto track = Track::load(plan.track_path);
      if (!track) {
        error = track.error_text();
        return nullptr;
      }
      s->track_ = track.value();
      s->plan_.track = s->track_;  // a restart reuses it
    }
    s->track_name_ = s->track_->spec().name.empty() ? plan.track_id : s->track_->spec().name;
    const Result<CarSpec> spec = load_car_spec(plan.car_path);
    if (!spec) {
      error = spec.error_text();
      return nullptr;
    }
    s->car_spec_ = spec.value();

    // The race is built from its replay set-up, as a replay of it will be (game/replay_race.h).
    ReplaySetup& r = s->replay_setup_;
    r.kind = ReplayKind::Game;
    r.track_path = plan.track_path;
    r.track_id = plan.track_id;
    r.car_path = plan.car_path;
    r.car_id = plan.car_id;
    r.seed = plan.seed;
    r.laps = plan.mode == RaceMode::TimeTrial ? 100 : std::max(1, plan.laps);
    r.rate_hz = plan.rate_hz;
    r.ai_cars = plan.mode == RaceMode::TimeTrial ? 0 : std::clamp(plan.opponents, 0, 11);
    r.difficulty = plan.difficulty;
    r.damage = settings.damage;
    r.mode = static_cast<int>(plan.mode);
    r.grid_slot = plan.grid_slot;
    r.autodrive = plan.autodrive && catalog.profiles.size() > 1;
    // The aids and the gearbox mode the race starts with are the player's car's set-up.
    r.abs = settings.aids.abs && !plan.no_abs;
    r.tcs = settings.aids.tcs && !plan.no_tcs;
    r.automatic = settings.aids.automatic_gearbox && !plan.manual;
    const ReplayAssets assets{s->track_, s->car_spec_, catalog.profiles};
    stamp_replay_setup(r, assets);
    s->own_race_ = make_game_race(r, assets);
    s->race_ = s->own_race_.get();
    s->recording_.car = s->race_->player();
    s->track_view_ = std::make_unique<TrackView>(*s->track_);
  } catch (const std::exception& e) {  // out of memory and the like: a message, not a crash
    error = std::string("could not start the race: ") + e.what();
    return nullptr;
  }

  s->init_view(settings);

  if (plan.mode == RaceMode::TimeTrial) {
    // The scenery and the drawn body style are visual only: a ghost stays valid when they change.
    TrackSpec driven = s->track_->spec();
    driven.scenery = ScenerySpec{};
    s->ghost_key_ = GhostKey{kPhysicsVersion, plan.track_id, content_hash(save_track_spec(driven)),
                             plan.car_id, content_hash(save_car_spec(physical_part(s->car_spec_)))};
    if (s->storage_.data_dir) {
      GhostLoad g = load_ghost(ghost_file(*s->storage_.data_dir, plan.track_id, plan.car_id), s->ghost_key_);
      if (g.status == GhostLoad::Status::Loaded) {
        s->ghost_ = std::move(g.ghost);
      } else if (g.status == GhostLoad::Status::Stale && g.message) {
        // "<path>: ghost recorded with physics version 2, this build is 3; it was not
        // loaded" -> the reason without the path, short enough for a banner.
        std::string why = *g.message;
        if (const std::size_t at = why.find(".json: "); at != std::string::npos) why = why.substr(at + 7);
        if (const std::size_t at = why.find("; it was not loaded"); at != std::string::npos) why = why.substr(0, at);
        s->notices_.push_back("Old ghost not used: " + why);
      } else if (g.status == GhostLoad::Status::Bad) {
        s->notices_.push_back("The ghost file is damaged; your next best lap replaces it");
      }
    }
  }
  return s;
}

void RaceScreen::init_view(const Settings& settings) {
  mapper_ = InputMapper(input_map_config(settings.input));
  aids_ = settings.aids;
  CameraConfig view;
  view.view_height_m = 40.0;
  camera_ = Camera(view);
  apply_settings(settings);
  minimap_ = std::make_unique<Minimap>(*track_);
  current_ = previous_ = race_->world().snapshot();
  SkidMarkConfig marks;
  marks.capacity = 3000;
  skid_marks_.assign(current_.cars.size(), SkidMarks(marks));
  camera_.snap_to(current_.cars[static_cast<std::size_t>(race_->player())]);
}

std::unique_ptr<RaceScreen> RaceScreen::create_replay(const Replay& replay, const ReplayAssets& assets,
                                                      const Settings& settings) {
  std::unique_ptr<RaceScreen> s(new RaceScreen());
  const ReplaySetup& r = replay.setup;
  s->plan_.mode = static_cast<RaceMode>(r.mode);
  s->plan_.track_path = r.track_path;
  s->plan_.track_id = r.track_id;
  s->plan_.track = assets.track;
  s->plan_.car_path = r.car_path;
  s->plan_.car_id = r.car_id;
  s->plan_.opponents = r.ai_cars;
  s->plan_.laps = r.laps;
  s->plan_.difficulty = r.difficulty;
  s->plan_.grid_slot = r.grid_slot;
  s->plan_.seed = r.seed;
  s->plan_.rate_hz = r.rate_hz;
  s->plan_.autodrive = r.autodrive;
  s->track_ = assets.track;
  s->track_name_ = (s->track_->spec().name.empty() ? r.track_id : s->track_->spec().name) + "  \xC2\xB7  replay";
  s->car_spec_ = assets.car;
  s->replay_setup_ = r;
  s->replay_assets_ = assets;
  s->replay_ = std::make_unique<ReplayRace>(replay, assets);
  s->race_ = s->replay_->game();
  s->playback_ = std::make_unique<ReplayPlayback>(r.rate_hz, replay.steps);
  s->track_view_ = std::make_unique<TrackView>(*s->track_);
  s->init_view(settings);
  return s;
}

RaceScreen::~RaceScreen() = default;

double RaceScreen::dt() const { return race_->world().dt(); }

bool RaceScreen::over() const { return plan_.mode != RaceMode::TimeTrial && race_->over(); }

bool RaceScreen::has_ai_cars() const {
  for (int i = 0; i < static_cast<int>(race_->car_count()); ++i)
    if (i != race_->player() && race_->driver(i) != nullptr) return true;
  return false;
}

std::optional<double> RaceScreen::record_lap() const {
  if (storage_.records == nullptr) return std::nullopt;
  if (const BestLap* b = storage_.records->best_lap(plan_.track_id, plan_.car_id)) return b->lap_time;
  return std::nullopt;
}

// ---- the step ----------------------------------------------------------------------------

void RaceScreen::step(InputState& input) {
  const std::size_t p = static_cast<std::size_t>(race_->player());
  const Car& car = race_->world().car(p);
  const DriveContext ctx{car.forward_speed(), car.drivetrain().state().gear, !car.drivetrain().gearbox().automatic};
  PlayerInput in;
  in.controls = mapper_.update(input, ctx, dt());
  input.shift_up = input.shift_down = false;  // edges: one step only
  in.controls.abs = pending_.abs;
  in.controls.tcs = pending_.tcs;
  in.controls.automatic = pending_.automatic;
  in.controls = sanitized(in.controls);  // (the race sanitizes it too: the recording is what it used)
  in.respawn = pending_respawn_;
  pending_ = Controls{};
  pending_respawn_ = false;
  update_debug_recording();
  race_->step(in);
  recording_.append(in);
  ++steps_;
  after_step();
}

void RaceScreen::after_step() {
  previous_ = std::move(current_);
  current_ = race_->world().snapshot();
  if (race_->respawned_last_step()) {
    previous_ = current_;  // no blend across the jump
    lap_started_ = false;  // a lap with a respawn in it gives no ghost
  }
  for (std::size_t i = 0; i < current_.cars.size() && i < skid_marks_.size(); ++i)
    skid_marks_[i].add(current_.cars[i], race_->world().car(i).spec(), dt());
  particles_.step(current_.cars, dt());  // smoke, dust and debris, visual only
  touching_contacts(race_->world(), contacts_);
  sparks_.step(current_.cars, contacts_, dt());
  telemetry_step();
  if (!is_replay()) {
    tuning_.observe(*race_);
    if (tuning_.tuned() && tuned_at_ < 0.0) tuned_at_ = race_->time();
  }
  if (plan_.mode == RaceMode::TimeTrial && !is_replay()) time_trial_step();
}

// ---- telemetry ---------------------------------------------------------------------------

int RaceScreen::telemetry_car() const {
  const int n = static_cast<int>(race_->car_count());
  return telemetry_panel_.car >= 0 && telemetry_panel_.car < n ? telemetry_panel_.car : watched_car();
}

// About 60 samples a second of race time, whatever the physics rate; a lap completed moves
// the lap's samples to the last (and maybe best) lap.
void RaceScreen::telemetry_step() {
  const int car = telemetry_car();
  const RaceProgress& progress = race_->progress(car);
  if (car != telemetry_of_) {
    telemetry_.clear();
    telemetry_of_ = car;
    telemetry_laps_ = progress.laps_completed();
  }
  if (progress.laps_completed() > telemetry_laps_) {
    telemetry_laps_ = progress.laps_completed();
    telemetry_.complete_lap(progress.laps().back().time);
  }
  if (car == race_->player() && race_->respawned_last_step()) telemetry_.abandon_lap();  // a lap with a jump in it
  const auto every = std::max<std::int64_t>(1, std::llround(1.0 / (60.0 * dt())));
  if (current_.step % every != 0 || !progress.lap_running()) return;
  telemetry_.add(telemetry_sample(current_.cars[static_cast<std::size_t>(car)], race_->time(),
                                  progress.current_lap_time(race_->time())));
}

// ---- replays -----------------------------------------------------------------------------

std::optional<Replay> RaceScreen::recording() const {
  if (is_replay() || steps_ == 0) return std::nullopt;
  // Tuned live at any time (a profile set back, a car rebuilt): the laps in between would not re-simulate.
  if (tuning_.tuned() || !race_->cars_edited().empty()) return std::nullopt;
  for (int i = 0; i < static_cast<int>(race_->car_count()); ++i)
    if (const AiDriver* d = race_->driver(i))
      if (const AiParams* entry = race_->entry_params(i); entry && save_ai_params(d->params()) != save_ai_params(*entry))
        return std::nullopt;  // tuned in the AI panel mid-race: a replay would not re-simulate it
  Replay r;
  r.setup = replay_setup_;
  r.steps = steps_;
  r.humans.push_back(recording_);
  r.final_state_hash = race_->world().state_hash();
  return r;
}

void RaceScreen::update_replay(double frame_s) {
  if (!playback_) return;
  const bool seeking = playback_->seeking();
  const ReplayPlayback::Plan plan = playback_->frame(frame_s, replay_->steps_done());
  if (plan.rebuild) rebuild_replay();
  for (int k = 0; k < plan.steps; ++k) {
    replay_->step();
    if (!seeking) after_step();
  }
  if (seeking) current_ = previous_ = race_->world().snapshot();  // no blend across the jump
  steps_ = replay_->steps_done();
}

void RaceScreen::rebuild_replay() {
  Replay replay = replay_->replay();
  replay_.reset();  // the old world goes first
  replay_ = std::make_unique<ReplayRace>(std::move(replay), *replay_assets_);
  race_ = replay_->game();
  SkidMarkConfig marks;
  marks.capacity = 3000;
  skid_marks_.assign(race_->car_count(), SkidMarks(marks));
  particles_ = ParticleSystem();
  sparks_ = Sparks();
  current_ = previous_ = race_->world().snapshot();
}

void RaceScreen::apply_settings(const Settings& settings) {
  mapper_.set_config(input_map_config(settings.input));
  CameraConfig view = camera_.config();
  view.zoom_with_speed = settings.display.zoom_with_speed;
  view.rotate_with_car = settings.display.camera == CameraMode::Rotate;
  camera_.set_config(view);  // a change of rotation eases round at rotate_rate
  auto command = [](bool on) { return on ? SwitchCommand::On : SwitchCommand::Off; };
  if (settings.aids.abs != aids_.abs) pending_.abs = command(settings.aids.abs);
  if (settings.aids.tcs != aids_.tcs) pending_.tcs = command(settings.aids.tcs);
  if (settings.aids.automatic_gearbox != aids_.automatic_gearbox)
    pending_.automatic = command(settings.aids.automatic_gearbox);
  aids_ = settings.aids;
}

bool RaceScreen::respawn() {
  if (pending_respawn_ || !race_->can_respawn()) return false;
  pending_respawn_ = true;
  mapper_.reset();
  return true;
}

// A switch pressed twice before the next step cancels out.
namespace {
void flip(SwitchCommand& pending, bool on_now) {
  pending = pending == SwitchCommand::Keep ? toggle_switch(on_now) : SwitchCommand::Keep;
}
}  // namespace

void RaceScreen::toggle_abs() { flip(pending_.abs, player_car().spec().assists.abs); }
void RaceScreen::toggle_tcs() { flip(pending_.tcs, player_car().spec().assists.tcs); }
void RaceScreen::toggle_gearbox() { flip(pending_.automatic, player_car().drivetrain().gearbox().automatic); }

const Car& RaceScreen::player_car() const { return race_->world().car(static_cast<std::size_t>(race_->player())); }

// ---- time trial --------------------------------------------------------------------------

void RaceScreen::time_trial_step() {
  const int p = race_->player();
  const SessionRules& rules = race_->rules();
  if (rules.phase() != SessionPhase::Racing) return;
  const RaceProgress& progress = race_->progress(p);
  const double now = race_->time();
  const int laps = progress.laps_completed();
  if (laps > laps_seen_) {
    laps_seen_ = laps;
    const LapRecord& lap = progress.laps().back();
    BestLap best{lap.time, lap.sector_times};
    if (storage_.records != nullptr && storage_.records->submit_lap(plan_.track_id, plan_.car_id, best)) {
      lap_banner_ = "New best lap  " + format_lap_time(lap.time);
      lap_banner_until_ = now + 4.0;
      if (storage_.may_save_records && storage_.data_dir && !tuning_.tuned())
        if (auto e = save_records(records_file(*storage_.data_dir), *storage_.records)) notices_.push_back(e->to_string());
      if (lap_started_ && !tuning_.tuned()) {  // recorded from the lap's start, no respawn in it
        Ghost g = recorder_.finish(ghost_key_, lap.time);
        if (storage_.data_dir)
          if (auto e = save_ghost(ghost_file(*storage_.data_dir, plan_.track_id, plan_.car_id), g))
            notices_.push_back(e->to_string());
        ghost_ = std::move(g);
      }
    } else {
      lap_banner_ = "Lap  " + format_lap_time(lap.time);
      lap_banner_until_ = now + 3.0;
    }
    recorder_.start();
    lap_started_ = true;
  } else if (laps == 0 && !recorder_.recording() && progress.lap_running()) {
    recorder_.start();  // lap 1 runs from lights out (the standing start)
    lap_started_ = true;
  }
  if (recorder_.recording()) {
    const CarSnapshot& car = current_.cars[static_cast<std::size_t>(p)];
    recorder_.step(progress.current_lap_time(now), car.position, car.heading, car.speed);
  }
}

// ---- drawing -----------------------------------------------------------------------------

void RaceScreen::render(SDL_Renderer* r, int width, int height, const UiFonts& fonts, double alpha, double frame_dt,
                        bool paused, FrameProfile* profile) {
  PhaseTimer world_time(profile, FramePhase::Render);
  const WorldSnapshot view = interpolate(previous_, current_, alpha);
  const std::size_t p = static_cast<std::size_t>(race_->player());
  camera_.set_viewport(width, height);
  const int panel_car = ai_panel_.open && ai_panel_.follow ? ai_panel_car(*race_, ai_panel_) : -1;
  const std::size_t watched = static_cast<std::size_t>(panel_car >= 0 ? panel_car : watched_car());
  if (!paused) camera_.follow(view.cars[watched], frame_dt);
  track_view_->draw_ground(r, camera_);
  for (const SkidMarks& m : skid_marks_) m.draw(r, camera_);
  particles_.draw(r, camera_);
  track_view_->draw_objects(r, camera_);
  draw_ghost(r);
  car_sprites_->new_frame();
  for (std::size_t i = 0; i < view.cars.size(); ++i)
    if (i != p) draw_car(r, camera_, view.cars[i], race_->world().car(i).spec(), driver_livery(i, p), car_sprites_.get());
  draw_car(r, camera_, view.cars[p], race_->world().car(p).spec(), driver_livery(p, p), car_sprites_.get());
  sparks_.draw(r, camera_);  // glowing over the cars
  track_view_->draw_overhead(r, camera_);
  if (view.cars.size() > 1) draw_player_marker(r, camera_, view.cars[p], race_->world().car(p).spec(), view.time);
  if (ai_panel_.open && ai_panel_.show_line) draw_ai_line(r, view);
  draw_debug_overlays(r, static_cast<int>(watched));
  // The minimap (SDL, under the ImGui HUD) in the bottom left corner.
  std::vector<MinimapCar> dots;
  for (std::size_t i = 0; i < view.cars.size(); ++i)
    if (i != p) dots.push_back({view.cars[i].position, driver_paint(i, p).body, false});
  dots.push_back({view.cars[p].position, driver_paint(p, p).body, true});
  minimap_->draw(r, minimap_rect(width, height, minimap_->world_size()), dots);
  world_time.stop();
  const PhaseTimer hud_time(profile, FramePhase::Ui);
  hud_layers_->begin_frame(r, ImGui::GetIO().DisplaySize);
  if (!paused) draw_hud(fonts, view.cars[watched]);
  if (is_replay() && !paused) draw_replay_panel();
  if (!is_replay()) {
    ai_panel_.tuned_notice = tuning_.notice();
    draw_ai_panel(*race_, ai_panel_, AiProfileFiles{storage_.data_dir, resolve_asset});
  }
  draw_overlay_panel(*race_, overlays_, static_cast<int>(watched));
  if (vehicle_panel_open_) {
    const Car& car = race_->world().car(watched);
    const DriverAids aids{car.spec().assists.abs, car.spec().assists.tcs, car.drivetrain().gearbox().automatic};
    draw_vehicle_panel(current_.cars[watched], car.spec(), aids, &vehicle_panel_open_, &car);
    if (!is_replay()) car_editor(static_cast<int>(watched));
  }
  const std::string stem = plan_.track_id + "-" + plan_.car_id + "-" + race_->name(telemetry_of_ < 0 ? 0 : telemetry_of_);
  draw_telemetry_panel(*race_, telemetry_panel_,
                       TelemetryView{&telemetry_, telemetry_car(), storage_.data_dir, stem});
}

void RaceScreen::car_editor(int car) {
  if (draft_car_ != car) {  // another car shown: its values now
    car_draft_ = race_->world().car(static_cast<std::size_t>(car)).spec();
    draft_car_ = car;
    car_editor_.message.clear();
  }
  const CarSpec& start = race_->runner().entry(static_cast<std::size_t>(car)).spec;
  const bool edited = save_car_spec(car_draft_) != save_car_spec(start);
  const std::string note = tuning_.tuned() ? tuning_.notice()
                                           : "An edit applied in a race marks it tuned live: no lap record, ghost, "
                                             "replay or championship points are kept for it.";
  switch (draw_car_editor(car_draft_, edited, storage_.data_dir.has_value(), car_editor_, note)) {
    case CarEditAction::None: break;
    case CarEditAction::Apply: edit_car(car, car_draft_); break;
    case CarEditAction::Revert:
      car_draft_ = start;
      edit_car(car, car_draft_);
      break;
    case CarEditAction::Save: {
      CarSpec named = car_draft_;
      named.name = car_editor_.save_name;
      const Result<std::filesystem::path> saved = save_user_car(*storage_.data_dir, car_editor_.save_name, named);
      car_editor_.message_ok = saved.ok();
      car_editor_.message = saved.ok() ? "Saved " + saved.value().string() + ": the menus offer it as a car"
                                       : saved.error_text();
      break;
    }
  }
}

void RaceScreen::edit_car(int car, const CarSpec& spec) {
  race_->set_car_spec(car, spec);
  if (car == draft_car_) car_draft_ = spec;
}

// The drivers record what they use, and the world keeps the contact impulses, only while an
// overlay shows them (recording changes no control: the state hash is the same).
void RaceScreen::update_debug_recording() {
  const bool record = overlays_.open && overlays_.on.any_ai();
  if (record != drivers_recording_) race_->set_drivers_debug(record);
  drivers_recording_ = record;
  const bool keep = overlays_.open && overlays_.on.contacts;
  if (keep != keeping_impulses_) race_->world().keep_impulses(keep);
  keeping_impulses_ = keep;
}

// The Overlays panel's overlays (render/debug_overlays.h), over the cars and under the HUD.
void RaceScreen::draw_debug_overlays(SDL_Renderer* r, int followed) {
  if (!overlays_.open || !overlays_.on.any()) return;
  const OverlaySwitches& on = overlays_.on;
  grid_overlay_.draw(r, camera_, track_->cost_grid(), on.cost_grid, on.distance_field);
  const World& world = race_->world();
  if (on.wheel_forces)
    for (std::size_t i = 0; i < world.car_count(); ++i) draw_wheel_forces(r, camera_, world.car(i));
  if (on.contacts) {
    std::vector<const Car*> cars;
    for (std::size_t i = 0; i < world.car_count(); ++i) cars.push_back(&world.car(i));
    draw_contacts(r, camera_, contacts_, world.last_impulses(), cars);
  }
  if (!on.any_ai()) return;
  const int shown = overlay_panel_car(*race_, overlays_, followed);
  for (int i = 0; i < static_cast<int>(race_->car_count()); ++i) {
    const AiDriver* d = race_->driver(i);
    if (d == nullptr || (i != shown && !on.all_cars)) continue;
    OverlaySwitches these = on;
    if (i != shown) these.racing_line = these.lanes = false;  // one car's lines are enough
    draw_driver_overlays(r, camera_, *d, these, race_->world().dt());
  }
}

// The AI panel's car: its racing line ahead (yellow), the line shifted by its overtaking
// offset (cyan, when shifted) and a ring round the car. Drawing only: nothing is changed.
void RaceScreen::draw_ai_line(SDL_Renderer* r, const WorldSnapshot& view) const {
  const int car = ai_panel_car(*race_, ai_panel_);
  if (car < 0 || static_cast<std::size_t>(car) >= view.cars.size()) return;
  const AiDriver& d = *race_->driver(car);
  const DriverState& st = d.state();
  const Path& path = d.route().path;
  const double k = camera_.pixels_per_metre();
  const double width = std::max(1.5, 0.25 * k);
  Mesh mesh(1.0);
  Vec2 prev_line, prev_shift;
  for (int i = 0; i <= 60; ++i) {
    const PathSample at = path.at(st.s - 10.0 + 1.5 * i);
    const Vec2 line = camera_.to_screen(at.position), shift = camera_.to_screen(at.position + at.normal * st.offset);
    if (i > 0) {
      mesh.line(prev_line, line, width, Rgba{250, 215, 60, 170});
      if (std::abs(st.offset) > 0.05) mesh.line(prev_shift, shift, width, Rgba{90, 220, 255, 190});
    }
    prev_line = line;
    prev_shift = shift;
  }
  const Vec2 c = view.cars[static_cast<std::size_t>(car)].position;
  const double radius = 3.2;
  for (int i = 0; i < 24; ++i) {
    const double a0 = 2.0 * kPi * i / 24.0, a1 = 2.0 * kPi * (i + 1) / 24.0;
    mesh.line(camera_.to_screen(c + radius * Vec2{std::cos(a0), std::sin(a0)}),
              camera_.to_screen(c + radius * Vec2{std::cos(a1), std::sin(a1)}), std::max(1.5, 0.15 * k),
              Rgba{250, 215, 60, 220});
  }
  mesh.draw(r);
}

void RaceScreen::draw_ghost(SDL_Renderer* r) const {
  if (!ghost_) return;
  const int p = race_->player();
  if (race_->rules().phase() != SessionPhase::Racing || !race_->progress(p).lap_running()) return;
  const GhostPose g = ghost_->pose_at(race_->progress(p).current_lap_time(race_->time()));
  const double k = camera_.pixels_per_metre();
  const double half_l = car_spec_.body.length / 2.0, half_w = car_spec_.body.width / 2.0;
  const Vec2 f{std::cos(g.heading), std::sin(g.heading)}, n{-f.y, f.x};
  auto at = [&](double along, double side) { return camera_.to_screen(g.position + along * f + side * n); };
  Mesh mesh(1.0);
  const Vec2 body[] = {at(half_l, 0.7 * half_w), at(0.75 * half_l, half_w), at(-half_l, half_w),
                       at(-half_l, -half_w), at(0.75 * half_l, -half_w), at(half_l, -0.7 * half_w)};
  mesh.convex(body, Rgba{170, 220, 255, 90}, Rgba{210, 240, 255, 120});
  const Vec2 glass[] = {at(0.35 * half_l, 0.75 * half_w), at(0.35 * half_l, -0.75 * half_w),
                        at(0.05 * half_l, -0.8 * half_w), at(0.05 * half_l, 0.8 * half_w)};
  mesh.convex(glass, Rgba{40, 70, 110, 110});
  for (int i = 0; i < 6; ++i) mesh.line(body[i], body[(i + 1) % 6], std::max(1.0, 0.08 * k), Rgba{220, 245, 255, 170});
  mesh.draw(r);
}

// ---- the HUD -----------------------------------------------------------------------------

void RaceScreen::draw_hud(const UiFonts& fonts, const CarSnapshot& view) const {
  const int p = watched_car();
  RaceHudModel m = hud_model(*race_, p, &view);
  if (plan_.mode == RaceMode::TimeTrial) {  // open-ended laps, no position; the record
    m.position = m.car_count = 0;
    m.laps = 0;
    if (const auto record = record_lap()) m.title = track_name_ + "  \xC2\xB7  record " + format_lap_time(*record);
    else m.title = track_name_ + "  \xC2\xB7  time trial";
  } else {
    m.title = track_name_;
  }
  const double now = race_->time();
  if (now < 8.0)  // a stale ghost or the like: shown on the grid
    for (const std::string& n : notices_) m.messages.push_back({n, HudTone::Warning, now, false});
  if (tuning_.tuned() && now < tuned_at_ + 8.0)
    m.messages.push_back({"Tuned live: this race's records and ghosts are not saved", HudTone::Warning, now - tuned_at_, false});
  if (!lap_banner_.empty() && now < lap_banner_until_) {
    const bool best = lap_banner_.rfind("New", 0) == 0;
    m.messages.push_back({lap_banner_, best ? HudTone::Good : HudTone::Info, now - (lap_banner_until_ - 4.0), false});
  }
  // Under the AI, Vehicle and Telemetry panels when one is open (the HUD is otherwise drawn
  // over every window).
  const bool under = ai_panel_.open || vehicle_panel_open_ || telemetry_panel_.open || hud_under_windows_;
  draw_race_hud(m, ImGui::GetIO().DisplaySize, fonts, under ? ImGui::GetBackgroundDrawList() : nullptr,
                hud_layers_.get());
}

// ---- the replay player -------------------------------------------------------------------

// A bar at the bottom: back to the start, 10 s back, play/pause, 10 s on, the speed, the
// time line (drag to seek) and the car the camera follows; and their keys.
void RaceScreen::draw_replay_panel() {
  ReplayPlayback& pb = *playback_;
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(size.x * 0.5f, size.y - 12.0f), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.75f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing;
  if (!ImGui::Begin("##replay", nullptr, flags)) {
    ImGui::End();
    return;
  }
  const double rate = pb.rate_hz();
  const std::uint32_t step = pb.seeking() ? pb.seek_target() : steps_;
  const auto seconds_step = [rate](double s) { return static_cast<std::uint32_t>(std::max(0.0, std::round(s * rate))); };
  // Keys: Space play/pause, Left/Right 5 s back/on, Up/Down double/halve the speed, Tab next car.
  auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), false); };
  if (pressed(ImGuiKey_Space)) pb.set_paused(!pb.paused());
  if (pressed(ImGuiKey_LeftArrow)) pb.seek(step > seconds_step(5.0) ? step - seconds_step(5.0) : 0);
  if (pressed(ImGuiKey_RightArrow)) pb.seek(step + seconds_step(5.0));
  if (pressed(ImGuiKey_UpArrow)) pb.set_speed(pb.speed() * 2.0);
  if (pressed(ImGuiKey_DownArrow)) pb.set_speed(pb.speed() / 2.0);
  if (pressed(ImGuiKey_Tab)) watch_car((watched_car() + 1) % static_cast<int>(race_->car_count()));
  if (ImGui::Button("|<")) pb.seek(0);
  ImGui::SameLine();
  if (ImGui::Button("-10 s")) pb.seek(step > seconds_step(10.0) ? step - seconds_step(10.0) : 0);
  ImGui::SameLine();
  if (ImGui::Button(pb.paused() ? "Play " : "Pause")) pb.set_paused(!pb.paused());
  ImGui::SameLine();
  if (ImGui::Button("+10 s")) pb.seek(step + seconds_step(10.0));
  ImGui::SameLine();
  for (const double speed : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0}) {
    char label[16];
    std::snprintf(label, sizeof label, speed < 1.0 ? "%.2gx" : "%.0fx", speed);
    const bool current = pb.speed() == speed;
    if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.85f, 0.55f, 0.1f, 1.0f));
    if (ImGui::Button(label)) pb.set_speed(speed);
    if (current) ImGui::PopStyleColor();
    ImGui::SameLine();
  }
  ImGui::NewLine();
  float t = static_cast<float>(step / rate);
  const float total = static_cast<float>(pb.total_steps() / rate);
  ImGui::SetNextItemWidth(440.0f);
  char shown[48];
  std::snprintf(shown, sizeof shown, "%s / %s", format_lap_time(t).c_str(), format_lap_time(total).c_str());
  if (ImGui::SliderFloat("##time", &t, 0.0f, total, shown)) pb.seek(seconds_step(t));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(160.0f);
  const int car = watched_car();
  if (ImGui::BeginCombo("##camera", race_->name(car).c_str())) {
    for (int i = 0; i < static_cast<int>(race_->car_count()); ++i)
      if (ImGui::Selectable(race_->name(i).c_str(), i == car)) watch_car(i);
    ImGui::EndCombo();
  }
  if (pb.seeking()) {
    ImGui::SameLine();
    ImGui::TextUnformatted("seeking...");
  }
  ImGui::End();
}

}  // namespace racer

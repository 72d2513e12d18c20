// Sections: set-up | the step | time trial | drawing | the HUD.
#include "app/race_screen.h"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>

#include "core/math.h"
#include "game/storage.h"
#include "render/car_marker.h"
#include "render/car_view.h"
#include "render/mesh.h"
#include "race/race.h"
#include "track/track_spec.h"
#include "render/minimap.h"
#include "ui/lap_hud.h"
#include "ui/race_hud.h"

namespace racer {
namespace {

constexpr const char* kPlayerName = "You";
// The AI drivers' names, in grid order (make_field calls them "AI 1", "AI 2", ...).
constexpr const char* kDriverNames[] = {"Ada Vance", "Bruno Keller", "Chiara Rossi", "Dev Patel",
                                        "Elin Berg", "Felix Moreau", "Greta Lind", "Hugo Silva",
                                        "Iris Novak", "Jonas Reid", "Kai Tanaka", "Lena Fox"};

bool is_ai_name(const std::string& n) { return n.rfind("AI ", 0) == 0; }

}  // namespace

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

    const int opponents = plan.mode == RaceMode::TimeTrial ? 0 : std::clamp(plan.opponents, 0, 11);
    std::vector<RaceEntry> field = make_field(s->car_spec_, plan.car_id, catalog.profiles, plan.difficulty, opponents);
    for (std::size_t i = 0; i < field.size(); ++i)
      if (is_ai_name(field[i].name)) field[i].name = kDriverNames[i % std::size(kDriverNames)];
    PlayerEntry player;
    player.name = kPlayerName;
    player.car = plan.car_id;
    player.spec = s->car_spec_;
    // The aids and the gearbox mode the race starts with are the player's car's set-up.
    player.spec.assists.abs = settings.aids.abs && !plan.no_abs;
    player.spec.assists.tcs = settings.aids.tcs && !plan.no_tcs;
    player.spec.gearbox.automatic = settings.aids.automatic_gearbox && !plan.manual;
    if (plan.autodrive && catalog.profiles.size() > 1) player.autodrive = catalog.profiles[1];
    GameRaceConfig config;
    config.laps = plan.mode == RaceMode::TimeTrial ? 100 : std::max(1, plan.laps);
    config.seed = plan.seed;
    config.rate_hz = plan.rate_hz;
    config.player_grid_slot = plan.grid_slot;
    config.damage = settings.damage;
    s->race_ = std::make_unique<GameRace>(s->track_, std::move(player), std::move(field), config);
    s->track_view_ = std::make_unique<TrackView>(*s->track_);
  } catch (const std::exception& e) {  // out of memory and the like: a message, not a crash
    error = std::string("could not start the race: ") + e.what();
    return nullptr;
  }

  s->mapper_ = InputMapper(input_map_config(settings.input));
  s->aids_ = settings.aids;
  CameraConfig view;
  view.view_height_m = 40.0;
  s->camera_ = Camera(view);
  s->apply_settings(settings);
  s->minimap_ = std::make_unique<Minimap>(*s->track_);
  s->current_ = s->previous_ = s->race_->world().snapshot();
  SkidMarkConfig marks;
  marks.capacity = 3000;
  s->skid_marks_.assign(s->current_.cars.size(), SkidMarks(marks));
  s->camera_.snap_to(s->current_.cars[static_cast<std::size_t>(s->race_->player())]);

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
  in.respawn = pending_respawn_;
  pending_ = Controls{};
  pending_respawn_ = false;
  update_recording();
  race_->step(in);
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
  if (plan_.mode == RaceMode::TimeTrial) time_trial_step();
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
      if (storage_.may_save_records && storage_.data_dir)
        if (auto e = save_records(records_file(*storage_.data_dir), *storage_.records)) notices_.push_back(e->to_string());
      if (lap_started_) {  // recorded from the lap's start, no respawn in it
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
  const int watched = ai_panel_.open && ai_panel_.follow ? ai_panel_car(*race_, ai_panel_) : -1;
  if (!paused) camera_.follow(view.cars[watched >= 0 ? static_cast<std::size_t>(watched) : p], frame_dt);
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
  draw_debug_overlays(r, watched >= 0 ? watched : static_cast<int>(p));
  // The minimap (SDL, under the ImGui HUD) in the bottom left corner.
  std::vector<MinimapCar> dots;
  for (std::size_t i = 0; i < view.cars.size(); ++i)
    if (i != p) dots.push_back({view.cars[i].position, driver_paint(i, p).body, false});
  dots.push_back({view.cars[p].position, driver_paint(p, p).body, true});
  minimap_->draw(r, minimap_rect(width, height, minimap_->world_size()), dots);
  world_time.stop();
  const PhaseTimer hud_time(profile, FramePhase::Ui);
  if (!paused) draw_hud(fonts, view.cars[p]);
  draw_ai_panel(*race_, ai_panel_, storage_.data_dir);
  draw_overlay_panel(*race_, overlays_, watched >= 0 ? watched : static_cast<int>(p));
}

// The drivers record what they use, and the world keeps the contact impulses, only while an
// overlay shows them (recording changes no control: the state hash is the same).
void RaceScreen::update_recording() {
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
  const int p = race_->player();
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
  if (!lap_banner_.empty() && now < lap_banner_until_) {
    const bool best = lap_banner_.rfind("New", 0) == 0;
    m.messages.push_back({lap_banner_, best ? HudTone::Good : HudTone::Info, now - (lap_banner_until_ - 4.0), false});
  }
  // Under the AI panel when it is open (the HUD is otherwise drawn over every window).
  draw_race_hud(m, ImGui::GetIO().DisplaySize, fonts, ai_panel_.open ? ImGui::GetBackgroundDrawList() : nullptr);
}

}  // namespace racer

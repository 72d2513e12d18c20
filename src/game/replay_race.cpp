// Sections: 1. hashes and mismatch  2. loading  3. building races  4. ReplayRace
#include "game/replay_race.h"

#include <algorithm>
#include <cassert>
#include <iterator>

#include "game/ghost.h"
#include "game/race_plan.h"
#include "track/track_spec.h"

namespace racer {
namespace {

// The AI drivers' names in the game, in grid order (make_field calls them "AI 1", ...).
constexpr const char* kDriverNames[] = {"Ada Vance", "Bruno Keller", "Chiara Rossi", "Dev Patel",
                                        "Elin Berg", "Felix Moreau", "Greta Lind", "Hugo Silva",
                                        "Iris Novak", "Jonas Reid", "Kai Tanaka", "Lena Fox"};

std::string changed(const std::string& what, std::uint64_t recorded, std::uint64_t now) {
  return what + " changed since the replay was recorded (hash " + hash_to_hex(recorded) + ", now " +
         hash_to_hex(now) + ")";
}

}  // namespace

// ---------------------------------------------------------------- 1. hashes and mismatch

std::uint64_t replay_track_hash(const TrackSpec& spec) {
  TrackSpec driven = spec;
  driven.scenery = ScenerySpec{};
  return content_hash(save_track_spec(driven));
}

std::uint64_t replay_car_hash(const CarSpec& spec) { return content_hash(save_car_spec(physical_part(spec))); }

std::uint64_t replay_profile_hash(const AiParams& params) { return content_hash(save_ai_params(params)); }

void stamp_replay_setup(ReplaySetup& setup, const ReplayAssets& assets) {
  setup.physics_version = kPhysicsVersion;
  setup.track_hash = replay_track_hash(assets.track->spec());
  setup.car_hash = replay_car_hash(assets.car);
  setup.profile_names.clear();
  setup.profile_hashes.clear();
  for (const AiParams& p : assets.profiles) {
    setup.profile_names.push_back(p.name);
    setup.profile_hashes.push_back(replay_profile_hash(p));
  }
}

std::optional<std::string> replay_mismatch(const ReplaySetup& recorded, const ReplayAssets& assets, int physics_version) {
  if (recorded.physics_version != physics_version)
    return "the replay was recorded with physics version " + std::to_string(recorded.physics_version) +
           ", this build is version " + std::to_string(physics_version);
  const std::uint64_t track = replay_track_hash(assets.track->spec());
  if (track != recorded.track_hash) return changed("the track " + recorded.track_path, recorded.track_hash, track);
  const std::uint64_t car = replay_car_hash(assets.car);
  if (car != recorded.car_hash) return changed("the car " + recorded.car_path, recorded.car_hash, car);
  if (assets.profiles.size() != recorded.profile_hashes.size())
    return "the replay has " + std::to_string(recorded.profile_hashes.size()) + " AI profiles, this build " +
           std::to_string(assets.profiles.size());
  for (std::size_t i = 0; i < assets.profiles.size(); ++i) {
    const std::uint64_t h = replay_profile_hash(assets.profiles[i]);
    if (h != recorded.profile_hashes[i])
      return changed("the AI profile \"" + (i < recorded.profile_names.size() ? recorded.profile_names[i] : std::string()) +
                         "\" (" + ai_profile_file(i < kDifficultyLevels.size() ? kDifficultyLevels[i] : "?") + ")",
                     recorded.profile_hashes[i], h);
  }
  return std::nullopt;
}

// ---------------------------------------------------------------- 2. loading

Result<ReplayAssets> load_replay_assets(const ReplaySetup& setup, const std::string& replay_file,
                                        const std::function<std::string(const std::string&)>& path_of) {
  ReplayAssets a;
  auto track = Track::load(path_of(setup.track_path));
  if (!track) return track.errors();
  a.track = track.value();
  Result<CarSpec> car = load_car_spec(path_of(setup.car_path));
  if (!car) return car.errors();
  a.car = std::move(car).value();
  Result<std::vector<AiParams>> profiles = load_difficulty_profiles(path_of);
  if (!profiles) return profiles.errors();
  a.profiles = std::move(profiles).value();
  if (auto why = replay_mismatch(setup, a)) return DataError{replay_file, 0, 0, *why + "; it was not replayed"};
  return a;
}

// ---------------------------------------------------------------- 3. building races

std::unique_ptr<Race> make_headless_race(const ReplaySetup& setup, const ReplayAssets& assets,
                                         const std::vector<int>& human_cars) {
  std::vector<RaceEntry> field = make_field(assets.car, setup.car_id, assets.profiles, setup.difficulty, setup.ai_cars);
  for (int car : human_cars) {
    assert(car >= 0 && static_cast<std::size_t>(car) < field.size());
    field[static_cast<std::size_t>(car)].human = true;
  }
  RaceConfig config;
  config.laps = setup.laps;
  config.seed = setup.seed;
  config.rate_hz = setup.rate_hz;
  config.damage = setup.damage;
  return std::make_unique<Race>(assets.track, std::move(field), config);
}

std::unique_ptr<GameRace> make_game_race(const ReplaySetup& setup, const ReplayAssets& assets) {
  std::vector<RaceEntry> field = make_field(assets.car, setup.car_id, assets.profiles, setup.difficulty, setup.ai_cars);
  for (std::size_t i = 0; i < field.size(); ++i)
    if (field[i].name.rfind("AI ", 0) == 0) field[i].name = kDriverNames[i % std::size(kDriverNames)];
  PlayerEntry player;
  player.name = kPlayerName;
  player.car = setup.car_id;
  player.spec = assets.car;
  player.spec.assists.abs = setup.abs;
  player.spec.assists.tcs = setup.tcs;
  player.spec.gearbox.automatic = setup.automatic;
  if (setup.autodrive && assets.profiles.size() > 1) player.autodrive = assets.profiles[1];
  GameRaceConfig config;
  config.laps = setup.laps;
  config.seed = setup.seed;
  config.rate_hz = setup.rate_hz;
  config.player_grid_slot = setup.grid_slot;
  config.damage = setup.damage;
  return std::make_unique<GameRace>(assets.track, std::move(player), std::move(field), config);
}

// ---------------------------------------------------------------- 4. ReplayRace

ReplayRace::ReplayRace(Replay replay, const ReplayAssets& assets) : replay_(std::move(replay)) {
  cursors_.resize(replay_.humans.size());
  if (replay_.setup.kind == ReplayKind::Game) {
    game_ = make_game_race(replay_.setup, assets);
    return;
  }
  std::vector<int> humans;
  for (const ReplayStream& s : replay_.humans) humans.push_back(s.car);
  race_ = make_headless_race(replay_.setup, assets, humans);
  inputs_.resize(race_->car_count());
}

ReplayRace::~ReplayRace() = default;

const World& ReplayRace::world() const { return game_ ? game_->world() : race_->world(); }

const Race& ReplayRace::runner() const { return game_ ? game_->runner() : *race_; }

const PlayerInput& ReplayRace::next_input(std::size_t stream) {
  static const PlayerInput kNone{};
  const ReplayStream& s = replay_.humans[stream];
  Cursor& c = cursors_[stream];
  while (c.run < s.runs.size() && c.used >= s.runs[c.run].steps) {
    ++c.run;
    c.used = 0;
  }
  if (c.run >= s.runs.size()) return kNone;  // (decode_replay makes the runs cover every step)
  ++c.used;
  return s.runs[c.run].input;
}

void ReplayRace::step() {
  if (done()) return;
  if (game_) {
    game_->step(replay_.humans.empty() ? PlayerInput{} : next_input(0));
  } else {
    for (std::size_t k = 0; k < replay_.humans.size(); ++k) {
      const PlayerInput& in = next_input(k);
      DriverInput& d = inputs_[static_cast<std::size_t>(replay_.humans[k].car)];
      d.controls = in.controls;
      d.respawn = in.respawn;
    }
    race_->step(inputs_);
  }
  ++step_;
}

void ReplayRace::run() {
  while (!done()) step();
}

}  // namespace racer

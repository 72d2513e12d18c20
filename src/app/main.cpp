// racer: parse the command line, load the car (and the track), open the window, run the
// frame loop.
#include <cstdio>

#include "app/asset_path.h"
#include "app/game_app.h"
#include "app/headless.h"
#include "app/options.h"
#include "platform/window.h"
#include "track/track.h"
#include "vehicle/car_spec.h"

int main(int argc, char** argv) {
  using namespace racer;
  const ParsedOptions parsed = parse_options(argc, argv);
  switch (parsed.action) {
    case ParsedOptions::Action::Help:
      std::fputs(usage(argv[0]).c_str(), stdout);
      return 0;
    case ParsedOptions::Action::Error:
      std::fprintf(stderr, "%s: %s\n(see %s --help)\n", argv[0], parsed.message.c_str(), argv[0]);
      return 2;
    case ParsedOptions::Action::Run: break;
  }
  const Options& options = parsed.options;
  if (options.headless) return run_headless(options);  // before any window or video

  const Result<CarSpec> spec = load_car_spec(resolve_asset(options.car));
  if (!spec) {
    std::fprintf(stderr, "%s\n", spec.error_text().c_str());
    return 1;
  }
  std::shared_ptr<const Track> track;
  if (!options.track.empty()) {
    auto loaded = Track::load(resolve_asset(options.track));
    if (!loaded) {
      std::fprintf(stderr, "%s\n", loaded.error_text().c_str());
      return 1;
    }
    track = loaded.value();
  }

  WindowConfig window_config;
  window_config.title = "racer - " + (track ? track->spec().name + " - " : std::string()) + spec.value().name;
  window_config.width = options.width;
  window_config.height = options.height;
  window_config.fullscreen = options.fullscreen;
  window_config.vsync = !options.fixed_time();  // fixed-time runs go as fast as they can
  Window window(window_config);
  if (!window.ok()) {
    std::fprintf(stderr, "%s: %s\n", argv[0], window.error().c_str());
    return 1;
  }
  GameApp app(options, spec.value(), track, window);
  return app.run();
}

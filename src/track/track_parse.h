#pragma once
// parse_track: a track file's text parsed, built and validated exactly as Track::load does
// with the file's contents (the track editor validates the text it would save this way).
#include <memory>
#include <string>
#include <string_view>

#include "core/result.h"
#include "track/track.h"

namespace racer {

/// Problems come back as file_name:line:col errors, as Track::load reports them.
Result<std::shared_ptr<const Track>> parse_track(std::string_view text, const std::string& file_name);

}  // namespace racer

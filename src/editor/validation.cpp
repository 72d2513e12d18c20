// Validation: save the spec, load the text as Track::load does, and map each error's
// line:col back to the JSON pointer (and so the element) it was reported at.
#include "editor/validation.h"

#include <map>
#include <utility>

#include "core/json_doc.h"
#include "track/track_parse.h"

namespace racer::editor {
namespace {

using Positions = std::map<std::pair<int, int>, std::string>;

/// Records the position of every value and key of `v` under `pointer`; a deeper pointer
/// at the same position wins (it names the element more precisely).
void index_positions(const JsonDoc& doc, const nlohmann::json& v, const std::string& pointer, Positions& out) {
  const TextPosition p = doc.position(pointer);
  out[{p.line, p.column}] = pointer;
  if (const std::optional<TextPosition> k = doc.key_position(pointer)) out[{k->line, k->column}] = pointer;
  if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i) index_positions(doc, v[i], JsonDoc::child_pointer(pointer, i), out);
  } else if (v.is_object()) {
    for (const auto& item : v.items())
      index_positions(doc, item.value(), JsonDoc::child_pointer(pointer, item.key()), out);
  }
}

}  // namespace

Validation validate_track(const TrackSpec& spec, const std::string& file_name) {
  Validation out;
  const std::string text = save_track_spec(spec);
  Result<std::shared_ptr<const Track>> built = parse_track(text, file_name);
  if (built.ok()) {
    out.track = built.value();
    return out;
  }
  Positions positions;
  if (Result<JsonDoc> doc = JsonDoc::parse(text, file_name); doc.ok())
    index_positions(doc.value(), doc.value().root(), "", positions);
  for (const DataError& e : built.errors()) {
    Issue issue{e, "", {}};
    if (const auto it = positions.find({e.line, e.column}); it != positions.end()) issue.pointer = it->second;
    issue.element = element_of_pointer(issue.pointer);
    out.issues.push_back(std::move(issue));
  }
  return out;
}

}  // namespace racer::editor

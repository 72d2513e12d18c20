// Edit scripts: parse a step, apply it to the document.
#include "editor/script.h"

#include <charconv>
#include <optional>
#include <sstream>

namespace racer::editor {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

std::optional<double> number(std::string_view s) {
  double v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc{} || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<int> index(std::string_view s) {
  int v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc{} || r.ptr != s.data() + s.size() || v < 0) return std::nullopt;
  return v;
}

/// "point:4", "corner:1.2", "start".
std::optional<ElementRef> element(std::string_view s) {
  const std::size_t colon = s.find(':');
  const std::string_view kind = s.substr(0, colon);
  if (kind == "start") return ElementRef{ElementKind::Start, 0, 0};
  if (kind == "grid") return ElementRef{ElementKind::Grid, 0, 0};
  if (colon == std::string_view::npos) return std::nullopt;
  std::string_view rest = s.substr(colon + 1);
  const std::size_t dot = rest.find('.');
  const std::optional<int> i = index(rest.substr(0, dot));
  const std::optional<int> j = dot == std::string_view::npos ? std::optional<int>(0) : index(rest.substr(dot + 1));
  if (!i || !j) return std::nullopt;
  const struct { const char* name; ElementKind kind; } kinds[] = {
      {"point", ElementKind::CentrelinePoint}, {"zone", ElementKind::Zone},       {"corner", ElementKind::ZonePoint},
      {"obstacle", ElementKind::Obstacle},     {"barrier", ElementKind::Barrier}, {"branch", ElementKind::Branch},
      {"bpoint", ElementKind::BranchPoint},    {"kerb", ElementKind::KerbSpan},   {"scenery", ElementKind::SceneryObject}};
  for (const auto& k : kinds)
    if (kind == k.name) return ElementRef{k.kind, *i, *j};
  return std::nullopt;
}

/// Applies one step; "" when done, else what is wrong.
std::string run_step(Document& doc, std::string_view step) {
  std::istringstream in{std::string(step)};
  std::string verb, a, b;
  in >> verb >> a >> b;
  if (verb == "undo" && a.empty()) return doc.undo(), "";
  if (verb == "redo" && a.empty()) return doc.redo(), "";
  if ((verb == "select" || verb == "add") && !a.empty() && b.empty()) {
    const std::optional<ElementRef> e = element(a);
    if (!e || !element_exists(doc.spec(), *e)) return "no element '" + a + "' in the track";
    if (verb == "select") doc.select(*e);
    else if (!doc.selected(*e)) doc.toggle(*e);
    return "";
  }
  if (verb == "move" && !a.empty() && b.empty()) {
    const std::size_t comma = a.find(',');
    const std::optional<double> dx = number(std::string_view(a).substr(0, comma));
    const std::optional<double> dy = comma == std::string::npos ? std::nullopt : number(std::string_view(a).substr(comma + 1));
    if (!dx || !dy) return "move needs DX,DY in metres, got '" + a + "'";
    if (doc.selection().empty()) return "move needs a selection";
    const std::optional<std::string> error = doc.apply(MovePoints{doc.selection(), {*dx, *dy}, 0.0});
    return error.value_or("");
  }
  if (verb == "width" && !a.empty() && !b.empty()) {
    const std::optional<ElementRef> e = element(a);
    const std::optional<double> w = number(b);
    if (!e || !w) return "width needs point:I (or bpoint:I.J) and metres";
    return doc.apply(SetPointWidth{*e, *w}).value_or("");
  }
  return "cannot read the step (select, add, move, width, undo or redo)";
}

}  // namespace

std::vector<DataError> run_edit_script(Document& doc, std::string_view script) {
  int n = 0;
  while (!script.empty()) {
    const std::size_t semi = script.find(';');
    const std::string_view step = trim(script.substr(0, semi));
    script = semi == std::string_view::npos ? std::string_view{} : script.substr(semi + 1);
    ++n;
    if (step.empty()) continue;
    if (std::string error = run_step(doc, step); !error.empty())
      return {DataError{"--edit-script", 0, 0, "step " + std::to_string(n) + " (" + std::string(step) + "): " + error}};
  }
  return {};
}

}  // namespace racer::editor

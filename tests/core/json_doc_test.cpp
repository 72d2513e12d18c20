// JsonDoc: positions of values and keys, and every way a data file can be bad.
#include "core/json_doc.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "game/temp_dir.h"

namespace racer {
namespace {

/// The errors of a parse that must fail, one per line.
std::string parse_errors(std::string_view text, JsonLimits limits = {}) {
  const Result<JsonDoc> doc = JsonDoc::parse(text, "car.json", limits);
  EXPECT_FALSE(doc.ok()) << "parse unexpectedly succeeded";
  return doc.error_text();
}

std::string at(const JsonDoc& doc, std::string_view pointer) {
  const TextPosition p = doc.position(pointer);
  return std::to_string(p.line) + ":" + std::to_string(p.column);
}

std::string key_at(const JsonDoc& doc, std::string_view pointer) {
  const auto p = doc.key_position(pointer);
  return p ? std::to_string(p->line) + ":" + std::to_string(p->column) : "none";
}

TEST(DataError, FormatsWithAndWithoutPosition) {
  EXPECT_EQ((DataError{"a.json", 3, 7, "bad"}).to_string(), "a.json:3:7: bad");
  EXPECT_EQ((DataError{"a.json", 0, 0, "bad"}).to_string(), "a.json: bad");
  EXPECT_EQ((DataError{"", 0, 0, "bad"}).to_string(), "bad");
}

TEST(Result, HoldsValueOrAllErrors) {
  const Result<int> good = 5;
  EXPECT_TRUE(good.ok());
  EXPECT_TRUE(static_cast<bool>(good));
  EXPECT_EQ(good.value(), 5);
  EXPECT_TRUE(good.errors().empty());
  EXPECT_EQ(good.error_text(), "");

  const Result<int> bad = std::vector<DataError>{{"a.json", 1, 2, "one"}, {"a.json", 0, 0, "two"}};
  EXPECT_FALSE(bad.ok());
  EXPECT_FALSE(static_cast<bool>(bad));
  EXPECT_EQ(bad.errors().size(), 2u);
  EXPECT_EQ(bad.error_text(), "a.json:1:2: one\na.json: two");
}

TEST(JsonDoc, RecordsPositionsOfValuesAndKeys) {
  const char* text =
      "{\n"
      "  \"name\": \"kart\",\n"
      "  \"body\": {\"width\": 1.5, \"len\": [1, 2]},\n"
      "  \"x/y~\": 3\n"
      "}\n";
  const Result<JsonDoc> doc = JsonDoc::parse(text, "car.json");
  ASSERT_TRUE(doc.ok()) << doc.error_text();
  const JsonDoc& d = doc.value();
  EXPECT_EQ(d.root()["body"]["width"].get<double>(), 1.5);
  EXPECT_EQ(d.file_name(), "car.json");
  EXPECT_EQ(at(d, ""), "1:1");
  EXPECT_EQ(key_at(d, "/name"), "2:3");
  EXPECT_EQ(at(d, "/name"), "2:11");
  EXPECT_EQ(at(d, "/body"), "3:11");
  EXPECT_EQ(key_at(d, "/body/width"), "3:12");
  EXPECT_EQ(at(d, "/body/width"), "3:21");
  EXPECT_EQ(at(d, "/body/len"), "3:33");
  EXPECT_EQ(at(d, "/body/len/0"), "3:34");
  EXPECT_EQ(at(d, "/body/len/1"), "3:37");
  EXPECT_EQ(key_at(d, "/body/len/1"), "none");  // array elements have no key
  EXPECT_EQ(key_at(d, "/x~1y~0"), "4:3");        // JSON pointer escapes
  EXPECT_EQ(at(d, "/x~1y~0"), "4:11");
  // Unknown pointers fall back to the nearest ancestor that exists.
  EXPECT_EQ(at(d, "/body/missing/deeper"), "3:11");
  EXPECT_EQ(d.error_at("/body/width", "too wide").to_string(), "car.json:3:21: too wide");
  EXPECT_EQ(d.error_at_key("/body/width", "odd key").to_string(), "car.json:3:12: odd key");
}

TEST(JsonDoc, ColumnsCountCharactersAndKeysAreUnescaped) {
  // "é" is two bytes but one column; a BOM takes no column.
  const Result<JsonDoc> doc =
      JsonDoc::parse("\xEF\xBB\xBF{\"\xC3\xA9\": 1, \"a\\\"b\": 2, \"\\u00e9\\n\": [true]}", "x.json");
  ASSERT_TRUE(doc.ok()) << doc.error_text();
  EXPECT_EQ(at(doc.value(), ""), "1:1");
  EXPECT_EQ(at(doc.value(), "/\xC3\xA9"), "1:7");
  EXPECT_EQ(key_at(doc.value(), "/a\"b"), "1:10");
  EXPECT_EQ(at(doc.value(), "/\xC3\xA9\n"), "1:33");
  EXPECT_EQ(at(doc.value(), "/\xC3\xA9\n/0"), "1:34");
}

TEST(JsonDoc, SyntaxErrorMidFilePointsAtTheToken) {
  const char* text =
      "{\n"
      "  \"a\": 1\n"
      "  \"b\": 2\n"
      "}\n";
  EXPECT_EQ(parse_errors(text), "car.json:3:3: unexpected string literal; expected ',' or '}'");
  EXPECT_EQ(parse_errors("[1, 2 3]"), "car.json:1:7: unexpected number literal; expected ',' or ']'");
  EXPECT_EQ(parse_errors("{\"a\": 1,}"), "car.json:1:9: unexpected '}'; expected string literal");
  EXPECT_EQ(parse_errors("{\"a\" 1}"), "car.json:1:6: unexpected number literal; expected ':'");
  EXPECT_EQ(parse_errors("{\n  \"a\": tru\n}"), "car.json:2:8: invalid literal 'tru'");
  EXPECT_EQ(parse_errors("{} x"), "car.json:1:4: invalid literal 'x'; expected end of input");
  EXPECT_EQ(parse_errors("{\"a\": \"x\ny\"}"),
            "car.json:1:9: invalid string: control character U+000A (LF) must be escaped to "
            "\\u000A or \\n");
}

TEST(JsonDoc, TruncatedAndEmptyInput) {
  EXPECT_EQ(parse_errors("{\n  \"a\": [1, 2"),
            "car.json:2:13: unexpected end of input; expected ',' or ']'");
  EXPECT_EQ(parse_errors("{\"a\": \"unterminated"),
            "car.json:1:20: invalid string: missing closing quote");
  // Located at the end of the text, where a value was expected.
  EXPECT_EQ(parse_errors(""), "car.json:1:1: file is empty (expected a JSON value)");
  EXPECT_EQ(parse_errors(" \n\t "), "car.json:2:3: file is empty (expected a JSON value)");
}

TEST(JsonDoc, RejectsDeepNestingWithoutRecursing) {
  EXPECT_EQ(parse_errors(std::string(10000, '[')), "car.json:1:65: nesting is deeper than 64 levels");
  std::string objects;
  for (int i = 0; i < 100000; ++i) objects += "{\"a\":";
  EXPECT_EQ(parse_errors(objects), "car.json:1:321: nesting is deeper than 64 levels");
  // Exactly the limit is fine, and brackets inside strings do not count.
  EXPECT_TRUE(JsonDoc::parse(std::string(64, '[') + std::string(64, ']'), "x.json").ok());
  EXPECT_TRUE(JsonDoc::parse("[\"" + std::string(1000, '[') + "\"]", "x.json").ok());
  JsonLimits shallow;
  shallow.max_depth = 2;
  EXPECT_EQ(parse_errors("[[[1]]]", shallow), "car.json:1:3: nesting is deeper than 2 levels");
}

TEST(JsonDoc, RejectsNumbersThatOverflow) {
  EXPECT_EQ(parse_errors("{\n  \"mass\": 1e999\n}"),
            "car.json:2:11: number 1e999 is too large (it overflows to infinity)");
  EXPECT_EQ(parse_errors("[1, -2.5e400]"),
            "car.json:1:5: number -2.5e400 is too large (it overflows to infinity)");
  EXPECT_EQ(parse_errors("[" + std::string(400, '9') + "]"),
            "car.json:1:2: number " + std::string(40, '9') +
                "... is too large (it overflows to infinity)");
  // Found by fuzz_records: bytes after an overflowing number that are not a delimiter (here
  // NULs and "false", where nlohmann had stopped) were read as the number's exponent, an
  // undefined signed overflow; the message quoted them. Only the number counts.
  EXPECT_EQ(parse_errors("{\"rounds\":\n " + std::string(400, '3') + std::string(3, '\0') +
                         "false" + std::string(40, '9') + "}"),
            "car.json:2:2: number " + std::string(40, '3') +
                "... is too large (it overflows to infinity)");
  EXPECT_EQ(parse_errors("[1e999e-99999999999999999999999]"),
            "car.json:1:2: number 1e999 is too large (it overflows to infinity)");
  // Underflow is not an error: the value is simply 0 (or a denormal).
  const Result<JsonDoc> tiny = JsonDoc::parse("[1e-999, 0.0000e999]", "x.json");
  ASSERT_TRUE(tiny.ok()) << tiny.error_text();
  EXPECT_EQ(tiny.value().root()[0].get<double>(), 0.0);
}

TEST(JsonDoc, RejectsInvalidUtf8) {
  EXPECT_EQ(parse_errors("{\"name\": \"caf\xE9\"}"),
            "car.json:1:14: invalid UTF-8 byte 0xE9 (the file must be UTF-8 text)");
  EXPECT_EQ(parse_errors("{\n\"\xC3\xA9\": \"\xC0\x80\"}"),  // overlong NUL after a valid é
            "car.json:2:7: invalid UTF-8 byte 0xC0 (the file must be UTF-8 text)");
  EXPECT_EQ(parse_errors("[\"\xED\xA0\x80\"]"),  // UTF-16 surrogate
            "car.json:1:3: invalid UTF-8 byte 0xED (the file must be UTF-8 text)");
  EXPECT_EQ(parse_errors("[\"\xE2\x82"),  // sequence cut by the end of the file
            "car.json:1:3: invalid UTF-8 byte 0xE2 (the file must be UTF-8 text)");
  EXPECT_EQ(parse_errors("\xFF"), "car.json:1:1: invalid UTF-8 byte 0xFF (the file must be UTF-8 text)");
}

TEST(JsonDoc, ReportsDuplicateKeys) {
  EXPECT_EQ(parse_errors("{\"a\": 1,\n \"b\": {\"c\": 1, \"c\": 2}, \"a\": 3}"),
            "car.json:2:16: duplicate key \"c\"\ncar.json:2:25: duplicate key \"a\"");
}

TEST(JsonDoc, RejectsOversizedText) {
  JsonLimits small;
  small.max_bytes = 16;
  EXPECT_TRUE(JsonDoc::parse("[1,2,3,4,5,6,7]", "x.json", small).ok());  // 15 bytes
  EXPECT_EQ(parse_errors("[1,2,3,4,5,6,7,8]", small),
            "car.json:1:17: file is too large: 17 bytes (the limit is 16; the first byte past "
            "it is here)");
  const std::string big = "[" + std::string((std::size_t{4} << 20), ' ') + "]";
  EXPECT_EQ(parse_errors(big), "car.json:1:4194305: file is too large: 4194306 bytes (the limit "
                               "is 4194304; the first byte past it is here)");
}

/// Every object member of `value` (at `pointer`) has a recorded key position.
void expect_all_keys_located(const JsonDoc& doc, const nlohmann::json& value,
                             const std::string& pointer) {
  if (value.is_object()) {
    for (const auto& [key, child] : value.items()) {
      const std::string p = JsonDoc::child_pointer(pointer, key);
      EXPECT_TRUE(doc.key_position(p).has_value()) << p;
      expect_all_keys_located(doc, child, p);
    }
  } else if (value.is_array()) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      expect_all_keys_located(doc, value[i], JsonDoc::child_pointer(pointer, i));
    }
  }
}

TEST(JsonDoc, SurvivesEveryTruncationAndByteChange) {
  // Not a proof, but every prefix and every single-byte change of a realistic file must
  // give a document or positioned errors, never a crash; accepted ones are fully located.
  const std::string good =
      "{\"format\": 1, \"name\": \"k\\u00e9rt \\\"x\\\"\", \"a/b~\": [1.5e3, -0, true, null],\n"
      " \"body\": {\"w\": [[1], {\"\": {}}], \"\xC3\xA9\": \"\xE2\x82\xAC\"}}";
  const char replacements[] = {'{', '}', '[', ']', '"', ',', ':', '\\', '0', 'e', ' ', '\xFF'};
  auto check = [](const std::string& text) {
    const Result<JsonDoc> doc = JsonDoc::parse(text, "f.json");
    if (doc.ok()) {
      expect_all_keys_located(doc.value(), doc.value().root(), "");
    } else {
      for (const DataError& e : doc.errors()) {
        EXPECT_EQ(e.file, "f.json");
        EXPECT_FALSE(e.message.empty());
      }
    }
  };
  check(good);
  ASSERT_TRUE(JsonDoc::parse(good, "f.json").ok());
  for (std::size_t n = 0; n < good.size(); ++n) check(good.substr(0, n));
  for (std::size_t i = 0; i < good.size(); ++i) {
    for (const char c : replacements) {
      std::string text = good;
      text[i] = c;
      check(text);
    }
  }
}

// Each test in a directory of its own (test::TempDir): ctest runs these in parallel, and one
// shared directory removed by one test's TearDown took the file from under another.
class JsonDocFile : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  test::TempDir temp_;
  const std::filesystem::path& dir_ = temp_.path();
};

TEST_F(JsonDocFile, LoadsARealFile) {
  const std::string path = write("kart.json", "{\n  \"format\": 1,\n  \"mass_kg\": 80\n}\n");
  const Result<JsonDoc> doc = JsonDoc::load_file(path);
  ASSERT_TRUE(doc.ok()) << doc.error_text();
  EXPECT_EQ(doc.value().file_name(), path);
  EXPECT_EQ(doc.value().root()["mass_kg"].get<int>(), 80);
  EXPECT_EQ(at(doc.value(), "/mass_kg"), "3:14");
}

TEST_F(JsonDocFile, ErrorsInAFileNameTheFile) {
  const std::string path = write("bad.json", "{\n  \"mass_kg\": 80,\n}\n");
  EXPECT_EQ(JsonDoc::load_file(path).error_text(),
            path + ":3:1: unexpected '}'; expected string literal");
}

TEST_F(JsonDocFile, MissingDirectoryAndOversizedFiles) {
  const std::string missing = (dir_ / "nope.json").string();
  EXPECT_EQ(JsonDoc::load_file(missing).error_text(),
            missing + ": cannot read the file (No such file or directory)");
  EXPECT_EQ(JsonDoc::load_file(dir_.string()).error_text(),
            dir_.string() + ": cannot read the file (it is a directory)");
  JsonLimits small;
  small.max_bytes = 8;
  const std::string big = write("big.json", "[1, 2, 3, 4]");
  EXPECT_EQ(JsonDoc::load_file(big, small).error_text(),
            big + ":1:9: file is too large: 12 bytes (the limit is 8; the first byte past it is "
                  "here)");
}

}  // namespace
}  // namespace racer

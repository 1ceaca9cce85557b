#pragma once
// Internal: strict reading of one JSON object's fields. Failures throw read_failure, which the
// public parse_* functions catch and turn into a parse_error; nothing escapes the API.
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "loyang/engine/data.hpp"

namespace loyang::protocol::detail {

using nlohmann::json;

/// Thrown inside the parsers only; `message` names the problem.
struct read_failure {
  std::string message;
};

[[noreturn]] void fail(std::string message);

/// Conversions of one JSON value; `what` names it in messages ("field 'crop' of sow").
engine::veg read_veg(const json& j, std::string_view what);
engine::card_id read_card(const json& j, std::string_view what);
engine::field_id read_field(const json& j, std::string_view what);
long long read_int(const json& j, std::string_view what, long long lo, long long hi);

/// Reads the fields of one object. Every field must be read (or be absent when optional) before
/// finish(), which rejects unknown fields so that a misspelt optional field is not ignored.
class object_reader {
 public:
  /// Needs `j` to be an object, else fails. `what` names the object in messages.
  object_reader(const json& j, std::string what);

  /// The field's value; fails when it is missing.
  const json& required(std::string_view key);
  /// The field's value, or nullptr when it is missing or null.
  const json* optional(std::string_view key);

  engine::veg veg(std::string_view key) { return read_veg(required(key), where(key)); }
  engine::card_id card(std::string_view key) { return read_card(required(key), where(key)); }
  engine::field_id field(std::string_view key) { return read_field(required(key), where(key)); }
  engine::player_id player(std::string_view key);
  bool boolean(std::string_view key);
  int integer(std::string_view key, int lo, int hi);
  /// A card, or no_card when the field is null or absent.
  engine::card_id card_or_none(std::string_view key);
  std::optional<engine::veg> veg_or_none(std::string_view key);
  /// Needs an array.
  const json& array(std::string_view key);

  /// Fails when the object has a field nobody asked for.
  void finish() const;

  /// "field 'key' of <what>".
  std::string where(std::string_view key) const;

 private:
  const json& j_;
  std::string what_;
  std::set<std::string, std::less<>> seen_;
};

}  // namespace loyang::protocol::detail

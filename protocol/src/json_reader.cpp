// Strict field-by-field reading of client JSON.
#include "json_reader.hpp"

#include "json_names.hpp"

namespace loyang::protocol::detail {

void fail(std::string message) { throw read_failure{std::move(message)}; }

namespace {

std::string type_name(const json& j) { return j.type_name(); }

const std::string& need_string(const json& j, std::string_view what, std::string_view expected) {
  if (!j.is_string())
    fail(std::string(what) + " must be " + std::string(expected) + ", not " + type_name(j));
  return j.get_ref<const std::string&>();
}

}  // namespace

engine::veg read_veg(const json& j, std::string_view what) {
  const auto& name = need_string(j, what, "a vegetable name");
  if (auto v = veg_by_name(name)) return *v;
  fail(std::string(what) + ": unknown vegetable '" + name + "'");
}

engine::card_id read_card(const json& j, std::string_view what) {
  const auto& name = need_string(j, what, "a card id");
  if (auto c = engine::card_by_name(name)) return *c;
  fail(std::string(what) + ": unknown card '" + name + "'");
}

engine::field_id read_field(const json& j, std::string_view what) {
  const auto& name = need_string(j, what, "a field name");
  if (auto f = engine::field_by_name(name)) return *f;
  fail(std::string(what) + ": unknown field '" + name + "'");
}

long long read_int(const json& j, std::string_view what, long long lo, long long hi) {
  if (!j.is_number_integer()) fail(std::string(what) + " must be an integer, not " + type_name(j));
  // Unsigned values above the signed range are out of range anyway.
  if (j.is_number_unsigned() && j.get<unsigned long long>() > static_cast<unsigned long long>(hi))
    fail(std::string(what) + " is out of range");
  const auto v = j.get<long long>();
  if (v < lo || v > hi)
    fail(std::string(what) + " must be between " + std::to_string(lo) + " and " + std::to_string(hi));
  return v;
}

object_reader::object_reader(const json& j, std::string what) : j_(j), what_(std::move(what)) {
  if (!j_.is_object()) fail(what_ + " must be a JSON object, not " + type_name(j_));
}

std::string object_reader::where(std::string_view key) const {
  return "field '" + std::string(key) + "' of " + what_;
}

const json& object_reader::required(std::string_view key) {
  const json* v = optional(key);
  if (v == nullptr) {
    if (j_.contains(key)) fail(where(key) + " must not be null");
    fail(what_ + " needs the field '" + std::string(key) + "'");
  }
  return *v;
}

const json* object_reader::optional(std::string_view key) {
  seen_.emplace(key);
  const auto it = j_.find(key);
  if (it == j_.end() || it->is_null()) return nullptr;
  return &*it;
}

engine::player_id object_reader::player(std::string_view key) {
  return static_cast<engine::player_id>(read_int(required(key), where(key), 0, 127));
}

bool object_reader::boolean(std::string_view key) {
  const json& v = required(key);
  if (!v.is_boolean()) fail(where(key) + " must be true or false, not " + type_name(v));
  return v.get<bool>();
}

int object_reader::integer(std::string_view key, int lo, int hi) {
  return static_cast<int>(read_int(required(key), where(key), lo, hi));
}

engine::card_id object_reader::card_or_none(std::string_view key) {
  const json* v = optional(key);
  return v ? read_card(*v, where(key)) : engine::no_card;
}

std::optional<engine::veg> object_reader::veg_or_none(std::string_view key) {
  const json* v = optional(key);
  if (!v) return std::nullopt;
  return read_veg(*v, where(key));
}

const json& object_reader::array(std::string_view key) {
  const json& v = required(key);
  if (!v.is_array()) fail(where(key) + " must be a list, not " + type_name(v));
  return v;
}

void object_reader::finish() const {
  for (const auto& [key, value] : j_.items())
    if (!seen_.contains(key)) fail(what_ + " has an unknown field '" + key + "'");
}

}  // namespace loyang::protocol::detail

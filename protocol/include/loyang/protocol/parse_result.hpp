#pragma once
/// The result of turning client JSON into engine values: the value, or a parse_error with a
/// stable machine code and a sentence naming the problem. Parsing never throws.
#include <optional>
#include <string>
#include <utility>

namespace loyang::protocol {

/// Why a JSON document could not be read. `code` is stable ("bad_command", "bad_options",
/// "bad_setup", "bad_patch"); `message` names the offending field or value for a human.
struct parse_error {
  std::string code;
  std::string message;
  bool operator==(const parse_error&) const = default;
};

/// Either a T or the parse_error explaining why there is none.
template <class T>
class parsed {
 public:
  parsed(T value) : value_(std::move(value)) {}  // NOLINT: implicit on purpose
  parsed(parse_error error) : error_(std::move(error)) {}  // NOLINT: implicit on purpose

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  /// The value; needs ok().
  const T& value() const { return *value_; }
  T& value() { return *value_; }
  /// The error; meaningful only when !ok().
  const parse_error& error() const { return error_; }

 private:
  std::optional<T> value_;
  parse_error error_;
};

}  // namespace loyang::protocol

#pragma once
// The part of a seat's view a load bot acts on: the game's phase, who must act and the legal
// commands, kept current from the server's patch operations without a JSON tree of the rest.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace loyang::load {

class bot_view {
 public:
  /// Takes phase, `to_act` and `legal` from a snapshot's whole view. Throws a nlohmann
  /// exception if the view lacks them or they have the wrong types.
  void reset(const nlohmann::json& view);

  /// Whether a patch operation at `path` (the raw text between its quotes) touches this part.
  static bool keeps(std::string_view path);

  /// Applies one RFC 6902 operation (`op` is its name, `path` and `value` the raw texts of its
  /// members, `value` empty for "remove") to a kept path. Throws std::invalid_argument or a
  /// nlohmann exception for what does not apply (bad index, unsupported operation, wrong
  /// type); the view may then be partly changed and must be reset from a snapshot.
  void apply(std::string_view op, std::string_view path, std::string_view value);

  /// A legal command: its JSON object's text as it came (what the bot sends back), and whether
  /// it is an `undo` (the bots never undo).
  struct command {
    std::string text;
    bool undo = false;
  };
  /// The command whose JSON object is `text`. Throws scan::bad_json if it is not an object.
  static command make_command(std::string_view text);

  bool finished() const { return phase_ == "finished"; }
  bool must_act(int seat) const;
  const std::vector<int>& to_act() const { return to_act_; }
  const std::vector<command>& legal() const { return legal_; }

 private:
  std::string phase_;
  std::vector<int> to_act_;
  std::vector<command> legal_;
};

}  // namespace loyang::load

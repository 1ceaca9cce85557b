#pragma once
/// The full engine state as bytes: secrets, the generator and the undo history included, so
/// that decode(encode(s)) == s. Used for the server's snapshots and by state_hash (game.hpp),
/// which hashes exactly these bytes.
///
/// Format: the magic "LYS", one format-version byte, then every field of the state in the
/// order of state.hpp. Integers are fixed-width little-endian, enums and bools one byte,
/// lists a 16-bit count (the undo log a 32-bit count) then the elements, the undo base a
/// presence byte then a nested state without header, and a command its variant index then
/// its parameters in a fixed order. Platform-independent; standard library only.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "loyang/engine/state.hpp"

namespace loyang::engine {

/// The version byte encode() writes for an edition-1 game. Bump it whenever the layout changes;
/// decode() accepts only this version and the two below (stored snapshots of another version are then refused, and the game is
/// rebuilt or refused by its loader).
inline constexpr std::uint8_t serialize_format_version = 1;
/// The version byte of a scripted game's state (state::reshuffles set, here or in its undo
/// base): format 1 plus, at the end of each state, its fixed reshuffles. encode() writes it
/// only then, so a game without them encodes and hashes as it always did; decode() reads both.
inline constexpr std::uint8_t serialize_format_scripted = 2;
/// The version byte of a state whose options::edition is not first_edition: format 2 plus the
/// edition (one byte after `introductory`). Formats 1 and 2 hold edition-1 states only, so the
/// games stored before editions existed keep their bytes and hashes.
inline constexpr std::uint8_t serialize_format_edition = 3;

/// The state as bytes. Never throws except std::bad_alloc.
std::string encode(const state& s);

/// 64-bit FNV-1a of an encoding: state_hash(s) == encoding_hash(encode(s)).
std::uint64_t encoding_hash(std::string_view encoded);

/// The state `bytes` encodes, or nullopt when they are not an encoding of this format
/// version: wrong magic or version, truncated, trailing bytes, an out-of-range enum or bool,
/// a list longer than its capacity. Never throws except std::bad_alloc.
std::optional<state> decode(std::string_view bytes);

/// encode(c) for one command alone (its variant index and parameters).
std::string encode(const command& c);
/// The command `bytes` encodes, or nullopt.
std::optional<command> decode_command(std::string_view bytes);

}  // namespace loyang::engine

#pragma once
/// The versioned schema. The file's `PRAGMA user_version` is the number of migrations it
/// has had; opening a database applies the missing ones in order, all in one transaction
/// together with the user_version bump, so a crash leaves the file at its old version. Migrations are append-only: a released one is never edited.
///
/// Version 1 — conventions: times are Unix seconds (UTC), as the server's records carry them,
/// in INTEGER columns; 64-bit unsigned values (seeds, hashes) are stored as their
/// two's-complement bit pattern in a signed INTEGER; JSON is stored as TEXT.
///
///   accounts(id, name unique, password_hash, created_at)
///   tokens(token_hash primary key, account_id, created_at, revoked)
///   games(id, options JSON, seed, status open|active|finished|cancelled, creator,
///         invited JSON list of names, engine_version, created_at, updated_at,
///         version = number of commands applied, to_act JSON list of seats, waiting_since,
///         result JSON or NULL, state_hash = engine::state_hash after `version` commands
///         or NULL before the first)
///   seats(game_id, seat, account_id or NULL, bot)        primary key (game_id, seat)
///   commands(game_id, version, player, command JSON, created_at)
///                                                        primary key (game_id, version)
///   snapshots(game_id, version, state BLOB = engine::encode, state_hash)
///                                                        primary key (game_id, version)
///
/// Versions 2-7 add token idle times, folded unique names, watch policies, last_seen, clocks,
/// seat departures, notification settings, the outbox and vacations (migrations.cpp says
/// which). Version 8 (community) adds accounts.operator, banned_at, banned_by, ban_reason,
/// games.extra (JSON or NULL), and the tables relations, chat_messages, notes, reports,
/// moderation_log and server_secrets (with the 'daily' secret, 64 random hex digits made by
/// the migration itself).
#include <filesystem>
#include <span>
#include <string_view>

namespace loyang::persistence {

class database;

/// The SQL of each migration; migration i (from 1) is element i-1.
std::span<const std::string_view> migrations();

/// The schema version this program writes: the number of migrations.
int latest_schema_version();

/// Throws persistence::error when a database's schema version `found` is newer than `latest`
/// (written by a newer program: "run a newer loyang-server") or negative. Both stores use it.
void check_schema_version(int found, int latest);

/// Applies the migrations `db` has not had. A database that has data (a version from 1) is first
/// copied beside its file as it is, `loyang.db.pre-vN` (N its version), with SQLite's backup
/// API: the way back to the previous release (README.md, "Upgrading and going back"). Returns
/// that copy's path, or an empty one when nothing was migrated or the file was new. Throws
/// persistence::error when the file's version is newer than latest_schema_version() (written
/// by a newer program) or negative, or when the copy cannot be written (then nothing is
/// migrated).
std::filesystem::path migrate(database& db);

}  // namespace loyang::persistence

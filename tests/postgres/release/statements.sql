-- The statements the PostgreSQL store prepares, as of the release that wrote this file: the
-- next release checks that they all prepare on its schema (tests/postgres/pg_release_test.cpp).
-- Written by pg_store_tests "[.write-release-snapshot]" at a release; not edited by hand.
-- This one holds the statements of 1c35c51, the last release before the compatibility version
-- (loyang_schema.compatible_from), printed the same way from that tree.
-- schema 5
-- statement writer.upsert_account
INSERT INTO accounts(id, name, password_hash, created_at, operator, banned_at, banned_by, ban_reason) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT(id) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash, operator = excluded.operator, banned_at = excluded.banned_at, banned_by = excluded.banned_by, ban_reason = excluded.ban_reason
-- statement writer.upsert_token
INSERT INTO tokens(token_hash, account_id, created_at, last_used_at, revoked) VALUES ($1, $2, $3, $3, 0) ON CONFLICT(token_hash) DO UPDATE SET account_id = excluded.account_id, created_at = excluded.created_at, last_used_at = excluded.last_used_at, revoked = 0
-- statement writer.revoke_token
UPDATE tokens SET revoked = 1 WHERE token_hash = $1
-- statement writer.touch_token
UPDATE tokens SET last_used_at = greatest(last_used_at, $2) WHERE token_hash = $1
-- statement writer.set_password
WITH changed AS (UPDATE accounts SET password_hash = $2 WHERE id = $1 RETURNING id) SELECT loyang_require(count(*) = 1, 'no account ' || $1) FROM changed
-- statement writer.revoke_others
UPDATE tokens SET revoked = 1 WHERE account_id = $1 AND token_hash <> $2
-- statement writer.revoke_all_tokens
UPDATE tokens SET revoked = 1 WHERE account_id = $1
-- statement writer.upsert_game
WITH up AS (INSERT INTO games(id, options, seed, status, creator, invited, engine_version, created_at, updated_at, version, to_act, waiting_since, result, watch, clock, extra, revision, round) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) ON CONFLICT(id) DO UPDATE SET options = CASE WHEN games.version = 0 THEN excluded.options ELSE games.options END, seed = CASE WHEN games.version = 0 THEN excluded.seed ELSE games.seed END, status = excluded.status, creator = excluded.creator, invited = excluded.invited, updated_at = excluded.updated_at, to_act = excluded.to_act, waiting_since = excluded.waiting_since, result = excluded.result, watch = excluded.watch, clock = excluded.clock, extra = excluded.extra, revision = excluded.revision, round = excluded.round WHERE games.version = excluded.version AND games.revision = excluded.revision - 1 RETURNING id) SELECT loyang_require(count(*) = 1, 'game ' || $1 || ' is not stored at version ' || $10 || ' and revision ' || ($17 - 1) || ': another node changed it') FROM up
-- statement writer.daily_lock
SELECT pg_advisory_xact_lock(734627341, hashtext($1::text || ' ' || ($2::jsonb ->> 'daily')))
-- statement writer.daily_once
SELECT loyang_require(NOT EXISTS (SELECT 1 FROM games WHERE creator = $1 AND id <> $3 AND extra LIKE '%"daily"%' AND extra::jsonb ->> 'daily' = $2::jsonb ->> 'daily'), 'daily_played: account ' || $1 || ' has started the daily challenge of ' || ($2::jsonb ->> 'daily'))
-- statement writer.upsert_seat
INSERT INTO seats(game_id, seat, account_id, bot, gone, gone_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT(game_id, seat) DO UPDATE SET account_id = excluded.account_id, bot = excluded.bot, gone = excluded.gone, gone_at = excluded.gone_at
-- statement writer.delete_extra_seats
DELETE FROM seats WHERE game_id = $1 AND seat >= $2
-- statement writer.append_command
WITH advanced AS ( UPDATE games SET version = $1, status = $2, updated_at = $3, to_act = $4, waiting_since = $5, result = $6, state_hash = $7, clock = $10, revision = revision + 1, round = $14 WHERE id = $8 AND version = $9 RETURNING id), stored AS ( INSERT INTO commands(game_id, version, player, command, created_at) SELECT id, $1, $11, $12, $13 FROM advanced RETURNING game_id), seen AS ( INSERT INTO last_seen(game_id, seat, version) SELECT game_id, $11, $1 FROM stored ON CONFLICT(game_id, seat) DO UPDATE SET version = greatest(last_seen.version, excluded.version)) SELECT loyang_require(count(*) = 1, 'game ' || $8 || ' is not stored at version ' || $9 || ': command ' || $1 || ' refused') FROM stored
-- statement writer.upsert_snapshot
INSERT INTO snapshots(game_id, version, state, state_hash) VALUES ($1, $2, $3, $4) ON CONFLICT(game_id, version) DO UPDATE SET state = excluded.state, state_hash = excluded.state_hash
-- statement writer.prune_snapshots
DELETE FROM snapshots WHERE game_id = $1 AND version < $2
-- statement writer.upsert_seen
INSERT INTO last_seen(game_id, seat, version) VALUES ($1, $2, $3) ON CONFLICT(game_id, seat) DO UPDATE SET version = greatest(last_seen.version, excluded.version)
-- statement writer.upsert_vacation
INSERT INTO vacations(account_id, starts_at, ends_at) VALUES ($1, $2, $3) ON CONFLICT(account_id, starts_at) DO UPDATE SET ends_at = excluded.ends_at
-- statement writer.upsert_notify
INSERT INTO notify_settings(account_id, settings) VALUES ($1, $2) ON CONFLICT(account_id) DO UPDATE SET settings = excluded.settings
-- statement writer.insert_note
INSERT INTO outbox(account_id, channel, dedupe, body, created_at, next_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT(dedupe) DO NOTHING
-- statement writer.settle_sent
UPDATE outbox SET state = 'sent', attempts = attempts + 1, settled_at = $2, last_error = NULL WHERE id = $1
-- statement writer.settle_retry
UPDATE outbox SET attempts = attempts + 1, next_at = $2, last_error = $3 WHERE id = $1
-- statement writer.settle_deferred
UPDATE outbox SET next_at = $2 WHERE id = $1
-- statement writer.settle_dropped
UPDATE outbox SET state = 'dropped', settled_at = $2, last_error = $3 WHERE id = $1
-- statement writer.settle_failed
UPDATE outbox SET state = 'failed', attempts = attempts + 1, settled_at = $2, last_error = $3 WHERE id = $1
-- statement writer.upsert_relation
INSERT INTO relations(account_id, other_id, kind, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT(account_id, other_id, kind) DO UPDATE SET created_at = excluded.created_at
-- statement writer.delete_relation
DELETE FROM relations WHERE account_id = $1 AND other_id = $2 AND kind = $3
-- statement writer.insert_chat
INSERT INTO chat_messages(id, game_id, account_id, text, created_at, deleted_by, deleted_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
-- statement writer.mark_chat_deleted
WITH marked AS (UPDATE chat_messages SET deleted_by = $2, deleted_at = $3 WHERE id = $1 RETURNING id) SELECT loyang_require(count(*) = 1, 'no chat message ' || $1) FROM marked
-- statement writer.upsert_game_note
INSERT INTO notes(game_id, account_id, text, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT(game_id, account_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at
-- statement writer.delete_game_note
DELETE FROM notes WHERE game_id = $1 AND account_id = $2
-- statement writer.upsert_report
INSERT INTO reports(id, reporter, account_id, game_id, message_id, reason, created_at, closed_by, closed_at, outcome) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT(id) DO UPDATE SET reporter = excluded.reporter, account_id = excluded.account_id, game_id = excluded.game_id, message_id = excluded.message_id, reason = excluded.reason, created_at = excluded.created_at, closed_by = excluded.closed_by, closed_at = excluded.closed_at, outcome = excluded.outcome
-- statement writer.notify
SELECT pg_notify('loyang', $1)
-- statement writer.notify_token_owner
SELECT pg_notify('loyang', $1 || ' a ' || account_id) FROM tokens WHERE token_hash = $2
-- statement writer.notify_chat_deleted
SELECT pg_notify('loyang', $1 || ' d ' || game_id || ' ' || id) FROM chat_messages WHERE id = $2
-- statement writer.insert_moderation
INSERT INTO moderation_log(id, moderator, action, account_id, game_id, message_id, report_id, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
-- statement reader.account_named
SELECT id FROM accounts WHERE lower(name) = lower($1)
-- statement reader.account_of_token
SELECT account_id FROM tokens WHERE token_hash = $1 AND revoked = 0
-- statement reader.commands_after
SELECT version, player, command, created_at FROM commands WHERE game_id = $1 AND version > $2 ORDER BY version
-- statement reader.game
SELECT options, seed, version, state_hash FROM games WHERE id = $1
-- statement reader.snapshot
SELECT version, state, state_hash FROM snapshots WHERE game_id = $1 AND version <= $2 ORDER BY version DESC LIMIT 1
-- statement reader.commands
SELECT version, player, command, created_at FROM commands WHERE game_id = $1 ORDER BY version
-- statement reader.last_seen
SELECT seat, version FROM last_seen WHERE game_id = $1 ORDER BY seat
-- statement reader.due_notes
SELECT id, account_id, channel, dedupe, body, created_at, attempts, next_at FROM outbox WHERE state = 'queued' AND next_at <= $1 ORDER BY next_at, id LIMIT $2
-- statement reader.chat_page
SELECT id, game_id, account_id, text, created_at, deleted_by, deleted_at FROM chat_messages WHERE game_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3
-- statement reader.chat_count
SELECT count(*) FROM chat_messages WHERE game_id = $1
-- statement reader.game_note
SELECT text, updated_at FROM notes WHERE game_id = $1 AND account_id = $2
-- statement reader.reports_page
SELECT id, reporter, account_id, game_id, message_id, reason, created_at, closed_by, closed_at, outcome FROM reports WHERE id < $1 ORDER BY id DESC LIMIT $2
-- statement reader.open_reports_page
SELECT id, reporter, account_id, game_id, message_id, reason, created_at, closed_by, closed_at, outcome FROM reports WHERE closed_by = 0 AND id < $1 ORDER BY id DESC LIMIT $2
-- statement reader.moderation_page
SELECT id, moderator, action, account_id, game_id, message_id, report_id, detail, created_at FROM moderation_log WHERE id < $1 ORDER BY id DESC LIMIT $2
-- statement reader.lock_counter
INSERT INTO login_counters(key, touched_at) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET touched_at = greatest(login_counters.touched_at, excluded.touched_at) RETURNING count, since, known
-- statement reader.set_counter
UPDATE login_counters SET count = $2, since = $3, known = $4 WHERE key = $1

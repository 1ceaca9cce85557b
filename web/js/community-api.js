// The community's HTTP API (docs/protocol.md, "Community"): relations, profiles, ratings, the
// leaderboard, the daily challenge, rematches, the games to watch, notes, reports and the
// operators' endpoints. Every call throws api.ApiError with the server's code on refusal.
import { call } from "./api.js";

const enc = encodeURIComponent;
const query = (params) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
};

// Friends, mutes and blocks: each answers the whole relations object {friends, muted, blocked}.
export const relations = () => call("GET", "/api/account/relations");
export const setRelation = (kind, name, on) =>
  call(on ? "PUT" : "DELETE", `/api/account/${kind}/${enc(name)}`);  // kind: friends | mutes | blocks
export const friendsGames = () => call("GET", "/api/friends/games");

// Profiles, ratings and the leaderboard (token optional).
export const profile = (name) => call("GET", `/api/players/${enc(name)}`);
export const ratingHistory = (name) => call("GET", `/api/players/${enc(name)}/ratings`);
export const leaderboard = (offset = 0, limit = 50) => call("GET", `/api/leaderboard${query({ offset, limit })}`);

// The daily challenge.
export const daily = () => call("GET", "/api/daily");
export const playDaily = () => call("POST", "/api/daily");
export const dailyBoard = (date) => call("GET", `/api/daily/leaderboard${query({ date })}`);

// Games: rematch, declining an invitation, the games to watch.
export const rematch = (game) => call("POST", `/api/games/${game}/rematch`);
export const decline = (game) => call("POST", `/api/games/${game}/decline`);
export const liveGames = (limit = 50) => call("GET", `/api/games/live${query({ limit })}`);

// A game's chat in pages (the live chat comes over the WebSocket) and one's private notes.
export const chatPage = (game, before, limit) => call("GET", `/api/games/${game}/chat${query({ before, limit })}`);
export const notes = (game) => call("GET", `/api/games/${game}/notes`);
export const saveNotes = (game, text) => call("PUT", `/api/games/${game}/notes`, { text });

// Reports: {player, reason} or {game, message, reason}.
export const report = (body) => call("POST", "/api/reports", body);

// Operators only (403 not_operator for anyone else).
export const reports = (openOnly, before) => call("GET", `/api/moderation/reports${query({ open: openOnly ? 1 : null, before })}`);
export const closeReport = (id, outcome) => call("POST", `/api/moderation/reports/${id}/close`, outcome ? { outcome } : {});
export const ban = (name, reason) => call("PUT", `/api/moderation/bans/${enc(name)}`, reason ? { reason } : {});
export const unban = (name) => call("DELETE", `/api/moderation/bans/${enc(name)}`);
export const grantOperator = (name, reason) =>
  call("PUT", `/api/moderation/operators/${enc(name)}`, reason ? { reason } : {});
export const revokeOperator = (name, reason) =>
  call("DELETE", `/api/moderation/operators/${enc(name)}`, reason ? { reason } : {});
export const deleteMessage = (game, message) => call("DELETE", `/api/games/${game}/chat/${message}`);
export const cancelGame = (game, reason) => call("POST", `/api/games/${game}/cancel`, reason ? { reason } : {});
export const moderationLog = (before) => call("GET", `/api/moderation/log${query({ before })}`);

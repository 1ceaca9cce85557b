// "Since your last visit": a short summary of the log entries newer than the version this seat
// last saw (`last_seen` of the snapshot), and the things on the board they touched.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { consequences, headline } from "./story.js";

const MOST_LINES = 8;

export function unseenEntries(log, lastSeen) {
  if (lastSeen === null || lastSeen === undefined) return [];
  return (log || []).filter((e) => e.version > lastSeen);
}

// Net Cash per seat over the entries, from their payments.
function cashChanges(entries) {
  const net = new Map();
  const add = (seat, n) => { if (seat !== null && seat !== undefined) net.set(seat, (net.get(seat) || 0) + n); };
  for (const en of entries) {
    for (const e of en.events || []) {
      if (e.type !== "payment") continue;
      add(e.from, -e.amount);
      add(e.to, e.amount);
    }
  }
  return [...net].filter(([, n]) => n !== 0).sort((a, b) => a[0] - b[0]);
}

// The digest's words for `entries` (at least one): the summary, the first MOST_LINES headlines,
// how many more there are (moreText: null when none) and the net Cash per seat (null when no
// Cash changed hands). The server writes the same in turn e-mails (server/src/notify/recap.cpp;
// tests/server/recap_test.cpp compares the two).
export function digestText(entries, who) {
  const movers = [...new Set(entries.map((e) => e.player))].map(who);
  const first = entries[0].version;
  const last = entries[entries.length - 1].version;
  const rounds = [];
  const lines = [];
  for (const en of entries) {
    const chunks = consequences(en, who);
    for (const c of chunks) if (c.round !== undefined) rounds.push(c.round);
    lines.push(headline(en, who, chunks[0]).text);
  }
  const more = Math.max(0, lines.length - MOST_LINES);
  const cash = cashChanges(entries);
  // Versions as the digits they are (no thousands separator), as everywhere they are shown.
  const summary = t("digest.summary", {
    n: entries.length, movers: movers.join(", "), first: String(first), last: String(last), same: first === last ? "yes" : "no",
    began: rounds.length, rounds: rounds.map((r) => t("digest.round", { n: r })).join(", "),
  });
  return {
    summary,
    lines: lines.slice(0, MOST_LINES),
    more,
    moreText: more ? t("digest.more", { n: more }) : null,
    cash: cash.length ? t("digest.cash", {
      changes: cash.map(([s, n]) => `${who(s)} ${n > 0 ? "+" : "−"}${Math.abs(n)}`).join(", "),
    }) : null,
  };
}

// The digest box, or null when nothing happened since `lastSeen`. onClose: the reader is done.
export function digestEl(entries, who, onClose) {
  if (!entries.length) return null;
  const first = entries[0].version;
  const last = entries[entries.length - 1].version;
  const { summary, lines, more, moreText, cash } = digestText(entries, who);
  const list = h("ul.digest-lines", lines.map((l) => h("li", l)));
  if (more) list.append(h("li.quiet", moreText));
  return h("section.digest", { role: "region", "aria-label": t("digest.label"), "data-from": first, "data-to": last },
    h("h3", t("digest.title")),
    h("p", summary),
    list,
    cash !== null ? h("p.digest-cash", cash) : null,
    h("button.digest-close", { type: "button", onclick: onClose }, t("digest.close")));
}

// CSS selectors of the board elements the entries changed: fields harvested, sown, cleared or
// turned up, cards played, revealed or served, Market stalls traded from or refilled, Cash paid
// or received, pawns moved.
export function touchedSelectors(entries) {
  const out = new Set();
  const esc = (s) => CSS.escape(String(s));
  const board = (seat) => `.board[data-seat="${Number(seat)}"]`;
  const cardOf = (seat, c) => { if (c && c !== "hidden") out.add(`${board(seat)} [data-card="${esc(c)}"]`); };
  const field = (seat, f) => out.add(`[data-target="field:${Number(seat)}:${esc(f)}"]`);
  const cash = (seat) => { if (seat !== null && seat !== undefined) out.add(`${board(seat)} .cash`); };
  for (const en of entries) {
    const c = en.cmd || {};
    if (c.type === "sow") field(en.player, c.field);
    for (const k of ["card", "stall", "customer"]) if (typeof c[k] === "string") cardOf(c.owner ?? en.player, c[k]);
    for (const e of en.events || []) {
      switch (e.type) {
        case "harvested": case "field_turned": field(e.player, e.field); break;
        case "card_played": case "customer_revealed": case "marker_turned": cardOf(e.player, e.card); break;
        case "cards_to_courtyard":
          for (const x of e.cards || []) if (x !== "hidden") out.add(`.courtyard [data-card="${esc(x)}"]`);
          break;
        case "payment": cash(e.from); cash(e.to); break;
        case "advanced": out.add(`.path .pawn.seat-${Number(e.player) % 4}`); break;
        case "vegetables_moved":
          if (e.field) field(e.player, e.field);
          if (e.stall) cardOf(e.owner ?? e.player, e.stall);
          break;
        default: break;
      }
    }
  }
  return [...out];
}

// Marks what the selectors find inside `root`; returns how many elements were marked.
export function highlight(root, selectors) {
  let n = 0;
  for (const s of selectors) {
    for (const el of root.querySelectorAll(s)) {
      el.classList.add("changed");
      n++;
    }
  }
  return n;
}

// Private messages between two accounts (docs/protocol.md, "Private messages"): the inbox
// (#/messages: one's conversations, the latest first, each with its last message, its time and
// how many are unread, older ones a page at a time, and a form to write to someone new) and a
// conversation (#/messages/NAME: the messages oldest first, mine apart from theirs with a mark
// once read, older pages on demand, a box to answer; opening it marks it read). Both are read
// again when the app's live connection (live.js) says a message came, so nothing is polled.
// The header's unread count is main.js's: the pages tell it what the server answered them.
// Whatever people write goes in as text only (textContent), never as markup.
import { call, errorText } from "./api.js";
import * as community from "./community-api.js";
import { h, clear, append } from "./dom.js";
import { morph } from "./morph.js";
import { playerLink, failure } from "./profile.js";
import { t, tNodes, num, date, time, dateTime } from "./i18n.js";

// The server's limits for a private message (counted in code points after trimming).
export const MAX_CHARS = 2000;
export const MAX_LINES = 40;
const PREVIEW = 80; // characters of a last message shown in the inbox
const NEAR_BOTTOM = 16; // pixels: closer than this to the end counts as reading the newest
// A touch keyboard has no Shift key to hold: there Enter starts a new line and Send sends.
const TOUCH = "(pointer: coarse)";

const enc = encodeURIComponent;
const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();
const before = (id) => (id ? `?before=${enc(id)}` : "");

// ---- The HTTP API -----------------------------------------------------------------------------
export const inbox = (older) => call("GET", `/api/messages${before(older)}`);
export const unreadCount = () => call("GET", "/api/messages/unread");
export const conversation = (name, older) => call("GET", `/api/messages/with/${enc(name)}${before(older)}`);
export const send = (name, text) => call("POST", `/api/messages/with/${enc(name)}`, { text });
export const markRead = (name, upTo) => call("POST", `/api/messages/with/${enc(name)}/read`, upTo ? { up_to: upTo } : undefined);

// How long a text is in the server's terms.
function measure(text) {
  const s = text.trim();
  return { chars: [...s].length, lines: s ? s.split("\n").length : 0 };
}

// A message's time (Unix seconds): the hour today, the day and hour before; the whole date in
// its tooltip. In the reader's language and the account's time zone (i18n.js).
function whenEl(at) {
  const d = new Date(at * 1000);
  const today = date(d) === date(Date.now());
  return h("time.pm-when", { datetime: d.toISOString(), title: dateTime(d, { dateStyle: "full", timeStyle: "short" }) },
    today ? time(d) : dateTime(d, { dateStyle: "medium", timeStyle: "short" }));
}

// "3 unread messages" for a screen reader, the figure for the eye.
export function unreadBadge(n, attrs = {}) {
  return h("span.pm-unread", { hidden: !n, ...attrs }, h("span", { "aria-hidden": "true" }, num(n)),
    h("span.sr", t("messages.unread_sr", { n })));
}

export function messagesPage(root, name, opts) {
  return name ? conversationPage(root, name, opts) : inboxPage(root, opts);
}

// ---- The inbox ----------------------------------------------------------------------------

// A last message's first words on one line.
function preview(m) {
  if (m.deleted) return t("messages.deleted");
  const flat = m.text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length > PREVIEW ? `${chars.slice(0, PREVIEW - 1).join("")}…` : flat;
}

function conversationRow(c, me) {
  const mine = same(c.last.from, me);
  const text = preview(c.last);
  return h(`li.pm-row${c.unread ? ".has-unread" : ""}`, { "data-key": c.with.toLowerCase(), "data-with": c.with },
    h("a.pm-row-link", { href: `#/messages/${enc(c.with)}` },
      h("span.pm-row-top", h("span.pm-with", c.with), unreadBadge(c.unread), whenEl(c.last.at)),
      h(`span.pm-preview${c.last.deleted ? ".pm-deleted" : ""}`, mine ? t("messages.you_wrote", { text }) : text)));
}

// The form that starts a conversation with anyone by name.
function newMessageForm(me, navigate) {
  const input = h("input#pm-to", { type: "text", autocomplete: "off", autocapitalize: "none", spellcheck: "false",
    maxlength: 24, "aria-describedby": "pm-to-error" });
  const error = h("p.error#pm-to-error", { role: "alert" });
  return h("form.pm-new", { "aria-labelledby": "pm-new-title", onsubmit: (e) => {
    e.preventDefault();
    const to = input.value.trim();
    error.textContent = !to ? t("messages.say_who") : same(to, me) ? t("messages.not_yourself") : "";
    if (error.textContent) { input.focus(); return; }
    navigate(`#/messages/${enc(to)}`);
  } },
  h("h2#pm-new-title", t("messages.new_title")),
  h("div.pm-new-row", h("label", { for: "pm-to" }, t("messages.to_label")), input,
    h("button.primary#pm-new", { type: "submit" }, t("messages.write"))),
  error);
}

function inboxPage(root, { session, navigate, onAuthError, live, onUnread }) {
  const me = session.account.name;
  // Made again for each redraw (morph.js gives the live list the fresh one's attributes).
  const listEl = (rows = []) => h("ul.pm-list#conversations", { "aria-labelledby": "pm-list-title" }, rows);
  const list = listEl();
  const body = h("div#inbox-body", h("p.quiet", t("community.loading")));
  const error = h("p.error#inbox-error", { role: "alert" });
  const older = h("button#inbox-older", { type: "button", hidden: true, onclick: () => loadOlder() }, t("messages.older"));
  clear(root).append(h("div.community-page.messages-page",
    h("section.panel",
      h("h1#inbox-title", t("messages.title")),
      h("p.quiet", t("messages.intro")),
      newMessageForm(me, navigate)),
    h("section.panel.pm-inbox", { "aria-labelledby": "pm-list-title" },
      h("h2#pm-list-title", t("messages.conversations")),
      body, older, error)));

  const convs = new Map(); // lower-cased name -> {with, last, unread}
  let next = null; // the next page's `before`
  let pages = 0;
  let gone = false;
  let asked = 0;

  const take = (r) => { for (const c of r.conversations) convs.set(c.with.toLowerCase(), c); };
  function draw() {
    if (!convs.size) { clear(body).append(h("p.empty#inbox-empty", t("messages.inbox_empty"))); return; }
    if (list.parentNode !== body) clear(body).append(list);
    const rows = [...convs.values()].sort((a, b) => b.last.id - a.last.id).map((c) => conversationRow(c, me));
    // Keyed redraw: the row that has the focus stays the same element.
    morph(list, listEl(rows), { animate: false });
    older.hidden = next === null;
  }
  const failed = (e) => {
    if (e.status === 401) { onAuthError(); return; }
    error.textContent = errorText(e);
  };

  // The first page: at the start, and again when a message comes (the rows move up).
  async function refresh() {
    const mine = ++asked;
    try {
      const r = await inbox();
      if (gone || mine !== asked) return;
      take(r);
      if (pages <= 1) next = r.next_before ?? null;
      pages = Math.max(pages, 1);
      error.textContent = "";
      onUnread?.(r.unread);
      draw();
    } catch (e) {
      if (gone) return;
      if (!pages) clear(body);
      failed(e);
    }
  }

  async function loadOlder() {
    if (next === null || older.getAttribute("aria-disabled")) return;
    // Not `disabled` while it loads: a disabled button loses the keyboard's focus.
    older.setAttribute("aria-disabled", "true");
    try {
      const r = await inbox(next);
      if (gone) return;
      take(r);
      next = r.next_before ?? null;
      pages++;
      error.textContent = "";
      const hadFocus = document.activeElement === older;
      draw();
      if (hadFocus && older.hidden) list.querySelector("li:last-child a")?.focus();
    } catch (e) {
      if (!gone) failed(e);
    } finally {
      older.removeAttribute("aria-disabled");
    }
  }

  refresh();
  const off = live?.on("messages", () => refresh());
  return () => { gone = true; off?.(); };
}

// ---- A conversation -------------------------------------------------------------------------

function conversationPage(root, name, { session, onAuthError, live, onUnread }) {
  const me = session.account.name;
  const out = h("div.community-page.messages-page.pm-conversation", h("p.quiet", t("community.loading")));
  clear(root).append(out);
  const touch = matchMedia(TOUCH);
  const messages = new Map(); // id -> message
  let other = name; // the name as registered, once the server answered
  let more = false;
  let gone = false;
  let asked = 0;
  let blocked = false;
  let sending = false;
  let ui = null;

  const failed = (e, where) => {
    if (e.status === 401) { onAuthError(); return; }
    where.textContent = errorText(e);
  };

  // The messages as a log (new ones are read out politely); made again for each redraw.
  const logEl = (rows = []) => h("div.pm-log#pm-log", { role: "log", "aria-live": "polite",
    "aria-label": t("messages.log_label", { name: other }), tabindex: "0", "aria-busy": ui?.busy ? "true" : null }, rows);

  function build() {
    const log = logEl();
    const olderButton = h("button.pm-older#pm-older", { type: "button", hidden: true, onclick: () => loadOlder() }, t("messages.show_older"));
    const empty = h("p.empty#pm-empty", { hidden: true }, t("messages.none_yet", { name: other }));
    const input = h("textarea#pm-input", { rows: "3", autocomplete: "off", spellcheck: "true", "aria-describedby": "pm-count pm-hint" });
    const count = h("span.pm-count#pm-count", `0/${num(MAX_CHARS)}`);
    const sendButton = h("button.primary#pm-send", { type: "submit", disabled: true }, t("chat.send"));
    const error = h("p.pm-error#pm-error", { role: "alert" });
    const hint = h("span.pm-hint.quiet#pm-hint");
    const blockButton = h("button#pm-block", { type: "button", onclick: () => toggleBlock() }, t("profile.block"));
    const note = h("p.note#pm-note", { role: "status" });
    const status = h("p.error#pm-load-error", { role: "alert" });
    input.addEventListener("input", () => { updateCount(); if (!sending) error.textContent = ""; });
    input.addEventListener("keydown", (e) => {
      // Enter sends, Shift+Enter starts a new line (an input method's Enter is its own).
      if (e.key === "Enter" && !e.shiftKey && !e.isComposing && !touch.matches) {
        e.preventDefault();
        sendNow();
      }
    });
    log.addEventListener("scroll", () => { ui.pinned = atBottom(); });
    const form = h("form.pm-form#pm-form", { onsubmit: (e) => { e.preventDefault(); sendNow(); } },
      h("label", { for: "pm-input" }, t("messages.input_label", { name: other })), input,
      h("div.pm-form-foot", hint, count, sendButton), error);
    append(clear(out),
      h("section.panel.pm-head",
        h("p.pm-back", h("a#pm-back", { href: "#/messages" }, t("messages.back"))),
        h("h1#pm-title", tNodes("messages.with_title", {}, { name: playerLink(other) })),
        h("div.button-row", blockButton), note),
      h("section.panel.pm-thread", { "aria-labelledby": "pm-title" }, olderButton, log, empty, status, form));
    ui = { log, olderButton, empty, input, count, sendButton, error, hint, blockButton, note, status, pinned: true };
    showHint();
    showBlock();
  }

  const showHint = () => { if (ui) ui.hint.textContent = touch.matches ? t("chat.hint_touch") : t("chat.hint_keys"); };
  touch.addEventListener("change", showHint);

  function messageEl(m) {
    const mine = same(m.from, me);
    const text = h(`p.pm-text${m.deleted ? ".pm-deleted" : ""}`);
    text.textContent = m.deleted ? t("messages.deleted") : m.text; // plain text: never HTML
    const state = mine ? h(`span.pm-state${m.read_at ? ".read" : ""}`, m.read_at
      ? { title: dateTime(m.read_at * 1000, { dateStyle: "full", timeStyle: "short" }) } : {},
    m.read_at ? t("messages.read") : t("messages.sent")) : null;
    const flag = mine || m.deleted ? null : h("button.pm-report", { type: "button", "aria-label": t("messages.report_label", { name: m.from }),
      title: t("messages.report_label", { name: m.from }), onclick: () => reportDialog(m) }, "⚑");
    return h(`div.pm-msg.${mine ? "mine" : "theirs"}`, { "data-key": String(m.id), "data-id": m.id },
      h("div.pm-meta", h("b.pm-from", mine ? t("messages.you") : m.from), whenEl(m.at), state, flag),
      text);
  }

  function atBottom() {
    const s = ui.log;
    return s.scrollHeight - s.scrollTop - s.clientHeight < NEAR_BOTTOM;
  }
  function toBottom() {
    ui.log.scrollTop = ui.log.scrollHeight;
    ui.pinned = true;
  }

  // Puts `list` in (new ones, and newer states of those shown: read, deleted) and redraws by key.
  function take(list, { bottom = false, keep = false } = {}) {
    for (const m of list) messages.set(m.id, m);
    const wasPinned = ui.pinned || atBottom();
    const rows = [...messages.values()].sort((a, b) => a.id - b.id).map(messageEl);
    morph(ui.log, logEl(rows), { animate: false });
    ui.empty.hidden = messages.size > 0;
    ui.olderButton.hidden = !more;
    // `keep`: older ones went in above; loadOlder keeps the reader's place.
    if (bottom || (wasPinned && !keep)) toBottom();
  }

  // The newest page: at the start, and again when the live connection says a message came.
  async function refresh() {
    const mine = ++asked;
    let r;
    try {
      r = await conversation(name);
    } catch (e) {
      if (gone || mine !== asked) return;
      if (!ui) return notFound(e);
      failed(e, ui.status);
      return;
    }
    if (gone || mine !== asked) return;
    const first = !ui;
    other = r.with || other;
    if (first) {
      build();
      more = !!r.more;
    }
    ui.status.textContent = "";
    take(r.messages, { bottom: first });
    readUp();
    if (first) loadRelations();
  }

  function notFound(e) {
    if (e.code === "no_such_player") {
      clear(out).append(h("section.panel", h("h1", t("profile.no_such_player")),
        h("p.error#pm-no-player", { role: "alert" }, t("profile.no_player_called", { name })),
        h("p", h("a", { href: "#/messages" }, t("messages.back")))));
      return;
    }
    const f = failure(e, { onAuthError });
    if (f) clear(out).append(h("section.panel", f, h("p", h("a", { href: "#/messages" }, t("messages.back")))));
  }

  // The other's messages not read yet are marked read (up to the newest shown), while the page
  // is in sight; the header's count follows the server's answer.
  async function readUp() {
    const unread = [...messages.values()].filter((m) => !same(m.from, me) && !m.read_at);
    if (!unread.length || document.visibilityState === "hidden") return;
    const newest = Math.max(...messages.keys());
    const now = Math.floor(Date.now() / 1000);
    for (const m of unread) m.read_at = now;
    try {
      const r = await markRead(other, newest);
      if (!gone) onUnread?.(r.unread);
    } catch (e) {
      for (const m of unread) m.read_at = null;
      if (!gone && e.status === 401) onAuthError();
    }
  }
  const onVisible = () => { if (ui && !gone) readUp(); };
  document.addEventListener("visibilitychange", onVisible);

  async function loadOlder() {
    const oldest = Math.min(...messages.keys());
    if (!Number.isFinite(oldest) || ui.olderButton.getAttribute("aria-disabled")) return;
    ui.olderButton.setAttribute("aria-disabled", "true");
    // A page of older messages is not read out as if it were new (role=log is a live region).
    ui.busy = true;
    ui.log.setAttribute("aria-busy", "true");
    const height = ui.log.scrollHeight;
    try {
      const r = await conversation(name, oldest);
      if (gone) return;
      more = !!r.more;
      const hadFocus = document.activeElement === ui.olderButton;
      take(r.messages, { keep: true });
      // The messages the reader was looking at stay where they were.
      ui.log.scrollTop += ui.log.scrollHeight - height;
      if (hadFocus && !more) ui.log.focus({ preventScroll: true });
    } catch (e) {
      if (!gone) failed(e, ui.status);
    } finally {
      ui.olderButton.removeAttribute("aria-disabled");
      setTimeout(() => { ui.busy = false; ui.log.removeAttribute("aria-busy"); }, 50);
    }
  }

  function updateCount() {
    const { chars, lines } = measure(ui.input.value);
    const over = chars > MAX_CHARS || lines > MAX_LINES;
    ui.count.textContent = lines > MAX_LINES ? t("chat.count_lines", { lines, max: MAX_LINES }) : `${num(chars)}/${num(MAX_CHARS)}`;
    ui.count.classList.toggle("over", over);
    ui.sendButton.disabled = sending || chars === 0 || over;
  }

  async function sendNow() {
    const text = ui.input.value;
    const { chars, lines } = measure(text);
    if (sending || chars === 0) return;
    if (chars > MAX_CHARS || lines > MAX_LINES) {
      ui.error.textContent = t("chat.refused_too_long", { chars: MAX_CHARS, lines: MAX_LINES });
      return;
    }
    sending = true;
    ui.sendButton.disabled = true;
    ui.error.textContent = "";
    try {
      const r = await send(other, text.trim());
      if (gone) return;
      // Only what was sent goes: a line typed meanwhile stays.
      if (ui.input.value === text) ui.input.value = "";
      take([r.message], { bottom: true });
    } catch (e) {
      // The text stays in the box, to be sent again or changed.
      if (!gone) failed(e, ui.error);
    } finally {
      sending = false;
      if (!gone) updateCount();
    }
  }

  // Whether I block the other: the button says what a click does, the note what holds.
  async function loadRelations() {
    try {
      const r = await community.relations();
      if (gone) return;
      blocked = r.blocked.some((n) => same(n, other));
      showBlock();
    } catch (e) {
      if (!gone && e.status === 401) onAuthError();
    }
  }
  function showBlock() {
    ui.blockButton.textContent = blocked ? t("profile.unblock") : t("profile.block");
    ui.note.textContent = blocked ? t("messages.you_block", { name: other }) : "";
  }
  async function toggleBlock() {
    ui.blockButton.disabled = true;
    try {
      const r = await community.setRelation("blocks", other, !blocked);
      blocked = r.blocked.some((n) => same(n, other));
      showBlock();
    } catch (e) {
      if (!gone) failed(e, ui.note);
    } finally {
      ui.blockButton.disabled = false;
    }
  }

  // A report of one of the other's messages, with a reason, in a modal dialog.
  function reportDialog(m) {
    document.querySelector("dialog.pm-report-dialog")?.remove();
    const opener = document.activeElement;
    const status = h("p.error#pm-report-error", { role: "alert" });
    const reason = h("textarea#pm-report-reason", { rows: 4, maxlength: 500 });
    const quote = h("blockquote.chat-quote");
    quote.textContent = m.text;
    const close = () => { dlg.close(); dlg.remove(); if (opener?.isConnected) opener.focus(); };
    const dlg = h("dialog.choose.report-dialog.pm-report-dialog", { "aria-labelledby": "pm-report-title" },
      h("form", { onsubmit: async (e) => {
        e.preventDefault();
        status.textContent = "";
        const why = reason.value.trim();
        if (!why) { status.textContent = t("chat.report_say_why"); reason.focus(); return; }
        try {
          await community.report({ private_message: m.id, reason: why });
          close();
          ui.note.textContent = t("chat.reported");
        } catch (e2) {
          if (e2.status === 401) { close(); onAuthError(); return; }
          status.textContent = errorText(e2);
        }
      } },
      h("h2#pm-report-title", t("messages.report_title", { name: m.from })), quote,
      h("label", { for: "pm-report-reason" }, t("chat.report_why")), reason, status,
      h("div.dialog-foot", h("button.cancel", { type: "button", onclick: close }, t("community.cancel")), " ",
        h("button.primary#pm-report-send", { type: "submit" }, t("community.send_report")))));
    dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(); });
    document.body.append(dlg);
    dlg.showModal();
    reason.focus();
  }

  refresh();
  // A message from the other (or, after a reconnection, perhaps one): the newest page again,
  // which also brings the read marks of mine.
  const off = live?.on("messages", (from) => { if (ui && (!from || same(from, other))) refresh(); });
  return () => {
    gone = true;
    off?.();
    touch.removeEventListener("change", showHint);
    document.removeEventListener("visibilitychange", onVisible);
    document.querySelector("dialog.pm-report-dialog")?.remove();
  };
}

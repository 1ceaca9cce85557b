// The chat panel at the table (docs/protocol.md, "Chat"). One ChatPanel lives as long as its
// game page and sits in a `data-slot` of the side column, which morph.js leaves alone: another
// player's move never touches a half-typed message or takes the focus from it.
// The messages come over the game's WebSocket (GameSocket's onChat): the newest page when the
// page subscribes, then each new message and deletion; earlier pages come over HTTP.
// Whatever people write is shown with textContent only, never parsed as HTML.
import * as community from "./community-api.js";
import { h, clear } from "./dom.js";
import { seatDot } from "./render/board.js";
import { t, tk, has, lang, date, time, dateTime } from "./i18n.js";
import { errorText } from "./api.js";

// The server's limits (docs/protocol.md, "Text rules"): counted in code points after trimming.
export const MAX_CHARS = 500;
export const MAX_LINES = 10;
const NEAR_BOTTOM = 16; // pixels: closer than this to the end counts as reading the newest
// A touch keyboard has no Shift key to hold: there Enter starts a new line and Send sends.
const TOUCH = "(pointer: coarse)";

// What the writer is told when the server refuses a message (`result` with ok false).
const REFUSED = {
  chat_too_fast: (e) => tooFast(e),
  empty_text: () => t("chat.refused_empty"),
  text_too_long: () => t("chat.refused_too_long", { chars: MAX_CHARS, lines: MAX_LINES }),
  bad_text: () => t("chat.refused_bad_text"),
  not_allowed: (e) => (e.message === "log in to chat" ? t("chat.refused_log_in")
    : e.message === "only the players chat in this game" ? t("chat.refused_players_only")
      : notSent(e, "chat.reason_not_allowed")),
  chat_full: () => t("chat.refused_full", { max: 5000 }),
  not_subscribed: () => t("chat.refused_not_subscribed"),
  disconnected: () => t("chat.refused_disconnected"),
};
// A refusal in the server's words (English), or in another language the catalog's words for its
// code; `reason`: the key of the words when the server sent none.
function notSent(e, reason) {
  if (lang() !== "en" && e.code && has("error", e.code)) return t("chat.not_sent_error", { error: tk("error", e.code) });
  return t("chat.not_sent", { reason: e.message || t(reason) });
}
// The server says which of its limits it was (a few in 10 seconds, so many an hour, or the
// account's budget) and how long to wait: "too many messages this hour: wait 1740 s", which is
// easier read as "about 29 min" too.
const TOO_FAST = [
  [/^too many messages: wait (\d+) s$/, "burst"],
  [/^too many messages this hour: wait (\d+) s$/, "hour"],
  [/^too many chat messages; try again in (\d+) s$/, "budget"],
];
function tooFast(e) {
  if (!e.message) return t("chat.refused_too_fast_moment");
  for (const [re, kind] of TOO_FAST) {
    const m = re.exec(e.message);
    if (!m) continue;
    const s = Number(m[1]);
    return t("chat.refused_too_fast", { kind, s: m[1], min: s >= 120 && kind !== "budget" ? Math.round(s / 60) : "none" });
  }
  return notSent(e, "chat.reason_refused");
}
export const refusalText = (error) => (REFUSED[error?.code] || ((e) => notSent(e, "chat.reason_refused")))(error || {});

// How long a text is in the server's terms.
export function measure(text) {
  const t = text.trim();
  return { chars: [...t].length, lines: t ? t.split("\n").length : 0 };
}

// A message's time (Unix seconds), with its day when that is not today (in the reader's time zone).
const HM = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
function timeText(at) {
  const today = date(at * 1000) === date(Date.now());
  return today ? time(at * 1000, HM) : dateTime(at * 1000, { day: "numeric", month: "short", ...HM });
}

export class ChatPanel {
  // socket: the page's GameSocket (sendChat); me: the reader's account name; collapsed: start
  // folded (a phone); onSeatName(seat): the seat's name for the dot's tooltip.
  constructor(gameId, { socket, me, collapsed = false }) {
    this.gameId = gameId;
    this.socket = socket;
    this.me = me.toLowerCase();
    this.mode = null; // "write", "read" or "closed" (setAccess)
    this.items = new Map(); // message id -> its element
    this.muted = new Set();
    this.more = false;
    this.unread = 0;
    this.pinned = true;
    this.sending = false;
    this.busyPages = 0; // history pages being put in (the log is aria-busy meanwhile)
    this.touch = matchMedia(TOUCH);
    this.build(collapsed);
  }

  build(collapsed) {
    this.unreadEl = h("span.chat-unread", { hidden: true });
    this.toggle = h("button.chat-toggle#chat-toggle", { type: "button", "aria-expanded": "true", "aria-controls": "chat-body",
      onclick: () => this.setCollapsed(!this.collapsed) }, h("span.chat-title", t("chat.title")), this.unreadEl);
    this.moreButton = h("button.chat-more#chat-more", { type: "button", hidden: true, onclick: () => this.loadEarlier() },
      t("chat.load_earlier"));
    // A log of messages (role=log: new ones are read out politely), each a small article.
    this.list = h("div.chat-list#chat-list", { role: "log", "aria-live": "polite", "aria-label": t("chat.messages_label"), tabindex: "0" });
    this.list.addEventListener("scroll", () => {
      this.pinned = this.atBottom();
      if (this.pinned) this.newButton.hidden = true;
    });
    this.newButton = h("button.chat-new", { type: "button", hidden: true, onclick: () => this.toBottom() }, t("chat.new_messages"));
    this.note = h("p.chat-note#chat-note");
    this.input = h("textarea#chat-input", { rows: "2", autocomplete: "off", "aria-describedby": "chat-count chat-hint",
      placeholder: t("chat.placeholder"), spellcheck: "true" });
    this.input.addEventListener("input", () => this.updateCount());
    this.input.addEventListener("keydown", (e) => {
      // Enter sends, Shift+Enter starts a new line (and an input method's Enter is its own).
      // On a touch screen Enter is a new line: the keyboard has no Shift to hold.
      if (e.key === "Enter" && !e.shiftKey && !e.isComposing && !this.touch.matches) {
        e.preventDefault();
        this.send();
      }
    });
    this.count = h("span.chat-count#chat-count", `0/${MAX_CHARS}`);
    this.sendButton = h("button.primary#chat-send", { type: "submit", disabled: true }, t("chat.send"));
    this.error = h("p.chat-error#chat-error", { role: "alert" });
    this.form = h("form.chat-form", { onsubmit: (e) => { e.preventDefault(); this.send(); } },
      h("label.sr", { for: "chat-input" }, t("chat.input_label")),
      this.input,
      h("div.chat-form-foot", this.hint = h("span.chat-hint.quiet#chat-hint"), this.count, this.sendButton),
      this.error);
    this.body = h("div.chat-body#chat-body", this.moreButton, h("div.chat-scroll", this.list, this.newButton), this.note, this.form);
    this.el = h("section.chat#chat", { "aria-labelledby": "chat-toggle" }, h("h3.chat-head", this.toggle), this.body);
    this.setCollapsed(collapsed);
    this.setAccess("pending");
    this.showHint();
    this.onPointer = () => this.showHint();
    this.touch.addEventListener("change", this.onPointer);
  }

  showHint() {
    this.hint.textContent = this.touch.matches ? t("chat.hint_touch") : t("chat.hint_keys");
  }

  setCollapsed(on) {
    this.collapsed = on;
    this.el.classList.toggle("collapsed", on);
    this.body.hidden = on;
    this.toggle.setAttribute("aria-expanded", on ? "false" : "true");
    if (!on) {
      this.unread = 0;
      this.showUnread();
      this.toBottom();
    }
  }

  showUnread() {
    this.unreadEl.hidden = !this.unread;
    this.unreadEl.textContent = this.unread ? t("chat.unread", { n: this.unread }) : "";
  }

  // Who may do what here: "write" (a player, or anyone logged in where everyone chats),
  // "closed" (a spectator where only the players chat: he is not sent their messages).
  setAccess(mode) {
    if (mode === this.mode) return;
    this.mode = mode;
    this.form.hidden = mode !== "write";
    this.list.hidden = mode === "closed";
    this.el.classList.toggle("closed", mode === "closed");
    this.updateNote();
  }

  updateNote() {
    if (this.mode === "closed") {
      this.note.textContent = t("chat.closed_note");
    } else if (this.mode === "pending") {
      this.note.textContent = t("chat.loading");
    } else {
      this.note.textContent = this.items.size ? "" : this.mode === "write" ? t("chat.empty_write") : t("chat.empty");
    }
    this.note.hidden = !this.note.textContent;
  }

  // A chat message from the socket: chat_history (a page), chat (one new) or chat_deleted.
  receive(m) {
    if (m.type === "chat_history") {
      if (m.before === undefined) {
        // The first page again (a reconnect): what it no longer holds was deleted meanwhile.
        const first = m.messages[0]?.id ?? Infinity;
        const keep = new Set(m.messages.map((x) => x.id));
        for (const id of [...this.items.keys()]) if (id >= first && !keep.has(id)) this.remove(id);
        if (!this.items.size || first <= this.oldest()) this.setMore(m.more);
      } else this.setMore(m.more);
      this.quietly(() => this.add(m.messages, { live: false }));
    } else if (m.type === "chat") {
      this.add([m.message], { live: true });
    } else if (m.type === "chat_deleted") {
      this.remove(m.message);
      this.updateNote();
    }
  }

  oldest() {
    let min = Infinity;
    for (const id of this.items.keys()) min = Math.min(min, id);
    return min;
  }

  setMore(more) {
    this.more = !!more;
    // A button hidden while it has the focus would drop it to the page: the list takes it.
    const hadFocus = document.activeElement === this.moreButton;
    this.moreButton.hidden = !this.more;
    if (hadFocus && !this.more) this.list.focus({ preventScroll: true });
  }

  // A page of history is put in while the log says it is busy, so that screen readers do not
  // read out every earlier message as if it were new (role=log is a polite live region). The
  // mark goes once the page is in (after a frame, when the browser has seen the insertions).
  // `work` may be a promise's maker: the mark stays until it settles.
  async quietly(work) {
    this.busyPages++;
    this.list.setAttribute("aria-busy", "true");
    try {
      return await work();
    } finally {
      setTimeout(() => {
        if (--this.busyPages === 0) this.list.removeAttribute("aria-busy");
      }, 50);
    }
  }

  remove(id) {
    this.items.get(id)?.remove();
    this.items.delete(id);
  }

  // Adds messages in the order of their ids (ids grow over the whole server).
  add(messages, { live }) {
    const wasPinned = this.pinned || this.atBottom();
    let fresh = 0;
    for (const m of messages) {
      if (this.items.has(m.id) || this.muted.has(String(m.from).toLowerCase())) continue;
      const li = this.messageEl(m);
      let before = null;
      for (const [id, el] of this.items) if (id > m.id && (!before || id < Number(before.dataset.id))) before = el;
      this.list.insertBefore(li, before);
      this.items.set(m.id, li);
      if (live && String(m.from).toLowerCase() !== this.me) fresh++;
    }
    this.updateNote();
    if (!fresh && !live) {
      if (wasPinned) this.toBottom();
      return;
    }
    if (this.collapsed) {
      this.unread += fresh;
      this.showUnread();
    } else if (wasPinned || !fresh) this.toBottom();
    else this.newButton.hidden = false;
  }

  messageEl(m) {
    const mine = String(m.from).toLowerCase() === this.me;
    const spectator = m.seat === null || m.seat === undefined;
    const text = h("p.chat-text");
    text.textContent = m.text; // plain text: never HTML
    const from = h("b.chat-from");
    from.textContent = m.from;
    const d = new Date(m.at * 1000);
    const when = h("time.chat-time", { datetime: d.toISOString(), title: dateTime(d) }, timeText(m.at));
    const flag = mine ? null : h("button.chat-flag", { type: "button", "aria-label": t("chat.flag_label", { name: m.from }),
      title: t("chat.flag_title", { name: m.from }),
      onclick: () => this.reportDialog(m) }, "⚑");
    return h(`div.chat-msg${mine ? ".mine" : ""}${spectator ? ".spectator" : ""}`, { "data-id": m.id, "data-from": m.from },
      h("div.chat-meta", spectator ? null : seatDot(m.seat), from, spectator ? h("span.badge.chat-spec", t("chat.spectator")) : null,
        mine ? h("span.sr", " ", t("chat.you")) : null, when, flag),
      text);
  }

  atBottom() {
    const s = this.list;
    return s.scrollHeight - s.scrollTop - s.clientHeight < NEAR_BOTTOM;
  }

  toBottom() {
    this.list.scrollTop = this.list.scrollHeight;
    this.pinned = true;
    this.newButton.hidden = true;
  }

  async loadEarlier() {
    const before = this.oldest();
    if (!Number.isFinite(before) || this.loading) return;
    // Not `disabled` while it loads: a disabled button loses the keyboard's focus.
    this.loading = true;
    this.moreButton.setAttribute("aria-disabled", "true");
    const height = this.list.scrollHeight;
    try {
      await this.quietly(async () => {
        const page = await community.chatPage(this.gameId, before);
        this.add(page.messages, { live: false });
        // The messages the reader was looking at stay where they were.
        this.list.scrollTop += this.list.scrollHeight - height;
        this.setMore(page.more);
      });
    } catch (e) {
      this.error.textContent = t("chat.earlier_failed", { error: errorText(e) });
    } finally {
      this.loading = false;
      this.moreButton.removeAttribute("aria-disabled");
    }
  }

  updateCount() {
    const { chars, lines } = measure(this.input.value);
    const over = chars > MAX_CHARS || lines > MAX_LINES;
    this.count.textContent = lines > MAX_LINES ? t("chat.count_lines", { lines, max: MAX_LINES }) : `${chars}/${MAX_CHARS}`;
    this.count.classList.toggle("over", over);
    this.sendButton.disabled = this.sending || chars === 0 || over;
    if (this.error.textContent && !this.sending) this.error.textContent = "";
  }

  async send() {
    const text = this.input.value;
    const { chars, lines } = measure(text);
    if (this.sending || this.mode !== "write" || chars === 0) return;
    if (chars > MAX_CHARS || lines > MAX_LINES) {
      this.error.textContent = refusalText({ code: "text_too_long" });
      return;
    }
    this.sending = true;
    this.sendButton.disabled = true;
    const r = await this.socket.sendChat(text.trim());
    this.sending = false;
    if (r.ok) {
      // Only what was sent goes: a line typed meanwhile stays.
      if (this.input.value === text) this.input.value = "";
      this.error.textContent = "";
      if (r.message) this.add([r.message], { live: true });
      this.toBottom();
    } else {
      this.error.textContent = refusalText(r.error);
    }
    const keep = this.error.textContent;
    this.updateCount();
    this.error.textContent = keep;
  }

  // Report a message to the operators, or mute its writer: a small modal.
  reportDialog(m) {
    document.querySelector("dialog.chat-dialog")?.remove();
    const dlg = h("dialog.chat-dialog", { "aria-labelledby": "report-title" });
    const close = () => { dlg.close(); dlg.remove(); };
    const quote = h("blockquote.chat-quote");
    quote.textContent = m.text;
    const reason = h("textarea#report-reason", { rows: "3", required: true, placeholder: t("chat.report_placeholder") });
    const status = h("p.chat-dialog-status#report-status", { role: "status" });
    const sendReport = h("button.primary#report-send", { type: "button", onclick: async () => {
      const why = reason.value.trim();
      if (!why) { status.textContent = t("chat.report_say_why"); reason.focus(); return; }
      if ([...why].length > MAX_CHARS) { status.textContent = t("chat.report_too_long", { n: MAX_CHARS }); return; }
      sendReport.disabled = true;
      try {
        await community.report({ game: this.gameId, message: m.id, reason: why });
        status.textContent = t("chat.reported");
        setTimeout(close, 1500);
      } catch (e) {
        status.textContent = t("chat.not_reported", { error: errorText(e) });
        sendReport.disabled = false;
      }
    } }, t("community.send_report"));
    const mute = h("button#report-mute", { type: "button", onclick: async () => {
      try {
        await community.setRelation("mutes", m.from, true);
        close();
        this.hideWriter(m.from);
      } catch (e) { status.textContent = t("chat.not_muted", { error: errorText(e) }); }
    } }, t("chat.mute_name", { name: m.from }));
    dlg.append(h("h3#report-title", t("chat.message_from", { name: m.from })), quote,
      h("label", { for: "report-reason" }, t("chat.report_why")), reason,
      h("div.chat-dialog-buttons", sendReport, mute), status,
      h("p.quiet", t("chat.mute_explained", { name: m.from })),
      h("div.dialog-foot", h("button.cancel", { type: "button", onclick: close }, t("community.cancel"))));
    dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(); });
    document.body.append(dlg);
    dlg.showModal();
    reason.focus();
  }

  // After a mute: the writer's messages go (the server sends no more of them), with an undo.
  hideWriter(name) {
    const key = name.toLowerCase();
    this.muted.add(key);
    for (const [id, li] of [...this.items]) if (li.dataset.from.toLowerCase() === key) this.remove(id);
    const unmute = h("button.linkish", { type: "button", onclick: async () => {
      try {
        await community.setRelation("mutes", name, false);
        this.muted.delete(key);
        const hadFocus = notice.contains(document.activeElement);
        notice.remove();
        if (hadFocus) this.list.focus({ preventScroll: true });
        this.note.textContent = t("chat.unmuted", { name });
        this.note.hidden = false;
      } catch (e) { this.error.textContent = errorText(e); }
    } }, t("chat.unmute_name", { name }));
    const notice = h("div.chat-notice", { "data-notice": key }, t("chat.you_muted", { name }), " ", unmute);
    this.list.append(notice);
    this.updateNote();
    // The report button that opened the dialog went with the messages: the focus goes to the
    // way back instead of falling to the page.
    unmute.focus({ preventScroll: true });
    notice.scrollIntoView?.({ block: "nearest" });
  }

  destroy() {
    this.touch.removeEventListener("change", this.onPointer);
    document.querySelector("dialog.chat-dialog")?.remove();
    clear(this.list);
  }
}

// The story log: each accepted command as a sentence with its consequences, grouped by round
// and phase. One LogView lives as long as its page: new entries are appended (the log only
// grows), and the list stays where the reader scrolled it; while he reads further up, new
// entries show as an "N new entries" button instead of moving the list.
import { h, clear } from "./dom.js";
import { dateTime, t } from "./i18n.js";
import { seatDot } from "./render/board.js";
import { PHASE_TITLES, consequences, headline } from "./story.js";

const NEAR_BOTTOM = 12; // pixels: closer than this to the end counts as "at the bottom"

export class LogView {
  // who(seat) names a player; unseenAfter: entries with a greater version are marked new;
  // title: the heading (default "Game log").
  constructor(who, { unseenAfter = null, title = null } = {}) {
    this.who = who;
    this.unseenAfter = unseenAfter;
    this.title = title ?? t("log.title");
    this.heading = h("h3");
    this.scroller = h("div.log-scroll", { tabindex: "0", role: "region", "aria-label": t("log.entries_label") });
    this.newButton = h("button.log-new", { type: "button", hidden: true, onclick: () => this.toBottom() });
    this.el = h("section.log", { "aria-label": t("log.label") }, this.heading, this.scroller, this.newButton);
    this.pinned = true;
    this.savedTop = 0;
    this.unread = 0;
    this.scroller.addEventListener("scroll", () => {
      // Our own scroll to the end (scrollToEnd): still at the end, nothing to read.
      if (this.ownScroll) { this.ownScroll = false; return; }
      this.savedTop = this.scroller.scrollTop;
      this.pinned = this.atBottom();
      if (this.pinned) this.clearUnread();
    });
    this.reset();
  }

  reset() {
    clear(this.scroller);
    this.count = 0;
    this.lastVersion = null;
    this.round = null;
    this.phase = null;
    this.list = null;
    this.clearUnread();
  }

  atBottom() {
    const s = this.scroller;
    return s.scrollHeight - s.scrollTop - s.clientHeight < NEAR_BOTTOM;
  }

  toBottom() {
    this.scroller.scrollTop = this.scroller.scrollHeight;
    this.pinned = true;
    this.clearUnread();
  }

  // To the end at the next frame, when the browser lays the page out anyway: reading the
  // height now would force a layout in the middle of a redraw.
  scrollToEnd() {
    if (this.scrollQueued) return;
    this.scrollQueued = true;
    requestAnimationFrame(() => {
      this.scrollQueued = false;
      if (!this.pinned) return;
      const end = this.scroller.scrollHeight - this.scroller.clientHeight;
      if (Math.abs(this.scroller.scrollTop - end) < 1) return;
      this.ownScroll = true;
      this.scroller.scrollTop = end;
      // Its scroll event comes before the next frame's callbacks.
      requestAnimationFrame(() => { this.ownScroll = false; });
    });
  }

  clearUnread() {
    this.unread = 0;
    this.newButton.hidden = true;
  }

  // Puts the log into `parent` (the page redraws around it) and restores where it was read.
  attach(parent) {
    parent.append(this.el);
    if (this.pinned) this.scroller.scrollTop = this.scroller.scrollHeight;
    else this.scroller.scrollTop = this.savedTop;
  }

  // Shows `log` (the view's list of entries). Appends what is new; starts again when the
  // list is not a continuation of what is shown (a fresh snapshot, another replay point).
  update(log) {
    const continues = this.count <= log.length &&
      (this.count === 0 || log[this.count - 1]?.version === this.lastVersion);
    if (!continues) this.reset();
    const fresh = log.slice(this.count);
    for (const e of fresh) this.addEntry(e);
    this.count = log.length;
    this.lastVersion = log.length ? log[log.length - 1].version : null;
    this.heading.textContent = t("log.heading", { title: this.title, n: String(log.length) });
    this.el.dataset.version = String(this.lastVersion ?? 0);
    if (!fresh.length || !continues) {
      if (!continues && this.pinned) this.scrollToEnd();
      return;
    }
    if (this.pinned) {
      this.scrollToEnd();
    } else {
      this.unread += fresh.length;
      this.newButton.hidden = false;
      this.newButton.textContent = t("log.new_entries", { n: this.unread });
    }
  }

  group(round, phase) {
    if (round !== undefined && round !== this.round) {
      this.round = round;
      this.roundEl = h("section.log-round", { "data-round": round }, h("h4.log-round-title", round ? t("log.round", { n: round }) : t("log.setup")));
      this.scroller.append(this.roundEl);
      this.phase = null;
    }
    if (phase !== undefined && phase !== this.phase) {
      this.phase = phase;
      this.list = h("ol.log-list", { "data-phase": phase });
      // Setup has no phases: its round heading says it all.
      const title = phase === "setup" ? null : h("h5.log-phase-title", PHASE_TITLES[phase] || phase);
      this.roundEl.append(h("div.log-phase", title, this.list));
    }
    if (this.list === null || this.list.closest(".log-round") !== this.roundEl) {
      // A round that started without a phase event: an untitled list.
      this.list = h("ol.log-list");
      this.roundEl.append(h("div.log-phase", this.list));
    }
  }

  addEntry(entry) {
    if (this.round === null) this.group(0, "setup");
    const who = this.who;
    const chunks = consequences(entry, who);
    const head = headline(entry, who, chunks[0]);
    const unseen = this.unseenAfter !== null && entry.version > this.unseenAfter;
    const when = Number.isFinite(entry.at) ? dateTime(entry.at, { dateStyle: "medium", timeStyle: "medium" }) : null;
    const version = String(entry.version);
    const li = h(`li.log-entry${unseen ? ".unseen" : ""}`, {
      "data-version": entry.version, "data-player": entry.player,
      title: when ? t("log.version_at", { version, when }) : t("log.version", { version }),
    },
      h("div.log-line", seatDot(entry.player), h("span.log-text", head.text)));
    if (head.lines.length) li.append(effectsEl(head.lines));
    this.list.append(li);
    for (const c of chunks.slice(1)) {
      this.group(c.round, c.phase);
      if (c.lines.length) {
        this.list.append(h(`li.log-auto${unseen ? ".unseen" : ""}`, { "data-version": entry.version }, effectsEl(c.lines)));
      }
    }
    for (const e of entry.events || []) {
      if (e.type !== "undone") continue;
      for (const el of this.scroller.querySelectorAll(`[data-version="${Number(e.version)}"]`)) el.classList.add("undone");
    }
  }
}

function effectsEl(lines) {
  return h("ul.log-effects", lines.map((l) => h(`li.log-effect.ev-${String(l.event.type).replace(/[^a-z_]/g, "")}`, l.text)));
}

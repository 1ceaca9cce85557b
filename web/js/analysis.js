// The analysis of a finished game in the replay (docs/protocol.md "Analysis of a finished
// game"): the strong bot weighs every decision the people made against its own best
// candidates, in the background on the server. This panel asks for it (or shows the one
// that exists already), follows its progress once a second while the replay page is open,
// then shows each seat's count of mistakes and blunders and the marked moves: a list to jump
// to, "?" and "??" in the replay's log, and what the bot preferred at the position shown.
// With 60 playouts a decision the estimates are rough: a mark says "look here".
import { call } from "./api.js";
import { describe } from "./describe.js";
import { h, clear } from "./dom.js";
import { has, t, tk } from "./i18n.js";

const POLL_MS = 1000;
const SIGN = { mistake: "?", blunder: "??" };
// A name without the " (you)" names.js adds to the reader's own seat (account names have no
// parentheses).
const plainName = (name) => name.replace(/ \([^()]*\)$/, "");

export class AnalysisPanel {
  // who(seat): a seat's name; solo(): whether the game is a solo game (values are levels);
  // onJump(version): the replay goes to that version; onAuthError(): the session ended;
  // roundOf(version): the round a version belongs to (0: the setup), for the marks' labels.
  constructor(gameId, { who, solo, onJump, onAuthError, roundOf = () => null }) {
    this.gameId = gameId;
    this.roundOf = roundOf;
    this.who = who;
    this.solo = solo;
    this.onJump = onJump;
    this.onAuthError = onAuthError;
    this.result = null; // the last answer
    this.timer = null;
    this.closed = false;
    this.version = null; // the version the replay shows
    this.announced = false; // "Analysis done" was said
    this.body = h("div.analysis-body", h("p.quiet", t("analysis.looking")));
    // Said once, when the analysis is done (the progress itself is not read out every second).
    this.news = h("p.sr", { role: "status", "aria-live": "polite" });
    this.el = h("section.analysis#analysis", { "aria-labelledby": "analysis-title" },
      h("h2#analysis-title", t("analysis.title")), this.body, this.news);
  }

  // Reads what exists: an analysis done or under way is shown at once, else the button.
  async start() {
    try {
      this.take(await call("GET", `/api/games/${this.gameId}/analysis`));
    } catch (e) {
      this.failed(e);
    }
  }

  async ask() {
    this.button?.setAttribute("aria-disabled", "true");
    try {
      this.take(await call("POST", `/api/games/${this.gameId}/analysis`));
    } catch (e) {
      this.failed(e);
    }
  }

  failed(e) {
    if (this.closed) return;
    if (e.status === 401) { this.onAuthError(); return; }
    if (e.code === "no_analysis") { this.offer(); return; }
    if (e.code === "not_finished") {
      this.draw(h("p.quiet", t("analysis.not_finished")));
      return;
    }
    // A failed poll (the network, a restart that forgot it): say so and offer to ask again.
    const message = e.code && has("error", e.code) ? tk("error", e.code) : e.message;
    this.draw(h("p.error", message), this.askButton(t("analysis.ask_again")));
  }

  offer() {
    this.draw(h("p", t("analysis.offer")), this.askButton(t("analysis.ask")));
  }

  askButton(label) {
    this.button = h("button.primary#analysis-ask", { type: "button", onclick: () => {
      if (this.button.getAttribute("aria-disabled") !== "true") this.ask();
    } }, label);
    return this.button;
  }

  take(r) {
    if (this.closed) return;
    this.result = r;
    if (r.status === "none") { this.offer(); return; } // a server that answers "none" rather than 404
    if (r.status === "running" || r.status === "queued") {
      this.drawProgress(r);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.poll(), POLL_MS);
    } else if (r.status === "done") {
      this.drawDone(r);
    } else {
      this.draw(h("p.error", t("analysis.stopped", { status: String(r.status) })), this.askButton(t("analysis.ask_again")));
    }
  }

  async poll() {
    this.timer = null;
    if (this.closed) return;
    try {
      this.take(await call("GET", `/api/games/${this.gameId}/analysis`));
    } catch (e) {
      this.failed(e);
    }
  }

  // Replaces the panel's content, keeping the focus on the panel when a control of it had it.
  draw(...content) {
    const had = this.el.contains(document.activeElement);
    clear(this.body).append(...content.filter(Boolean));
    if (had && !this.el.contains(document.activeElement)) {
      (this.body.querySelector("button") || this.focusTarget())?.focus({ preventScroll: true });
    }
  }

  focusTarget() {
    const t = this.el.querySelector("h2");
    t.tabIndex = -1;
    return t;
  }

  drawProgress(r) {
    const done = r.done || 0;
    const total = r.total || 0;
    const text = total ? t("analysis.progress", { done: String(done), total: String(total) }) : t("analysis.starting");
    // The bar and the text are updated in place: a redraw every second would flicker.
    const bar = this.body.querySelector("progress");
    if (bar) {
      bar.max = Math.max(1, total);
      bar.value = done;
      this.body.querySelector(".analysis-progress-text").textContent = text;
      return;
    }
    this.draw(h("p", t("analysis.looking_at_game"),
      h("progress#analysis-progress", { max: Math.max(1, total), value: done, "aria-label": t("analysis.progress_label") }), " ",
      h("span.analysis-progress-text", text)),
    h("p.quiet", t("analysis.meanwhile")));
  }

  drawDone(r) {
    const seats = (r.seats || []).map((s) => {
      const marked = (s.mistakes || 0) + (s.blunders || 0);
      const found = marked
        ? t("analysis.seat_marks", { mistakes: s.mistakes || 0, blunders: s.blunders || 0, decisions: s.decisions || 0 })
        : t("analysis.seat_clean", { decisions: s.decisions || 0 });
      return h("li", { "data-seat": s.seat }, h("b", this.who(s.seat)), found);
    });
    const moves = r.moves || [];
    // Blunders first, as buttons to jump to; the smaller mistakes folded under them, so that
    // a long game's marks do not make a wall of buttons. Each says its round, not a version.
    const mark = (m) => {
      const round = this.roundOf(m.version);
      const when = round === null || round === undefined ? "none" : round ? "round" : "setup";
      return h("li", h("button.analysis-mark", {
        type: "button", "data-version": m.version,
        // The position where it was decided: the one before the version the move produced.
        onclick: () => this.onJump(Math.max(0, m.version - 1)),
      }, t("analysis.mark", { sign: SIGN[m.mark] || "?", when, round: round ?? "", name: plainName(this.who(m.seat)),
        what: describe(m.played, this.who) })));
    };
    const blunders = moves.filter((m) => m.mark === "blunder");
    const mistakes = moves.filter((m) => m.mark !== "blunder");
    const list = moves.length ? h("div.analysis-lists",
      blunders.length ? h("ul.analysis-marks", { "aria-label": t("analysis.blunders_label") }, blunders.map(mark))
        : h("p.quiet", t("analysis.no_blunder")),
      mistakes.length ? h("details.analysis-mistakes", { open: !blunders.length },
        h("summary", t("analysis.smaller_mistakes", { n: mistakes.length })),
        h("ul.analysis-marks", { "aria-label": t("analysis.mistakes_label") }, mistakes.map(mark))) : null)
      : h("p", t("analysis.none_marked"));
    this.detail = h("p.analysis-detail#analysis-detail", { role: "status", "aria-live": "polite" });
    this.draw(h("ul.analysis-seats", seats), list, this.detail,
      h("p.quiet.analysis-note", t(this.solo() ? "analysis.note_solo" : "analysis.note")));
    if (!this.announced) {
      this.announced = true;
      this.news.textContent = t("analysis.done", { n: moves.length });
    }
    this.showAt(this.version);
  }

  // The replay shows `version` (its log in `scroller`): marks the log's entries, and says what
  // the bot preferred where a marked move was decided (version - 1) or made (version).
  showAt(version, scroller = this.scroller) {
    this.version = version;
    this.scroller = scroller;
    const moves = this.result?.status === "done" ? this.result.moves || [] : [];
    if (scroller) {
      for (const m of moves) {
        const entry = scroller.querySelector(`.log-entry[data-version="${m.version}"]`);
        if (!entry || entry.querySelector(".move-mark")) continue;
        entry.classList.add("marked");
        entry.querySelector(".log-line")?.append(h(`span.move-mark.${m.mark}`, { title: t("analysis.mark_title", { mark: String(m.mark) }) },
          SIGN[m.mark] || "?", h("span.sr", ` (${t("analysis.mark_word", { mark: String(m.mark) })})`)));
      }
    }
    if (!this.detail) return;
    for (const b of this.body.querySelectorAll(".analysis-mark")) {
      const v = Number(b.dataset.version);
      b.setAttribute("aria-current", v === version || v - 1 === version ? "true" : "false");
    }
    const here = moves.filter((m) => m.version === version || m.version - 1 === version);
    this.detail.textContent = here.map((m) => this.preferred(m, version)).join(" ");
  }

  // At the decision: "Here ann chose Take a loan (??, a blunder). The bot preferred: Sell wheat
  // (0.58 vs 0.21)." Just after it: "The move just made, ann's Take a loan, ..."
  preferred(m, version) {
    const name = plainName(this.who(m.seat));
    const what = describe(m.played, this.who);
    const sign = t("analysis.sign", { sign: SIGN[m.mark] || "?", mark: String(m.mark) });
    const said = m.version === version ? t("analysis.just_made", { name, what, sign }) : t("analysis.here_chose", { name, what, sign });
    return t("analysis.preferred", { said, best: describe(m.best, this.who), gain: this.gain(m) });
  }

  // How much better the bot's choice looked, in words: solo in levels at the end; otherwise in
  // its own scale (a win counts 1, each Path space ahead 0.02) said as a win's share.
  gain(m) {
    const d = Number(m.best_mean) - Number(m.played_mean);
    if (this.solo()) {
      const n = Math.max(1, Math.round(d));
      return t("analysis.gain_levels", { n });
    }
    const pct = Math.round(d * 100);
    return pct >= 1 ? t("analysis.gain_chances", { n: pct }) : t("analysis.gain_little");
  }

  destroy() {
    this.closed = true;
    clearTimeout(this.timer);
  }
}

// Hints at the table (docs/protocol.md "Hints"): in a game that offers them, a seated player
// with something to decide asks the strong bot (POST /api/games/ID/hint) and sees its
// suggestion in the table's words, with its reasons: each command it weighed and how the
// games it played out from there went. "Play it" takes the command like any action button.
//
// The page redraws by morphing (morph.js), so this module keeps the hint's state and builds a
// fresh tree from it at every redraw; the live panel (and the focus inside it) stays while the
// hint is valid. A hint is worked out for one moment of the game: it goes when the player's
// own move (or an undo) changed things, when its command is no longer legal, or when he no
// longer has to decide. Other players' moves (a loan, a sale) leave it, with a note.
import { call } from "./api.js";
import { indexOf, previewParts } from "./advice.js";
import { describe } from "./describe.js";
import { h } from "./dom.js";
import { has, t, tk } from "./i18n.js";

// Rated games and the daily challenge never offer hints (the server refuses them too).
export function hintsOffered(summary) {
  return !!summary && summary.rated !== true && !summary.daily;
}

// The server's refusals, in words (anything else: the error's message, else its own words).
const REFUSALS = {
  hints_not_offered: "hint.refused_not_offered",
  nothing_to_decide: "hint.refused_nothing_to_decide",
  bots_busy: "hint.refused_bots_busy",
  not_seated: "hint.refused_not_seated",
  not_active: "hint.refused_not_active",
};
const refusal = (e) => (REFUSALS[e.code] ? t(REFUSALS[e.code]) : e.code && has("error", e.code) ? tk("error", e.code) : e.message);

// How often a move won in the bot's trial games, in words, with the count.
function winWords(share, tries) {
  const won = Math.round(share * tries);
  const how = won === 0 ? "never" : won === tries ? "always"
    : share >= 0.8 ? "almost" : share >= 0.55 ? "usually" : share >= 0.45 ? "half"
      : share >= 0.2 ? "sometimes" : "rarely";
  return t("hint.won", { how, won, tries });
}

// What a solo level is worth on the rulebook's scale.
function levelWords(level) {
  if (level >= 19) return t("hint.level_master");
  if (level >= 18) return t("hint.level_very_good");
  if (level >= 17) return t("hint.level_good");
  return t("hint.level_short", { n: 17 - level });
}

// What the bot found for one weighed command, in words a player reads at a glance, whole
// numbers only. Solo: the level it ends near; otherwise how often it won and how far ahead of
// (or behind) the best other player it ended.
// best: the suggestion's own numbers (solo: the others say how much lower they end).
export function outcomeText(c, solo, best = null) {
  if (solo) {
    const level = Math.round(Number(c.margin) || 0);
    const text = t("hint.solo_ends", { level, rating: levelWords(level) });
    if (!best || best === c) return text;
    const d = Math.round(Number(best.margin) - Number(c.margin));
    return d < 1 ? t("hint.solo_as_high", { text }) : t("hint.solo_lower", { text, n: d });
  }
  const m = Math.round(Number(c.margin) || 0);
  return t("hint.outcome", {
    won: winWords(Number(c.wins) || 0, c.playouts || 0), where: m === 0 ? "level" : m > 0 ? "ahead" : "behind", n: Math.abs(m),
  });
}

export class HintBox {
  // onChange(): the page redraws; onAuthError(): the session ended.
  constructor(gameId, { onChange, onAuthError }) {
    this.gameId = gameId;
    this.onChange = onChange;
    this.onAuthError = onAuthError;
    // null, or {status: "thinking" | "shown" | "refused", version, answer, message}
    this.state = null;
    this.focusAfter = null; // what to focus once the next redraw has drawn it
  }

  // Drops a hint that no longer fits the view (called before each redraw).
  check(view, version) {
    const s = this.state;
    if (!s || s.status === "thinking" || s.version === version) return;
    if (s.status === "refused" || !this.fits(s, view)) this.state = null;
  }

  // Whether a shown hint still fits the view at a later version.
  fits(s, view) {
    const me = view.seat;
    if (me === null || !(view.to_act || []).includes(me)) return false;
    if ((view.log || []).some((e) => e.version > s.version && e.player === me)) return false;
    return !!s.answer?.command && indexOf(s.answer.command, view.legal || []) >= 0;
  }

  async ask(version) {
    if (this.state?.status === "thinking") return;
    this.state = { status: "thinking", version };
    this.onChange();
    let next;
    try {
      const a = await call("POST", `/api/games/${this.gameId}/hint`);
      next = { status: "shown", version: a.version ?? version, answer: a };
    } catch (e) {
      if (e.status === 401) { this.state = null; this.onAuthError(); return; }
      next = { status: "refused", version, message: refusal(e) };
    }
    if (this.state?.status !== "thinking") return; // dismissed meanwhile
    this.state = next;
    // The answer is what the reader waits for: the focus goes to it when it was on the button.
    if (document.activeElement?.id === "hint-ask" || document.activeElement === document.body) {
      this.focusAfter = next.status === "shown" ? "hint-play" : "hint-dismiss";
    }
    this.onChange();
  }

  dismiss() {
    this.state = null;
    this.focusAfter = "hint-ask";
    this.onChange();
  }

  // What the actions panel shows of hints: the Hint button (in its heading's row, where it
  // takes no room of its own on a phone) and, under the heading, the answer. null when the
  // game offers none or the reader has nothing to decide. act(cmd): takes a command the way
  // the action buttons do. version: the view's.
  el(view, who, { offered, version, act }) {
    const me = view.seat;
    const deciding = me !== null && (view.to_act || []).includes(me) && (view.legal || []).some((c) => c.type !== "undo");
    if (!offered) this.state = null;
    if (!offered || (!deciding && !this.state)) return null;
    const s = this.state;
    const thinking = s?.status === "thinking";
    const button = deciding ? h("span.hint-ask-wrap", { "data-key": "hint-ask" },
      h("button.hint-ask#hint-ask", {
        type: "button", "aria-disabled": thinking ? "true" : null, "aria-describedby": "hint-about",
        title: t("hint.ask_title"),
        onclick: () => { if (!thinking) this.ask(version); },
      }, thinking ? t("hint.thinking") : t("hint.ask")),
      h("span.sr#hint-about", t("hint.ask_about"))) : null;
    // Live: a screen reader hears "Thinking…", then the suggestion or the refusal.
    const out = h("div.hint-out", { role: "status", "aria-live": "polite", "aria-label": t("hint.label"), "data-key": "hint-out" });
    if (thinking) out.append(h("p.hint-thinking", t("hint.thinking_long")));
    else if (s?.status === "refused") {
      out.append(h("div.hint-panel.refused", { "data-key": "hint-refused" },
        h("p.hint-error", s.message), this.buttons(null)));
    } else if (s?.status === "shown") out.append(this.panel(s, view, who, version, act));
    return { button, panel: out };
  }

  panel(s, view, who, version, act) {
    const a = s.answer;
    const solo = a.solo ?? view.game.options.players === 1;
    const p = view.advice?.legal?.[indexOf(a.command, view.legal || [])];
    const chips = previewParts(p, a.command);
    const cands = a.candidates || [];
    const head = h("p.hint-best", t("hint.suggests"), h("strong.hint-command", describe(a.command, who)),
      chips.length ? h("span.preview", chips.map((x) => h(`span.chip.${x.kind}`, x.text))) : null);
    const why = cands.length
      ? [h("p.hint-why", t("hint.tried", { n: cands.length })),
        h("ol.hint-candidates", cands.map((c, i) => h(`li${i === 0 ? ".best" : ""}`, { "data-key": `c:${JSON.stringify(c.command)}` },
          h("span.hint-cand", describe(c.command, who)), " — ", h("span.hint-numbers", outcomeText(c, solo, cands[0])),
          // A loan the bot held back (docs/bots.md): listed last whatever its numbers, and why.
          c.held_back ? h("span.hint-held", " — ", t("hint.loan_held_back")) : null)))]
      : [h("p.hint-why", t("hint.only_move"))];
    // Worked out before someone else's move: still legal, but the reader may want a fresh look.
    const since = (view.log || []).filter((e) => e.version > s.version && e.player !== view.seat);
    const movers = [...new Set(since.map((e) => who(e.player)))];
    const older = since.length
      ? h("p.quiet.hint-older", t("hint.older", { names: movers.reduce((a, b) => t("hint.and", { a, b })) }))
      : null;
    return h("div.hint-panel", { "data-key": `hint:${s.version}` }, head, ...why, older,
      this.buttons(() => act(a.command)));
  }

  buttons(play) {
    return h("div.hint-buttons",
      play ? h("button.primary#hint-play", { type: "button", onclick: play }, t("hint.play")) : null,
      h("button#hint-dismiss", { type: "button", onclick: () => this.dismiss() }, t("hint.dismiss")));
  }

  // Around a redraw: a focused control of the box that the redraw removed (the hint went away)
  // hands the focus to the Hint button, or to the actions; a focus asked for is given.
  focusBefore() {
    return !!document.activeElement?.closest?.(".hint-out, .hint-ask-wrap");
  }

  focusAfterRender(root, hadFocus) {
    const want = this.focusAfter;
    this.focusAfter = null;
    if (want) {
      const el = root.querySelector(`#${want}`) || root.querySelector("#hint-ask");
      if (el) { el.focus({ preventScroll: true }); return; }
    }
    if (hadFocus && !root.contains(document.activeElement)) {
      (root.querySelector("#hint-ask") || root.querySelector(".actions .action:not([disabled])"))?.focus({ preventScroll: true });
    }
  }
}

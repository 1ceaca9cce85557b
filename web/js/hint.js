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

// Rated games and the daily challenge never offer hints (the server refuses them too).
export function hintsOffered(summary) {
  return !!summary && summary.rated !== true && !summary.daily;
}

// The server's refusals, in words (anything else: its own message).
const REFUSALS = {
  hints_not_offered: "This game offers no hints: rated games and daily challenges never do.",
  nothing_to_decide: "You have nothing to decide right now: ask again when it is your move.",
  bots_busy: "The bots are all busy thinking for other games: ask again in a moment.",
  not_seated: "Only the players of this game may ask for a hint.",
  not_active: "The game is over: no more hints.",
};

const spaces = (n) => `${n} space${n === 1 ? "" : "s"}`;

// How often a move won in the bot's trial games, in words, with the count.
function winWords(share, tries) {
  const won = Math.round(share * tries);
  const words = won === 0 ? "never won" : won === tries ? "always won"
    : share >= 0.8 ? "almost always won" : share >= 0.55 ? "usually won" : share >= 0.45 ? "won about half the time"
      : share >= 0.2 ? "sometimes won" : "rarely won";
  return `${words} (${won} of ${tries} trial game${tries === 1 ? "" : "s"})`;
}

// What a solo level is worth on the rulebook's scale.
function levelWords(level) {
  if (level >= 19) return "master";
  if (level >= 18) return "very good";
  if (level >= 17) return "good";
  return `${17 - level} short of “good”`;
}

// What the bot found for one weighed command, in words a player reads at a glance, whole
// numbers only. Solo: the level it ends near; otherwise how often it won and how far ahead of
// (or behind) the best other player it ended.
// best: the suggestion's own numbers (solo: the others say how much lower they end).
export function outcomeText(c, solo, best = null) {
  if (solo) {
    const level = Math.round(Number(c.margin) || 0);
    const text = `ends near level ${level} (${levelWords(level)})`;
    if (!best || best === c) return text;
    const d = Math.round(Number(best.margin) - Number(c.margin));
    return `${text}, ${d < 1 ? "about as high as the first" : `about ${d} level${d === 1 ? "" : "s"} lower than the first`}`;
  }
  const m = Math.round(Number(c.margin) || 0);
  const where = m === 0 ? "level with the best other player" : m > 0 ? `about ${spaces(m)} ahead of the best other player`
    : `about ${spaces(-m)} behind the leader`;
  return `${winWords(Number(c.wins) || 0, c.playouts || 0)}, ending ${where}`;
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
      next = { status: "refused", version, message: REFUSALS[e.code] || e.message };
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
        title: "What would the strong bot play here?",
        onclick: () => { if (!thinking) this.ask(version); },
      }, thinking ? "Thinking…" : "Hint"),
      h("span.sr#hint-about", "Asks the strong bot what it would play here, and why.")) : null;
    // Live: a screen reader hears "Thinking…", then the suggestion or the refusal.
    const out = h("div.hint-out", { role: "status", "aria-live": "polite", "aria-label": "hint", "data-key": "hint-out" });
    if (thinking) out.append(h("p.hint-thinking", "Thinking… the bot plays your position out on many deals of the cards you cannot see."));
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
    const head = h("p.hint-best", "The bot suggests: ", h("strong.hint-command", describe(a.command, who)),
      chips.length ? h("span.preview", chips.map((x) => h(`span.chip.${x.kind}`, x.text))) : null);
    const why = cands.length
      ? [h("p.hint-why", `It tried ${cands.length === 1 ? "this move" : `its ${cands.length} best moves`}, playing the game to the end ` +
          "many times with the cards you cannot see dealt at random. With each move:"),
        h("ol.hint-candidates", cands.map((c, i) => h(`li${i === 0 ? ".best" : ""}`, { "data-key": `c:${JSON.stringify(c.command)}` },
          h("span.hint-cand", describe(c.command, who)), " — ", h("span.hint-numbers", outcomeText(c, solo, cands[0])))))]
      : [h("p.hint-why", "It is the only thing you can do now.")];
    // Worked out before someone else's move: still legal, but the reader may want a fresh look.
    const since = (view.log || []).filter((e) => e.version > s.version && e.player !== view.seat);
    const older = since.length
      ? h("p.quiet.hint-older", `Worked out before ${[...new Set(since.map((e) => who(e.player)))].join(" and ")} moved: ask again for a fresh look.`)
      : null;
    return h("div.hint-panel", { "data-key": `hint:${s.version}` }, head, ...why, older,
      this.buttons(() => act(a.command)));
  }

  buttons(play) {
    return h("div.hint-buttons",
      play ? h("button.primary#hint-play", { type: "button", onclick: play }, "Play it") : null,
      h("button#hint-dismiss", { type: "button", onclick: () => this.dismiss() }, "Dismiss"));
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

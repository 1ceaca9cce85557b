// The replay viewer (#/replay/ID?version=V&view=W): any version of a finished game from any
// seat's view, the spectators' or everyone's ("all"); a running game's players step back
// through their own view. Reads GET /api/games/ID/history (docs/protocol.md, "History").
// A finished game's replay also shows the strong bot's analysis of it (analysis.js).
import * as api from "./api.js";
import { AnalysisPanel } from "./analysis.js";
import { h, clear } from "./dom.js";
import { has, t, tk } from "./i18n.js";
import { highlight, touchedSelectors } from "./digest.js";
import { LogView } from "./log.js";
import { seatNamer } from "./names.js";
import { statusEl } from "./render/table.js";
import { tableColEl } from "./render/table-col.js";

const SPEEDS = [0.5, 1, 2, 4, 8]; // commands per second

// An error in words: the catalog's message for its code, else the server's own.
const errorText = (e) => (e?.code && has("error", e.code) ? tk("error", e.code) : e?.message || "");

// The replay route's parameters from the hash's query part.
export function replayParams(query) {
  const q = new URLSearchParams(query || "");
  const v = q.get("version");
  // analysis: opened from the end screen's link, the page shows the analysis first.
  return { version: v !== null && /^\d+$/.test(v) ? Number(v) : null, view: q.get("view"), analysis: q.has("analysis") };
}

// The first version of each round, from the log's round_started events (version 0: setup).
export function roundStarts(log) {
  const starts = [{ round: 0, version: 0 }];
  for (const e of log || []) {
    for (const ev of e.events || []) {
      if (ev.type === "round_started") starts.push({ round: ev.round, version: e.version });
    }
  }
  return starts;
}

export function replayPage(root, gameId, { session, onAuthError, params }) {
  let summary = null;
  let latest = null;
  let finished = false;
  let version = params.version;
  let wanted = params.version ?? 0; // the version last asked for (steps count from it)
  let viewAs = params.view;
  let shown = null; // the history answer on screen
  let rounds = [{ round: 0, version: 0 }];
  let playing = false;
  let timer = null;
  let request = 0;
  let indexing = null; // the promise of index() for the current view
  let closed = false;
  let analysis = null; // made once the game is known to be finished
  const cache = new Map();
  const who = seatNamer(() => summary, () => shown?.state);
  // The same names without "(you)": the views are named by whose they are.
  const plainName = seatNamer(() => summary, () => (shown?.state ? { ...shown.state, seat: null } : null));
  const logView = new LogView(who, { title: t("replay.log_title") });
  // A click on a log entry goes to the version it produced.
  logView.scroller.addEventListener("click", (e) => {
    const entry = e.target.closest?.("[data-version]");
    if (entry) { stop(); go(Number(entry.dataset.version)); }
  });

  const err = h("p.error", { role: "alert" });
  const versionEl = h("span.replay-version#replay-version", { role: "status", "aria-live": "polite" });
  const slider = h("input#replay-slider", { type: "range", min: 0, max: 0, value: 0, "aria-label": t("replay.aria_version"),
    oninput: () => go(Number(slider.value)) });
  const roundSel = h("select#replay-round", { "aria-label": t("replay.aria_round"), onchange: () => {
    stop();
    go(Number(roundSel.value));
  } });
  const viewSel = h("select#replay-view", { "aria-label": t("replay.aria_view"), onchange: () => {
    viewAs = viewSel.value;
    rounds = [{ round: 0, version: 0 }];
    go(version, { reindex: true });
  } });
  const speedSel = h("select#replay-speed", { "aria-label": t("replay.aria_speed") },
    SPEEDS.map((s) => h("option", { value: s, selected: s === 2 }, t("replay.speed", { n: s }))));
  const playBtn = h("button#replay-play", { type: "button", onclick: () => (playing ? stop() : play()) }, t("replay.play"));
  // The visible words are the name (what a voice-control user says); the title explains them.
  const button = (id, label, title, fn) => h(`button#${id}`, { type: "button", title, onclick: () => { stop(); fn(); } }, label);
  const controls = h("div.replay-controls",
    h("div.group",
      button("replay-first", t("replay.first"), t("replay.first_title"), () => go(0)),
      button("replay-prev", t("replay.back"), t("replay.back_title"), () => go(wanted - 1)),
      versionEl,
      button("replay-next", t("replay.next"), t("replay.next_title"), () => go(wanted + 1)),
      button("replay-last", t("replay.last"), t("replay.last_title"), () => go(null, { reindex: true }))),
    slider,
    h("label.group", t("replay.round_label"), " ", roundSel),
    h("div.group", playBtn, speedSel),
    h("label.group", t("replay.view_label"), " ", viewSel));
  const body = h("div.game-body", h("p.quiet", t("table.loading_game")));
  const back = h("a.back-to-game", { href: `#/game/${gameId}` }, t("replay.back_to_game"));
  clear(root).append(h("div.game-page.replay-page",
    h("div.game-top", h("a.back", { href: "#/" }, t("table.back_lobby_arrow")), h("span.game-id", t("replay.title", { id: String(gameId) })), back),
    controls, err, body));

  const onKey = (e) => {
    if (e.target.closest?.("input, select, textarea")) return;
    if (e.key === "ArrowLeft") { stop(); go(wanted - 1); }
    else if (e.key === "ArrowRight") { stop(); go(wanted + 1); }
  };
  document.addEventListener("keydown", onKey);

  const mySeat = () => summary?.seats?.find((s) => !s.bot && s.player &&
    s.player.toLowerCase() === session.account.name.toLowerCase())?.seat ?? null;

  function fillViews() {
    const opts = [];
    const seats = summary?.seats || [];
    const me = mySeat();
    for (const s of seats) {
      if (finished || s.seat === me) opts.push([String(s.seat), t("replay.seat_view", { name: plainName(s.seat) })]);
    }
    opts.push(["spectator", t("replay.spectator")]);
    // A daily challenge's cards are everybody's deal of the day: face up once the UTC day is over.
    const dealSecret = summary?.daily && summary.daily >= new Date().toISOString().slice(0, 10);
    if (finished && !dealSecret) opts.push(["all", t("replay.all_face_up")]);
    clear(viewSel).append(...opts.map(([v, label]) => h("option", { value: v, selected: v === viewAs }, label)));
  }

  function fillRounds() {
    clear(roundSel).append(...rounds.map((r) => h("option", { value: r.version }, r.round ? t("replay.round_n", { n: r.round }) : t("replay.setup"))));
    let current = rounds[0];
    for (const r of rounds) if (r.version <= version) current = r;
    roundSel.value = String(current.version);
  }

  async function fetchAt(v) {
    // The latest is asked again each time: a running game moves on.
    const key = `${v}|${viewAs}`;
    if (v !== null && cache.has(key)) return cache.get(key);
    const r = await api.history(gameId, { version: v, view: viewAs });
    cache.set(`${r.version}|${viewAs}`, r);
    return r;
  }

  // Reads the latest version and the rounds' first versions for `as` (once per view: a later
  // step must not drop it, so it does not depend on the request that started it).
  async function index(as) {
    const top = await fetchAt(null);
    if (closed || as !== viewAs) return;
    latest = top.latest;
    finished = top.finished;
    rounds = roundStarts(top.state.log);
    fillViews();
  }

  // Shows version v (clamped to 0..latest). reindex: (re)read the round index at the latest.
  async function go(v, { reindex = false } = {}) {
    const mine = ++request;
    if (latest !== null && v !== null && v !== undefined) wanted = Math.max(0, Math.min(latest, v));
    try {
      if (reindex || !indexing) indexing = index(viewAs);
      await indexing;
      if (closed || mine !== request) return;
      const target = Math.max(0, Math.min(latest, v ?? latest));
      wanted = target;
      const r = await fetchAt(target);
      if (closed || mine !== request) return;
      err.textContent = "";
      show(r);
    } catch (e) {
      if (closed || mine !== request) return;
      indexing = null; // try again at the next step
      stop();
      if (e.status === 401) onAuthError();
      else err.textContent = errorText(e);
    }
  }

  function show(r) {
    shown = r;
    version = r.version;
    latest = Math.max(latest ?? 0, r.latest);
    slider.max = String(latest);
    slider.value = String(version);
    // As digits, as the slider and the address have them.
    versionEl.textContent = t("replay.version_of", { version: String(version), latest: String(latest) });
    fillRounds();
    history.replaceState(null, "", `#/replay/${gameId}?version=${version}&view=${encodeURIComponent(viewAs)}`);
    const view = r.state;
    const col = tableColEl(view, who, h("div.table-col"), { showHands: viewAs === "all", live: true, othersOpen: true, extra: { log: view.log, me: viewAs === String(mySeat()) ? mySeat() : null } });
    const side = h("div.side-col");
    logView.update(view.log || []);
    // The status as a bystander's ("Waiting for ..."): a past moment is nobody's move now.
    clear(body).append(h("div.game-grid", statusEl(view.game, { ...view, seat: null, to_act: view.to_act || [] }, who), col, side));
    logView.attach(side);
    analysis?.showAt(version, logView.scroller);
    // What this step changed, marked on the board as the digest marks a visit's news.
    const entry = (view.log || []).find((e) => e.version === version);
    if (entry) highlight(col, touchedSelectors([entry]));
  }

  function play() {
    if (version >= latest) go(0);
    playing = true;
    playBtn.textContent = t("replay.pause");
    tick();
  }

  function tick() {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (!playing || closed) return;
      if (version >= latest) { stop(); return; }
      await go(wanted + 1);
      if (playing) tick();
    }, 1000 / Number(speedSel.value));
  }

  function stop() {
    playing = false;
    clearTimeout(timer);
    playBtn.textContent = t("replay.play");
  }

  (async () => {
    try {
      summary = await api.gameSummary(gameId);
    } catch (e) {
      if (e.status === 401) { onAuthError(); return; }
      clear(body).append(h("p.error", errorText(e)));
      return;
    }
    if (closed) return;
    if (viewAs === null) viewAs = mySeat() !== null ? String(mySeat()) : "spectator";
    await go(version);
    // Only a finished game is analysed; the panel sits above the table, which each step
    // draws anew, so that its buttons keep the focus while the replay moves.
    if (closed || !finished || analysis) return;
    analysis = new AnalysisPanel(gameId, {
      who, solo: () => summary?.options?.players === 1, onAuthError,
      roundOf: (v) => { let r = 0; for (const x of rounds) if (x.version <= v) r = x.round; return r; },
      onJump: (v) => { stop(); go(v); },
    });
    body.before(analysis.el);
    analysis.showAt(version, logView.scroller);
    analysis.start();
    if (params.analysis) {
      const title = analysis.el.querySelector("h2");
      title.tabIndex = -1;
      title.focus();
      analysis.el.scrollIntoView({ block: "start" });
    }
  })();

  return () => {
    closed = true;
    stop();
    analysis?.destroy();
    document.removeEventListener("keydown", onKey);
  };
}

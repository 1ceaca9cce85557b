// The game page: subscribes to one game, draws the table from the view, and turns clicks on
// the board and on action buttons into commands taken from the view's `legal` list. Beside the
// table: the game's chat and the player's private notes (chat.js, notes.js), kept in slots the
// redraws leave alone; after the end, the rematch.
import * as api from "./api.js";
import * as community from "./community-api.js";
import { actionsEl, chooseDialog, closeDialogs, confirmDialog, needsConfirm, refreshDialogs, selectionEl } from "./actions.js";
import { indexOf } from "./advice.js";
import { card, VEG_NAMES } from "./cards.js";
import { has, t, tk, tNodes } from "./i18n.js";
import { installCardZoom } from "./card-zoom.js";
import { guideEl, guideOn, setGuide } from "./guide.js";
import { flash, morph, settleEffects } from "./morph.js";
import { Parts } from "./parts.js";
import { planMotion, playMotion } from "./motion.js";
import { h, clear } from "./dom.js";
import { GameSocket } from "./socket.js";
import { commandsFor, targetIndex, targetsOf } from "./targets.js";
import { statusEl } from "./render/table.js";
import { cardArtName } from "./render/art.js";
import { tableBarEl, tickClocks } from "./table-bar.js";
import { tableColEl } from "./render/table-col.js";
import { describe } from "./describe.js";
import { digestEl, highlight, touchedSelectors, unseenEntries } from "./digest.js";
import { LogView } from "./log.js";
import { seatNamer } from "./names.js";
import { ChatPanel } from "./chat.js";
import { NotesPanel } from "./notes.js";
import { HintBox, hintsOffered } from "./hint.js";
import { refreshStoreForm, storeFormEl } from "./storehouse.js";
import { standingsEl } from "./standings.js";

// The drawing the selection panel shows for what was selected, by the kind of its key (a card
// shows its own, render/art.js).
const SELECTED_ART = { good: "stall", field: "field", path: "path", loans: "coins", drawpile: "back", twopack: "back" };

// Narrow screens fold the chat away (a line with the count of new messages) until opened.
const PHONE = "(max-width: 900px)";

// A refusal of the WebSocket in words: the catalog's message for its code (the connection has
// no language, so its own message is English), else that message. HTTP errors: api.errorText.
function refusalText(e) {
  return e?.code && has("error", e.code) ? tk("error", e.code) : e?.message || "";
}

// "a or b or c" in the reader's language.
function eitherOr(xs) {
  return xs.reduce((a, b) => t("table.either_or", { a, b }));
}

export function gamePage(root, gameId, { session, navigate, onAuthError }) {
  let summary = null;
  let view = null;
  // How long the last redraws took (milliseconds; tests/web/perf.js reads them), and how many
  // there were (tests wait for the page to be redrawn and idle).
  const renderTimes = [];
  let renders = 0;
  // Set when the page is left: nothing that was under way draws any more.
  let gone = false;
  let busy = false;
  let pollTimer = null;
  let spectator = false;
  const connEl = h("span.conn", { role: "status" }, t("table.connecting"));
  const toastEl = h("div.toast", { role: "alert", "aria-live": "assertive" });
  const body = h("div.game-body", h("p.quiet", t("table.loading_game")));
  // Players of a running game may step back through their own view (the replay viewer).
  const stepBack = h("a.step-back", { href: `#/replay/${gameId}`, hidden: true }, t("table.step_back"));
  // The guide of a first game, hidden by the player, can be asked for again.
  const guideShow = h("button.quiet-button#guide-show", { type: "button", hidden: true,
    onclick: () => { setGuide(true); render(); } }, t("table.guide_me"));
  clear(root).append(h("div.game-page",
    h("div.game-top", h("a.back", { href: "#/" }, t("table.back_lobby_arrow")), h("span.game-id", t("table.game_id", { id: String(gameId) })), connEl, stepBack, guideShow),
    toastEl, body));

  const who = seatNamer(() => summary, () => view);
  const logView = new LogView(who);
  // "Since your last visit": the entries after the snapshot's last_seen, shown until read.
  let digest = null;

  let toastTimer = null;
  function toast(text, kind = "error") {
    toastEl.className = `toast show ${kind}`;
    toastEl.dataset.count = String(Number(toastEl.dataset.count || 0) + 1);
    toastEl.textContent = text;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { toastEl.className = "toast"; }, 6000);
  }

  // One reading at a time: the page asks when it opens and again at the first view, usually
  // while the first answer is still on its way.
  let summaryLoad = null;
  function loadSummary() {
    summaryLoad ??= (async () => {
      try {
        summary = await api.gameSummary(gameId);
      } catch (e) {
        if (e.status === 401) onAuthError();
        else toast(api.errorText(e));
      } finally {
        summaryLoad = null;
      }
    })();
    return summaryLoad;
  }

  // While a command is on its way the page takes no other (act() and the board's clicks look at
  // `busy`); it looks busy (faded) only when the answer is slow in coming: changing the whole
  // page's look for every move would restyle and repaint all of it twice per move.
  const BUSY_LOOK_MS = 300;
  let busyLook = null;
  function setBusy(on) {
    busy = on;
    clearTimeout(busyLook);
    if (on) busyLook = setTimeout(() => body.classList.add("busy"), BUSY_LOOK_MS);
    else body.classList.remove("busy");
  }

  async function send(cmd) {
    if (busy) return;
    setBusy(true);
    // The answer's redraw comes before the promise resolves: the selection goes first.
    const wasSelected = selected;
    selected = null;
    const r = await socket.command(cmd);
    setBusy(false);
    if (!r.ok) {
      selected = wasSelected;
      if (r.error.code === "stale") toast(t("table.stale_command"), "info");
      else toast(refusalText(r.error));
      render();
    }
  }

  // Why an open game was cancelled, as far as its summary tells: the invitations declined
  // left seats nobody could fill; everyone who sat at it left; or the site's operators stopped
  // it (a game that had started, with every seat taken, can only have been stopped by them).
  function cancelledText(s) {
    const seats = s?.seats || [];
    const seated = new Set(seats.filter((x) => x.player).map((x) => x.player.toLowerCase()));
    const free = seats.filter((x) => !x.bot && !x.player).length;
    if (seats.length && !free) return t("table.cancelled_while_played");
    const declined = s?.declined || [];
    const no = new Set(declined.map((n) => n.toLowerCase()));
    const canCome = (s?.invited || []).filter((n) => !no.has(n.toLowerCase()) && !seated.has(n.toLowerCase())).length;
    if (declined.length && canCome < free) {
      return t("table.cancelled_declined", { names: declined.join(", ") });
    }
    if (!seated.size) return t("table.cancelled_everyone_left");
    return t("table.cancelled_never_started");
  }

  // What the waiting page shows: it is drawn again only when this changes (a redraw would take
  // the keyboard's focus from its buttons every poll).
  let waitingKey = null;
  function waiting(message) {
    if (gone) return;
    drawn = false;
    const seats = summary?.seats || [];
    const myName = session.account.name.toLowerCase();
    const seatedHere = seats.some((s) => s.player?.toLowerCase() === myName);
    const declined = (summary?.declined || []).some((n) => n.toLowerCase() === myName);
    const invitedHere = !seatedHere && !declined && (summary?.invited || []).some((n) => n.toLowerCase() === myName);
    const key = JSON.stringify([message, summary?.status, seats.map((s) => [s.player, s.bot]), summary?.invited, summary?.declined,
      summary?.rematch_of]);
    const same = key === waitingKey && body.querySelector(":scope > section.waiting");
    waitingKey = key;
    if (summary?.status === "cancelled") {
      clearTimeout(pollTimer);
      if (same) return;
      clear(body).append(h("section.waiting", h("h2", t("table.cancelled_title")),
        h("p", cancelledText(summary)), h("a.button", { href: "#/" }, t("table.back_to_lobby"))));
      return;
    }
    clearTimeout(pollTimer);
    pollTimer = setTimeout(async () => {
      await loadSummary();
      if (gone) return;
      if (summary && summary.status !== "open") { waitingKey = null; socket.subscribe(gameId, spectator ? "spectator" : "player"); }
      else waiting(message);
    }, 2000);
    if (same) return;
    // A free seat of a game by invitation names whom it waits for ("bob (invited)"); more
    // invited names than free seats share them.
    const seated = new Set(seats.filter((s) => s.player).map((s) => s.player.toLowerCase()));
    const invited = (summary?.invited || []).filter((n) => !seated.has(n.toLowerCase()));
    const free = seats.filter((s) => !s.bot && !s.player).length;
    let next = 0;
    const freeSeat = () => (!invited.length ? h("em", t("table.seat_free"))
      : invited.length <= free ? t("table.seat_invited", { name: invited[next++] })
        : h("em", t("table.seat_free_invited", { names: eitherOr(invited) })));
    const host = seats[0]?.player || t("table.someone");
    // An invitation (a rematch, or a private game): accept by joining, or decline.
    const answer = invitedHere ? h("div.invite-answer",
      h("p", summary?.rematch_of
        ? tNodes("table.invite_rematch", { id: String(summary.rematch_of) }, { host: h("b", host) })
        : tNodes("table.invite_game", {}, { host: h("b", host) })),
      h("button.primary#accept-invite", { type: "button", onclick: async () => {
        try {
          await api.joinGame(gameId);
          await loadSummary();
          if (summary?.status === "open") waiting(t("table.starts_when_full"));
          else { waitingKey = null; socket.subscribe(gameId); }
        } catch (e) { toast(api.errorText(e)); }
      } }, t("table.join")),
      h("button#decline-invite", { type: "button", onclick: async () => {
        try { await community.decline(gameId); navigate("#/"); } catch (e) { toast(api.errorText(e)); }
      } }, t("table.decline"))) : null;
    // Should it be drawn anew all the same, the focus stays on the button that had it.
    const focused = body.contains(document.activeElement) ? document.activeElement.id : "";
    clear(body).append(h("section.waiting",
      h("h2", t("table.waiting_title")),
      h("p", message),
      h("ul", seats.map((s) => h("li", t("table.seat_label", { n: s.seat + 1 }), " ", s.bot ? t("table.seat_bot") : (s.player && s.bot_account ? t("render.seat_bot_account", { name: s.player }) : s.player) || freeSeat()))),
      answer,
      seatedHere ? h("button#leave-game", { type: "button", onclick: async () => {
        try { await api.leaveGame(gameId); navigate("#/"); } catch (e) { toast(api.errorText(e)); }
      } }, t("table.leave_game")) : null));
    if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
  }

  const socket = new GameSocket(session.token, {
    onStatus: (text, ok) => { connEl.textContent = text; connEl.classList.toggle("bad", !ok); },
    onAuthError,
    onSubscribeError: async (e) => {
      if (e.code === "not_started") {
        await loadSummary();
        waiting(t("table.starts_when_full"));
      } else if (e.code === "not_your_seat" && !spectator) {
        spectator = true;
        socket.subscribe(gameId, "spectator");
      } else {
        clear(body).append(h("p.error", refusalText(e)));
      }
    },
    onView: async (v, version, message) => {
      if (gone) return;
      waitingKey = null;
      const first = view === null;
      view = v;
      if (first && message?.type === "snapshot") openDigest(v, message.last_seen);
      // The summary read when the page opened will do, unless the game was still open then.
      if (!summary || summary.status === "open") await loadSummary();
      render();
    },
    onChat: (m) => chat.receive(m),
    onLobby: () => lobbyChanged(),
  }, gameId);
  const chat = new ChatPanel(gameId, { socket, me: session.account.name, collapsed: matchMedia(PHONE).matches });
  // Only a player's: made when the view says the reader sits at the game.
  let notes = null;
  // The strong bot's suggestion on request (hint.js), in games that offer hints.
  const hint = new HintBox(gameId, { onChange: () => render(), onAuthError });
  socket.subscribe(gameId);
  loadSummary();
  // Several commands in order (the Storehouse form's): stops at the first refusal.
  async function sendAll(cmds) {
    if (busy) return;
    selected = null;
    for (const cmd of cmds) {
      setBusy(true);
      const r = await socket.command(cmd);
      setBusy(false);
      if (!r.ok) { toast(refusalText(r.error)); render(); return; }
    }
  }

  // For tests and the curious: the live connection (window.loyang.socket.ws.close() drops it).
  window.loyang = { socket, view: () => view, renderTimes, renders: () => renders, hint: () => hint.state?.answer || null };

  // What the reader selected on the board (a click-target key, targets.js): its choices show
  // in the selection panel until he takes one, closes it, or it has none left.
  let selected = null;
  // The last log version drawn: the entries after it are what moved since (motion.js).
  let shownVersion = null;
  // Kinds of command the reader said not to confirm again in this game.
  const noConfirm = new Set();
  let drawn = false;
  const parts = new Parts();

  // Takes a legal command; one that costs something and cannot be taken back asks first
  // (needsConfirm, from view.advice).
  function act(cmd) {
    if (!view || busy || view.table?.status === "cancelled") return;
    const p = view.advice?.legal?.[indexOf(cmd, view.legal || [])];
    if (needsConfirm(cmd, p) && !noConfirm.has(cmd.type)) {
      confirmDialog(cmd, p, who, () => send(cmd), () => noConfirm.add(cmd.type));
    } else {
      send(cmd);
    }
  }

  function choose(title, cmds) {
    chooseDialog(title, cmds, who, act, { advice: view.advice, legal: view.legal || [] });
  }

  function selectionBox(legal, me) {
    if (selected === null) return null;
    const cmds = commandsFor(selected, legal, me);
    const blocked = (view.advice?.blocked || []).filter((b) => targetsOf(b.cmd, me).includes(selected));
    const el = body.querySelector(`[data-target="${CSS.escape(selected)}"]`);
    if (!cmds.length && !blocked.length) { selected = null; return null; }
    const title = el?.dataset.label || el?.getAttribute("aria-label") || t("table.your_choice");
    const c = el?.dataset.card ? card(el.dataset.card) : null;
    const artName = c ? cardArtName(c.id) : SELECTED_ART[selected.split(":")[0]] || null;
    return selectionEl(view, who, { title, cmds, blocked, act, about: c ? aboutCard(c, me) : null, artName,
      onClose: () => { selected = null; render(); } });
  }

  // What the selection panel says of a card: a Helper's text in full; for a customer, what
  // he wants and what of it the cart holds.
  function aboutCard(c, me) {
    if (c.full) return c.full;
    if (c.kind !== "regular" && c.kind !== "casual") return null;
    const cart = { ...(view.game.players[me]?.cart || {}) };
    const missing = c.wants.filter((v) => !(cart[v]-- > 0));
    const names = (vs) => vs.map((v) => VEG_NAMES[v]).join(" + ");
    return missing.length ? t("table.about_wants_lacks", { wants: names(c.wants), missing: names(missing) })
      : t("table.about_wants_holds", { wants: names(c.wants) });
  }

  // The page's content for the current view, as a fresh tree (morphed into the live one).
  function build() {
    const g = view.game;
    const me = view.seat;
    // A game can end outside its rules (a resignation, a timeout): then nothing is left to do.
    // Nor in one the site's operators cancelled (the table says so; no rematch of it).
    const cancelled = view.table?.status === "cancelled";
    const endedEarly = !cancelled && view.table?.status === "finished" && g.phase !== "finished";
    const legal = endedEarly || cancelled ? [] : view.legal || [];
    if (cancelled) selected = null;
    const over = !cancelled && (g.phase === "finished" || view.table?.status === "finished");
    const extra = g.phase === "finished" && !cancelled
      ? { log: view.log, onRematch: me !== null ? rematch : null, onNewGame: () => navigate("#/new"), me, analysis: `#/replay/${gameId}?analysis=1` } : {};
    // The click targets' commands (and why the others are not possible), for the parts of the
    // table drawn anew only when their inputs changed (parts.js) and for the targets below.
    const blocked = cancelled ? [] : view.advice?.blocked || [];
    const index = targetIndex(legal, me);
    const whyIndex = new Map();
    for (const b of blocked) for (const k of targetsOf(b.cmd, me)) whyIndex.set(k, [...(whyIndex.get(k) || []), b]);
    const targets = (test) => {
      let sig = selected !== null && test(selected) ? `*${selected}` : "";
      for (const [k, cmds] of index) if (test(k)) sig += `|${k}:${cmds.length === 1 ? JSON.stringify(cmds[0]) : cmds.length}`;
      for (const k of whyIndex.keys()) if (test(k)) sig += `|${k}?`;
      return sig;
    };
    const mainCol = tableColEl(view, who, h("div.table-col", { "data-key": "table-col" }),
      { live: true, extra, parts, targets });
    const sideCol = h("div.side-col", { "data-key": "side-col" });
    const status = cancelled
      ? h("div.status.cancelled", { "data-key": "status", role: "status", "aria-live": "polite" },
        h("b", t("table.game_cancelled")), " ", h("span.who", t("table.game_cancelled_note")))
      : endedEarly ? h("div.status", { "data-key": "status" }, h("b", t("table.game_over"))) : statusEl(g, view, who);
    status.dataset.key = "status";
    if (g.phase === "finished") {
      mainCol.prepend(h("p.replay-link", { "data-key": "replay-link" }, h("a.button#replay-link", { href: `#/replay/${gameId}` }, t("table.replay_game"))));
    }
    // The digest box is the page's own (like the log): the redraw keeps it where it is.
    if (digest) sideCol.append(h("div.digest-slot", { "data-slot": "digest", "data-key": "digest" }));
    stepBack.hidden = me === null || g.phase === "finished" || cancelled;
    guideShow.hidden = guideOn() || me === null || g.phase === "finished" || cancelled;
    const offer = over && me !== null ? rematchOffer() : null;
    if (offer) mainCol.prepend(offer);
    if (cancelled) {
      sideCol.append(h("p.quiet.cancelled-note", { "data-key": "cancelled-note" }, t("table.cancelled_sidenote"), " ",
        h("a", { href: "#/" }, t("table.back_to_lobby"))));
    } else if (endedEarly) {
      sideCol.append(h("p.quiet", t("table.game_is_over")));
      if (me !== null) {
        sideCol.append(h("div.end-buttons", { "data-key": "end-buttons" },
          h("button.primary#rematch", { type: "button", onclick: rematch }, t("table.rematch")),
          h("button#new-game", { type: "button", onclick: () => navigate("#/new") }, t("table.new_game"))));
      }
    } else if (g.phase === "finished") { /* the scoring says it all */ }
    else if (me !== null) {
      const guide = guideEl(view, () => { setGuide(false); render(); body.querySelector("#guide-show")?.focus(); });
      if (guide) sideCol.append(guide);
      const sel = selectionBox(legal, me);
      if (sel) sideCol.append(sel);
      const version = view.game.version ?? socket.version;
      hint.check(view, version);
      const hb = hint.el({ ...view, legal }, who, { offered: hintsOffered(summary) && !over, version, act });
      const store = storeFormEl({ ...view, legal }, { sendAll });
      const folded = sel ? () => { selected = null; render(); body.querySelector(".actions .action")?.focus({ preventScroll: true }); } : null;
      sideCol.append(actionsEl({ ...view, legal }, who, { act, choose, hint: hb, store, folded }));
    } else sideCol.append(h("p.quiet", t("table.watching")));
    // The chat and the notes are the page's own, like the log: the redraws leave them alone.
    // (A solo game has nobody to chat with.)
    if (g.options.players > 1) sideCol.append(h("div.chat-slot", { "data-slot": "chat", "data-key": "chat" }));
    if (me !== null) sideCol.append(h("div.notes-slot", { "data-slot": "notes", "data-key": "notes" }));
    sideCol.append(h("div.log-slot", { "data-slot": "log", "data-key": "log" }));
    const standings = standingsEl(view, who);
    const bar = tableBarEl(gameId, view.table, {
      who, me, summary, toast, standings,
      onChange: async () => { await loadSummary(); render(); },
    });
    if (bar) bar.dataset.key = "table-bar";
    const fresh = h(`div.game-body${body.classList.contains("busy") ? ".busy" : ""}`, bar || standings,
      h("div.game-grid", { "data-key": "grid" }, status, mainCol, sideCol));
    if (digest) highlight(mainCol, digest.selectors);
    if (me === null) return fresh;
    // Every board element with legal commands (or with an action the reader may look for and
    // cannot take, which says why) can be selected.
    for (const el of fresh.querySelectorAll("[data-target]")) {
      const key = el.dataset.target;
      const cmds = index.get(key) || [];
      const why = cmds.length ? [] : whyIndex.get(key) || [];
      if (!cmds.length && !why.length) continue;
      el.classList.add(cmds.length ? "can" : "why-not");
      if (key === selected) el.classList.add("selected");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      // A button's name must contain what it shows: its description joins its text (for
      // screen readers) instead of replacing it.
      const label = el.getAttribute("aria-label");
      el.dataset.label = label || el.title || el.textContent.trim().slice(0, 60);
      if (label) {
        el.removeAttribute("aria-label");
        el.append(h("span.sr", t("table.sr_label", { label })));
      }
      el.setAttribute("aria-pressed", key === selected ? "true" : "false");
      el.title = cmds.length === 1 ? describe(cmds[0], who) : cmds.length ? t("table.n_actions", { n: cmds.length }) : t("table.not_possible_select");
    }
    return fresh;
  }

  function render() {
    if (!view || gone) return;
    const t0 = performance.now();
    if (!drawn) parts.reset();
    const fresh = build();
    const first = !drawn;
    const hintFocus = hint.focusBefore();
    const log = view.log || [];
    let since = log.length;
    while (since > 0 && shownVersion !== null && log[since - 1].version > shownVersion) since--;
    const moved = first || shownVersion === null ? null : planMotion(body, log.slice(since));
    shownVersion = log.length ? log[log.length - 1].version : shownVersion ?? -1;
    if (first) {
      clear(body);
      body.append(...fresh.childNodes);
      drawn = true;
    } else {
      flash(morph(body, fresh));
      parts.settle();
    }
    if (moved) playMotion(body, moved);
    hint.focusAfterRender(body, hintFocus);
    refreshStoreForm(body);
    logView.update(view.log || []);
    const slot = body.querySelector('[data-slot="log"]');
    if (slot && !slot.firstChild) logView.attach(slot);
    chat.setAccess(chatMode());
    const chatSlot = body.querySelector('[data-slot="chat"]');
    if (chatSlot && !chatSlot.firstChild) chatSlot.append(chat.el);
    const notesSlot = body.querySelector('[data-slot="notes"]');
    if (notesSlot && !notesSlot.firstChild) notesSlot.append((notes ||= new NotesPanel(gameId)).el);
    // Over: hear of a rematch someone offers (and look once now, in case it came first).
    if ((view.table?.status === "finished" || view.game.phase === "finished") && !socket.lobby) {
      socket.watchLobby();
      rematchWatch = Date.now();
      lobbyChanged();
    }
    const digestSlot = body.querySelector('[data-slot="digest"]');
    if (digest && digestSlot && !digestSlot.firstChild) digestSlot.append(digestBox());
    refreshDialogs(view.table?.status === "cancelled" ? [] : view.legal || []);
    renders++;
    renderTimes.push(performance.now() - t0);
    if (renderTimes.length > 200) renderTimes.shift();
  }

  // Who may do what in the chat: the players always write; spectators only where everyone
  // chats (the summary's `chat`), else they are not sent the players' messages at all.
  function chatMode() {
    if (!view) return "pending";
    if (view.seat !== null) return "write";
    if (!summary) return "pending";
    return summary.chat === "everyone" ? "write" : "closed";
  }

  // The same game again (POST /api/games/ID/rematch): the same options, and everyone else who
  // sat at it invited; they accept by joining. A game with nobody else to invite (solo, or
  // only bots) is simply created again.
  async function rematch() {
    if (summary?.rematch) { navigate(`#/game/${summary.rematch}`); return; }
    const me = session.account.name.toLowerCase();
    if (!(summary?.seats || []).some((s) => s.player && s.player.toLowerCase() !== me)) { playAgain(); return; }
    try {
      const g = await community.rematch(gameId);
      navigate(`#/game/${g.id}`);
    } catch (e) {
      if (e.code === "rematch_exists" && e.body?.game) navigate(`#/game/${e.body.game}`);
      else if (e.code === "nobody_to_invite") playAgain();
      else toast(api.errorText(e));
    }
  }

  async function playAgain() {
    const o = view.game.options;
    const seats = summary?.seats || [];
    const body = { players: o.players, ruleset: o.ruleset, introductory: !!o.introductory };
    // A seat a bot took over (its player left) is a bot's in the new game too.
    const bots = seats.filter((s) => s.bot).length;
    if (bots) body.bots = bots;
    if (summary?.watch) body.watch = summary.watch;
    if (summary?.clock?.control) body.time_control = summary.clock.control;
    try {
      const g = await api.createGame(body);
      navigate(`#/game/${g.id}`);
    } catch (e) { toast(api.errorText(e)); }
  }

  // Once the game is over, the summary is read again when the lists change (someone may have
  // offered a rematch), until it names one; then that game's summary, until it has started or
  // was cancelled (`rematchInfo`, for wording). Bounded: only while the tab is seen (a change
  // while it is hidden is looked at when it shows again), at most once every 5 seconds, and
  // for 10 minutes after the end (or after the rematch became known).
  const REMATCH_EVERY = 5000;
  const REMATCH_FOR = 10 * 60 * 1000;
  let rematchInfo = null;
  let rematchAsked = null; // the rematch whose summary was asked for
  let rematchWatch = 0; // when the watching (re)started
  let lobbyTimer = null;
  let lobbyRead = 0; // when it last read
  let reading = false;
  let lobbyAgain = false; // a change came while it read
  let lobbyMissed = false; // a change came while the tab was hidden
  function lobbyChanged() {
    if (gone) return;
    if (reading) { lobbyAgain = true; return; }
    if (lobbyTimer) return; // a read is due already
    if (rematchInfo && rematchInfo.status !== "open") return; // settled: started, cancelled or gone
    if (Date.now() - rematchWatch > REMATCH_FOR) return;
    if (document.hidden) { lobbyMissed = true; return; }
    lobbyTimer = setTimeout(readRematch, Math.max(300, lobbyRead + REMATCH_EVERY - Date.now()));
  }

  async function readRematch() {
    lobbyTimer = null;
    if (gone) return;
    if (document.hidden) { lobbyMissed = true; return; }
    reading = true;
    lobbyRead = Date.now();
    try {
      // The finished game's summary and its rematch's go in together: the offer is worded
      // from the start (a redraw in between would show it without who made it).
      const s = summary?.rematch ? summary : await api.gameSummary(gameId);
      let info = rematchInfo;
      if (s.rematch) {
        if (rematchAsked !== s.rematch) { rematchAsked = s.rematch; rematchWatch = Date.now(); }
        // Declined (or cancelled and gone): the reader no longer sees it.
        try { info = await api.gameSummary(s.rematch); } catch (e) { if (e.status === 404) info = { status: "gone" }; }
      }
      summary = s;
      rematchInfo = info;
    } catch (e) {
      if (e.status === 401) onAuthError();
    }
    reading = false;
    render();
    if (lobbyAgain) { lobbyAgain = false; lobbyChanged(); }
  }

  function onVisibility() {
    if (!document.hidden && lobbyMissed) {
      lobbyMissed = false;
      lobbyChanged();
    }
  }
  document.addEventListener("visibilitychange", onVisibility);

  function rematchOffer() {
    const id = summary?.rematch;
    if (!id) return null;
    // Known from elsewhere (the Rematch button's own summary): its state is looked up.
    if (rematchAsked !== id) { rematchAsked = id; rematchWatch = Date.now(); lobbyChanged(); }
    const me = session.account.name.toLowerCase();
    const r = rematchInfo;
    if (r?.status === "gone") return null;
    const mine = r?.seats?.some((s) => s.player?.toLowerCase() === me);
    const host = r?.seats?.[0]?.player;
    const n = String(id);
    let text = t("table.rematch_offered");
    let link = t("table.rematch_join", { id: n });
    if (r?.status === "open" && mine) { text = t("table.rematch_yours_waits"); link = t("table.rematch_open", { id: n }); }
    else if (r?.status === "open" && host) text = t("table.rematch_host_offers", { host });
    else if (r?.status === "active" || r?.status === "finished") { text = t("table.rematch_on"); link = t("table.rematch_go", { id: n }); }
    else if (r?.status === "cancelled") return h("p.rematch-offer", { "data-key": "rematch-offer" }, t("table.rematch_cancelled", { id: n }));
    return h("p.rematch-offer", { "data-key": "rematch-offer", role: "status" }, text, " ",
      h("a.button.primary#rematch-link", { href: `#/game/${id}` }, link));
  }

  function openDigest(v, lastSeen) {
    const entries = unseenEntries(v.log, lastSeen);
    if (v.seat === null || !entries.length) return;
    logView.unseenAfter = lastSeen;
    digest = { entries, el: null, selectors: touchedSelectors(entries) };
  }

  // Built at the first render, when the summary (the players' names) is there.
  function digestBox() {
    if (!digest.el) {
      digest.el = digestEl(digest.entries, who, () => {
        digest.el.remove();
        digest = null;
        for (const x of body.querySelectorAll(".changed")) x.classList.remove("changed");
        for (const x of body.querySelectorAll(".log-entry.unseen, .log-auto.unseen")) x.classList.remove("unseen");
      });
    }
    return digest.el;
  }

  // A click on the board selects; the selection panel then offers what can be done with it.
  function activate(el) {
    if (!view || busy) return;
    const key = el.dataset.target;
    selected = selected === key ? null : key;
    render();
    if (selected) {
      const panel = body.querySelector(".selection");
      panel?.scrollIntoView({ block: "nearest" });
      panel?.querySelector("button.choice")?.focus({ preventScroll: true });
    }
  }
  body.addEventListener("click", (e) => {
    const el = e.target.closest("[data-target].can, [data-target].why-not");
    if (el && body.contains(el)) activate(el);
  });
  body.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && selected) { selected = null; render(); return; }
    if (e.key !== "Enter" && e.key !== " ") return;
    const el = e.target.closest?.("[data-target].can, [data-target].why-not");
    if (el) { e.preventDefault(); activate(el); }
  });
  settleEffects(body);
  const stopZoom = installCardZoom(body);
  const ticker = setInterval(() => tickClocks(body), 1000);

  return () => {
    gone = true;
    stopZoom();
    document.removeEventListener("visibilitychange", onVisibility);
    clearInterval(ticker);
    clearTimeout(pollTimer);
    clearTimeout(lobbyTimer);
    chat.destroy();
    notes?.destroy();
    socket.close();
    closeDialogs();
  };
}

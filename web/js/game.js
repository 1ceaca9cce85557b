// The game page: subscribes to one game, draws the table from the view, and turns clicks on
// the board and on action buttons into commands taken from the view's `legal` list.
import * as api from "./api.js";
import { actionsEl, chooseDialog, closeDialogs } from "./actions.js";
import { h, clear } from "./dom.js";
import { GameSocket } from "./socket.js";
import { commandsFor } from "./targets.js";
import { statusEl } from "./render/table.js";
import { tableBarEl } from "./table-bar.js";
import { tableColEl } from "./render/table-col.js";
import { describe } from "./describe.js";
import { digestEl, highlight, touchedSelectors, unseenEntries } from "./digest.js";
import { LogView } from "./log.js";
import { seatNamer } from "./names.js";

export function gamePage(root, gameId, { session, navigate, onAuthError }) {
  let summary = null;
  let view = null;
  let busy = false;
  let pollTimer = null;
  let spectator = false;
  const connEl = h("span.conn", { role: "status" }, "Connecting…");
  const toastEl = h("div.toast", { role: "alert", "aria-live": "assertive" });
  const body = h("div.game-body", h("p.quiet", "Loading the game…"));
  // Players of a running game may step back through their own view (the replay viewer).
  const stepBack = h("a.step-back", { href: `#/replay/${gameId}`, hidden: true }, "Step back through this game");
  clear(root).append(h("div.game-page",
    h("div.game-top", h("a.back", { href: "#/" }, "← Lobby"), h("span.game-id", `Game ${gameId}`), connEl, stepBack),
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

  async function loadSummary() {
    try {
      summary = await api.gameSummary(gameId);
    } catch (e) {
      if (e.status === 401) onAuthError();
      else toast(e.message);
    }
  }

  async function send(cmd) {
    if (busy) return;
    busy = true;
    body.classList.add("busy");
    const r = await socket.command(cmd);
    busy = false;
    body.classList.remove("busy");
    if (!r.ok) {
      if (r.error.code === "stale") toast("The game moved on before your command arrived; the board is up to date now, try again.", "info");
      else toast(r.error.message);
      render();
    }
  }

  function waiting(message) {
    const seats = summary?.seats || [];
    clear(body).append(h("section.waiting",
      h("h2", "Waiting for players"),
      h("p", message),
      h("ul", seats.map((s) => h("li", `Seat ${s.seat + 1}: `, s.bot ? "Bot" : s.player || h("em", "free")))),
      h("button", { type: "button", onclick: async () => {
        try { await api.leaveGame(gameId); navigate("#/"); } catch (e) { toast(e.message); }
      } }, "Leave this game")));
    clearTimeout(pollTimer);
    pollTimer = setTimeout(async () => {
      await loadSummary();
      if (summary && summary.status !== "open") socket.subscribe(gameId, spectator ? "spectator" : "player");
      else waiting(message);
    }, 2000);
  }

  const socket = new GameSocket(session.token, {
    onStatus: (text, ok) => { connEl.textContent = text; connEl.classList.toggle("bad", !ok); },
    onAuthError,
    onSubscribeError: async (e) => {
      if (e.code === "not_started") {
        await loadSummary();
        waiting("The game starts when every seat is taken.");
      } else if (e.code === "not_your_seat" && !spectator) {
        spectator = true;
        socket.subscribe(gameId, "spectator");
      } else {
        clear(body).append(h("p.error", e.message));
      }
    },
    onView: async (v, version, message) => {
      const first = view === null;
      view = v;
      if (first && message?.type === "snapshot") openDigest(v, message.last_seen);
      if (first || !summary || summary.status === "open") await loadSummary();
      render();
    },
  });
  socket.subscribe(gameId);
  loadSummary();
  // For tests and the curious: the live connection (window.loyang.socket.ws.close() drops it).
  window.loyang = { socket };

  function render() {
    if (!view) return;
    closeDialogs();
    const g = view.game;
    const me = view.seat;
    // A game can end outside its rules (a resignation, a timeout): then nothing is left to do.
    const endedEarly = view.table?.status === "finished" && g.phase !== "finished";
    const legal = endedEarly ? [] : view.legal || [];
    const mainCol = tableColEl(view, who, h("div.table-col"));
    const sideCol = h("div.side-col");
    const status = endedEarly ? h("div.status", h("b", "Game over")) : statusEl(g, view, who);
    if (g.phase === "finished") {
      mainCol.prepend(h("p.replay-link", h("a.button#replay-link", { href: `#/replay/${gameId}` }, "Replay this game")));
    }
    if (digest) sideCol.append(digestBox());
    stepBack.hidden = me === null || g.phase === "finished";
    if (endedEarly) sideCol.append(h("p.quiet", "This game is over."));
    else if (me !== null) sideCol.append(actionsEl(legal, who, send));
    else sideCol.append(h("p.quiet", "You are watching this game."));
    logView.update(view.log || []);
    const bar = tableBarEl(gameId, view.table, {
      who, me, summary, toast,
      onChange: async () => { await loadSummary(); render(); },
    });
    clear(body).append(bar || "", h("div.game-grid", status, mainCol, sideCol));
    logView.attach(sideCol);
    if (digest) highlight(mainCol, digest.selectors);
    // Make every board element with legal commands clickable.
    if (me === null) return;
    for (const el of body.querySelectorAll("[data-target]")) {
      const cmds = commandsFor(el.dataset.target, legal, me);
      if (!cmds.length) continue;
      el.classList.add("can");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      const label = cmds.length === 1 ? describe(cmds[0], who) : `${cmds.length} actions`;
      el.title = label;
    }
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

  function activate(el) {
    if (!view || busy) return;
    const cmds = commandsFor(el.dataset.target, view.legal || [], view.seat);
    if (cmds.length === 1) send(cmds[0]);
    else if (cmds.length > 1) chooseDialog("Choose", cmds, who, send);
  }
  body.addEventListener("click", (e) => {
    const el = e.target.closest("[data-target].can");
    if (el && body.contains(el)) activate(el);
  });
  body.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const el = e.target.closest?.("[data-target].can");
    if (el) { e.preventDefault(); activate(el); }
  });

  return () => {
    clearTimeout(pollTimer);
    socket.close();
    closeDialogs();
  };
}

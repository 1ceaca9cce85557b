// The game page: subscribes to one game, draws the table from the view, and turns clicks on
// the board and on action buttons into commands taken from the view's `legal` list.
import * as api from "./api.js";
import { actionsEl, chooseDialog, closeDialogs } from "./actions.js";
import { h, clear } from "./dom.js";
import { GameSocket } from "./socket.js";
import { commandsFor } from "./targets.js";
import { boardEl } from "./render/board.js";
import { logEl } from "./render/log.js";
import { centreEl, offerEl, opponentEl, pathEl, rankingEl, statusEl } from "./render/table.js";
import { describe } from "./describe.js";

export function gamePage(root, gameId, { session, navigate, onAuthError }) {
  let summary = null;
  let view = null;
  let busy = false;
  let pollTimer = null;
  let spectator = false;
  const connEl = h("span.conn", { role: "status" }, "Connecting…");
  const toastEl = h("div.toast", { role: "alert", "aria-live": "assertive" });
  const body = h("div.game-body", h("p.quiet", "Loading the game…"));
  clear(root).append(h("div.game-page",
    h("div.game-top", h("a.back", { href: "#/" }, "← Lobby"), h("span.game-id", `Game ${gameId}`), connEl),
    toastEl, body));

  const who = (seat) => {
    if (seat === null || seat === undefined) return "nobody";
    if (view && view.game.options.players === 1 && seat === 1) return "the imaginary opponent";
    const s = summary?.seats?.[seat];
    const name = s ? (s.bot ? `Bot ${seat + 1}` : s.player || `seat ${seat + 1}`) : `player ${seat + 1}`;
    return view && seat === view.seat ? `${name} (you)` : name;
  };

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
    onView: async (v) => {
      const first = view === null;
      view = v;
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
    const legal = view.legal || [];
    const toAct = view.to_act || [];
    const players = g.players.map((p, seat) => ({ ...p, seat }));
    const solo = g.options.players === 1;
    const mainCol = h("div.table-col");
    const sideCol = h("div.side-col");
    const status = statusEl(g, view, who);
    if (g.phase === "finished" && g.ranking?.length) mainCol.append(rankingEl(g, who));
    mainCol.append(centreEl(g, who));
    if (solo && g.offer) mainCol.append(offerEl(g));
    const pathPlayers = players.map((p) => ({ seat: p.seat, position: p.position }));
    mainCol.append(pathEl(pathPlayers, who));
    const order = me === null ? players : [players[me], ...players.filter((p) => p.seat !== me)];
    for (const p of order) {
      mainCol.append(boardEl(p, p.seat, {
        name: who(p.seat), me: p.seat === me, starting: g.starting === p.seat && !solo, toAct: toAct.includes(p.seat),
      }));
    }
    if (solo && g.opponent) mainCol.append(opponentEl(g.opponent));
    if (me !== null) sideCol.append(actionsEl(legal, who, send));
    else sideCol.append(h("p.quiet", "You are watching this game."));
    const log = logEl(view.log || [], who);
    sideCol.append(log);
    clear(body).append(h("div.game-grid", status, mainCol, sideCol));
    const list = log.querySelector("ol");
    list.scrollTop = list.scrollHeight;
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

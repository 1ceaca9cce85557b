// The operators' page (#/moderation): players' reports (open ones, or all), closing them with an
// outcome, banning and unbanning, making and unmaking operators, cancelling a game, deleting a
// reported chat message, and the log of every such action. The server decides who is an operator (403 not_operator for anyone
// else); the header links here only for operators. Reasons are players' text: set as text only.
import { h, clear, append } from "./dom.js";
import * as community from "./community-api.js";
import { playerLink, dataTable, failure, timeText } from "./profile.js";

const ACTIONS = {
  ban: "banned", unban: "unbanned", delete_message: "deleted a message", cancel_game: "cancelled a game",
  close_report: "closed a report", grant_operator: "made an operator", revoke_operator: "removed an operator",
};

export function moderationPage(root, { onAuthError }) {
  const out = h("div.community-page.moderation-page", h("p.quiet", "Loading…"));
  clear(root).append(out);
  let gone = false;
  let showClosed = false;
  const reportList = h("ol.report-list#reports-list");
  const reportMore = h("div.more");
  const logBody = h("div#mod-log");
  const logMore = h("div.more");
  const banName = h("input#ban-name", { autocomplete: "off", required: true, minlength: 3, maxlength: 24 });
  const banReason = h("input#ban-reason", { maxlength: 500 });

  // A refusal shown where the action was; a lost session goes to the login page.
  const refused = (e, where) => {
    if (e.status === 401) return onAuthError();
    where.textContent = e.message;
  };

  // Each list's latest request: a first page asked for again (a toggle, a close) makes an older
  // answer, or an older page still on its way, stale.
  const latest = { reports: 0, log: 0 };
  // An "older" button waits for its page: two clicks would append the same page twice.
  const moreButton = (id, label, load) => {
    const b = h(`button#${id}`, { type: "button", onclick: () => {
      b.disabled = true;
      load().catch((e) => refused(e, b.parentElement || reportMore)).finally(() => { b.disabled = false; });
    } }, label);
    return b;
  };

  async function loadReports(before = null) {
    const mine = before ? latest.reports : ++latest.reports;
    const r = await community.reports(!showClosed, before);
    if (gone || mine !== latest.reports) return;
    if (!before) clear(reportList);
    reportList.append(...r.reports.map(reportItem));
    if (!reportList.children.length) reportList.append(h("li.empty", showClosed ? "No reports." : "No open reports."));
    append(clear(reportMore), r.next_before === null ? null : moreButton("reports-more", "Older reports", () => loadReports(r.next_before)));
  }

  async function loadLog(before = null) {
    const mine = before ? latest.log : ++latest.log;
    const r = await community.moderationLog(before);
    if (gone || mine !== latest.log) return;
    const rows = r.actions.map((a) => [timeText(a.at, "short"), a.moderator ? playerLink(a.moderator) : "command line",
      ACTIONS[a.action] || a.action, a.player ? playerLink(a.player) : "—",
      a.game ? h("a", { href: `#/game/${a.game}` }, `#${a.game}`) : "—",
      [a.report ? `report #${a.report}` : null, a.message ? `message #${a.message}` : null, a.detail || null].filter(Boolean).join(" · ") || "—"]);
    if (!before) {
      clear(logBody).append(rows.length ? dataTable("Moderation log, newest first", ["When", "Operator", "Action", "Player", "Game", "Details"], rows,
        { id: "mod-log-table", rowAttrs: (i) => ({ "data-action": r.actions[i].action }) }) : h("p.empty", "Nothing yet."));
    } else {
      const table = logBody.querySelector("tbody");
      const more = dataTable("", [], rows, { rowAttrs: (i) => ({ "data-action": r.actions[i].action }) }).querySelector("tbody");
      table.append(...more.children);
    }
    append(clear(logMore), r.next_before === null ? null : moreButton("log-more", "Older entries", () => loadLog(r.next_before)));
  }

  const refresh = () => Promise.all([loadReports(), loadLog()]);

  function reportItem(r) {
    const note = h("p.note", { role: "status" });
    const outcome = h("input", { id: `outcome-${r.id}`, class: "report-outcome", maxlength: 500 });
    const about = [playerLink(r.reporter), " reported ", playerLink(r.player)];
    const where = [];
    if (r.game) where.push(h("a", { href: `#/game/${r.game}` }, `game #${r.game}`));
    if (r.message) {
      where.push(` chat message #${r.message} `, h("button.small.delete-message", { type: "button", onclick: async (e) => {
        e.target.disabled = true;
        try {
          await community.deleteMessage(r.game, r.message);
          note.textContent = "Message deleted.";
          loadLog().catch(() => {});
        } catch (e2) { refused(e2, note); e.target.disabled = false; }
      } }, "Delete message"));
    }
    const item = h("li.report", { "data-report": r.id, class: r.closed_at ? "closed" : null },
      h("h3", `Report #${r.id} `, h("span.quiet", timeText(r.at))),
      h("p.report-who", about),
      where.length ? h("p.report-where", where) : null,
      h("blockquote.report-reason", r.reason));
    if (r.closed_at) {
      item.append(h("p.report-closed", "Closed by ", r.closed_by ? playerLink(r.closed_by) : "the command line",
        `, ${timeText(r.closed_at)}`, r.outcome ? `: ${r.outcome}` : "."));
    } else {
      item.append(h("form.report-close", { onsubmit: async (e) => {
        e.preventDefault();
        try {
          await community.closeReport(r.id, outcome.value.trim());
          await refresh();
          // The closed report's form is gone with the redraw: the list's heading takes the focus.
          const heading = document.getElementById("reports-title");
          heading?.setAttribute("tabindex", "-1");
          heading?.focus();
        } catch (e2) { refused(e2, note); }
      } },
      h("label", { for: `outcome-${r.id}` }, "Outcome"), outcome,
      h("button.close-report", { type: "submit" }, "Close"),
      h("button.ban-from-report", { type: "button", onclick: () => {
        banName.value = r.player;
        banReason.value = `report #${r.id}`;
        banReason.focus();
      } }, `Ban ${r.player}…`)));
    }
    item.append(note);
    return item;
  }

  function banBox() {
    const note = h("p.note#ban-note", { role: "status" });
    const act = async (ban) => {
      note.textContent = "";
      const name = banName.value.trim();
      if (!name) { note.textContent = "Enter a player's name."; return; }
      try {
        if (ban) await community.ban(name, banReason.value.trim());
        else await community.unban(name);
        note.textContent = ban ? `${name} is banned: logged out everywhere, and cannot log in.` : `${name} may log in again.`;
        loadLog().catch(() => {});
      } catch (e) { refused(e, note); }
    };
    return h("form.panel.mod-form#ban-form", { onsubmit: (e) => { e.preventDefault(); act(true); } },
      h("h2", "Ban a player"),
      h("label", { for: "ban-name" }, "Player"), banName,
      h("label", { for: "ban-reason" }, "Reason (the player is told it when he tries to log in)"), banReason,
      h("div.button-row", h("button.primary#ban-button", { type: "submit" }, "Ban"),
        h("button#unban-button", { type: "button", onclick: () => act(false) }, "Unban")),
      note);
  }

  function operatorBox() {
    const note = h("p.note#operator-note", { role: "status" });
    const name = h("input#operator-name", { autocomplete: "off", required: true, minlength: 3, maxlength: 24 });
    const reason = h("input#operator-reason", { maxlength: 500 });
    const act = async (grant) => {
      note.textContent = "";
      const who = name.value.trim();
      if (!who) { note.textContent = "Enter a player's name."; return; }
      try {
        const r = grant ? await community.grantOperator(who, reason.value.trim())
          : await community.revokeOperator(who, reason.value.trim());
        note.textContent = grant ? `${r.name} is an operator now, on every server.` : `${r.name} is no longer an operator.`;
        loadLog().catch(() => {});
      } catch (e) { refused(e, note); }
    };
    return h("form.panel.mod-form#operator-form", { onsubmit: (e) => { e.preventDefault(); act(true); } },
      h("h2", "Operators"),
      h("p.quiet", "Operators see this page. Nobody changes his own right."),
      h("label", { for: "operator-name" }, "Player"), name,
      h("label", { for: "operator-reason" }, "Reason (kept in the log)"), reason,
      h("div.button-row", h("button.primary#grant-operator", { type: "submit" }, "Make operator"),
        h("button#revoke-operator", { type: "button", onclick: () => act(false) }, "Remove operator")),
      note);
  }

  function cancelBox() {
    const note = h("p.note#cancel-note", { role: "status" });
    const game = h("input#cancel-game", { type: "number", min: 1, required: true, inputmode: "numeric" });
    const reason = h("input#cancel-reason", { maxlength: 500 });
    return h("form.panel.mod-form#cancel-form", { onsubmit: async (e) => {
      e.preventDefault();
      note.textContent = "";
      try {
        const g = await community.cancelGame(Number(game.value), reason.value.trim());
        note.textContent = `Game #${g.id} is cancelled.`;
        loadLog().catch(() => {});
      } catch (e2) { refused(e2, note); }
    } },
    h("h2", "Cancel a game"),
    h("p.quiet", "An open game leaves the lists; a running game stops where it is and counts for nobody."),
    h("label", { for: "cancel-game" }, "Game number"), game,
    h("label", { for: "cancel-reason" }, "Reason"), reason,
    h("div.button-row", h("button.primary#cancel-button", { type: "submit" }, "Cancel the game")), note);
  }

  (async () => {
    try {
      await refresh();
    } catch (e) {
      if (gone) return;
      if (e.code === "not_operator") {
        clear(out).append(h("section.panel", h("h1", "Moderation"),
          h("p.error#not-operator", { role: "alert" }, "Only operators may see this page."),
          h("p", "Operators are made by other operators (the first one on the server's command line). To report a player, use the Report button on his profile.")));
      } else {
        const f = failure(e, { onAuthError });
        if (f) clear(out).append(f);
      }
      return;
    }
    if (gone) return;
    const toggle = h("input#reports-closed", { type: "checkbox", onchange: () => {
      showClosed = toggle.checked;
      loadReports().catch((e) => refused(e, reportMore));
    } });
    clear(out).append(h("h1.page-title", "Moderation"),
      h("div.moderation-grid",
        h("section.panel.reports-panel", { "aria-labelledby": "reports-title" },
          h("div.panel-head", h("h2#reports-title", "Reports"), h("label.check", toggle, " Show closed reports")),
          reportList, reportMore),
        h("div.mod-side", banBox(), operatorBox(), cancelBox()),
        h("section.panel.log-panel", { "aria-labelledby": "log-title" }, h("h2#log-title", "Moderation log"), logBody, logMore)));
  })();
  return () => { gone = true; };
}

// The operators' page (#/moderation): players' reports (open ones, or all), closing them with an
// outcome, banning and unbanning, making and unmaking operators, cancelling a game, deleting a
// reported chat message, and the log of every such action. The server decides who is an operator (403 not_operator for anyone
// else); the header links here only for operators. Reasons are players' text: set as text only.
import { h, clear, append } from "./dom.js";
import * as community from "./community-api.js";
import { playerLink, dataTable, failure, timeText } from "./profile.js";
import { errorText } from "./api.js";
import { t, tNodes } from "./i18n.js";

// The log's actions: the key of each one's words.
const ACTIONS = {
  ban: "moderation.action_ban", unban: "moderation.action_unban", delete_message: "moderation.action_delete_message",
  cancel_game: "moderation.action_cancel_game", close_report: "moderation.action_close_report",
  grant_operator: "moderation.action_grant_operator", revoke_operator: "moderation.action_revoke_operator",
};

export function moderationPage(root, { onAuthError }) {
  const out = h("div.community-page.moderation-page", h("p.quiet", t("community.loading")));
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
    where.textContent = errorText(e);
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
    if (!reportList.children.length) reportList.append(h("li.empty", showClosed ? t("moderation.no_reports") : t("moderation.no_open_reports")));
    append(clear(reportMore), r.next_before === null ? null
      : moreButton("reports-more", t("moderation.older_reports"), () => loadReports(r.next_before)));
  }

  async function loadLog(before = null) {
    const mine = before ? latest.log : ++latest.log;
    const r = await community.moderationLog(before);
    if (gone || mine !== latest.log) return;
    const rows = r.actions.map((a) => [timeText(a.at, "short"), a.moderator ? playerLink(a.moderator) : t("moderation.command_line"),
      ACTIONS[a.action] ? t(ACTIONS[a.action]) : a.action, a.player ? playerLink(a.player) : "—",
      a.game ? h("a", { href: `#/game/${a.game}` }, `#${a.game}`) : "—",
      [a.report ? t("moderation.detail_report", { id: String(a.report) }) : null,
        a.message ? t("moderation.detail_message", { id: String(a.message) }) : null, a.detail || null].filter(Boolean).join(" · ") || "—"]);
    if (!before) {
      clear(logBody).append(rows.length ? dataTable(t("moderation.log_caption"), [t("moderation.col_when"), t("moderation.col_operator"),
        t("moderation.col_action"), t("community.player"), t("moderation.col_game"), t("moderation.col_details")], rows,
      { id: "mod-log-table", rowAttrs: (i) => ({ "data-action": r.actions[i].action }) }) : h("p.empty", t("moderation.nothing_yet")));
    } else {
      const table = logBody.querySelector("tbody");
      const more = dataTable("", [], rows, { rowAttrs: (i) => ({ "data-action": r.actions[i].action }) }).querySelector("tbody");
      table.append(...more.children);
    }
    append(clear(logMore), r.next_before === null ? null : moreButton("log-more", t("moderation.older_entries"), () => loadLog(r.next_before)));
  }

  const refresh = () => Promise.all([loadReports(), loadLog()]);

  function reportItem(r) {
    const note = h("p.note", { role: "status" });
    const outcome = h("input", { id: `outcome-${r.id}`, class: "report-outcome", maxlength: 500 });
    const about = tNodes("moderation.reported", {}, { reporter: playerLink(r.reporter), player: playerLink(r.player) });
    const where = [];
    if (r.game) where.push(h("a", { href: `#/game/${r.game}` }, t("community.game_link", { game: String(r.game) })));
    if (r.message) {
      where.push(" ", t("moderation.chat_message", { id: String(r.message) }), " ",
        h("button.small.delete-message", { type: "button", onclick: async (e) => {
          e.target.disabled = true;
          try {
            await community.deleteMessage(r.game, r.message);
            note.textContent = t("moderation.message_deleted");
            loadLog().catch(() => {});
          } catch (e2) { refused(e2, note); e.target.disabled = false; }
        } }, t("moderation.delete_message")));
    }
    const item = h("li.report", { "data-report": r.id, class: r.closed_at ? "closed" : null },
      h("h3", t("moderation.report_title", { id: String(r.id) }), " ", h("span.quiet", timeText(r.at))),
      h("p.report-who", about),
      where.length ? h("p.report-where", where) : null,
      h("blockquote.report-reason", r.reason));
    if (r.closed_at) {
      item.append(h("p.report-closed", tNodes("moderation.closed_by",
        { when: timeText(r.closed_at), has_outcome: r.outcome ? "yes" : "no", outcome: r.outcome || "" },
        { who: r.closed_by ? playerLink(r.closed_by) : t("moderation.the_command_line") })));
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
      h("label", { for: `outcome-${r.id}` }, t("moderation.outcome")), outcome,
      h("button.close-report", { type: "submit" }, t("moderation.close")),
      h("button.ban-from-report", { type: "button", onclick: () => {
        banName.value = r.player;
        banReason.value = t("moderation.detail_report", { id: String(r.id) });
        banReason.focus();
      } }, t("moderation.ban_name", { name: r.player }))));
    }
    item.append(note);
    return item;
  }

  function banBox() {
    const note = h("p.note#ban-note", { role: "status" });
    const act = async (ban) => {
      note.textContent = "";
      const name = banName.value.trim();
      if (!name) { note.textContent = t("moderation.enter_name"); return; }
      try {
        if (ban) await community.ban(name, banReason.value.trim());
        else await community.unban(name);
        note.textContent = ban ? t("moderation.banned", { name }) : t("moderation.unbanned", { name });
        loadLog().catch(() => {});
      } catch (e) { refused(e, note); }
    };
    return h("form.panel.mod-form#ban-form", { onsubmit: (e) => { e.preventDefault(); act(true); } },
      h("h2", t("moderation.ban_title")),
      h("label", { for: "ban-name" }, t("community.player")), banName,
      h("label", { for: "ban-reason" }, t("moderation.ban_reason")), banReason,
      h("div.button-row", h("button.primary#ban-button", { type: "submit" }, t("moderation.ban")),
        h("button#unban-button", { type: "button", onclick: () => act(false) }, t("moderation.unban"))),
      note);
  }

  function operatorBox() {
    const note = h("p.note#operator-note", { role: "status" });
    const name = h("input#operator-name", { autocomplete: "off", required: true, minlength: 3, maxlength: 24 });
    const reason = h("input#operator-reason", { maxlength: 500 });
    const act = async (grant) => {
      note.textContent = "";
      const who = name.value.trim();
      if (!who) { note.textContent = t("moderation.enter_name"); return; }
      try {
        const r = grant ? await community.grantOperator(who, reason.value.trim())
          : await community.revokeOperator(who, reason.value.trim());
        note.textContent = grant ? t("moderation.granted", { name: r.name }) : t("moderation.revoked", { name: r.name });
        loadLog().catch(() => {});
      } catch (e) { refused(e, note); }
    };
    return h("form.panel.mod-form#operator-form", { onsubmit: (e) => { e.preventDefault(); act(true); } },
      h("h2", t("moderation.operators_title")),
      h("p.quiet", t("moderation.operators_intro")),
      h("label", { for: "operator-name" }, t("community.player")), name,
      h("label", { for: "operator-reason" }, t("moderation.operator_reason")), reason,
      h("div.button-row", h("button.primary#grant-operator", { type: "submit" }, t("moderation.grant")),
        h("button#revoke-operator", { type: "button", onclick: () => act(false) }, t("moderation.revoke"))),
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
        note.textContent = t("moderation.game_cancelled", { id: String(g.id) });
        loadLog().catch(() => {});
      } catch (e2) { refused(e2, note); }
    } },
    h("h2", t("moderation.cancel_title")),
    h("p.quiet", t("moderation.cancel_intro")),
    h("label", { for: "cancel-game" }, t("moderation.game_number")), game,
    h("label", { for: "cancel-reason" }, t("community.reason")), reason,
    h("div.button-row", h("button.primary#cancel-button", { type: "submit" }, t("moderation.cancel_game"))), note);
  }

  (async () => {
    try {
      await refresh();
    } catch (e) {
      if (gone) return;
      if (e.code === "not_operator") {
        clear(out).append(h("section.panel", h("h1", t("moderation.title")),
          h("p.error#not-operator", { role: "alert" }, t("moderation.only_operators")),
          h("p", t("moderation.how_operators"))));
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
    clear(out).append(h("h1.page-title", t("moderation.title")),
      h("div.moderation-grid",
        h("section.panel.reports-panel", { "aria-labelledby": "reports-title" },
          h("div.panel-head", h("h2#reports-title", t("moderation.reports_title")), h("label.check", toggle, " ", t("moderation.show_closed"))),
          reportList, reportMore),
        h("div.mod-side", banBox(), operatorBox(), cancelBox()),
        h("section.panel.log-panel", { "aria-labelledby": "log-title" }, h("h2#log-title", t("moderation.log_title")), logBody, logMore)));
  })();
  return () => { gone = true; };
}

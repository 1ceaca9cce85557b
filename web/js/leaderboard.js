// The leaderboard (#/leaderboard?offset=K): everyone with a rated game, best first, a page at a
// time. The page's offset is in the address, so that Back returns to the page one came from
// and a page can be linked; the reader's own row stands out.
import { h, clear } from "./dom.js";
import * as community from "./community-api.js";
import { playerLink, dataTable, failure } from "./profile.js";
import { t, tNodes } from "./i18n.js";

export const PAGE = 25;
const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

export function leaderboardPage(root, { session, navigate, onAuthError, offset: asked = 0 }) {
  // The address may hold anything: a negative or broken offset is the first page.
  const offset = Math.max(0, Math.floor(Number(asked)) || 0);
  const body = h("div#leaderboard-body", h("p.quiet", t("lobby.loading")));
  clear(root).append(h("div.community-page.leaderboard-page",
    h("section.panel",
      h("h1", t("leaderboard.title")),
      h("p.quiet", t("leaderboard.intro")),
      body)));
  let gone = false;
  // A new page is drawn from scratch: the focus goes to its table's caption, not to the top.
  const go = (k) => {
    sessionStorage.setItem("loyang.focus", "leaderboard");
    navigate(k > 0 ? `#/leaderboard?offset=${k}` : "#/leaderboard");
  };

  (async () => {
    let r;
    try {
      r = await community.leaderboard(offset, PAGE);
    } catch (e) {
      if (!gone) clear(body).append(failure(e, { onAuthError }) || "");
      return;
    }
    if (gone) return;
    clear(body);
    if (!r.total) return body.append(h("p.empty", t("leaderboard.empty")));
    if (!r.players.length) {
      return body.append(h("p", tNodes("leaderboard.past_end", {}, { link: h("a", { href: "#/leaderboard" }, t("leaderboard.back_to_top")) })));
    }
    const me = session?.account.name;
    // Plain numbers (no grouping), as the ranks in the table.
    const shown = t("leaderboard.caption", { from: String(offset + 1), to: String(offset + r.players.length), total: String(r.total) });
    body.append(dataTable(shown, [t("leaderboard.rank"), t("leaderboard.player"), t("leaderboard.rating"), t("leaderboard.rated_games")],
      r.players.map((p) => [String(p.rank), [playerLink(p.name), p.bot_account ? h("span.badge", t("leaderboard.bot_badge")) : null,
        me && same(p.name, me) ? h("span.badge", t("leaderboard.you")) : null], p.rating, p.games]),
      { id: "leaderboard", rowHeaders: true,
        rowAttrs: (i) => (me && same(r.players[i].name, me) ? { class: "mine", "aria-current": "true" } : {}) }),
    h("nav.pager", { "aria-label": t("leaderboard.pages") },
      h("button#leaderboard-prev", { type: "button", disabled: offset <= 0, onclick: () => go(Math.max(0, offset - PAGE)) }, t("leaderboard.previous")),
      h("span.quiet", { "aria-live": "polite" }, t("leaderboard.page", { page: String(Math.ceil(offset / PAGE) + 1), pages: String(Math.ceil(r.total / PAGE)) })),
      h("button#leaderboard-next", { type: "button", disabled: r.next_offset === null, onclick: () => go(r.next_offset) }, t("leaderboard.next"))));
    if (sessionStorage.getItem("loyang.focus") === "leaderboard") {
      sessionStorage.removeItem("loyang.focus");
      const caption = body.querySelector("caption");
      caption?.setAttribute("tabindex", "-1");
      caption?.focus();
    }
  })();
  return () => { gone = true; };
}

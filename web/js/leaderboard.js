// The leaderboard (#/leaderboard?offset=K): everyone with a rated game, best first, a page at a
// time. The page's offset is in the address, so that Back returns to the page one came from
// and a page can be linked; the reader's own row stands out.
import { h, clear } from "./dom.js";
import * as community from "./community-api.js";
import { playerLink, dataTable, failure } from "./profile.js";

export const PAGE = 25;
const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

export function leaderboardPage(root, { session, navigate, onAuthError, offset: asked = 0 }) {
  // The address may hold anything: a negative or broken offset is the first page.
  const offset = Math.max(0, Math.floor(Number(asked)) || 0);
  const body = h("div#leaderboard-body", h("p.quiet", "Loading…"));
  clear(root).append(h("div.community-page.leaderboard-page",
    h("section.panel",
      h("h1", "Leaderboard"),
      h("p.quiet", "Ratings come from rated games of 2 to 4 people without bots; whoever resigns or runs out of time " +
        "ranks below everyone who stayed. Everyone starts at 1500, and a rating is provisional for its first 10 games."),
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
    if (!r.total) return body.append(h("p.empty", "Nobody has finished a rated game yet."));
    if (!r.players.length) {
      return body.append(h("p", "This page is past the end of the list. ", h("a", { href: "#/leaderboard" }, "Back to the top")));
    }
    const me = session?.account.name;
    const shown = `Players ${offset + 1}–${offset + r.players.length} of ${r.total}`;
    body.append(dataTable(shown, ["Rank", "Player", "Rating", "Rated games"],
      r.players.map((p) => [String(p.rank), [playerLink(p.name), me && same(p.name, me) ? h("span.badge", "you") : null], p.rating, p.games]),
      { id: "leaderboard", rowHeaders: true,
        rowAttrs: (i) => (me && same(r.players[i].name, me) ? { class: "mine", "aria-current": "true" } : {}) }),
    h("nav.pager", { "aria-label": "Leaderboard pages" },
      h("button#leaderboard-prev", { type: "button", disabled: offset <= 0, onclick: () => go(Math.max(0, offset - PAGE)) }, "← Previous"),
      h("span.quiet", { "aria-live": "polite" }, `Page ${Math.ceil(offset / PAGE) + 1} of ${Math.ceil(r.total / PAGE)}`),
      h("button#leaderboard-next", { type: "button", disabled: r.next_offset === null, onclick: () => go(r.next_offset) }, "Next →")));
    if (sessionStorage.getItem("loyang.focus") === "leaderboard") {
      sessionStorage.removeItem("loyang.focus");
      const caption = body.querySelector("caption");
      caption?.setAttribute("tabindex", "-1");
      caption?.focus();
    }
  })();
  return () => { gone = true; };
}

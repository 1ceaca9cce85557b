// The lobby's people: friends (add by name, their open games first, a game with a friend in
// one click) and the games to watch (running public games, the most watched first). Both are
// read again with the lobby's lists (live.js), so a friend's new game shows up by itself.
import * as api from "./api.js";
import * as community from "./community-api.js";
import { h, clear, append } from "./dom.js";
import { t } from "./i18n.js";

const profileLink = (name) => h("a.player-link", { href: `#/player/${encodeURIComponent(name)}` }, name);

// `gameRow(g, actions, extra)` draws a game as the lobby does; `joinButton(g)` joins it;
// `failed(e)` deals with a lost login or the network and says whether it did; `errorText(e)`
// puts an error into words.
export function peoplePanels({ gameRow, joinButton, failed, navigate, errorText }) {
  const msg = h("p.note#friends-msg", { role: "status" });
  const friendList = h("ul.friend-list#friends");
  const friendGames = h("div.game-list#friends-games");
  const name = h("input#friend-name", { name: "friend", autocomplete: "off", maxlength: 24, placeholder: t("people.name_placeholder"),
    "aria-describedby": "friends-msg" });
  const addForm = h("form.friend-add", {
    onsubmit: async (e) => {
      e.preventDefault();
      const who = name.value.trim();
      if (!who) { msg.textContent = t("people.name_missing"); return; }
      try {
        const rel = await community.setRelation("friends", who, true);
        ++asked;  // a list read before this change must not draw over it
        drawFriends(rel);
        msg.textContent = t("people.added", { name: who });
        name.value = "";
        refresh();
      } catch (e2) {
        if (!failed(e2)) msg.textContent = e2.code === "no_such_player" ? t("people.no_such_player", { name: who }) : errorText(e2);
      }
    },
  }, h("label", { for: "friend-name" }, t("people.add_friend")), name, h("button", { type: "submit", id: "friend-add" }, t("people.add")));

  // One click: a 2-player game by invitation, which only this friend sees and can join.
  async function playWith(friend) {
    msg.textContent = "";
    try {
      const g = await api.createGame({ players: 2, invite: [friend] });
      navigate(`#/game/${g.id}`);
    } catch (e) {
      if (!failed(e)) msg.textContent = errorText(e);
    }
  }

  function drawFriends(rel) {
    const friends = rel.friends || [];
    append(clear(friendList), friends.length ? friends.map((f) => h("li", { "data-friend": f },
      profileLink(f),
      h("span.friend-actions",
        h("button", { type: "button", "aria-label": t("people.invite_aria", { name: f }), onclick: () => playWith(f) }, t("people.invite")),
        h("button.quiet-button", { type: "button", "aria-label": t("people.remove_aria", { name: f }), onclick: async () => {
          try {
            const rel = await community.setRelation("friends", f, false);
            ++asked;  // a list read before this change must not draw over it
            drawFriends(rel);
            refresh();
          } catch (e) { if (!failed(e)) msg.textContent = errorText(e); }
        } }, t("people.remove")))))
      : h("li.quiet", t("people.no_friends")));
  }

  const friendsPanel = h("section.panel.friends-panel", { "aria-labelledby": "friends-title" },
    h("h2#friends-title", t("people.friends")), friendList, addForm, msg,
    h("h3", t("people.friends_games")), friendGames);

  const watchList = h("div.game-list#live-games", h("p.quiet", t("lobby.loading")));
  const watchPanel = h("section.panel.watch-panel", { "aria-labelledby": "watch-title" },
    h("h2#watch-title", t("people.games_to_watch")), watchList);

  const watchLink = (g) => h("a.button", { href: `#/game/${g.id}`, "aria-label": t("people.watch_aria", { id: String(g.id) }) }, t("people.watch"));
  const spectators = (g) => h("span.spectators", ` · ${t("people.watching", { n: g.spectators })}`);

  // shown: the ids the lobby lists already (my games, invitations), left out here.
  let lastShown = new Set();
  let asked = 0; // the latest refresh: an older answer that comes late is dropped
  async function refresh(shown = lastShown) {
    lastShown = shown;
    const mine = ++asked;
    try {
      const [rel, fg, live] = await Promise.all([community.relations(), community.friendsGames(), community.liveGames(20)]);
      if (mine !== asked) return;
      drawFriends(rel);
      const open = fg.open.filter((g) => !shown.has(g.id));
      const playing = fg.playing.filter((g) => !shown.has(g.id));
      friendIds = new Set(open.map((g) => g.id));
      append(clear(friendGames), open.length || playing.length
        ? [...open.map((g) => gameRow(g, [joinButton(g)], h("div.invite-line", t("people.friend_waits")))),
          ...playing.map((g) => gameRow(g, [watchLink(g)], h("div.invite-line", t("people.friends_playing"))))]
        : h("p.quiet", t("people.no_friends_games")));
      const games = live.games.filter((g) => !shown.has(g.id) && !playing.some((p) => p.id === g.id));
      append(clear(watchList), games.length ? games.map((g) => gameRow(g, [watchLink(g)], spectators(g)))
        : h("p.quiet", t("people.nothing_to_watch")));
    } catch (e) {
      if (mine === asked) failed(e);
    }
  }

  // The open games listed under Friends' games, which the open games list leaves out.
  let friendIds = new Set();
  const friendsOpen = () => friendIds;

  return { friendsPanel, watchPanel, refresh, friendsOpen };
}

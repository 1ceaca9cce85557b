// The lobby's people: friends (add by name, their open games first, a game with a friend in
// one click) and the games to watch (running public games, the most watched first). Both are
// read again with the lobby's lists (live.js), so a friend's new game shows up by itself.
import * as api from "./api.js";
import * as community from "./community-api.js";
import { h, clear, append } from "./dom.js";

const profileLink = (name) => h("a.player-link", { href: `#/player/${encodeURIComponent(name)}` }, name);

// `gameRow(g, actions, extra)` draws a game as the lobby does; `joinButton(g, label)` joins it;
// `failed(e)` deals with a lost login or the network and says whether it did.
export function peoplePanels({ gameRow, joinButton, failed, navigate }) {
  const msg = h("p.note#friends-msg", { role: "status" });
  const friendList = h("ul.friend-list#friends");
  const friendGames = h("div.game-list#friends-games");
  const name = h("input#friend-name", { name: "friend", autocomplete: "off", maxlength: 24, placeholder: "a player's name",
    "aria-describedby": "friends-msg" });
  const addForm = h("form.friend-add", {
    onsubmit: async (e) => {
      e.preventDefault();
      const who = name.value.trim();
      if (!who) { msg.textContent = "Type the name of the player to add."; return; }
      try {
        const rel = await community.setRelation("friends", who, true);
        ++asked;  // a list read before this change must not draw over it
        drawFriends(rel);
        msg.textContent = `${who} is now among your friends.`;
        name.value = "";
        refresh();
      } catch (e2) {
        if (!failed(e2)) msg.textContent = e2.code === "no_such_player" ? `Nobody is called ${who}.` : e2.message;
      }
    },
  }, h("label", { for: "friend-name" }, "Add a friend"), name, h("button", { type: "submit", id: "friend-add" }, "Add"));

  // One click: a 2-player game by invitation, which only this friend sees and can join.
  async function playWith(friend) {
    msg.textContent = "";
    try {
      const g = await api.createGame({ players: 2, invite: [friend] });
      navigate(`#/game/${g.id}`);
    } catch (e) {
      if (!failed(e)) msg.textContent = e.message;
    }
  }

  function drawFriends(rel) {
    const friends = rel.friends || [];
    append(clear(friendList), friends.length ? friends.map((f) => h("li", { "data-friend": f },
      profileLink(f),
      h("span.friend-actions",
        h("button", { type: "button", "aria-label": `Invite to a game: ${f}`, onclick: () => playWith(f) }, "Invite to a game"),
        h("button.quiet-button", { type: "button", "aria-label": `Remove ${f} from your friends`, onclick: async () => {
          try {
            const rel = await community.setRelation("friends", f, false);
            ++asked;  // a list read before this change must not draw over it
            drawFriends(rel);
            refresh();
          } catch (e) { if (!failed(e)) msg.textContent = e.message; }
        } }, "Remove"))))
      : h("li.quiet", "No friends yet: add a player by name, or from his profile."));
  }

  const friendsPanel = h("section.panel.friends-panel", { "aria-labelledby": "friends-title" },
    h("h2#friends-title", "Friends"), friendList, addForm, msg,
    h("h3", "Friends' games"), friendGames);

  const watchList = h("div.game-list#live-games", h("p.quiet", "Loading…"));
  const watchPanel = h("section.panel.watch-panel", { "aria-labelledby": "watch-title" },
    h("h2#watch-title", "Games to watch"), watchList);

  const watchLink = (g) => h("a.button", { href: `#/game/${g.id}`, "aria-label": `watch game ${g.id}` }, "Watch");
  const spectators = (g) => h("span.spectators", ` · ${g.spectators} watching`);

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
        ? [...open.map((g) => gameRow(g, [joinButton(g, "Join")], h("div.invite-line", "A friend waits for players."))),
          ...playing.map((g) => gameRow(g, [watchLink(g)], h("div.invite-line", "Friends playing now.")))]
        : h("p.quiet", "None of your friends has an open or running game."));
      const games = live.games.filter((g) => !shown.has(g.id) && !playing.some((p) => p.id === g.id));
      append(clear(watchList), games.length ? games.map((g) => gameRow(g, [watchLink(g)], spectators(g)))
        : h("p.quiet", "No game to watch right now."));
    } catch (e) {
      if (mine === asked) failed(e);
    }
  }

  // The open games listed under Friends' games, which the open games list leaves out.
  let friendIds = new Set();
  const friendsOpen = () => friendIds;

  return { friendsPanel, watchPanel, refresh, friendsOpen };
}

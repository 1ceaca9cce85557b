// The rules and help page (#/help, #/help/SECTION): how a game goes, the two rulesets, the
// Introductory version, partners in the 4-player game, the solo game, every Helper's full
// effect and every card's data, and what the lobby's options mean. Written in the project's own
// words after ../shared/rules and docs/rules-decisions.md; the card tables come from cards.js,
// so they cannot disagree with what the game page shows. Readable without logging in.
import { h, clear } from "./dom.js";
import { CARD_IDS, SHOP, VEGETABLES, VEG_NAMES, card } from "./cards.js";
import { art, cardArtName } from "./render/art.js";
import { trackEl } from "./render/table.js";

// A heading with the drawing of what it explains (decoration: the heading says it in words).
const drawn = (name, text, attrs = null) => h("h3", attrs, art(name, 30), text);

const veg = (v) => VEG_NAMES[v];
const wants = (list) => list.map(veg).join(" + ");

// Helpers whose card bears the lantern: they act on another player (in a 4-player Action
// phase only on the partner, in the solo game on the imaginary opponent).
const LANTERN = new Set(["con-man", "deliveryman", "market-woman", "subsistence-farmer", "tout", "trader"]);
// When each Helper is used: the phases of a round (1 Harvest, 2 Card, 3 Action).
const PHASES = {
  "book-keeper": "Card or Action phase", "con-man": "Action phase", deliveryman: "Action phase",
  foreman: "any phase", haggler: "Action phase", "harvest-helper": "Harvest or Action phase",
  maid: "Action phase", "market-crier": "Action phase (selling: also the Card phase with Yucata rules)",
  "market-woman": "Action phase", merchant: "Action phase", "messenger-boy": "Action phase",
  official: "Action phase", "plough-man": "Action phase", saleswoman: "Action phase", shopper: "Action phase",
  squire: "Card phase", "subsistence-farmer": "Action phase", "tenant-farmer": "Action phase",
  tout: "Action phase", trader: "Action phase",
};

const SECTIONS = [
  ["overview", "How a game goes"],
  ["scoring", "The end and the scoring"],
  ["rulesets", "Yucata or original rules"],
  ["introductory", "The Introductory version"],
  ["partners", "Four players: partners"],
  ["solo", "The solo game"],
  ["helpers", "The Helpers"],
  ["cards", "Every card"],
  ["options", "Game options in the lobby"],
  ["community", "Playing with others"],
];

const link = (id, text) => h("a", { href: `#/help/${id}` }, text);

function section(id, title, ...content) {
  return h("section.help-section", { id: `help-${id}`, "aria-labelledby": `help-${id}-title` },
    h("h2", { id: `help-${id}-title`, tabindex: "-1" }, title), ...content);
}

// A table in a box that scrolls sideways on a narrow screen rather than widening the page.
function table(caption, head, rows, cls = "") {
  return h("div.table-wrap", { tabindex: "0", role: "region", "aria-label": caption },
    h(`table.help-table${cls}`,
      h("caption", caption),
      h("thead", h("tr", head.map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", rows.map((r) => h("tr", { "data-card": r.id || null },
        r.cells.map((c, i) => (i === 0 ? h("th", { scope: "row" }, c) : h("td", c))))))));
}

function overview() {
  return section("overview", "How a game goes",
    h("p", "Each player is a farmer outside Loyang. He grows vegetables, sells them to customers, " +
      "and spends the Cash he earns on steps along the Path of Prosperity. The game lasts ",
    h("strong", "9 rounds"), "."),
    h("h3#help-setup", "Before round 1"),
    h("p", "Everyone starts with 10 Cash, a Shop holding 3 wheat, 2 pumpkins, 2 turnips, 2 cabbages, " +
      "1 bean and 1 leek, an empty Storehouse (room for 1 vegetable), a Home field of 9 spaces and a " +
      "face-down pile of 8 private fields. In turn, each player buys one wheat, pumpkin or turnip " +
      "from his own Shop and sows his Home field with it (no more than two players may pick the same " +
      "kind). Sowing one vegetable fills the whole field with that kind."),
    h("h3", "Each round: three phases"),
    h("ol.phases",
      h("li#help-harvest", art("field", 26), " ", h("strong", "Harvest phase. "), "Every player turns up the top field of his pile (not in the " +
        "last round) and takes one vegetable from each of his sown fields onto his cart, together " +
        "with what his Storehouse held. An emptied private field leaves the game; an emptied common " +
        "field goes to the discard pile. The Home field's 9 vegetables last exactly the 9 rounds."),
      h("li#help-card-phase", h("strong", "Card phase. "), "Each player is dealt 4 action cards. Then, starting with the " +
        "Starting player, each in turn either lays one hand card open in the Courtyard (the shared row " +
        "in the middle), or takes: he plays exactly one card from his hand and one from the Courtyard " +
        "into his own play area, and the rest of his hand goes to the Courtyard. The last player who " +
        "may still choose must take, and so must a player with one card left. Whoever takes last " +
        "becomes the next Starting player, the one before him the Second player. A common field costs " +
        "2 Cash as soon as it is played. With 2 players, a player may first turn the top card of the " +
        "draw pile into the Courtyard, once per turn."),
      h("li#help-action-phase", h("strong", "Action phase. "), "One after the other (Starting player, Second player, then " +
        "the rest; see ", link("partners", "partners"), " for 4 players), each player does as much as " +
        "he likes, in any order: sow a vegetable from his cart on an empty field; buy vegetables from " +
        "his Shop and sell to its free spaces; trade at his Market stalls (1 or 2 vegetables for one " +
        "of the stall's goods); use or discard Helpers; deliver to his Regular customers; serve his " +
        "Casual customers; and once per round buy a Two-pack.")),
    h("h3", art("regular", 30), art("casual", 30), "Customers"),
    h("ul",
      h("li", h("strong", "Regular customers"), " want their two vegetables once in every round for four " +
        "rounds, starting in the round they are played, and pay more each time (see the ",
        link("cards", "card tables"), "). A round without a delivery turns the customer's " +
        "Satisfaction marker from blue to red; another one while it is red costs 2 Cash."),
      h("li", h("strong", "Casual customers"), " want three vegetables once, all in one turn, and pay " +
        "the printed price, 2 Cash more if you have fewer Casual than Regular customers, 2 less " +
        "if you have more. Nothing happens if you never serve one.")),
    drawn("back", "The Two-pack", { id: "help-two-pack" }),
    h("p", "Once per Action phase a player may buy two cards from the draw pile. The price is the larger " +
      "of two counts: his uncovered Helpers and his uncovered Market stalls (free with neither). He " +
      "keeps none, one or both; two kept cards lie one on the other, and the lower one comes into " +
      "play when the upper one leaves."),
    drawn("path", "End of a turn: Storehouse and the Path of Prosperity", { id: "help-end-of-turn" }),
    h("p", "When he is done, the player keeps 1 vegetable in his Storehouse (4 once he has upgraded it " +
      "for 2 Cash); what does not fit is sold to the Shop or thrown away. Then he may move his marker " +
      "along the ", h("strong", "Path of Prosperity"), ", spaces 1 to 20: each round the first step " +
      "costs 1 Cash, and each further step costs the number of the space it reaches. From space 15, " +
      "16 costs 1 Cash; going on to 18 costs 17 + 18 = 35 more."),
    h("div.help-track", trackEl([], null, { target: 17, label: "the Path of Prosperity: stones 1 to 20, the solo game's target on 17" })),
    h("h3", "Money"),
    h("p", "A player pays only with the Cash he holds. When he is short he sells vegetables to his Shop " +
      "or takes a ", h("strong", "loan"), ": 5 Cash at any time, also in another player's turn. A loan " +
      "is never paid back; it costs a space on the Path at the end."));
}

function scoring() {
  return section("scoring", "The end and the scoring",
    h("p", "The game ends after the Action phase of round 9, when the Home fields are empty."),
    h("ol",
      h("li", "Each player's marker moves back one space on the Path for each loan he took."),
      h("li", "The player furthest along the Path wins."),
      h("li", "On a tie, more Cash left decides; if that is equal too, more vegetables in the fields and " +
        "the Storehouse. Players still equal share the place.")),
    h("p", "Customers not served, and vegetables in the Shop or on the cart, count for nothing."));
}

function rulesets() {
  const rows = [
    ["First hand", "dealt before the Home fields are sown, so you see your cards when you choose your vegetable; round 1's Card phase deals nothing", "dealt in round 1's Card phase"],
    ["Foreman", "not in the deck (it does not suit play by turns)", "in the deck"],
    ["Regular customers at the end of a turn", "each must be served or skipped by hand before the turn can end", "ending the turn skips every one not served (blue turns red, red costs 2 Cash)"],
    ["Loans", "at most 31 per player", "no limit"],
    ["Market crier, selling", "also in your own Card phase turn", "Action phase only"],
    ["Book-keeper", "pays for the kind of vegetable that brings most, chosen for you", "you name the kind"],
  ];
  return section("rulesets", "Yucata or original rules",
    h("p", "The game can follow the publisher's rulebook (", h("em", "original"), ") or the rules as " +
      "Yucata.de plays them online (", h("em", "Yucata"), ", the default). The differences:"),
    table("Where the two rulesets differ", ["", "Yucata", "Original"],
      rows.map(([what, y, o]) => ({ cells: [what, y, o] }))),
    h("p", "The same in both: with 4 players the Action phase is played one player after the other " +
      "(see ", link("partners", "partners"), "); a Harvest helper's extra harvest comes right after " +
      "the normal harvest; and whatever costs Cash must be paid from Cash in hand."));
}

function introductory() {
  return section("introductory", "The Introductory version",
    h("p", "Meant for a first game; it makes the start easier without changing the game much."),
    h("ul",
      h("li", "The four Regular customers marked START (R01, R03, R04 and R09) are shuffled and each " +
        "player is dealt one at setup. In a 2- or 3-player game the ones left over go into the deck."),
      h("li", "You keep your START customer as long as you like. In any Card phase, when you take, you " +
        "may play it instead of a card from your hand, together with one Courtyard card; your whole " +
        "hand then goes to the Courtyard, even a single card."),
      h("li", "It can be chosen with either ruleset, for 2 to 4 players. The solo game has no " +
        "Introductory version (it has no hand to play the START customer from).")));
}

function partners() {
  return section("partners", "Four players: partners",
    h("p", "In a 4-player game, at the start of every Action phase the ", h("strong", "Starting player " +
      "chooses his partner"), " from the two players who are neither Starting nor Second player. The " +
      "other one becomes the Second player's partner. The game asks the Starting player; nobody else " +
      "decides."),
    h("ul",
      h("li", "Turns go: Starting player, Second player, the Starting player's partner, the Second " +
        "player's partner. (The rulebook lets the first two play at the same time; since they cannot " +
        "touch each other, playing them in turn changes nothing.)"),
      h("li", "Helpers that act on \"another player\" (Con man, Deliveryman, Market woman, Subsistence " +
        "farmer, Tout and Trader, marked ", h("span.badge.lantern", "another player"), " below) may only " +
        "target your partner of this round. The Foreman only offers you and your partner each other's " +
        "discarded Helpers."),
      h("li", "A partnership lasts one Action phase and is not a team: everyone still scores alone. " +
        "In the Harvest and Card phases there are no partners.")));
}

function solo() {
  return section("solo", "The solo game",
    h("p", "Choose 1 player. You play the chosen ruleset with the rulebook's solo additions, aiming for " +
      "a level on the Path rather than a win."),
    h("h3", "The imaginary opponent"),
    h("p", "At setup, cards are turned from the deck until an imaginary opponent has 2 Market stalls, " +
      "2 Regular customers and 2 Casual customers; the other cards turned meanwhile are discarded. " +
      "He never takes a turn and does not score. He is there for the Helpers that act on another " +
      "player: the Market woman, the Trader, the Deliveryman and the Tout use his cards, and what " +
      "they would pay him is lost to you. His stalls are never refilled, except by a Market woman's swap."),
    h("h3", "The Offer"),
    h("p", "Instead of a hand and a Courtyard, 12 cards lie open in 4 rows of 3. In each Card phase you " +
      "buy up to 2 of them (up to 4 with a Squire), or none:"),
    h("ul",
      h("li", "row 1: free;"), h("li", "row 2: 1 Cash each;"), h("li", "rows 3 and 4: 2 Cash each."),
      h("li", "A common field costs its usual 2 Cash on top.")),
    h("p", "Then the cards left in row 2 are discarded, the others slide up in their columns, and the " +
      "gaps are filled from the draw pile. The discard pile is shuffled back into the draw pile only " +
      "once: when the first field emptied by a harvest leaves the table."),
    h("p", "Two Helpers have solo texts: the Con man swaps with a Helper in the Offer, and the Subsistence " +
      "farmer buys a wheat, pumpkin or turnip from the supply for 1 Cash."),
    h("h3", "Your rating"),
    h("p", "Your level is your final space on the Path after moving back one space per loan:"),
    table("Solo rating", ["Level", "Rating"], [
      { cells: ["17", "good"] }, { cells: ["18", "very good"] }, { cells: ["19 or more", "master"] },
      { cells: ["below 17", "no rating"] }]));
}

function helpers() {
  // One entry per kind of Helper; the three Traders share one.
  const kinds = new Map();
  for (const id of CARD_IDS.helper) {
    const kind = id.replace(/-\d$/, "");
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind).push(id);
  }
  return section("helpers", "The Helpers",
    h("p", "22 Helper cards, 20 kinds (three Traders). A Helper in your play area can be used when its " +
      "text says, and is discarded when used; a Helper can also be discarded unused at any time. " +
      "Only an uncovered Helper (not lying under another card) can be used. Helpers marked ",
    h("span.badge.lantern", "another player"), " act on another player's cards: in a 4-player game only on " +
      "your ", link("partners", "partner"), ", in the solo game on the imaginary opponent. No Helper " +
      "touches another player's Home field, cart or Storehouse."),
    h("dl.helper-list", [...kinds].map(([kind, ids]) => {
      const c = card(ids[0]);
      return h("div.helper-entry", { "data-helper": kind, id: `help-helper-${kind}` },
        h("dt", art(cardArtName(ids[0]), 30),
          h("span.helper-name", c.name), " ",
          h("span.quiet.card-ids", ids.length > 1 ? `(cards ${ids.join(", ")})` : `(card ${ids[0]})`), " ",
          h("span.badge", PHASES[kind]),
          LANTERN.has(kind) ? h("span.badge.lantern", "another player") : null,
          kind === "foreman" ? h("span.badge", "original rules only") : null),
        h("dd", h("p.helper-full", c.full)));
    })));
}

function cardsSection() {
  const amount = (n) => (n === 1 ? "1 vegetable" : `${n} vegetables`);
  return section("cards", "Every card",
    h("p", "The 70 action cards: 14 Market stalls, 14 Regular customers, 14 Casual customers, 22 Helpers " +
      "(see ", link("helpers", "the Helpers"), ") and 6 common fields. Each player also has a Home field " +
      "and 8 private fields, and a Shop."),
    h("h3", "The Shop"),
    table("Shop: spaces and prices", ["Vegetable", "Spaces", "At the start", "Buy for", "Sell for"],
      VEGETABLES.map((v) => ({ cells: [veg(v), String(SHOP[v].spaces),
        String({ wheat: 3, pumpkin: 2, turnip: 2, cabbage: 2, bean: 1, leek: 1 }[v]),
        `${SHOP[v].buy} Cash`, `${SHOP[v].sell} Cash`] }))),
    drawn("stall", "Market stalls"),
    h("p", "A stall is filled with one of each of its three goods when it comes into play. Each good is " +
      "traded for the number of vegetables shown, of any kind; an emptied stall is discarded."),
    table("Market stalls: each good and what it costs", ["Card", "Goods (cost in vegetables of your choice)"],
      CARD_IDS.market_stall.map((id) => ({ id, cells: [id,
        card(id).goods.map(([v, n]) => `${veg(v)} for ${amount(n)}`).join(", ")] }))),
    drawn("regular", "Regular customers"),
    h("p", "Each wants its two vegetables once a round for four rounds; the payments rise from the 1st " +
      "delivery to the 4th. START marks the customers of the ", link("introductory", "Introductory version"), "."),
    table("Regular customers: wants and the four payments", ["Card", "Wants", "1st", "2nd", "3rd", "4th", "START"],
      CARD_IDS.regular.map((id) => {
        const c = card(id);
        return { id, cells: [id, wants(c.wants), ...c.pays.map((p) => `${p} Cash`), c.start ? "START" : ""] };
      })),
    drawn("casual", "Casual customers"),
    h("p", "Each wants three vegetables once and pays the price shown, 2 Cash more if you have fewer " +
      "Casual than Regular customers, 2 Cash less if you have more."),
    table("Casual customers: wants and payment", ["Card", "Wants", "Pays"],
      CARD_IDS.casual.map((id) => {
        const c = card(id);
        return { id, cells: [id, wants(c.wants), `${c.pays} Cash`] };
      })),
    drawn("field", "Fields"),
    h("p", "The more spaces a field has, the fewer kinds of vegetable grow on it. A common field is an " +
      "action card and costs 2 Cash when it comes into play; an emptied one goes to the discard pile."),
    table("Common fields (action cards)", ["Card", "Spaces", "Vegetables", "Cost"],
      CARD_IDS.field.map((id) => {
        const c = card(id);
        return { id, cells: [id, String(c.size), c.allows.map(veg).join(", "), "2 Cash"] };
      })),
    table("Each player's own fields", ["Field", "Spaces", "Vegetables", "How many"], [
      { cells: ["Home field", "9", "wheat, pumpkin, turnip", "1, sown before round 1"] },
      ...[3, 4, 5, 6].map((n) => ({ cells: [`private field of ${n}`, String(n),
        (n === 6 ? ["wheat", "pumpkin", "turnip"] : card(`CF${n}-1`).allows).map(veg).join(", "),
        "2 (one in each set of the pile)"] }))]));
}

function community() {
  return section("community", "Playing with others",
    h("dl.option-list",
      h("dt", "Chat and notes"),
      h("dd", "Each game has a chat beside the table, kept with the game. Messages are plain text, up to " +
        "500 characters and 10 lines; at most 5 in 10 seconds. Your notes on a game are yours alone: " +
        "nobody else ever reads them."),
      h("dt", "Friends, mutes and blocks"),
      h("dd", "Add a friend by name in the lobby or from his profile: his open games come first in your " +
        "lobby, and one click makes a game that only he is invited to. Muting someone hides his chat " +
        "messages from you. Blocking him also keeps him out of the games you sit at and stops his " +
        "invitations. He is not told."),
      h("dt", "Rematch"),
      h("dd", "At the end of a game, Rematch makes a new game with the same options and invites everyone " +
        "who played; each of them joins or declines it from the lobby."),
      h("dt", "Ratings"),
      h("dd", "Everyone starts at 1500. After a rated game each pair of players counts as a duel won by " +
        "the one ranked higher (a draw when tied), as in chess's Elo: beating a higher-rated player " +
        "gains more. A player's first 10 rated games move his rating faster (provisional). The " +
        "leaderboard lists everyone with a rated game."),
      h("dt", "Profiles"),
      h("dd", "Each player's page shows his games by number of players and rules, wins, average rank, " +
        "how often he finishes his games, his recent games with their replays, his best solo level and " +
        "his daily challenge streak."),
      h("dt", "The daily challenge"),
      h("dd", "Every day (UTC) has one solo game with the same cards for everybody. Play it once; when " +
        "you have finished it, you see the day's board, ranked by level, then Cash. Playing on " +
        "consecutive days builds a streak."),
      h("dt", { id: "help-hints" }, "Hints"),
      h("dd", "In unrated games (solo practice, games against bots, friendly games) a player who has " +
        "something to decide may press Hint: the Strong bot looks at his position as he sees it (it knows " +
        "no more than he does), plays its few best candidate moves out to the end on many deals of the " +
        "cards he cannot see, and suggests the one that did best. Its reasons come with it: for each " +
        "candidate, the share of those games won and how many Path spaces ahead of (or behind) the best " +
        "other player it finished on average; in the solo game, the level reached on average. \"Play it\" " +
        "plays the suggestion. Rated games and the daily challenge offer no hints."),
      h("dt", { id: "help-analysis" }, "The bot's analysis of a game"),
      h("dd", "In a finished game's replay, \"Analyse the game\" lets the Strong bot weigh every decision " +
        "the players made against its own best candidates, like a chess site's blunder check. A move it " +
        "valued clearly lower than its own choice is marked ? (a mistake) or ?? (a blunder), with what it " +
        "preferred. It tries each decision on few deals only, so its figures are rough: a mark says " +
        "\"look here\", not \"this was wrong\"."),
      h("dt", "Reports"),
      h("dd", "Report a chat message or a player whose behaviour is not acceptable; the site's " +
        "operators read the reports and may delete messages, cancel games and ban accounts.")));
}

function options() {
  return section("options", "Game options in the lobby",
    h("dl.option-list",
      h("dt", { id: "help-opt-players" }, "Players"),
      h("dd", "2 to 4 players, or 1 for the ", link("solo", "solo game"), ". With 4 players the Starting " +
        "player picks a ", link("partners", "partner"), " each round."),
      h("dt", { id: "help-opt-rules" }, "Rules"),
      h("dd", "Yucata (the default) or the original rulebook; see ", link("rulesets", "what differs"), "."),
      h("dt", { id: "help-opt-intro" }, "Introductory version"),
      h("dd", "START customers dealt at setup, for a first game; not in the solo game. ",
        link("introductory", "More")),
      h("dt", { id: "help-opt-bots" }, "Bot seats"),
      h("dd", "The last seats are played by bots of the level you choose: Easy plants, sows and serves " +
        "its customers with purpose; Strong tries its best moves on hundreds of possible deals of the cards it " +
        "cannot see (it sees only what a player in its seat would) and plays each out to the end; Random " +
        "picks any legal move, a partner to learn the rules against. " +
        "At least one seat stays for a person, you. A seat whose player runs out of time or resigns is " +
        "played on by an Easy bot."),
      h("dt", { id: "help-opt-invite" }, "Invite only"),
      h("dd", "Up to 3 player names. A game with invitations is private: only you, the invited players " +
        "and whoever sits at it can see it, and only they can watch it. The invited players find it " +
        "under \"Invitations\" in their lobby. Since nobody else can join, invite at least as many " +
        "players as there are free seats, or the game never starts."),
      h("dt", { id: "help-opt-watch" }, "Who may watch"),
      h("dd", "Everyone who may see the game (a public game: anyone, also without an account), or only " +
        "its players."),
      h("dt", { id: "help-opt-time" }, "Time limit"),
      h("dd", "No clock (a friendly game waits for everyone); a fixed time for each decision (an hour, a " +
        "day, three days); or a time bank of 3 days, plus 1 day after each decision, up to 7. A clock runs " +
        "only while its player must act, and stands while he is on vacation (Settings)."),
      h("dt", { id: "help-opt-timeout" }, "When time runs out"),
      h("dd", "Only with a time limit. A bot takes over the seat for the rest of the game (the player " +
        "cannot come back); or the other players vote to wait for him once more or to let the bot play; " +
        "or, in a 2-player game only, the game ends and the player out of time loses."),
      h("dt", { id: "help-opt-rated" }, "Rated, lowest rating, finishing record"),
      h("dd", "A rated game changes its players' ratings by its final ranking (see ", link("community", "ratings"),
        "). Only games between people are rated: never a solo game, never a game with a bot seat. Any game " +
        "with other seats may ask those who join for a lowest rating (1500 before one's first rated game) or " +
        "for a finishing record: the share of one's finished games played to the end rather than left by " +
        "running out of time or resigning, counted once a player has 3 finished games."),
      h("dt", { id: "help-opt-chat" }, "Who may chat"),
      h("dd", "The players of a game always chat at its table; choose \"Players and spectators\" to let " +
        "those who watch it write too.")),
    h("p", "The game starts as soon as every seat is taken. Before it starts you may leave it; an " +
      "account may wait in at most 20 games at once."));
}

export function helpPage(root, sectionId = null) {
  const toc = h("nav.help-toc", { "aria-label": "Help contents" },
    h("h2#help-toc-title", "Contents"),
    h("ol", SECTIONS.map(([id, title]) => h("li", link(id, title)))));
  clear(root).append(h("div.help-page",
    h("div.help-head",
      h("h1", "How to play"),
      h("p.quiet", "At the Gates of Loyang, by Uwe Rosenberg: the rules as this server plays them, in our " +
        "own words. ", h("a", { href: "#/" }, "Back to the lobby"))),
    toc,
    h("div.help-body", overview(), scoring(), rulesets(), introductory(), partners(), solo(), helpers(),
      cardsSection(), options(), community())));
  const target = sectionId && root.querySelector(`#help-${CSS.escape(sectionId)}`);
  if (target) {
    target.scrollIntoView();
    // A heading or a term is not focusable by itself: tabindex -1 lets the reader start there.
    const at = target.matches("section") ? target.querySelector("h2") : target;
    if (at && !at.hasAttribute("tabindex")) at.setAttribute("tabindex", "-1");
    at?.focus({ preventScroll: true });
  } else {
    window.scrollTo(0, 0);
  }
  return null;
}

// The rules and help page (#/help, #/help/SECTION): how a game goes, the two rulesets, the
// Introductory version, partners in the 4-player game, the solo game, every Helper's full
// effect and every card's data, and what the lobby's options mean. Written in the project's own
// words after ../shared/rules and docs/rules-decisions.md; the card tables come from cards.js,
// so they cannot disagree with what the game page shows. Readable without logging in. Every
// text is a message of the catalog (help.*, docs/i18n.md), looked up when the page is drawn.
import { h, clear } from "./dom.js";
import { CARD_IDS, SHOP, VEGETABLES, VEG_NAMES, card, fieldName } from "./cards.js";
import { t, tNodes } from "./i18n.js";
import { art, cardArtName } from "./render/art.js";
import { trackEl } from "./render/table.js";

// A heading with the drawing of what it explains (decoration: the heading says it in words).
const drawn = (name, text, attrs = null) => h("h3", attrs, art(name, 30), text);

const veg = (v) => VEG_NAMES[v];
const wants = (list) => list.map(veg).join(" + ");
const cash = (n) => t("help.cards.cash", { n });

// Helpers whose card bears the lantern: they act on another player (in a 4-player Action
// phase only on the partner, in the solo game on the imaginary opponent).
const LANTERN = new Set(["con-man", "deliveryman", "market-woman", "subsistence-farmer", "tout", "trader"]);
// When each Helper is used: the phases of a round (1 Harvest, 2 Card, 3 Action), as message keys.
const PHASES = {
  "book-keeper": "help.phase.card_or_action", "con-man": "help.phase.action", deliveryman: "help.phase.action",
  foreman: "help.phase.any", haggler: "help.phase.action", "harvest-helper": "help.phase.harvest_or_action",
  maid: "help.phase.action", "market-crier": "help.phase.market_crier",
  "market-woman": "help.phase.action", merchant: "help.phase.action", "messenger-boy": "help.phase.action",
  official: "help.phase.action", "plough-man": "help.phase.action", saleswoman: "help.phase.action",
  shopper: "help.phase.action", squire: "help.phase.card", "subsistence-farmer": "help.phase.action",
  "tenant-farmer": "help.phase.action", tout: "help.phase.action", trader: "help.phase.action",
};

// The sections and the keys of their titles (the contents and each section's heading).
const SECTIONS = [
  ["overview", "help.section.overview"],
  ["scoring", "help.section.scoring"],
  ["rulesets", "help.section.rulesets"],
  ["introductory", "help.section.introductory"],
  ["partners", "help.section.partners"],
  ["solo", "help.section.solo"],
  ["helpers", "help.section.helpers"],
  ["cards", "help.section.cards"],
  ["options", "help.section.options"],
  ["community", "help.section.community"],
];

const link = (id, text) => h("a", { href: `#/help/${id}` }, text);
const lantern = () => h("span.badge.lantern", t("help.badge.another_player"));

function section(id, ...content) {
  const title = t(SECTIONS.find(([s]) => s === id)[1]);
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
  return section("overview",
    h("p", tNodes("help.overview.intro", {}, { rounds: h("strong", t("help.overview.nine_rounds")) })),
    h("h3#help-setup", t("help.overview.setup_title")),
    h("p", t("help.overview.setup")),
    h("h3", t("help.overview.phases_title")),
    h("ol.phases",
      h("li#help-harvest", art("field", 26), " ", h("strong", t("help.overview.harvest_name"), " "),
        t("help.overview.harvest")),
      h("li#help-card-phase", h("strong", t("help.overview.card_name"), " "), t("help.overview.card")),
      h("li#help-action-phase", h("strong", t("help.overview.action_name"), " "),
        tNodes("help.overview.action", {}, { partners: link("partners", t("help.link.partners")) }))),
    h("h3", art("regular", 30), art("casual", 30), t("help.overview.customers_title")),
    h("ul",
      h("li", tNodes("help.overview.regular", {}, {
        regular: h("strong", t("help.overview.regular_term")),
        tables: link("cards", t("help.link.card_tables")),
      })),
      h("li", tNodes("help.overview.casual", {}, { casual: h("strong", t("help.overview.casual_term")) }))),
    drawn("back", t("help.overview.two_pack_title"), { id: "help-two-pack" }),
    h("p", t("help.overview.two_pack")),
    drawn("path", t("help.overview.end_of_turn_title"), { id: "help-end-of-turn" }),
    h("p", tNodes("help.overview.end_of_turn", {}, { path: h("strong", t("help.overview.path_term")) })),
    h("div.help-track", trackEl([], null, { target: 17, label: t("help.overview.track_label") })),
    h("h3", t("help.overview.money_title")),
    h("p", tNodes("help.overview.money", {}, { loan: h("strong", t("help.overview.loan_term")) })));
}

function scoring() {
  return section("scoring",
    h("p", t("help.scoring.end")),
    h("ol",
      h("li", t("help.scoring.loans")),
      h("li", t("help.scoring.winner")),
      h("li", t("help.scoring.tie"))),
    h("p", t("help.scoring.nothing")));
}

function rulesets() {
  const rows = [
    ["help.rulesets.first_hand", "help.rulesets.first_hand_yucata", "help.rulesets.first_hand_original"],
    ["help.rulesets.foreman", "help.rulesets.foreman_yucata", "help.rulesets.foreman_original"],
    ["help.rulesets.regulars", "help.rulesets.regulars_yucata", "help.rulesets.regulars_original"],
    ["help.rulesets.loans", "help.rulesets.loans_yucata", "help.rulesets.loans_original"],
    ["help.rulesets.crier", "help.rulesets.crier_yucata", "help.rulesets.crier_original"],
    ["help.rulesets.book_keeper", "help.rulesets.book_keeper_yucata", "help.rulesets.book_keeper_original"],
  ];
  return section("rulesets",
    h("p", tNodes("help.rulesets.intro", {}, {
      original: h("em", t("help.rulesets.original_word")),
      yucata: h("em", t("help.rulesets.yucata")),
    })),
    table(t("help.rulesets.caption"), ["", t("help.rulesets.yucata"), t("help.rulesets.col_original")],
      rows.map((keys) => ({ cells: keys.map((k) => t(k)) }))),
    h("p", tNodes("help.rulesets.same", {}, { partners: link("partners", t("help.link.partners")) })));
}

function introductory() {
  return section("introductory",
    h("p", t("help.introductory.intro")),
    h("ul",
      h("li", t("help.introductory.deal")),
      h("li", t("help.introductory.play")),
      h("li", t("help.introductory.when"))));
}

function partners() {
  return section("partners",
    h("p", tNodes("help.partners.intro", {}, { chooses: h("strong", t("help.partners.chooses")) })),
    h("ul",
      h("li", t("help.partners.turns")),
      h("li", tNodes("help.partners.helpers", {}, { badge: lantern() })),
      h("li", t("help.partners.no_team"))));
}

function solo() {
  return section("solo",
    h("p", t("help.solo.intro")),
    h("h3", t("help.solo.opponent_title")),
    h("p", t("help.solo.opponent")),
    h("h3", t("help.solo.offer_title")),
    h("p", t("help.solo.offer")),
    h("ul",
      h("li", t("help.solo.row1")), h("li", t("help.solo.row2")), h("li", t("help.solo.rows34")),
      h("li", t("help.solo.common_field"))),
    h("p", t("help.solo.refill")),
    h("p", t("help.solo.helpers")),
    h("h3", t("help.solo.rating_title")),
    h("p", t("help.solo.rating_intro")),
    table(t("help.solo.rating_caption"), [t("help.solo.col_level"), t("help.solo.col_rating")], [
      { cells: ["17", t("help.solo.good")] }, { cells: ["18", t("help.solo.very_good")] },
      { cells: [t("help.solo.or_more", { n: 19 }), t("help.solo.master")] },
      { cells: [t("help.solo.below", { n: 17 }), t("help.solo.no_rating")] }]));
}

function helpers() {
  // One entry per kind of Helper; the three Traders share one.
  const kinds = new Map();
  for (const id of CARD_IDS.helper) {
    const kind = id.replace(/-\d$/, "");
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind).push(id);
  }
  return section("helpers",
    h("p", tNodes("help.helpers.intro", {}, { badge: lantern(), partner: link("partners", t("help.link.partner")) })),
    h("dl.helper-list", [...kinds].map(([kind, ids]) => {
      const c = card(ids[0]);
      return h("div.helper-entry", { "data-helper": kind, id: `help-helper-${kind}` },
        h("dt", art(cardArtName(ids[0]), 30),
          h("span.helper-name", c.name), " ",
          h("span.quiet.card-ids", tNodes("help.helpers.card_ids", { n: ids.length }, { ids: h("span", { translate: "no" }, ids.join(", ")) })), " ",
          h("span.badge", t(PHASES[kind])),
          LANTERN.has(kind) ? lantern() : null,
          kind === "foreman" ? h("span.badge", t("help.badge.original_only")) : null),
        h("dd", h("p.helper-full", c.full)));
    })));
}

function cardsSection() {
  const START = { wheat: 3, pumpkin: 2, turnip: 2, cabbage: 2, bean: 1, leek: 1 };
  return section("cards",
    h("p", tNodes("help.cards.intro", {}, { helpers: link("helpers", t("help.link.helpers")) })),
    h("h3", t("help.cards.shop_title")),
    table(t("help.cards.shop_caption"), [t("help.cards.col_vegetable"), t("help.cards.col_spaces"),
      t("help.cards.col_at_start"), t("help.cards.col_buy"), t("help.cards.col_sell")],
    VEGETABLES.map((v) => ({ cells: [veg(v), String(SHOP[v].spaces), String(START[v]),
      cash(SHOP[v].buy), cash(SHOP[v].sell)] }))),
    drawn("stall", t("help.cards.stalls_title")),
    h("p", t("help.cards.stalls")),
    table(t("help.cards.stalls_caption"), [t("help.cards.col_card"), t("help.cards.col_goods")],
      CARD_IDS.market_stall.map((id) => ({ id, cells: [id,
        card(id).goods.map(([v, n]) => t("help.cards.good", { veg: veg(v), n })).join(", ")] }))),
    drawn("regular", t("help.cards.regular_title")),
    h("p", tNodes("help.cards.regular", {}, { intro: link("introductory", t("help.link.introductory")) })),
    table(t("help.cards.regular_caption"), [t("help.cards.col_card"), t("help.cards.col_wants"),
      t("help.cards.col_1st"), t("help.cards.col_2nd"), t("help.cards.col_3rd"), t("help.cards.col_4th"),
      t("help.cards.start")],
    CARD_IDS.regular.map((id) => {
      const c = card(id);
      return { id, cells: [id, wants(c.wants), ...c.pays.map(cash), c.start ? t("help.cards.start") : ""] };
    })),
    drawn("casual", t("help.cards.casual_title")),
    h("p", t("help.cards.casual")),
    table(t("help.cards.casual_caption"), [t("help.cards.col_card"), t("help.cards.col_wants"), t("help.cards.col_pays")],
      CARD_IDS.casual.map((id) => {
        const c = card(id);
        return { id, cells: [id, wants(c.wants), cash(c.pays)] };
      })),
    drawn("field", t("help.cards.fields_title")),
    h("p", t("help.cards.fields")),
    table(t("help.cards.common_caption"), [t("help.cards.col_card"), t("help.cards.col_spaces"),
      t("help.cards.col_vegetables"), t("help.cards.col_cost")],
    CARD_IDS.field.map((id) => {
      const c = card(id);
      return { id, cells: [id, String(c.size), c.allows.map(veg).join(", "), cash(2)] };
    })),
    table(t("help.cards.own_caption"), [t("help.cards.col_field"), t("help.cards.col_spaces"),
      t("help.cards.col_vegetables"), t("help.cards.col_how_many")], [
      { cells: [fieldName("HOME"), "9", ["wheat", "pumpkin", "turnip"].map(veg).join(", "), t("help.cards.home_count")] },
      ...[3, 4, 5, 6].map((n) => ({ cells: [t("help.cards.private_field", { n }), String(n),
        (n === 6 ? ["wheat", "pumpkin", "turnip"] : card(`CF${n}-1`).allows).map(veg).join(", "),
        t("help.cards.private_count")] }))]));
}

function community() {
  return section("community",
    h("dl.option-list",
      h("dt", t("help.community.chat_term")),
      h("dd", t("help.community.chat")),
      h("dt", t("help.community.friends_term")),
      h("dd", t("help.community.friends")),
      h("dt", t("help.community.rematch_term")),
      h("dd", t("help.community.rematch")),
      h("dt", t("help.community.ratings_term")),
      h("dd", t("help.community.ratings")),
      h("dt", t("help.community.profiles_term")),
      h("dd", t("help.community.profiles")),
      h("dt", t("help.community.daily_term")),
      h("dd", t("help.community.daily")),
      h("dt", { id: "help-hints" }, t("help.community.hints_term")),
      h("dd", t("help.community.hints")),
      h("dt", { id: "help-analysis" }, t("help.community.analysis_term")),
      h("dd", t("help.community.analysis")),
      h("dt", t("help.community.reports_term")),
      h("dd", t("help.community.reports"))));
}

function options() {
  return section("options",
    h("dl.option-list",
      h("dt", { id: "help-opt-players" }, t("help.options.players_term")),
      h("dd", tNodes("help.options.players", {}, {
        solo: link("solo", t("help.link.solo_game")),
        partner: link("partners", t("help.link.partner")),
      })),
      h("dt", { id: "help-opt-rules" }, t("help.options.rules_term")),
      h("dd", tNodes("help.options.rules", {}, { differs: link("rulesets", t("help.link.what_differs")) })),
      h("dt", { id: "help-opt-intro" }, t("help.options.intro_term")),
      h("dd", tNodes("help.options.intro", {}, { more: link("introductory", t("help.link.more")) })),
      h("dt", { id: "help-opt-bots" }, t("help.options.bots_term")),
      h("dd", t("help.options.bots")),
      h("dt", { id: "help-opt-invite" }, t("help.options.invite_term")),
      h("dd", t("help.options.invite")),
      h("dt", { id: "help-opt-watch" }, t("help.options.watch_term")),
      h("dd", t("help.options.watch")),
      h("dt", { id: "help-opt-time" }, t("help.options.time_term")),
      h("dd", t("help.options.time")),
      h("dt", { id: "help-opt-timeout" }, t("help.options.timeout_term")),
      h("dd", t("help.options.timeout")),
      h("dt", { id: "help-opt-rated" }, t("help.options.rated_term")),
      h("dd", tNodes("help.options.rated", {}, { ratings: link("community", t("help.link.ratings")) })),
      h("dt", { id: "help-opt-chat" }, t("help.options.chat_term")),
      h("dd", t("help.options.chat"))),
    h("p", t("help.options.start")));
}

export function helpPage(root, sectionId = null) {
  const toc = h("nav.help-toc", { "aria-label": t("help.toc_label") },
    h("h2#help-toc-title", t("help.toc_title")),
    h("ol", SECTIONS.map(([id, key]) => h("li", link(id, t(key))))));
  clear(root).append(h("div.help-page",
    h("div.help-head",
      h("h1", t("help.title")),
      h("p.quiet", tNodes("help.intro", {}, { back: h("a", { href: "#/" }, t("help.back_to_lobby")) }))),
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

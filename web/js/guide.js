// The guide of a first game: beside the actions, a few sentences on what the step the game
// waits for is about and what to do, until the player hides it. On for a newcomer's first game
// ("Play a bot now" turns it on once), and from the table's "Guide" button at any time; the
// choice is kept in this browser.
import { STEP_HELP } from "./describe.js";
import { h } from "./dom.js";

const KEY = "loyang.guide";

const TIPS = {
  plant_home: ["Plant your Home field.", "Choose wheat, pumpkin or turnip: you buy one from your Shop and the whole " +
    "field fills with that kind. It gives you one each round, for all 9 rounds. Click your Home field."],
  distribution: ["Card phase: lay a card, or take two.", "On your turn either lay one hand card open in the " +
    "Courtyard, or take: play one card from your hand and one from the Courtyard, and the rest of your hand goes " +
    "to the Courtyard. Customers pay for vegetables, fields grow them, Market stalls trade them, Helpers help once."],
  offer: ["Solo: buy from the Offer.", "Take cards from the Offer's rows: the first row is free, the second costs " +
    "1 Cash, the lower rows 2. The imaginary opponent takes what you leave."],
  choose_partner: ["Choose your partner.", "With four players the Starting player picks a partner for this round: " +
    "some Helpers act only on the partner's cards."],
  main: ["Action phase: your turn, as long as you like.", "Sow empty fields from your cart, deliver to your " +
    "Regular customers (each wants its two vegetables every round, or its marker turns red), serve Casual " +
    "customers, buy or sell at your Shop, trade at a Market stall. Hold the mouse (or a finger) on a card to read " +
    "it. When you are done, End turn."],
  two_pack: ["Keep the Two-pack's cards?", "Keep none, one or both; two kept cards lie one on the other."],
  store: ["Fill your Storehouse.", "One vegetable waits in it for the next round (four after the upgrade, 2 Cash); " +
    "what does not fit is sold to your Shop or thrown away."],
  advance: ["Move on the Path of Prosperity.", "The first step this round costs 1 Cash, each further step the " +
    "number of the space it reaches. The furthest on the Path at the end wins (each loan costs a space)."],
  harvest_helper: ["Your Harvest helper.", "Decide whether he brings in one more vegetable now."],
  squire: ["Your Squire.", "He lets you take more cards in the Card phase: use him now or keep him."],
  book_keeper: ["Your Book-keeper.", "He pays for a field you could not afford; use him or not."],
  foreman: ["Your Foreman.", "He lets you act out of turn: use him now or pass."],
};

export const guideOn = () => localStorage.getItem(KEY) === "on";

/// Turns the guide on or off in this browser.
export function setGuide(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

/// Turns the guide on for a newcomer, unless he has chosen before.
export function guideFirstGame() {
  if (localStorage.getItem(KEY) === null) setGuide(true);
}

/// The guide for the step `view` waits for (when it is the reader's), or null. `onHide` hides it.
export function guideEl(view, onHide) {
  if (!guideOn() || view.seat === null || !(view.to_act || []).includes(view.seat)) return null;
  const tip = TIPS[view.game.step];
  if (!tip) return null;
  const [title, text] = tip;
  const more = STEP_HELP[view.game.step];
  return h("section.guide", { "data-key": "guide", "aria-label": "guide" },
    h("h3", title),
    h("p", text, more ? [" ", h("a", { href: `#/help/${more}`, target: "_blank", rel: "noopener" }, "More in Help")] : null),
    h("button.quiet-button#guide-hide", { type: "button", onclick: onHide }, "Hide the guide"));
}

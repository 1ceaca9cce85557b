// The guide of a first game: beside the actions, a few sentences on what the step the game
// waits for is about and what to do, until the player hides it. On for a newcomer's first game
// ("Play a bot now" turns it on once), and from the table's "Guide" button at any time; the
// choice is kept in this browser.
import { cardName } from "./cards.js";
import { STEP_HELP } from "./describe.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "loyang.guide";

// Per step: the title and the text (catalog keys); `helper`: the Helper card whose name the
// title and text use.
const TIPS = {
  plant_home: ["guide.plant_home_title", "guide.plant_home_text"],
  distribution: ["guide.distribution_title", "guide.distribution_text"],
  offer: ["guide.offer_title", "guide.offer_text"],
  choose_partner: ["guide.choose_partner_title", "guide.choose_partner_text"],
  main: ["guide.main_title", "guide.main_text"],
  two_pack: ["guide.two_pack_title", "guide.two_pack_text"],
  store: ["guide.store_title", "guide.store_text"],
  advance: ["guide.advance_title", "guide.advance_text"],
  harvest_helper: ["guide.harvest_helper_title", "guide.harvest_helper_text", "harvest-helper"],
  squire: ["guide.squire_title", "guide.squire_text", "squire"],
  book_keeper: ["guide.book_keeper_title", "guide.book_keeper_text", "book-keeper"],
  foreman: ["guide.foreman_title", "guide.foreman_text", "foreman"],
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
  const [titleKey, textKey, helper] = tip;
  const params = helper ? { helper: cardName(helper) } : {};
  const more = STEP_HELP[view.game.step];
  return h("section.guide", { "data-key": "guide", "aria-label": t("guide.aria_label") },
    h("h3", t(titleKey, params)),
    h("p", t(textKey, params), more ? [" ", h("a", { href: `#/help/${more}`, target: "_blank", rel: "noopener" }, t("guide.more_in_help"))] : null),
    h("button.quiet-button#guide-hide", { type: "button", onclick: onHide }, t("guide.hide")));
}

// Our own drawings of the game's things, in the vegetables' style (veg.js: a 32×32 box, flat
// fills, thin darker outlines): a picture per kind of action card (a Market stall's awning, a
// Regular and a Casual customer, an emblem per family of Helpers, a common field's furrows),
// the Path of Prosperity's stones and the solo target's flag. The table, the lobby, the dialogs
// and the help page all draw them from here, so they look alike everywhere. Each markup string
// is parsed once (dom.js svg() clones it after that).
import { card } from "../cards.js";
import { h, svg } from "../dom.js";

const SKIN = `fill="#f1c9a0" stroke="#7a4a2a" stroke-width=".7"`;
const EMBLEM = (inner) => `<circle cx="16" cy="16" r="14.5" fill="#f1e6f6" stroke="#7a4a98" stroke-width="1.2"/>${inner}`;
const INK = `stroke="#4a2a60" stroke-width="1.3" fill="none" stroke-linecap="round"`;

const shapes = {
  // A Market stall: a green and cream awning over a counter with its three goods.
  stall: `
    <path d="M3 11 L6 4 L26 4 L29 11 Z" fill="#f3ecd6" stroke="#2a5220" stroke-width=".8"/>
    <path d="M6 4 L10.5 4 L8.5 11 L3 11 Z M13.8 4 L18.2 4 L18.7 11 L13.3 11 Z M21.5 4 L26 4 L29 11 L23.5 11 Z" fill="#3f7a30"/>
    <path d="M3 11 q1.8 3 3.65 0 q1.8 3 3.65 0 q1.8 3 3.65 0 q1.8 3 3.65 0 q1.8 3 3.65 0 q1.8 3 3.65 0 q1.8 3 3.6 0 Z" fill="#3f7a30"/>
    <path d="M6 13 V30 M26 13 V30" stroke="#6b4420" stroke-width="1.6"/>
    <circle cx="10" cy="18.6" r="2.4" fill="#d2541a" stroke="#8a3208" stroke-width=".6"/>
    <circle cx="16" cy="18.3" r="2.4" fill="#7a3f98" stroke="#3f1c55" stroke-width=".6"/>
    <circle cx="22" cy="18.6" r="2.4" fill="#8e2a22" stroke="#4a120d" stroke-width=".6"/>
    <rect x="4" y="20.5" width="24" height="5" rx="1" fill="#a8743e" stroke="#5a3a18" stroke-width=".8"/>`,
  // A Regular customer: a townsman in a blue robe under a straw hat; he comes back each round.
  regular: `
    <path d="M7 31 Q8 17 16 15 Q24 17 25 31 Z" fill="#3a6699" stroke="#1f3d63" stroke-width=".8"/>
    <path d="M13 15.6 L16 22 L19 15.6" stroke="#c9d8ea" stroke-width="1" fill="none"/>
    <circle cx="16" cy="10.5" r="4.3" ${SKIN}/>
    <path d="M7.5 8.6 L16 2.6 L24.5 8.6 Q16 10.4 7.5 8.6 Z" fill="#d9b25a" stroke="#7a5a20" stroke-width=".7"/>`,
  // A Casual customer: a passer-by in a brown robe with a basket on her arm, hair in a bun.
  casual: `
    <path d="M5 31 Q6 17 13 15 Q20 17 21 31 Z" fill="#8f5530" stroke="#4f2a14" stroke-width=".8"/>
    <circle cx="13" cy="10.5" r="4.3" ${SKIN}/>
    <path d="M8.6 10 Q9 5.4 13 5.4 Q17 5.4 17.4 10 Q15 7.6 8.6 10 Z" fill="#3b2a1a"/>
    <circle cx="13" cy="4.3" r="2" fill="#3b2a1a"/>
    <path d="M20 21.5 Q24.5 13.5 29 21.5" stroke="#7a5520" stroke-width="1.2" fill="none"/>
    <path d="M19 21 L30 21 L28 28 L21 28 Z" fill="#d9a856" stroke="#7a5520" stroke-width=".8"/>
    <path d="M20.5 24.5 H28.5" stroke="#7a5520" stroke-width=".6"/>`,
  // A common field: ploughed furrows with young shoots.
  field: `
    <path d="M2 13 L30 9 L30 29 L2 29 Z" fill="#b88a52" stroke="#6f4a22" stroke-width=".8"/>
    <path d="M2 17.5 Q16 14 30 13 M2 22 Q16 19 30 18 M2 26.5 Q16 24 30 23.4" stroke="#7a5328" stroke-width="1.3" fill="none"/>
    <path d="M8 16.4 l-1.6 -3.4 M8 16.4 l1.6 -3.4 M16 15.2 l-1.6 -3.4 M16 15.2 l1.6 -3.4 M24 14.2 l-1.6 -3.4 M24 14.2 l1.6 -3.4" stroke="#4f8a2a" stroke-width="1.2"/>`,
  // The back of a card: the city gate of Loyang.
  back: `
    <path d="M2 10 Q10 9 16 3 Q22 9 30 10 L27 12 L5 12 Z" fill="#f2c46b" stroke="#5a2410" stroke-width=".8"/>
    <rect x="6" y="12" width="20" height="3.4" fill="#c0392b" stroke="#5a2410" stroke-width=".7"/>
    <rect x="7" y="15.4" width="3.6" height="14" fill="#c0392b" stroke="#5a2410" stroke-width=".7"/>
    <rect x="21.4" y="15.4" width="3.6" height="14" fill="#c0392b" stroke="#5a2410" stroke-width=".7"/>
    <path d="M12 29.4 L12 21 Q16 16.6 20 21 L20 29.4 Z" fill="#3b1a0c"/>
    <rect x="3" y="29.4" width="26" height="1.8" fill="#5a2410"/>`,
  // The Path of Prosperity: stepping stones along a road, a pawn on one, a pennant ahead.
  path: `
    <path d="M1 22 H31" stroke="#c9b48a" stroke-width="5"/>
    <g fill="#cdb88e" stroke="#8f7a4c" stroke-width=".9"><rect x="2" y="16.5" width="7.5" height="11" rx="2"/>
    <rect x="12.2" y="16.5" width="7.5" height="11" rx="2"/><rect x="22.4" y="16.5" width="7.5" height="11" rx="2"/></g>
    <circle cx="16" cy="15" r="3.6" fill="#0072b2" stroke="#003a5c" stroke-width=".8"/>
    <path d="M26 16.5 V4" stroke="#5a2410" stroke-width="1.3"/><path d="M26.5 4.5 L31 6.5 L26.5 8.5 Z" fill="#c0392b"/>`,
  // Helpers: an emblem on a violet medallion per family of what they do.
  scales: EMBLEM(`<path d="M16 7 V24 M10 24.5 H22 M8.5 10.5 H23.5" ${INK}/>
    <path d="M8.5 10.5 L5.5 17 H11.5 Z M23.5 10.5 L20.5 17 H26.5 Z" fill="#e2b84a" stroke="#4a2a60" stroke-width=".8"/>`),
  coins: EMBLEM(`<circle cx="13" cy="18" r="6.5" fill="#e2b84a" stroke="#7a5a10" stroke-width=".9"/>
    <rect x="10.8" y="15.8" width="4.4" height="4.4" fill="#f1e6f6" stroke="#7a5a10" stroke-width=".7"/>
    <circle cx="20.5" cy="12" r="5" fill="#edc862" stroke="#7a5a10" stroke-width=".9"/>
    <rect x="18.8" y="10.3" width="3.4" height="3.4" fill="#f1e6f6" stroke="#7a5a10" stroke-width=".6"/>`),
  abacus: EMBLEM(`<rect x="7.5" y="8" width="17" height="16" rx="1" ${INK}/>
    <path d="M7.5 13 H24.5 M7.5 18.5 H24.5" stroke="#4a2a60" stroke-width=".7"/>
    <g fill="#b0563a"><circle cx="11" cy="13" r="1.7"/><circle cx="15" cy="13" r="1.7"/><circle cx="21" cy="13" r="1.7"/>
    <circle cx="13" cy="18.5" r="1.7"/><circle cx="17" cy="18.5" r="1.7"/><circle cx="21" cy="18.5" r="1.7"/></g>`),
  sickle: EMBLEM(`<path d="M11 22 Q6 9 19 7 Q12 11 13.6 21 Z" fill="#c9ccd1" stroke="#4a2a60" stroke-width=".8"/>
    <path d="M12.4 21.6 L9 26.5" stroke="#6b4420" stroke-width="2.4" stroke-linecap="round"/>
    <path d="M22 26 V12" stroke="#b8983a" stroke-width="1.1"/>
    <g fill="#f6e08a" stroke="#b8983a" stroke-width=".5"><ellipse cx="22" cy="10.5" rx="1.5" ry="2.5"/>
    <ellipse cx="20.3" cy="14.5" rx="1.3" ry="2.2" transform="rotate(-30 20.3 14.5)"/><ellipse cx="23.7" cy="14.5" rx="1.3" ry="2.2" transform="rotate(30 23.7 14.5)"/></g>`),
  plough: EMBLEM(`<path d="M7 9 L17 19" stroke="#6b4420" stroke-width="2" stroke-linecap="round"/>
    <path d="M14 20 L25 20 L22 25 L15 24 Z" fill="#9a9da3" stroke="#4a2a60" stroke-width=".8"/>
    <path d="M17 19 L20 13" stroke="#6b4420" stroke-width="1.6" stroke-linecap="round"/>
    <path d="M6 26 Q12 23.5 16 26 M18 27 Q22 25.5 26 27" stroke="#7a5328" stroke-width="1" fill="none"/>`),
  scroll: EMBLEM(`<rect x="10" y="9" width="12" height="14" fill="#f6ecd0" stroke="#4a2a60" stroke-width=".8"/>
    <rect x="8.5" y="7" width="15" height="2.6" rx="1.3" fill="#b0563a"/><rect x="8.5" y="22.4" width="15" height="2.6" rx="1.3" fill="#b0563a"/>
    <path d="M12.5 12.5 H19.5 M12.5 15.5 H19.5 M12.5 18.5 H17.5" stroke="#4a2a60" stroke-width=".8"/>`),
  basket: EMBLEM(`<path d="M10 16 Q16 5 22 16" stroke="#7a5520" stroke-width="1.4" fill="none"/>
    <path d="M7.5 15.5 L24.5 15.5 L22 24.5 L10 24.5 Z" fill="#d9a856" stroke="#7a5520" stroke-width=".9"/>
    <path d="M9 19 H23 M12.5 15.5 L13.5 24.5 M16 15.5 V24.5 M19.5 15.5 L18.5 24.5" stroke="#7a5520" stroke-width=".6"/>`),
  gong: EMBLEM(`<path d="M8 7 V25 M24 7 V25 M7 8 H25" stroke="#6b4420" stroke-width="1.5"/>
    <circle cx="16" cy="17" r="5.6" fill="#e2b84a" stroke="#7a5a10" stroke-width=".9"/>
    <circle cx="16" cy="17" r="2" fill="#c99a2e"/><path d="M16 8 V11.4" stroke="#4a2a60" stroke-width=".8"/>`),
  mask: EMBLEM(`<path d="M8 10 Q16 6 24 10 Q24 23 16 26 Q8 23 8 10 Z" fill="#f6ecd0" stroke="#4a2a60" stroke-width=".9"/>
    <path d="M10.5 14 Q12.5 12 14.5 14 M17.5 14 Q19.5 12 21.5 14" ${INK}/>
    <path d="M12 19.5 Q16 23 20 19.5" stroke="#b3261e" stroke-width="1.3" fill="none"/>`),
  flag: EMBLEM(`<path d="M10 26 V7" stroke="#6b4420" stroke-width="1.6" stroke-linecap="round"/>
    <path d="M10.6 7.5 L23 10.5 L10.6 15 Z" fill="#c0392b" stroke="#5a2410" stroke-width=".7"/>`),
};

// Which emblem a Helper wears: what he does (buying and selling, money, harvesting,
// ploughing, errands and orders, carrying, crying wares, tricks, overseeing).
const HELPER_EMBLEM = {
  trader: "scales", haggler: "scales", merchant: "coins", shopper: "coins", saleswoman: "coins",
  "book-keeper": "abacus", "harvest-helper": "sickle", "subsistence-farmer": "sickle",
  "plough-man": "plough", "tenant-farmer": "plough", official: "scroll", "messenger-boy": "scroll", squire: "scroll",
  deliveryman: "basket", maid: "basket", "market-woman": "basket", "market-crier": "gong", tout: "gong",
  "con-man": "mask", foreman: "flag",
};

// The name of a card's drawing (a key of `shapes`), or null for an unknown card.
export function cardArtName(id) {
  const c = card(id);
  switch (c.kind) {
    case "market_stall": return "stall";
    case "regular": return "regular";
    case "casual": return "casual";
    case "field": return "field";
    case "hidden": return "back";
    case "helper": return HELPER_EMBLEM[String(id).replace(/-\d$/, "")] || "scroll";
    default: return null;
  }
}

export function artSvg(name, size = 30) {
  return `<svg class="art" data-art="${name}" viewBox="0 0 32 32" width="${size}" height="${size}" aria-hidden="true">${shapes[name] || ""}</svg>`;
}

// A drawing as an element (span.art-box). With a label it is a picture for screen readers
// (role img); without, decoration beside a text that says the same.
export function art(name, size = 30, label = null) {
  const box = h("span.art-box", label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" });
  box.append(svg(artSvg(name, size)));
  return box;
}

// A stone of the Path of Prosperity: three shapes in turn, so that the track looks laid by hand.
const STONES = [
  `<path d="M3 6 Q3 2 8 2 L28 2.5 Q33 3 33 8 L34 33 Q34 38 28 38 L8 37.5 Q2 37 2.5 32 Z" fill="#cdb88e" stroke="#8f7a4c" stroke-width="1.4"/>
   <path d="M8 9 q6 -2 10 1 M21 30 q5 2 8 -1" stroke="#b29c6e" stroke-width="1" fill="none"/>`,
  `<path d="M2.5 8 Q2 2.5 8 3 L27 2 Q33.5 2 33.5 8 L33 31 Q33.5 38 27 37.5 L9 38 Q2.5 38.5 3 32 Z" fill="#d3bf96" stroke="#8f7a4c" stroke-width="1.4"/>
   <path d="M24 8 q-5 1 -7 4 M7 28 q4 3 9 2" stroke="#b29c6e" stroke-width="1" fill="none"/>`,
  `<path d="M3 5 Q4 2 9 2.5 L29 2 Q34 2.5 33.5 7 L33 34 Q33 38 28 37.5 L7 38 Q2.5 38 3 33 Z" fill="#c9b389" stroke="#8f7a4c" stroke-width="1.4"/>
   <path d="M9 27 q7 -3 12 0 M13 8 q4 2 9 0" stroke="#b29c6e" stroke-width="1" fill="none"/>`,
];

export function stoneSvg(space) {
  const i = (space - 1) % STONES.length;
  return `<svg class="stone" data-art="stone" viewBox="0 0 36 40" preserveAspectRatio="none" aria-hidden="true">${STONES[i]}</svg>`;
}

// The small red pennant that marks the solo game's target on its stone.
export const PENNANT = `<svg class="pennant" data-art="pennant" viewBox="0 0 12 16" width="12" height="16" aria-hidden="true">
  <path d="M2 15 V1.5" stroke="#5a2410" stroke-width="1.4" stroke-linecap="round"/><path d="M2.6 2 L11 4.8 L2.6 8 Z" fill="#c0392b"/></svg>`;

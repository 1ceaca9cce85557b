// Vegetable pictures: small hand-made SVGs, one per kind, each with a text label for readers.
import { VEG_NAMES, vegName } from "../cards.js";
import { h, svg } from "../dom.js";
import { t } from "../i18n.js";

const shapes = {
  wheat: `
    <path d="M16 30 L16 8" stroke="#c2a04a" stroke-width="1.6"/>
    <g fill="#f6e08a" stroke="#b8983a" stroke-width=".6">
      <ellipse cx="16" cy="6" rx="2.2" ry="3.6"/>
      <ellipse cx="12.6" cy="10.5" rx="2" ry="3.4" transform="rotate(-30 12.6 10.5)"/>
      <ellipse cx="19.4" cy="10.5" rx="2" ry="3.4" transform="rotate(30 19.4 10.5)"/>
      <ellipse cx="12.6" cy="16" rx="2" ry="3.4" transform="rotate(-30 12.6 16)"/>
      <ellipse cx="19.4" cy="16" rx="2" ry="3.4" transform="rotate(30 19.4 16)"/>
      <ellipse cx="12.8" cy="21.5" rx="1.8" ry="3" transform="rotate(-30 12.8 21.5)"/>
      <ellipse cx="19.2" cy="21.5" rx="1.8" ry="3" transform="rotate(30 19.2 21.5)"/>
    </g>`,
  pumpkin: `
    <path d="M16 9 q1-4 4-5" stroke="#4f6b2a" stroke-width="2" fill="none"/>
    <g stroke="#8a3208" stroke-width=".8">
      <ellipse cx="16" cy="19" rx="13" ry="10" fill="#d2541a"/>
      <ellipse cx="16" cy="19" rx="8" ry="10" fill="#dc6222"/>
      <ellipse cx="16" cy="19" rx="3" ry="10" fill="#e6742e"/>
    </g>`,
  turnip: `
    <g fill="#5b9a35"><path d="M16 12 C10 2 6 5 8 9 Z"/><path d="M16 12 C22 2 26 5 24 9 Z"/><path d="M16 12 L14 2 L18 2 Z"/></g>
    <path d="M16 12 C6 12 5 22 16 28 C27 22 26 12 16 12 Z" fill="#f4eef4" stroke="#9c7f9c" stroke-width=".8"/>
    <path d="M16 12 C8 12 7 16 8 18 C12 15 20 15 24 18 C25 16 24 12 16 12 Z" fill="#a4509a"/>
    <path d="M16 28 L16 31" stroke="#9c7f9c" stroke-width="1"/>`,
  // Cabbage, beans and leeks are three greens in a vegetable garden; here each has a colour and
  // an outline of its own (a violet round head, dark red kidney beans, a tall white stalk), so
  // they are told apart at a glance, also without seeing colours (tests/web: icons).
  cabbage: `
    <path d="M4 15 C2 8 9 5 12 9 M28 15 C30 8 23 5 20 9" fill="#4c7a3a" stroke="#2f5224" stroke-width=".8"/>
    <circle cx="16" cy="18" r="12" fill="#7a3f98" stroke="#3f1c55" stroke-width="1"/>
    <path d="M16 6 C10 11 10 25 16 30 M16 6 C22 11 22 25 16 30 M5 16 C10 19 22 19 27 16" stroke="#c7a2dd" fill="none" stroke-width="1.1"/>`,
  bean: `
    <g fill="#8e2a22" stroke="#4a120d" stroke-width=".9">
      <path d="M4 11 C4 5 13 4 14 9 C15 12 11 12 11 15 C11 19 4 18 4 11 Z"/>
      <path d="M17 8 C18 3 28 4 28 10 C28 15 22 15 21 13 C20 11 16 12 17 8 Z"/>
      <path d="M8 24 C7 18 17 17 19 21 C20 24 16 24 16 27 C15 31 8 30 8 24 Z"/>
    </g>
    <g fill="#e6b8a8"><ellipse cx="7" cy="9" rx="1.4" ry=".8"/><ellipse cx="24" cy="7" rx="1.4" ry=".8"/><ellipse cx="11" cy="22" rx="1.4" ry=".8"/></g>`,
  leek: `
    <path d="M12.5 31 L12.5 14 L19.5 14 L19.5 31 Q16 32.5 12.5 31 Z" fill="#fbfaf0" stroke="#7a7a5a" stroke-width=".9"/>
    <path d="M12.5 22 L19.5 22" stroke="#d8e6b8" stroke-width="3"/>
    <path d="M13 15 L7 1 L11.5 1 L15.5 14 Z" fill="#1f5a3a"/>
    <path d="M19 15 L25 1 L20.5 1 L16.5 14 Z" fill="#174a30"/>
    <path d="M13 31 Q16 33 19 31" stroke="#9a8a68" fill="none"/>`,
};

export function vegSvg(crop, size = 22) {
  return `<svg class="veg-svg" viewBox="0 0 32 32" width="${size}" height="${size}" aria-hidden="true">${shapes[crop] || ""}</svg>`;
}

// One vegetable picture with its name for screen readers and as a tooltip.
export function veg(crop, size = 22) {
  const el = svg(vegSvg(crop, size));
  const wrap = h("span.veg", { title: VEG_NAMES[crop], "data-veg": crop });
  wrap.append(el, h("span.sr", VEG_NAMES[crop]));
  return wrap;
}

// A row of n pictures of one vegetable, or a picture and "×n" when there are many.
export function vegCount(crop, n, size = 20, max = 4) {
  const box = h("span.vegs", { "aria-label": t("render.veg_count", { n, veg: vegName(crop, n) }) });
  if (n <= max) for (let i = 0; i < n; i++) box.append(veg(crop, size));
  else box.append(veg(crop, size), h("span.times", `×${n}`));
  return box;
}

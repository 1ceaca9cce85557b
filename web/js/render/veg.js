// Vegetable pictures: small hand-made SVGs, one per kind, each with a text label for readers.
import { VEG_NAMES } from "../cards.js";
import { h, svg } from "../dom.js";

const shapes = {
  wheat: `
    <path d="M16 30 L16 8" stroke="#8a6a1f" stroke-width="1.6"/>
    <g fill="#e5b73b" stroke="#a8801f" stroke-width=".6">
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
    <g stroke="#b8560f" stroke-width=".8">
      <ellipse cx="16" cy="19" rx="13" ry="10" fill="#f08a24"/>
      <ellipse cx="16" cy="19" rx="8" ry="10" fill="#f39a3a"/>
      <ellipse cx="16" cy="19" rx="3" ry="10" fill="#f7aa4c"/>
    </g>`,
  turnip: `
    <g fill="#5b9a35"><path d="M16 12 C10 2 6 5 8 9 Z"/><path d="M16 12 C22 2 26 5 24 9 Z"/><path d="M16 12 L14 2 L18 2 Z"/></g>
    <path d="M16 12 C6 12 5 22 16 28 C27 22 26 12 16 12 Z" fill="#f4eef4" stroke="#9c7f9c" stroke-width=".8"/>
    <path d="M16 12 C8 12 7 16 8 18 C12 15 20 15 24 18 C25 16 24 12 16 12 Z" fill="#a4509a"/>
    <path d="M16 28 L16 31" stroke="#9c7f9c" stroke-width="1"/>`,
  cabbage: `
    <circle cx="16" cy="17" r="13" fill="#7fbf5a" stroke="#3f7a2a" stroke-width=".9"/>
    <path d="M16 5 C9 10 9 24 16 29 M16 5 C23 10 23 24 16 29" stroke="#3f7a2a" fill="none" stroke-width=".9"/>
    <circle cx="16" cy="17" r="6" fill="#b6e08f" stroke="#3f7a2a" stroke-width=".7"/>`,
  bean: `
    <path d="M5 24 C4 12 14 5 27 6 C28 10 25 12 22 12 C15 13 12 18 10 25 C9 28 5 28 5 24 Z" fill="#4f9a3a" stroke="#2d5e22" stroke-width=".9"/>
    <g fill="#8fd06a"><circle cx="21" cy="9" r="2"/><circle cx="15" cy="12" r="2"/><circle cx="10.5" cy="17" r="2"/><circle cx="8" cy="23" r="1.8"/></g>`,
  leek: `
    <path d="M13 30 L13 16 L19 16 L19 30 Q16 32 13 30 Z" fill="#f3f1df" stroke="#9a9a7a" stroke-width=".8"/>
    <path d="M13 17 L8 2 L12 2 L15 15 Z" fill="#3e8a45"/>
    <path d="M19 17 L24 2 L20 2 L17 15 Z" fill="#2f6e36"/>
    <path d="M14.5 16 L16 1 L17.5 16 Z" fill="#56a85a"/>
    <path d="M13 30 Q16 33 19 30" stroke="#b8a878" fill="none"/>`,
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
  const box = h("span.vegs", { "aria-label": `${n} ${VEG_NAMES[crop]}` });
  if (n <= max) for (let i = 0; i < n; i++) box.append(veg(crop, size));
  else box.append(veg(crop, size), h("span.times", `×${n}`));
  return box;
}

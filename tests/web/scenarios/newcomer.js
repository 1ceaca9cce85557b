// A newcomer on a phone (issue 36, points 5, 8 and 9): "Play a bot now" and the way to the
// full form within the lobby's first screen; one click starts a 2-player game against an easy
// bot; the table's board and the player's own board begin within the first screen under a
// compact header; the Path's pawns carry their player's initial and the seats' colours stay
// apart for red-green colour blindness; back in the lobby the game's row tells its last move.
import path from "node:path";
import { expect, shots, waitUntil } from "../harness.js";
import { PHONE, playFast, player } from "./table-basics.js";

// The smallest CIELAB distance between two of `colors` ("rgb(r, g, b)") as a protanope and a
// deuteranope see them (Machado et al. 2009, severity 1).
export function colourBlindDistance(colors) {
  const M = {
    protan: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    deutan: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
  };
  const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const gam = (c) => { c = Math.min(1, Math.max(0, c)); return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055); };
  const lab = ([r, g, b]) => {
    const [R, G, B] = [lin(r), lin(g), lin(b)];
    const f = (t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
    const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047, Y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
    const Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
    return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
  };
  const rgb = colors.map((c) => c.match(/\d+/g).slice(0, 3).map(Number));
  let min = Infinity;
  for (const m of Object.values(M)) {
    const seen = rgb.map((c) => lab(m.map((row) => gam(row[0] * lin(c[0]) + row[1] * lin(c[1]) + row[2] * lin(c[2])))));
    for (let i = 0; i < seen.length; i++) for (let j = i + 1; j < seen.length; j++) {
      min = Math.min(min, Math.hypot(...seen[i].map((x, k) => x - seen[j][k])));
    }
  }
  return min;
}

// Where an element's top and bottom are, and the screen's height.
const box = (page, selector) => page.$eval(selector, (el) => {
  const r = el.getBoundingClientRect();
  return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, screen: window.innerHeight };
});

export default [
  ["a newcomer on a phone: Play a bot now in one click, the board on the first screen, pawns with initials in safe colours", async () => {
    const nina = await player("nina", PHONE, { isMobile: true, hasTouch: true });
    await nina.waitForSelector("#play-bot");
    for (const sel of ["#play-bot", "#to-create"]) {
      const b = await box(nina, sel);
      expect(b.bottom <= b.screen, `${sel} is within the lobby's first screen (bottom ${Math.round(b.bottom)} of ${b.screen})`);
    }
    await nina.screenshot({ path: path.join(shots, "newcomer-lobby-phone.png") });
    // The form is one click further.
    await nina.click("#to-create");
    await waitUntil(nina, () => { const r = document.querySelector("#new-players").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; });
    // One click: a 2-player game against an easy bot, started.
    await nina.evaluate(() => scrollTo(0, 0));
    await nina.click("#play-bot");
    await nina.waitForURL(/#\/game\/\d+$/);
    const game = Number(/#\/game\/(\d+)$/.exec(nina.url())[1]);
    await nina.waitForSelector(".status", { timeout: 8000 });
    await waitUntil(nina, () => !!window.loyang?.view()?.game);
    // The newcomer's first game comes with its guide, which says what to do first.
    await waitUntil(nina, () => /Plant your Home field/.test(document.querySelector(".guide h3")?.textContent || ""));
    const seats = await nina.evaluate(() => window.loyang.view().table?.seats || window.loyang.view().game.players.map((p, i) => ({ seat: i })));
    expect(seats.length === 2, `two seats (${JSON.stringify(seats)})`);
    await playFast(nina, { round: 1, phase: "action" });
    await nina.waitForSelector(".path .pawn");
    // Phone first screen: a compact header, the shared board and the own board begin on it.
    const header = await box(nina, "header.site");
    const pathBox = await box(nina, ".path-box");
    const mine = await box(nina, ".board.mine");
    const seen = `header ${Math.round(header.bottom - header.top)} px, the Path at ${Math.round(pathBox.top)}, own board at ${Math.round(mine.top)} of ${mine.screen}`;
    expect(header.bottom - header.top <= 0.08 * header.screen, `a compact header (${seen})`);
    expect(pathBox.bottom <= pathBox.screen, `the Path is on the first screen (${seen})`);
    expect(mine.top < mine.screen - 300, `the own board begins within the first screen, 300 px of it shown (${seen})`);
    await nina.screenshot({ path: path.join(shots, "newcomer-table-phone.png") });
    // Pawns: the initial of their player, as well as the colour.
    const pawns = await nina.$$eval(".path .pawn", (ps) => ps.map((p) => ({ text: p.textContent.trim(), label: p.getAttribute("aria-label") })));
    expect(pawns.length === 2 && pawns.every((p) => p.text.length === 1 && p.text === p.label.trim()[0].toUpperCase()),
      `each pawn shows its player's initial: ${JSON.stringify(pawns)}`);
    const colours = await nina.evaluate(() => [0, 1, 2, 3].map((i) => {
      const probe = document.createElement("span");
      probe.className = `pawn seat-${i}`;
      document.body.append(probe);
      const c = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return c;
    }));
    const apart = colourBlindDistance(colours);
    expect(apart >= 30, `the 4 seat colours stay apart for protanopes and deuteranopes (CIELAB distance ${apart.toFixed(1)}: ${colours.join(", ")})`);
    // Back in the lobby: the row says when the last move was.
    await nina.click("a.back");
    await nina.waitForSelector(`#my-games [data-game="${game}"] .progress`);
    const progress = await nina.textContent(`#my-games [data-game="${game}"] .progress`);
    expect(/^round 1 of 9 · last move (just now|\d+ min ago)$/.test(progress), `the row tells the round and the last move: "${progress}"`);
    expect(nina.errors.length === 0, `page errors: ${nina.errors.join("; ")}`);
    await nina.context().close();
  }],
];

// Playing on the board (issue 36, points 1-3): the standings bar on a desk and a phone, no
// question before what is simply the step's answer or what Undo takes back, a Market stall's
// vegetable chosen on the board and then what is given for it (no duplicates, no trade that
// changes nothing, the action list not repeated beside it), a customer's wants, and the
// Storehouse filled in one step. One solo game, played fast between the moments it checks.
import path from "node:path";
import { checkA11y, createGame, expect, log, shots, waitUntil } from "../harness.js";
import { DESK, PHONE, player, shot } from "./table-basics.js";

const logCount = (page) => page.locator(".log-entry").count();
const modalOpen = (page) => page.locator("dialog[open]").count();

// Sends commands through the page's own connection until `done(view)` holds: `pick(view)`
// chooses each one (null: the first legal command that is not a loan, a sale or an undo). The
// two functions go into the page as source text through the DevTools protocol (the page's
// Content-Security-Policy refuses eval and new Function).
export async function playUntil(page, done, pick = () => null, { max = 400 } = {}) {
  await page.evaluate(`window.testDone = ${String(done)}; window.testPick = ${String(pick)};`);
  for (let i = 0; i < max; i++) {
    const state = await page.evaluate(async () => {
      const v = window.loyang.view();
      if (window.testDone(v)) return "done";
      if (v.game.phase === "finished") return "finished";
      const legal = v.legal || [];
      if (!v.to_act.includes(v.seat) || !legal.length) { await new Promise((r) => setTimeout(r, 30)); return "wait"; }
      const cmd = window.testPick(v) ||
        legal.find((c) => !["take_loan", "sell", "undo", "discard_helper", "buy_two_pack"].includes(c.type)) || legal[0];
      await window.loyang.socket.command(cmd);
      return "sent";
    });
    if (state === "done") return true;
    if (state === "finished") return false;
  }
  return false;
}

export default [
  ["on the board: standings, no needless questions, a trade chosen at the stall, the Storehouse in one step", async () => {
    const tia = await player("tia", DESK);
    await createGame(tia, { players: 1 });
    await tia.waitForSelector(".status", { timeout: 8000 });
    await waitUntil(tia, () => !!window.loyang?.view());
    // Point 3: the standings on the first screen, with the numbers of the board and the solo target.
    const standings = async (size) => {
      await tia.setViewportSize(size);
      const r = await tia.evaluate(() => {
        const box = document.querySelector(".standings")?.getBoundingClientRect();
        const row = document.querySelector(".standings tbody tr");
        const p = window.loyang.view().game.players[0];
        return box && {
          top: box.top, bottom: box.bottom, right: box.right, width: document.documentElement.clientWidth,
          cells: [...row.querySelectorAll("td")].map((td) => td.textContent),
          want: [p.position, p.cash, p.loans, p.hand_count].map(String),
          target: document.querySelector(".solo-target")?.textContent || "",
        };
      });
      expect(r, `a standings bar at ${size.width} px`);
      expect(r.bottom <= size.height && r.top >= 0 && r.right <= r.width, `the standings are on the first screen at ${size.width}×${size.height} (${JSON.stringify(r)})`);
      expect(r.cells.join() === r.want.join(), `Path, Cash, loans, hand as on the board (${r.cells} vs ${r.want})`);
      expect(/Target: level 17/.test(r.target) && /Level so far: \d+/.test(r.target), `the solo target and level: "${r.target}"`);
    };
    await standings(PHONE);
    await shot(tia, "phone-standings");
    await standings(DESK);
    // Point 2: planting the Home field is the step's answer: no question after choosing.
    await tia.click('.board.mine [data-target$=":HOME"].can');
    const n0 = await logCount(tia);
    await tia.click(".selection .choice >> nth=0");
    await tia.waitForTimeout(200);
    expect((await modalOpen(tia)) === 0, "planting the Home field asked nothing");
    await waitUntil(tia, (n) => document.querySelectorAll(".log-entry").length > n, n0);
    // On to an Action phase with a Market stall in play that trades for something in the cart:
    // Market stalls are bought from the Offer whenever it has one.
    const hasTrade = (v) => v.game.phase === "action" && v.game.step === "main" && v.to_act.includes(v.seat) &&
      (v.legal || []).some((c) => c.type === "trade" && !(c.give.length === 1 && c.give[0] === c.get));
    const pickStall = (v) => {
      const legal = v.legal || [];
      const stall = legal.find((c) => c.type === "buy_from_offer" && /^M/.test(c.card));
      if (stall) return stall;
      if (v.game.step === "offer") return legal.find((c) => c.type === "finish_offer");
      if (v.game.step === "main") return legal.find((c) => c.type === "end_turn") || null;
      if (v.game.step === "advance") return legal.find((c) => c.type === "advance" && c.steps === 0);
      return null;
    };
    // Point 2 on the way: the Card phase's choices ask nothing (clicked in the page once).
    expect(await playUntil(tia, (v) => v.game.step === "offer" && v.to_act.includes(v.seat), pickStall), "the Offer step was reached");
    // What costs something and cannot be taken back still asks (a loan outside the Action
    // phase), saying so once; Cancel sends nothing.
    await tia.waitForSelector('.actions [data-cmd-type="take_loan"]');
    const nl = await logCount(tia);
    await tia.click('.actions [data-cmd-type="take_loan"]');
    await tia.waitForSelector("dialog.confirm[open]");
    const text = await tia.textContent("dialog.confirm[open] p");
    expect((text.match(/cannot be taken back/g) || []).length === 1, `the question says it once: "${text}"`);
    await tia.click("dialog.confirm[open] .cancel");
    await tia.waitForTimeout(200);
    expect((await logCount(tia)) === nl, "Cancel sent nothing");
    await tia.waitForSelector('[data-target^="offer:"].can');
    const offerCard = tia.locator('[data-target^="offer:M"].can, [data-target^="offer:"].can').first();
    await offerCard.click();
    const n1 = await logCount(tia);
    await tia.click(".selection .choice >> nth=0");
    await tia.waitForTimeout(200);
    expect((await modalOpen(tia)) === 0, "a Card phase choice asked nothing");
    await waitUntil(tia, (n) => document.querySelectorAll(".log-entry").length > n, n1);
    expect(await playUntil(tia, hasTrade, pickStall), "an Action phase with a Market stall to trade at was reached");
    await tia.waitForSelector(".actions h3");
    // Point 1: the stall's vegetables are on the board; the action list offers no duplicates
    // and no trade that changes nothing.
    const listed = await tia.$$eval(".actions [data-key^='cmd:']", (bs) => bs.map((b) => b.dataset.key));
    expect(new Set(listed).size === listed.length, `no action listed twice: ${listed.join(" ")}`);
    // A vegetable of the stall's in the cart too (bought from the shop), so that the server lists
    // a trade of it for itself, which changes nothing and is not offered.
    const same = await tia.evaluate(async () => {
      const v = window.loyang.view();
      const goods = [...document.querySelectorAll('.board.mine [data-target^="good:"]')].map((e) => e.dataset.target.split(":")[3]);
      const buy = v.legal.find((c) => c.type === "buy" && goods.includes(c.crop));
      if (!buy) return null;
      await window.loyang.socket.command(buy);
      return buy.crop;
    });
    if (same) {
      await waitUntil(tia, (c) => window.loyang.view().legal.some((x) => x.type === "trade" && x.get === c && x.give.length === 1 && x.give[0] === c), same);
      await tia.waitForTimeout(100);
      const idle = await tia.$$eval(".actions [data-key^='cmd:']", (bs, c) => bs.filter((b) => {
        const cmd = JSON.parse(b.dataset.key.slice(4));
        return cmd.type === "trade" && cmd.get === c && cmd.give.length === 1 && cmd.give[0] === c;
      }).length, same);
      expect(idle === 0, `the server lists ${same} for ${same}; the page does not offer it`);
    } else log("  no vegetable of the stall could be bought: the idle trade is not checked");
    const good = tia.locator('.board.mine [data-target^="good:"].can').first();
    expect(await good.count(), "a Market stall's vegetable can be pointed at");
    const key = await good.getAttribute("data-target");
    const get = key.split(":")[3];
    // Reached with the keyboard as well: a focusable button that Enter selects.
    await good.focus();
    await tia.keyboard.press("Enter");
    await tia.waitForSelector(".selection .choice");
    expect((await tia.getAttribute(`[data-target="${key}"]`, "role")) === "button", "the stall's vegetable is a button for screen readers");
    expect((await tia.locator('.selection .selection-head svg[data-art="stall"]').count()) === 1, "the trade shows the stall's drawing");
    const choices = await tia.$$eval(".selection .choice .action-text", (bs) => bs.map((b) => b.textContent));
    log(`  ${key}: ${choices.join(" | ")}`);
    expect(choices.length > 0 && choices.every((t) => /^Give /.test(t)), `the choices say what is given: ${choices.join(" | ")}`);
    expect(new Set(choices).size === choices.length, `no choice twice: ${choices.join(" | ")}`);
    const names = { bean: "beans", leek: "leeks" };
    expect(!choices.includes(`Give ${names[get] || get}`), `no trade of ${get} for ${get}: ${choices.join(" | ")}`);
    // The action list does not repeat the choices beside them.
    expect((await tia.locator(".actions .action-list").count()) === 0 && (await tia.locator("#all-actions").count()) === 1,
      "the action list folds while the panel offers the choices");
    await shot(tia, "desk-trade-at-stall");
    await checkA11y(tia, "the table with a stall's vegetable selected");
    // The stall read larger under the mouse: a picture, with nothing in it to focus or press
    // (its goods are buttons on the board, not in the picture).
    const stall = tia.locator(`.board.mine [data-card="${key.split(":")[2]}"]`);
    await tia.mouse.move(1, 1);
    await stall.hover();
    await tia.waitForSelector(".card-zoom.placed", { timeout: 3000 });
    const controls = await tia.$$eval(".card-zoom [tabindex], .card-zoom [role='button'], .card-zoom button", (xs) => xs.length);
    expect(controls === 0, `the larger stall holds no control (${controls})`);
    await checkA11y(tia, "the table with a stall read larger");
    await tia.mouse.move(1, 1);
    // The same choice on a phone (a sheet at the bottom), for docs/img.
    await tia.setViewportSize(PHONE);
    await tia.screenshot({ path: path.join(shots, "phone-trade-at-stall.png") });
    await tia.setViewportSize(DESK);
    const cart = await tia.evaluate(() => ({ ...window.loyang.view().game.players[0].cart }));
    const n2 = await logCount(tia);
    await tia.click(".selection .choice >> nth=0");
    await waitUntil(tia, (n) => document.querySelectorAll(".log-entry").length > n, n2);
    expect((await modalOpen(tia)) === 0, "a trade (Undo takes it back) asked nothing");
    const after = await tia.evaluate(() => window.loyang.view().game.players[0].cart);
    expect(after[get] === (cart[get] || 0) + 1, `the trade brought ${get} into the cart (${cart[get] || 0} → ${after[get]})`);
    await tia.waitForSelector(".actions .action-list");
    // A customer says what he wants and whether the cart holds it.
    const customer = tia.locator('.board.mine .card.k-regular[data-target].can, .board.mine .card.k-casual[data-target].can').first();
    if (await customer.count()) {
      await customer.click();
      const about = await tia.textContent(".selection .about");
      expect(/^Wants .+: (your cart holds them|your cart lacks .+)\.$/.test(about), `the customer's wants: "${about}"`);
      await tia.click(".close-selection");
    }
    // Point 1: the Storehouse in one step. More in the cart than it keeps, then End turn.
    await tia.evaluate(async () => {
      for (let i = 0; i < 6; i++) {
        const v = window.loyang.view();
        const cart = Object.values(v.game.players[0].cart).reduce((a, b) => a + b, 0);
        if (cart >= 3) return;
        const buy = v.legal.find((c) => c.type === "buy");
        await window.loyang.socket.command(buy || { type: "take_loan" });
      }
    });
    const customers = await tia.evaluate(() => (window.loyang.view().legal || []).filter((c) => c.type === "skip_regular"));
    for (const c of customers) await tia.evaluate((cmd) => window.loyang.socket.command(cmd), c);
    await tia.click('.actions [data-cmd-type="end_turn"]');
    await tia.waitForSelector("#store-form");
    expect((await modalOpen(tia)) === 0, "End turn (Undo takes it back) asked nothing");
    const total = await tia.evaluate(() => Object.values(window.loyang.view().game.players[0].cart).reduce((a, b) => a + b, 0));
    const kinds = await tia.$$eval("#store-form input.keep", (xs) => xs.map((x) => x.id.slice(5)));
    expect((await tia.locator('.actions [data-cmd-type="discard_veg"]').count()) === 0, "no button per vegetable beside the form");
    // With the upgrade offered: choosing it makes room for 4 and chooses anew; unchosen again.
    if (await tia.locator("#store-upgrade").count()) {
      await tia.check("#store-upgrade");
      const st = await tia.textContent("#store-status");
      expect(new RegExp(`^Keeping ${Math.min(4, total)};`).test(st), `the upgrade keeps ${Math.min(4, total)}: "${st}"`);
      await tia.uncheck("#store-upgrade");
    } else log("  the Storehouse upgrade was not offered (too little Cash)");
    // Keep one of the last kind listed (not the default choice), the rest of it goes back.
    const keep = kinds[kinds.length - 1];
    for (const k of kinds) await tia.fill(`#keep-${k}`, k === keep ? "1" : "0");
    expect(/Keeping 1; \d+ go/.test(await tia.textContent("#store-status")), "the form says what it keeps");
    await shot(tia, "desk-storehouse-form");
    await checkA11y(tia, "the table with the Storehouse form");
    const n3 = await logCount(tia);
    await tia.click("#store-keep");
    await waitUntil(tia, () => window.loyang.view().game.step !== "store" || window.loyang.view().game.phase !== "action");
    await waitUntil(tia, (n) => document.querySelectorAll(".log-entry").length >= n + 1, n3);
    log(`  the Storehouse form sent ${(await logCount(tia)) - n3} commands for a cart of ${total}`);
    expect((await logCount(tia)) - n3 === total - 1, `one click gave back ${total - 1} vegetables`);
    // The cart is what goes into the Storehouse at the end of the turn.
    const kept = await tia.evaluate(() => window.loyang.view().game.players[0].cart);
    expect(kept[keep] === 1 && Object.values(kept).reduce((a, b) => a + b, 0) === 1, `the one ${keep} is kept (${JSON.stringify(kept)})`);
    // Point 2: moving on the Path is the step's answer: no question; the price is on the button.
    await tia.click('[data-target="path"].can');
    await tia.waitForSelector('.selection .choice[data-cmd-type="advance"]');
    const n4 = await logCount(tia);
    await tia.click('.selection .choice[data-cmd-type="advance"] >> nth=-1');
    await tia.waitForTimeout(200);
    expect((await modalOpen(tia)) === 0, "moving on the Path asked nothing");
    await waitUntil(tia, (n) => document.querySelectorAll(".log-entry").length > n, n4);
    expect(tia.errors.length === 0, `page errors: ${tia.errors.join("; ")}`);
    await tia.context().close();
  }],
];

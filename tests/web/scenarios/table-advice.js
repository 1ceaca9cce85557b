// The table's advice (issue 22, points 1-3): why an action a player looks for is not possible,
// what each action costs and does before it is taken, a click that selects instead of acting,
// and a question before what cannot be taken back. The server computes the advice with the
// rules engine (view.advice); these scenarios check what the player sees of it.
import { clickAction, createGame, expect, waitUntil } from "../harness.js";
import { DESK, FAST_PREFS, playFast, player, shot } from "./table-basics.js";

const logCount = (page) => page.locator(".log-entry").count();

export default [
  ["planting the Home field: a click selects it, each crop says its price, and the price is what is paid", async () => {
    const pia = await player("pia", DESK);
    await createGame(pia, { players: 1 });
    await pia.waitForSelector('.board.mine [data-target$=":HOME"].can', { timeout: 8000 });
    const before = await logCount(pia);
    await pia.click('.board.mine [data-target$=":HOME"].can');
    await pia.waitForSelector(".selection .choice");
    expect((await logCount(pia)) === before, "the click only selected the field: nothing was played");
    expect((await pia.getAttribute('.board.mine [data-target$=":HOME"]', "aria-pressed")) === "true", "the field shows it is selected");
    const choices = await pia.$$eval(".selection .choice", (bs) => bs.map((b) => b.textContent));
    expect(choices.length >= 2 && choices.every((t) => /Plant \w+ on the Home field/.test(t) && /\d+ Cash/.test(t)),
      `each crop says what it costs: ${choices.join(" | ")}`);
    const price = Number(/(\d+) Cash/.exec(choices[0])[1]);
    const cash = Number(await pia.textContent(".board.mine .cash"));
    await pia.click(".selection .choice >> nth=0");
    if (await pia.locator("dialog.confirm[open]").count()) await pia.click("dialog.confirm[open] .choice");
    await waitUntil(pia, (c) => Number(document.querySelector(".board.mine .cash").textContent) !== c, cash);
    expect(Number(await pia.textContent(".board.mine .cash")) === cash - price, `paid what was shown (${cash} − ${price})`);
    expect((await pia.locator(".selection").count()) === 0, "the selection closes once acted");
    // The loan says what it gives and what it costs at the end.
    await playFast(pia, { round: 1, phase: "action" });
    await pia.waitForSelector('.actions [data-cmd-type="take_loan"]');
    // Buying from the shop after selecting it: the selection closes once acted, even though
    // the shop could sell again.
    const shop = pia.locator('.board.mine [data-target^="shop:"].can').first();
    expect(await shop.count(), "the shop can be bought from");
    await shop.click();
    await pia.waitForSelector('.selection .choice[data-cmd-type="buy"]');
    const m = await logCount(pia);
    await clickAction(pia, '.selection .choice[data-cmd-type="buy"]');
    await waitUntil(pia, (x) => document.querySelectorAll(".log-entry").length > x, m);
    expect((await pia.locator(".selection").count()) === 0, "the selection closed once the command was taken");
    const loan = await pia.textContent('.actions [data-cmd-type="take_loan"]');
    expect(/\+5 Cash/.test(loan) && /loan/.test(loan) && /back/.test(loan), `the loan's effect: "${loan}"`);
    await pia.context().close();
  }],

  ["what costs something and cannot be taken back asks first; Cancel changes nothing", async () => {
    const jay = await player("jay", DESK);
    await createGame(jay, { players: 1 });
    await jay.waitForSelector(".status", { timeout: 8000 });
    await waitUntil(jay, () => !!window.loyang?.view());
    // A loan outside the Action phase costs a Path space at the end and cannot be taken back
    // (issue 36: only such actions ask, not every final one).
    await playFast(jay, { round: 1, phase: "card" });
    await waitUntil(jay, () => window.loyang.view().game.step === "offer");
    const loan = '.actions [data-cmd-type="take_loan"]';
    await jay.waitForSelector(`${loan}:has(.chip.final)`);
    const n = await logCount(jay);
    await jay.click(loan);
    await jay.waitForSelector("dialog.confirm[open]");
    expect(/cannot be taken back/.test(await jay.textContent("dialog.confirm[open]")), "the question says why it asks");
    await shot(jay, "desk-solo-confirm");
    await jay.click("dialog.confirm[open] .cancel");
    await jay.waitForTimeout(300);
    expect((await logCount(jay)) === n, "Cancel: nothing was sent");
    await jay.click(loan);
    await jay.click("dialog.confirm[open] .choice");
    await waitUntil(jay, (x) => document.querySelectorAll(".log-entry").length > x, n);
    // In the Action phase an action that can be taken back does not ask.
    await playFast(jay, { round: 1, phase: "action" });
    await jay.waitForSelector(".actions .action");
    const plain = jay.locator(".actions .action-list:not(.anytime) .action:not([disabled]):not(:has(.chip.final)):not(.more)").first();
    expect(await plain.count(), "an action Undo can take back");
    const m = await logCount(jay);
    await plain.click();
    await waitUntil(jay, (x) => document.querySelectorAll(".log-entry").length > x, m);
    expect(!(await jay.locator("dialog.confirm[open]").count()), "no question for what Undo can take back");
    const k = await logCount(jay);
    await jay.click('.actions [data-cmd-type="undo"]');
    await waitUntil(jay, (x) => document.querySelectorAll(".log-entry").length > x, k);
    await jay.context().close();
  }],

  ["an action a player looks for and cannot take says why, and what would make it possible", async () => {
    const rex = await player("rex", DESK);
    await createGame(rex, { players: 1 });
    await rex.waitForSelector(".status", { timeout: 8000 });
    await waitUntil(rex, () => !!window.loyang?.view());
    // On to an Action phase in which a Regular customer waits: End turn is not possible yet.
    let why = null;
    for (let round = 1; round <= 9 && !why; round++) {
      await playFast(rex, { round, phase: "action" }, { prefer: ["buy_from_offer", ...FAST_PREFS] });
      if (await rex.evaluate(() => window.loyang.view().game.phase === "finished")) break;
      await rex.waitForSelector(".actions h3");
      if (await rex.locator("#end-turn-blocked").count()) why = await rex.textContent("#end-turn-why");
      else await playFast(rex, { round: round + 1, phase: "card" }, { prefer: ["buy_from_offer", ...FAST_PREFS] });
    }
    expect(why, "an Action phase with a Regular customer waiting was reached");
    expect(/End turn: Deliver to or skip each of your Regular customers/.test(why) && /Still waiting: R\d\d/.test(why),
      `End turn says why and what: "${why}"`);
    expect(await rex.isDisabled("#end-turn-blocked"), "End turn is shown, disabled");
    await shot(rex, "desk-solo-end-turn-why");
    // Spend the Cash on vegetables: what is then too dear says its price and the way out.
    for (let i = 0; i < 12; i++) {
      const buys = await rex.evaluate(() => window.loyang.view().legal.filter((c) => c.type === "buy"));
      if (!buys.length) break;
      const n = await rex.evaluate(() => window.loyang.view().game.players[0].cash);
      await rex.evaluate((c) => window.loyang.socket.command(c), buys[0]);
      await waitUntil(rex, (x) => window.loyang.view().game.players[0].cash !== x, n);
    }
    const notes = await rex.$$eval("details.blocked li", (ls) => ls.map((l) => l.textContent));
    // The way out names only what is possible now: selling only while a sale is legal (issue 36:
    // "sell a vegetable" was suggested with the shop full). A third way, serving a customer who
    // pays, may follow the loan.
    const canSell = await rex.evaluate(() => window.loyang.view().legal.some((c) => c.type === "sell"));
    const wayOut = canSell ? /To afford it, sell a vegetable to your shop \(up to \+\d+ Cash\)(,| or) take a loan \(\+5 Cash/ : /To afford it, take a loan \(\+5 Cash/;
    expect(notes.some((t) => /costs \d+ Cash, you have \d+\./.test(t) && wayOut.test(t)),
      `a price and the way out (a sale ${canSell ? "possible" : "not possible"}): ${notes.join(" | ")}`);
    expect(canSell || !notes.some((t) => /sell a vegetable/.test(t)), `no sale suggested when none is possible: ${notes.join(" | ")}`);
    // Serving without the vegetables says which are missing, and how (or whether) to get them.
    const serve = notes.filter((t) => /You do not have those vegetables/.test(t));
    expect(serve.every((t) => /You need \d+ \w+ more(: |, which you cannot get this turn)/.test(t)),
      `the missing vegetables and the way to them: ${serve.join(" | ")}`);
    // A thing on the board with nothing possible says why when selected.
    const whyNot = rex.locator(".board.mine [data-target].why-not").first();
    expect(await whyNot.count(), "a thing on the board that cannot be used now is marked");
    await whyNot.click();
    await rex.waitForSelector(".selection .why");
    await rex.context().close();
  }],
];

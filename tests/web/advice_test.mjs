// Unit tests of the advice's words (web/js/advice.js): a refusal names only remedies that are
// legal now, taken from the server's previews. No browser needed.
//   node tests/web/advice_test.mjs [SOURCE_DIR]
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";

const source = path.resolve(process.argv[2] || path.join(path.dirname(fileURLToPath(import.meta.url)), "../.."));
// The words are messages of the catalogs (web/i18n/): English first, French at the end.
const { setMessages } = await import(path.join(source, "web/js/i18n.js"));
const catalog = (code) => JSON.parse(fs.readFileSync(path.join(source, `web/i18n/${code}.json`), "utf8"));
const english = catalog("en");
setMessages("en", english);
const { blockedText, previewText } = await import(path.join(source, "web/js/advice.js"));
const who = (s) => ["Ann", "Bob"][s];

// A view whose legal commands are `pairs` of [command, preview].
const viewWith = (pairs, blocked = []) => ({
  seat: 0, legal: pairs.map(([c]) => c), advice: { legal: pairs.map(([, p]) => p), blocked },
});
const loan = [{ type: "take_loan" }, { cash: 5, loans: 1, undo: true }];
const sellLeek = [{ type: "sell", crop: "leek" }, { cash: 4, goods: { leek: -1 }, shop: { leek: 1 }, undo: true }];
const skip = { cmd: { type: "skip_regular", card: "R09" }, code: "not_enough_cash", message: "You do not have enough Cash.", cost: 2, cash: 1 };

test("too little Cash with the shop full: selling is not suggested, the loan is", () => {
  const text = blockedText(skip, who, viewWith([loan]));
  assert.match(text, /costs 2 Cash, you have 1/);
  assert.match(text, /take a loan \(\+5 Cash/);
  assert.doesNotMatch(text, /sell/i);
});

test("too little Cash with a sale possible: the sale and what it gives", () => {
  const text = blockedText(skip, who, viewWith([sellLeek, loan]));
  assert.match(text, /sell a vegetable to your shop \(up to \+4 Cash\) or take a loan/);
});

test("too little Cash and nothing to raise it: said so", () => {
  assert.match(blockedText(skip, who, viewWith([[{ type: "end_turn" }, { undo: true }]])), /Nothing you can do now raises Cash/);
});

test("serving without the vegetables says which are missing and how to get them", () => {
  const serve = { cmd: { type: "serve_regular", card: "R09" }, code: "not_in_cart",
    message: "You do not have those vegetables on your cart.", missing: { cabbage: 1, turnip: 2 } };
  const buyCabbage = [{ type: "buy", crop: "cabbage" }, { cash: -5, goods: { cabbage: 1 }, shop: { cabbage: -1 }, undo: true }];
  const text = blockedText(serve, who, viewWith([buyCabbage, loan]));
  assert.match(text, /You need 1 cabbage more: buy it from your shop \(5 Cash each\)/);
  assert.match(text, /2 turnip more, which you cannot get this turn/);
});

// Issue 40: the advice in French, from the French catalog.
test("in French, the advice reads in French", () => {
  setMessages("fr", catalog("fr"), english);
  try {
    const text = blockedText(skip, who, viewWith([sellLeek, loan]));
    assert.match(text, /coûte 2 Cash, vous en avez 1\. Pour vous le permettre, vous pouvez vendre un légume à votre Magasin \(jusqu'à \+4 Cash\) ou faire un Emprunt/);
    assert.doesNotMatch(text, /\b(costs|you have|afford|sell|take a loan)\b/, text);
    const preview = previewText({ cash: 5, loans: 1, undo: false }, { type: "take_loan" });
    assert.equal(preview, "+5 Cash, +1 Emprunt (1 case de recul chacun à la fin), irréversible");
    assert.match(blockedText(skip, who, viewWith([[{ type: "end_turn" }, { undo: true }]])), /Rien de ce que vous pouvez faire maintenant ne rapporte de Cash\./);
  } finally {
    setMessages("en", english);
  }
});

// Issue 40: every command type of docs/protocol.md's command tables ("## Commands": "### Base
// game", "### Helpers", "### Solo game"; the first column is the `type`) has a heading in the
// action panel (GROUPS of web/js/describe.js) in every language: never empty, never a catalog
// key left unfilled, never the wire name (in French and Italian not even its English form,
// "Market crier sell", which the panel used to make up for a type without a heading).
test("every command type of the protocol has a group heading in English, French and Italian", async () => {
  const doc = fs.readFileSync(path.join(source, "docs/protocol.md"), "utf8");
  const commands = doc.slice(doc.indexOf("\n## Commands\n"), doc.indexOf("\n## ", doc.indexOf("\n## Commands\n") + 1));
  const types = new Map(); // section → types
  let section = null;
  for (const line of commands.split("\n")) {
    const heading = /^### (.+)$/.exec(line);
    if (heading) section = ["Base game", "Helpers", "Solo game"].includes(heading[1]) ? heading[1] : null;
    const row = /^\|\s*`([a-z_]+)`\s*\|/.exec(line);
    if (section && row && row[1] !== "type") types.set(section, [...(types.get(section) || []), row[1]]);
  }
  assert.deepEqual([...types.keys()], ["Base game", "Helpers", "Solo game"], "the three command tables of docs/protocol.md");
  const all = [...types.values()].flat();
  assert.ok(all.length >= 50, `only ${all.length} command types read from docs/protocol.md`);
  const { GROUPS } = await import(path.join(source, "web/js/describe.js"));
  const missing = all.filter((type) => !Object.hasOwn(GROUPS, type));
  assert.deepEqual(missing, [], `command types without a GROUPS heading: ${missing.join(", ")}`);
  const wireName = (type) => type[0].toUpperCase() + type.slice(1).replace(/_/g, " ");
  try {
    for (const code of ["en", "fr", "it"]) {
      setMessages(code, catalog(code), {}); // no English fallback: a missing message shows as its key
      for (const type of all) {
        const text = GROUPS[type];
        assert.equal(typeof text, "string", `${code} ${type}`);
        assert.ok(text.trim().length > 0, `${code} ${type}: empty heading`);
        assert.notEqual(text, type, `${code} ${type}: the heading is the wire name`);
        assert.doesNotMatch(text, /\b[a-z_]+\.[a-z0-9_-]+\b|[{}]/, `${code} ${type}: a message missing or not filled in: "${text}"`);
        if (code !== "en") assert.notEqual(text, wireName(type), `${code} ${type}: the English wire-name heading`);
      }
    }
  } finally {
    setMessages("en", english);
  }
});

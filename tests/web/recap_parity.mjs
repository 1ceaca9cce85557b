// The browser's "since your last visit" words (web/js/digest.js, digestText) for a corpus of
// cases, printed for tests/server/recap_test.cpp, which holds the server's port
// (server/src/notify/recap.cpp) to them:
//   node tests/web/recap_parity.mjs SOURCE_DIR CORPUS.json > WORDS.json
// CORPUS.json: [{language, names, bank, entries}, ...] (entries: log entries as a seat's view
// has them). Prints [{summary, lines, more, more_text, cash}, ...] in the corpus's order, with
// "" for a text the browser does not show (no entries: no box at all).
import fs from "node:fs";
import path from "node:path";

const [source, corpusFile] = process.argv.slice(2);
if (!source || !corpusFile) {
  console.error("usage: node recap_parity.mjs SOURCE_DIR CORPUS.json");
  process.exit(2);
}
const { setMessages, t } = await import(path.join(path.resolve(source), "web/js/i18n.js"));
const { digestText } = await import(path.join(path.resolve(source), "web/js/digest.js"));

const catalogs = new Map();
const catalog = (code) => {
  if (!catalogs.has(code)) {
    catalogs.set(code, JSON.parse(fs.readFileSync(path.join(source, `web/i18n/${code}.json`), "utf8")));
  }
  return catalogs.get(code);
};
const english = catalog("en");

// One language after the other: setMessages() forgets the messages parsed so far.
const cases = JSON.parse(fs.readFileSync(corpusFile, "utf8"));
const out = new Array(cases.length);
for (const code of new Set(cases.map((c) => c.language))) {
  setMessages(code, catalog(code), english);
  cases.forEach(({ language, names, bank, entries }, i) => {
    if (language !== code) return;
    // As web/js/names.js names seats: null is the bank, a seat the game's summary lacks "Player N".
    const who = (s) => (s === null || s === undefined ? bank : names[s] ?? t("render.seat_player", { n: s + 1 }));
    if (!entries.length) {
      out[i] = { summary: "", lines: [], more: 0, more_text: "", cash: "" };
      return;
    }
    const d = digestText(entries, who);
    out[i] = { summary: d.summary, lines: d.lines, more: d.more, more_text: d.moreText ?? "", cash: d.cash ?? "" };
  });
}
process.stdout.write(JSON.stringify(out));

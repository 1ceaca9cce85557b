// The error codes docs/protocol.md documents, for the `error.` family of the catalogs
// (docs/i18n.md, "Families"): every code of the tables "Rule error codes", "Protocol error codes
// of the game layer", "HTTP error codes" and "WebSocket error codes" has one key `error.<code>`.
//   import { errorCodes, ruleMessages } from "./error-codes.mjs";
//   errorCodes(repoRoot)    -> the codes, sorted, each once
//   ruleMessages(repoRoot)  -> Map code -> the Message column of "Rule error codes" (the English
//                              message the engine sends, without a row's parenthesised note)
// Command line: prints the codes and checks web/i18n/en.json's error.* messages against them (exit 1
// with the differences):
//   node tests/web/error-codes.mjs [REPO_ROOT]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The headings of the tables, as docs/protocol.md writes them (any heading level).
export const TABLES = [
  "Rule error codes",
  "Protocol error codes of the game layer",
  "HTTP error codes",
  "WebSocket error codes",
];

const CODE = /^[a-z][a-z0-9_]*$/;

function readDoc(repoRoot) {
  return fs.readFileSync(path.join(repoRoot, "docs/protocol.md"), "utf8");
}

// The cells of each row of the first table under the heading `title` (header and separator
// rows left out). Throws when the heading or its table is missing: a test must notice a doc
// that moved its tables rather than find no codes.
function tableRows(doc, title) {
  const lines = doc.split("\n");
  const start = lines.findIndex((l) => /^#+\s/.test(l) && l.replace(/^#+\s+/, "").trim() === title);
  if (start < 0) throw new Error(`docs/protocol.md has no heading "${title}"`);
  const rows = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i];
    if (/^#+\s/.test(line)) break; // the next section: the table is over (or there was none)
    if (!line.startsWith("|")) {
      if (rows.length) break; // the end of the first table
      continue;
    }
    const cells = line.replace(/^\|/, "").replace(/\|\s*$/, "").split("|").map((c) => c.trim());
    rows.push(cells);
  }
  if (rows.length < 3) throw new Error(`docs/protocol.md: no table under "${title}"`);
  // rows[0] is the header, rows[1] the |---| line.
  return rows.slice(2);
}

// The codes a first cell names: `a`, `b`, ... A cell without any (the WebSocket table's
// "engine codes", which stands for the rule codes) names none.
function cellCodes(cell, title) {
  const codes = [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
  for (const c of codes) {
    if (!CODE.test(c)) throw new Error(`docs/protocol.md, "${title}": "${c}" is not an error code`);
  }
  return codes;
}

/// Every documented error code, sorted, each once.
export function errorCodes(repoRoot) {
  const doc = readDoc(repoRoot);
  const all = new Set();
  for (const title of TABLES) {
    let found = 0;
    for (const [first] of tableRows(doc, title)) {
      for (const code of cellCodes(first, title)) {
        all.add(code);
        found++;
      }
    }
    if (!found) throw new Error(`docs/protocol.md: the table "${title}" lists no codes`);
  }
  return [...all].sort();
}

/// The rule codes with their English message (the "Message" column without the note in
/// parentheses that some rows add after the sentence).
export function ruleMessages(repoRoot) {
  const out = new Map();
  for (const [first, message] of tableRows(readDoc(repoRoot), "Rule error codes")) {
    const codes = cellCodes(first, "Rule error codes");
    if (codes.length !== 1 || message === undefined) continue;
    out.set(codes[0], message.replace(/(?<=[.!?])\s+\(.*\)$/, "").trim());
  }
  return out;
}

// ---- Command line ------------------------------------------------------------------------------

function main() {
  const root = path.resolve(process.argv[2] || path.join(path.dirname(fileURLToPath(import.meta.url)), "../.."));
  const codes = errorCodes(root);
  console.log(codes.join("\n"));
  console.log(`${codes.length} codes`);

  const file = path.join(root, "web/i18n/en.json");
  let catalog;
  try {
    catalog = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    console.error(`cannot read ${file}: ${e.message}`);
    process.exit(1);
  }
  const keys = new Set(Object.keys(catalog).filter((k) => k.startsWith("error.")));
  const wanted = new Set(codes.map((c) => `error.${c}`));
  const problems = [];
  for (const k of wanted) if (!keys.has(k)) problems.push(`missing: ${k} (documented, no message)`);
  for (const k of keys) if (!wanted.has(k)) problems.push(`left over: ${k} (no such documented code)`);
  // The rule codes' English is the engine's sentence, which the browser tests compare.
  for (const [code, message] of ruleMessages(root)) {
    const k = `error.${code}`;
    if (keys.has(k) && catalog[k] !== message) {
      problems.push(`differs: ${k} is ${JSON.stringify(catalog[k])}, docs say ${JSON.stringify(message)}`);
    }
  }
  if (problems.length) {
    console.error(`web/i18n/en.json's error.* messages do not match docs/protocol.md:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log("web/i18n/en.json: every documented code has its message, and no other");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

// web/js/patch.js against a plain reference (copy everything, then change it in place) on
// random documents and patches: the same result, the input never changed, the parts a patch
// leaves alone shared with the input (so a long log is not copied for each move), and a patch
// that does not fit refused without a trace. Plain node, no browser:
//   node tests/web/patch_test.mjs PROJECT_DIR
import assert from "node:assert/strict";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = process.argv[2] || ".";
const { applyPatch } = await import(pathToFileURL(path.resolve(root, "web/js/patch.js")).href);

let seed = 12345;
const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const pick = (xs) => xs[random(xs.length)];

function randomValue(depth) {
  const r = random(depth > 2 ? 3 : 6);
  if (r === 0) return random(100);
  if (r === 1) return pick(["wheat", "leek", "", "a/b", "m~n"]);
  if (r === 2) return pick([true, false, null]);
  if (r === 3) return Array.from({ length: random(4) }, () => randomValue(depth + 1));
  const o = {};
  for (let i = random(4); i > 0; i--) o[pick(["a", "b", "c", "d/e", "f~g", "log"])] = randomValue(depth + 1);
  return o;
}

const escape = (k) => String(k).replace(/~/g, "~0").replace(/\//g, "~1");

// Every container's path in `doc`, as token lists.
function containers(doc, at = [], out = []) {
  if (doc !== null && typeof doc === "object") {
    out.push(at);
    for (const [k, v] of Object.entries(doc)) containers(v, [...at, k], out);
  }
  return out;
}
const pointer = (tokens) => tokens.map((t) => `/${escape(t)}`).join("");

function at(doc, tokens) { return tokens.reduce((c, t) => c[t], doc); }

function randomOp(doc) {
  const parentPath = pick(containers(doc));
  const parent = at(doc, parentPath);
  const keys = Object.keys(parent);
  const kind = pick(["add", "add", "remove", "replace", "move", "copy", "test"]);
  const existing = keys.length ? [...parentPath, pick(keys)] : null;
  if (kind === "add") {
    const key = Array.isArray(parent) ? pick([String(random(parent.length + 1)), "-"]) : pick(["a", "x", "log", "n/m"]);
    return { op: "add", path: pointer([...parentPath, key]), value: randomValue(1) };
  }
  if (!existing) return { op: "add", path: pointer([...parentPath, Array.isArray(parent) ? "-" : "z"]), value: 1 };
  if (kind === "remove") return { op: "remove", path: pointer(existing) };
  if (kind === "replace") return { op: "replace", path: pointer(existing), value: randomValue(1) };
  if (kind === "test") return { op: "test", path: pointer(existing), value: structuredClone(at(doc, existing)) };
  // move / copy: to a new key of the root object (never into itself).
  return { op: kind, from: pointer(existing), path: pointer([`${kind}${random(5)}`]) };
}

// The reference: copy the whole document once, then change the copy in place.
function reference(doc, ops) {
  let d = structuredClone(doc);
  for (const op of ops) {
    const tokens = op.path.slice(1).split("/").filter((_, i, a) => op.path !== "").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
    const parentOf = (ts) => at(d, ts.slice(0, -1));
    const last = tokens[tokens.length - 1];
    const put = (value) => {
      const p = parentOf(tokens);
      if (Array.isArray(p)) p.splice(last === "-" ? p.length : Number(last), 0, value);
      else p[last] = value;
    };
    const del = (ts) => {
      const p = parentOf(ts);
      const k = ts[ts.length - 1];
      if (Array.isArray(p)) p.splice(Number(k), 1); else delete p[k];
    };
    const from = op.from ? op.from.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~")) : null;
    if (op.op === "add") put(structuredClone(op.value));
    else if (op.op === "remove") del(tokens);
    else if (op.op === "replace") { const p = parentOf(tokens); p[Array.isArray(p) ? Number(last) : last] = structuredClone(op.value); }
    else if (op.op === "move") { const v = at(d, from); del(from); put(v); }
    else if (op.op === "copy") put(structuredClone(at(d, from)));
  }
  return d;
}

let patches = 0;
let shared = 0;
for (let round = 0; round < 3000; round++) {
  const doc = { game: randomValue(0), log: Array.from({ length: 5 }, (_, i) => ({ v: i, text: "entry" })), ...(random(2) ? { a: randomValue(0) } : {}) };
  const before = structuredClone(doc);
  const ops = [];
  let d = structuredClone(doc);
  for (let i = random(4) + 1; i > 0; i--) {
    const op = randomOp(d);
    ops.push(op);
    d = reference(d, [op]);
  }
  const got = applyPatch(doc, ops);
  assert.deepEqual(got, reference(doc, ops), `round ${round}: ${JSON.stringify(ops)}`);
  assert.deepEqual(doc, before, `round ${round}: the input was changed by ${JSON.stringify(ops)}`);
  patches++;
  if (!ops.some((op) => op.path.startsWith("/log") || op.from?.startsWith("/log")) && got.log === doc.log) shared++;
}
// A patch that leaves the log alone shares it.
const big = { game: { round: 1 }, log: Array.from({ length: 1000 }, (_, i) => ({ v: i })) };
const next = applyPatch(big, [{ op: "replace", path: "/game/round", value: 2 }, { op: "add", path: "/game/phase", value: "card" }]);
assert.equal(next.log, big.log, "the log is shared, not copied");
assert.equal(big.game.round, 1, "the old document keeps its round");
assert.deepEqual(next.game, { round: 2, phase: "card" });
// A patch that does not fit throws, and changes nothing.
const fits = { a: [1, 2], b: { c: 1 } };
for (const bad of [[{ op: "remove", path: "/a/5" }], [{ op: "replace", path: "/b/x", value: 1 }],
  [{ op: "add", path: "/a/0", value: 9 }, { op: "test", path: "/b/c", value: 2 }], [{ op: "add", path: "/q/r", value: 1 }]]) {
  assert.throws(() => applyPatch(fits, bad), `refused: ${JSON.stringify(bad)}`);
  assert.deepEqual(fits, { a: [1, 2], b: { c: 1 } }, `unchanged after ${JSON.stringify(bad)}`);
}
assert.ok(shared > 100, `untouched logs shared (${shared})`);
console.log(`patch.js: ${patches} random patches equal to the reference, input unchanged; ${shared} left the log shared`);

// RFC 6902 JSON Patch: applyPatch(doc, ops) returns the patched document (a new one that shares
// what the patch left alone; the input is not changed). Throws on an operation that does not
// fit the document, so the caller can fall back to a fresh snapshot.

function unescape(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

export function parsePointer(path) {
  if (path === "") return [];
  if (path[0] !== "/") throw new Error(`bad JSON pointer "${path}"`);
  return path.slice(1).split("/").map(unescape);
}

function clone(value) {
  return value === undefined ? undefined : structuredClone(value);
}

function arrayIndex(arr, token, forAdd) {
  if (forAdd && token === "-") return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`bad array index "${token}"`);
  const i = Number(token);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new Error(`array index ${i} out of range`);
  return i;
}

function get(doc, tokens) {
  let cur = doc;
  for (const t of tokens) {
    if (Array.isArray(cur)) cur = cur[arrayIndex(cur, t, false)];
    else if (cur !== null && typeof cur === "object" && Object.hasOwn(cur, t)) cur = cur[t];
    else throw new Error(`path /${tokens.join("/")} does not exist`);
  }
  return cur;
}

// Copy on write: a patch copies only the containers on the paths it changes, so the new
// document shares every untouched part with the old one (a long log is not copied for each
// move), and the old one stays as it was. `owned` holds the copies this patch made.
function writableParent(doc, tokens, owned) {
  if (tokens.length === 0) throw new Error("no parent of the root");
  const own = (c) => {
    if (c === null || typeof c !== "object") throw new Error("parent is not a container");
    if (owned.has(c)) return c;
    const copy = Array.isArray(c) ? c.slice() : { ...c };
    owned.add(copy);
    return copy;
  };
  const root = own(doc);
  let cur = root;
  for (const t of tokens.slice(0, -1)) {
    let key = t;
    if (Array.isArray(cur)) key = arrayIndex(cur, t, false);
    else if (!Object.hasOwn(cur, t)) throw new Error(`path /${tokens.join("/")} does not exist`);
    cur[key] = own(cur[key]);
    cur = cur[key];
  }
  return [root, cur, tokens[tokens.length - 1]];
}

function add(doc, tokens, value, owned) {
  if (tokens.length === 0) return value;
  const [root, parent, key] = writableParent(doc, tokens, owned);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else parent[key] = value;
  return root;
}

function remove(doc, tokens, owned) {
  if (tokens.length === 0) throw new Error("cannot remove the root");
  const [root, parent, key] = writableParent(doc, tokens, owned);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
  else if (Object.hasOwn(parent, key)) delete parent[key];
  else throw new Error(`path /${tokens.join("/")} does not exist`);
  return root;
}

function replace(doc, tokens, value, owned) {
  if (tokens.length === 0) return value;
  const [root, parent, key] = writableParent(doc, tokens, owned);
  if (Array.isArray(parent)) parent[arrayIndex(parent, key, false)] = value;
  else if (Object.hasOwn(parent, key)) parent[key] = value;
  else throw new Error(`path /${tokens.join("/")} does not exist`);
  return root;
}

function equal(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
}

export function applyPatch(document, ops) {
  let doc = document;
  const owned = new Set();
  for (const op of ops) {
    const path = parsePointer(op.path);
    switch (op.op) {
      case "add":
        doc = add(doc, path, clone(op.value), owned);
        break;
      case "remove":
        doc = remove(doc, path, owned);
        break;
      case "replace":
        doc = replace(doc, path, clone(op.value), owned);
        break;
      case "move": {
        const from = parsePointer(op.from);
        const value = get(doc, from);
        doc = add(remove(doc, from, owned), path, value, owned);
        break;
      }
      case "copy":
        doc = add(doc, path, clone(get(doc, parsePointer(op.from))), owned);
        break;
      case "test":
        if (!equal(get(doc, path), op.value)) throw new Error(`test failed at ${op.path}`);
        break;
      default:
        throw new Error(`unknown patch operation "${op.op}"`);
    }
  }
  return doc;
}

// RFC 6902 JSON Patch over RFC 6901 JSON Pointers: applyPatch(doc, ops) returns the patched
// document and leaves the input as it was. Only the containers on the changed paths are copied,
// so the new document shares every untouched part with the old one (a long log is not copied
// for each patch) and a listener may compare the two. An operation that does not fit the
// document throws PatchError, and nothing the caller holds has changed: the client then asks
// the server for a fresh snapshot.
//
// The server sends only add, remove and replace (protocol/schema/patch.schema.json); move, copy
// and test are here too, so that this is RFC 6902 and not one server's subset.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Any RFC 6902 operation (the server's are the narrower generated `PatchOperation`). */
export type Operation =
  | { op: "add" | "replace" | "test"; path: string; value: unknown }
  | { op: "remove"; path: string }
  | { op: "move" | "copy"; from: string; path: string };

export class PatchError extends Error {
  override name = "PatchError";
}

/** "/a/b~1c" -> ["a", "b/c"]; "" (the whole document) -> []. */
export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new PatchError(`bad JSON pointer "${pointer}"`);
  return pointer
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

type Container = unknown[] | Record<string, unknown>;

const isContainer = (v: unknown): v is Container => v !== null && typeof v === "object";
const hasKey = (o: Record<string, unknown>, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

function arrayIndex(array: unknown[], token: string, forAdd: boolean): number {
  if (forAdd && token === "-") return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`bad array index "${token}"`);
  const i = Number(token);
  if (i > array.length || (!forAdd && i === array.length)) throw new PatchError(`array index ${i} out of range`);
  return i;
}

function get(doc: unknown, tokens: string[]): unknown {
  let at = doc;
  for (const t of tokens) {
    if (Array.isArray(at)) at = at[arrayIndex(at, t, false)];
    else if (isContainer(at) && hasKey(at as Record<string, unknown>, t)) at = (at as Record<string, unknown>)[t];
    else throw new PatchError(`path /${tokens.join("/")} does not exist`);
  }
  return at;
}

/** Copies the containers from the root to the parent of `tokens` (once per patch: `owned`). */
function writableParent(doc: unknown, tokens: string[], owned: Set<unknown>): [Container, Container, string] {
  const own = (c: unknown): Container => {
    if (!isContainer(c)) throw new PatchError(`path /${tokens.join("/")} does not exist`);
    if (owned.has(c)) return c;
    const copy: Container = Array.isArray(c) ? c.slice() : { ...c };
    owned.add(copy);
    return copy;
  };
  const root = own(doc);
  let at = root;
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(at)) {
      const i = arrayIndex(at, t, false);
      at = at[i] = own(at[i]);
    } else {
      if (!hasKey(at, t)) throw new PatchError(`path /${tokens.join("/")} does not exist`);
      at = at[t] = own(at[t]);
    }
  }
  return [root, at, tokens[tokens.length - 1]!];
}

function add(doc: unknown, tokens: string[], value: unknown, owned: Set<unknown>): unknown {
  if (tokens.length === 0) return value;
  const [root, parent, key] = writableParent(doc, tokens, owned);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else parent[key] = value;
  return root;
}

function remove(doc: unknown, tokens: string[], owned: Set<unknown>): unknown {
  if (tokens.length === 0) throw new PatchError("cannot remove the whole document");
  const [root, parent, key] = writableParent(doc, tokens, owned);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
  else if (hasKey(parent, key)) delete parent[key];
  else throw new PatchError(`path /${tokens.join("/")} does not exist`);
  return root;
}

function replace(doc: unknown, tokens: string[], value: unknown, owned: Set<unknown>): unknown {
  if (tokens.length === 0) return value;
  const [root, parent, key] = writableParent(doc, tokens, owned);
  if (Array.isArray(parent)) parent[arrayIndex(parent, key, false)] = value;
  else if (hasKey(parent, key)) parent[key] = value;
  else throw new PatchError(`path /${tokens.join("/")} does not exist`);
  return root;
}

/** JSON equality (RFC 6902 "test"): key order does not matter, array order does. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  const ra = a as Record<string, unknown>, rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  return keys.length === Object.keys(rb).length && keys.every((k) => hasKey(rb, k) && jsonEqual(ra[k], rb[k]));
}

/** The patched document; `document` is not changed. Throws PatchError when an operation does not fit. */
export function applyPatch<T>(document: T, ops: readonly Operation[]): T {
  let doc: unknown = document;
  const owned = new Set<unknown>();
  for (const op of ops) {
    const path = parsePointer(op.path);
    switch (op.op) {
      case "add":
        doc = add(doc, path, structuredClone(op.value), owned);
        break;
      case "remove":
        doc = remove(doc, path, owned);
        break;
      case "replace":
        doc = replace(doc, path, structuredClone(op.value), owned);
        break;
      case "move": {
        const from = parsePointer(op.from);
        if (op.path !== op.from && op.path.startsWith(op.from + "/"))
          throw new PatchError(`cannot move ${op.from} into itself`);
        const value = get(doc, from);
        doc = add(remove(doc, from, owned), path, value, owned);
        break;
      }
      case "copy":
        doc = add(doc, path, structuredClone(get(doc, parsePointer(op.from))), owned);
        break;
      case "test":
        if (!jsonEqual(get(doc, path), op.value)) throw new PatchError(`test failed at ${op.path}`);
        break;
      default: {
        const unknown: never = op;
        throw new PatchError(`unknown patch operation ${JSON.stringify(unknown)}`);
      }
    }
  }
  return doc as T;
}

// Generates src/protocol.ts, the protocol's TypeScript types, from the JSON Schemas in
// protocol/schema/ with json-schema-to-typescript. The schemas are read as they are and never
// changed; what the generator cannot express well is reshaped here, on an in-memory copy:
//
// - All files become one bundle whose $defs are named as the types should be (ClientHello,
//   SowCommand, PaymentEvent, View...), their $refs rewritten to point inside it.
// - A "closed by the branch its type selects" object (an allOf of if/then on a discriminator, as
//   command, event, played card, time control and patch operation are written) becomes a oneOf
//   of its branches: a discriminated union on `type` (`kind`, `op`).
// - command.schema.json#/$defs/written (the command schema plus, for four commands, fields that
//   are always written) becomes a union of the branches with those fields required.
// - options.schema.json#/$defs/written (the options plus required fields) becomes one object.
// - Other if/then/else refinements (a spectator's view has no advice, solo-only keys, ...) are
//   dropped: TypeScript keeps the fields they concern optional.
//
// - From protocol/openapi.json, the request and answer bodies of the HTTP calls the client makes
//   (OPENAPI_TYPES: its components.schemas of those names).
//
//   node scripts/generate.mjs [--schemas DIR] [--openapi FILE] [--out FILE] [--check]
//
// --check writes nothing: it exits 1 when FILE differs from a fresh generation.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const schemaDir = path.resolve(option("--schemas", path.join(here, "../../../protocol/schema")));
const openapiFile = path.resolve(option("--openapi", path.join(schemaDir, "../openapi.json")));
const outFile = path.resolve(option("--out", path.join(here, "../src/protocol.ts")));
const check = args.includes("--check");

// ---- names ------------------------------------------------------------------------------------

const pascal = (s) => s.replace(/(^|[_-])([a-z0-9])/g, (_, __, c) => c.toUpperCase()).replace(/^[a-z]/, (c) => c.toUpperCase());

// The type of each file's root (common.schema.json has none: only definitions).
const ROOT_NAMES = {
  "ws-client.schema.json": "ClientMessage",
  "ws-server.schema.json": "ServerMessage",
  "command.schema.json": "Command",
  "view.schema.json": "View",
  "event.schema.json": "GameEvent",
  "patch.schema.json": "Patch",
  "error.schema.json": "ErrorEnvelope",
  "options.schema.json": "GameOptions",
  "summary.schema.json": "GameSummary",
  "state.schema.json": "FullGameState",
  "history.schema.json": "GameHistory",
  "record.schema.json": "GameRecord",
  "common.schema.json": null,
};

// How a file's $defs are named: a rule per file, and names chosen by hand where the rule would
// read badly or two files use the same name.
const DEF_NAMES = {
  "ws-client.schema.json": (d) => `Client${pascal(d)}`,
  "ws-server.schema.json": (d) => ({ chatMessage: "ChatEntry" })[d] ?? `Server${pascal(d)}`,
  "command.schema.json": (d) => ({ written: "WrittenCommand" })[d] ?? `${pascal(d)}Command`,
  "event.schema.json": (d) => `${pascal(d)}Event`,
  "view.schema.json": (d) =>
    ({ field: "PlayerField", game: "GameView", result: "GameResult", played: "PlayedCard" })[d] ?? pascal(d),
  "common.schema.json": (d) => ({ field: "FieldId", fieldOrNull: "FieldIdOrNull", message: "Sentence" })[d] ?? pascal(d),
  "error.schema.json": (d) => ({ error: "ErrorBody", code: "ErrorCode" })[d] ?? pascal(d),
  "patch.schema.json": (d) => ({ operation: "PatchOperation", path: "JsonPointer", value: "PatchValue" })[d] ?? pascal(d),
  "options.schema.json": (d) => ({ written: "WrittenOptions" })[d] ?? pascal(d),
  "summary.schema.json": (d) =>
    ({ fields: "GameSummaryFields", seat: "SummarySeat", mine: "MyGameSummary", live: "LiveGameSummary" })[d] ??
    `Summary${pascal(d)}`,
  "state.schema.json": (d) => `Full${pascal(d)}`,
  "history.schema.json": (d) => `History${pascal(d)}`,
  "record.schema.json": (d) => `Record${pascal(d)}`,
};

// The HTTP bodies taken from openapi.json: what src/http.ts sends and reads.
const OPENAPI = "openapi.json";
const OPENAPI_TYPES = ["Credentials", "SignUp", "Account", "Session", "NewGame", "TimeControlRequest"];
ROOT_NAMES[OPENAPI] = null;

const rootName = (file) => (file in ROOT_NAMES ? ROOT_NAMES[file] : pascal(file.replace(/\.schema\.json$/, "")));
const defName = (file, def) => (DEF_NAMES[file] ?? pascal)(def);

// ---- the bundle -------------------------------------------------------------------------------

// The entry points first, so that the output reads from the messages down to the values.
const ORDER = ["ws-client", "ws-server", "command", "view", "event", "patch", "error", "options", "summary", "history", "record", "state", "common"];
const rank = (f) => (ORDER.indexOf(f.replace(/\.schema\.json$/, "")) + ORDER.length + 1) % (ORDER.length + 1);
const files = readdirSync(schemaDir)
  .filter((f) => f.endsWith(".schema.json"))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const docs = Object.fromEntries(files.map((f) => [f, JSON.parse(readFileSync(path.join(schemaDir, f), "utf8"))]));
docs[OPENAPI] = JSON.parse(readFileSync(openapiFile, "utf8"));

const bundle = {}; // name -> schema
const origin = {}; // name -> "file#def", for collision messages
function put(name, schema, where) {
  if (name in bundle) throw new Error(`two schemas would be the type ${name}: ${origin[name]} and ${where}; name one in scripts/generate.mjs`);
  bundle[name] = schema;
  origin[name] = where;
}

// "#/$defs/x" in `file`, "other.schema.json", "other.schema.json#/$defs/x" -> "#/$defs/Name";
// a $ref deeper into a document ("view.schema.json#/$defs/game/properties/round") -> a copy of
// what it points at, which has no name of its own.
function splitRef(ref, file) {
  const [target, fragment = ""] = ref.split("#");
  const targetFile = target === "" ? file : path.basename(target); // openapi.json: "schema/x.schema.json"
  if (!(targetFile in docs)) throw new Error(`${file}: $ref to an unknown file: ${ref}`);
  return [targetFile, fragment];
}

function rewriteRef(ref, file) {
  const [targetFile, fragment] = splitRef(ref, file);
  if (fragment === "") {
    const name = rootName(targetFile);
    if (!name) throw new Error(`${file}: $ref to the root of ${targetFile}, which has no type`);
    return `#/$defs/${name}`;
  }
  const found = /^\/\$defs\/([^/]+)$/.exec(fragment);
  if (found) return `#/$defs/${defName(targetFile, found[1])}`;
  const component = /^\/components\/schemas\/([^/]+)$/.exec(fragment);
  return component && OPENAPI_TYPES.includes(component[1]) ? `#/$defs/${component[1]}` : null;
}

function pointed(ref, file) {
  const [targetFile, fragment] = splitRef(ref, file);
  let at = docs[targetFile];
  for (const token of fragment.slice(1).split("/")) {
    at = at?.[token.replace(/~1/g, "/").replace(/~0/g, "~")];
    if (at === undefined) throw new Error(`${file}: $ref to nothing: ${ref}`);
  }
  return [at, targetFile];
}

function rewrite(value, file) {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, file));
  if (value === null || typeof value !== "object") return value;
  if (typeof value.$ref === "string" && rewriteRef(value.$ref, file) === null) {
    const [target, targetFile] = pointed(value.$ref, file);
    const { $ref, ...siblings } = value;
    return { ...rewrite(target, targetFile), ...rewrite(siblings, file) };
  }
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "$ref") out[k] = rewriteRef(v, file);
    else if (k === "$schema" || k === "$id" || k === "$defs" || k === "title") continue;
    else out[k] = rewrite(v, file);
  }
  return out;
}

bundle.ProtocolMessage = {
  description: "Any WebSocket message, either way (protocol/schema/ws-client.schema.json, ws-server.schema.json).",
  oneOf: [{ $ref: "#/$defs/ClientMessage" }, { $ref: "#/$defs/ServerMessage" }],
};
origin.ProtocolMessage = "generate.mjs";
for (const file of files) {
  const doc = docs[file];
  const name = rootName(file);
  if (name) put(name, rewrite(doc, file), file);
  for (const [def, schema] of Object.entries(doc.$defs ?? {})) put(defName(file, def), rewrite(schema, file), `${file}#/$defs/${def}`);
}
for (const name of OPENAPI_TYPES) {
  const schema = docs[OPENAPI].components?.schemas?.[name];
  if (!schema) throw new Error(`${openapiFile} has no components.schemas.${name}`);
  put(name, rewrite(schema, OPENAPI), `${OPENAPI}#/components/schemas/${name}`);
}

// ---- reshaping ------------------------------------------------------------------------------

const resolve = (schema) => {
  let s = schema;
  while (s && s.$ref) s = bundle[s.$ref.replace("#/$defs/", "")];
  return s;
};
const isRefinementOnly = (s) =>
  s && typeof s === "object" && Object.keys(s).every((k) => ["if", "then", "else", "$comment"].includes(k));

// The discriminator value an `if` tests: {"properties": {K: {"const": V}}} or {"enum": [...]}.
function discriminatorOf(ifSchema) {
  const props = ifSchema?.properties;
  if (!props || Object.keys(props).length !== 1) return null;
  const [key, test] = Object.entries(props)[0];
  if ("const" in test) return { key, values: [test.const] };
  if (Array.isArray(test.enum)) return { key, values: test.enum };
  return null;
}

// An object "closed by the branch its K selects" -> oneOf of the branches.
function toUnion(schema) {
  if (!Array.isArray(schema.allOf) || !schema.properties) return false;
  const conditions = schema.allOf.filter((s) => s.if && s.then && discriminatorOf(s.if));
  const key = conditions
    .map((c) => discriminatorOf(c.if).key)
    .find((k) => k in schema.properties && schema.required?.includes(k));
  const values = key && resolve(schema.properties[key])?.enum;
  if (!Array.isArray(values)) return false;
  // Only when the branches cover every value of the discriminator and each is the whole object
  // (a $ref, or one that names the discriminator); other conditions are refinements.
  const branches = conditions.filter((c) => discriminatorOf(c.if).key === key);
  const covered = new Set(branches.flatMap((c) => discriminatorOf(c.if).values));
  const whole = (c) => !c.else && (c.then.$ref || c.then.properties?.[key]);
  if (!values.every((v) => covered.has(v)) || !branches.every(whole)) return false;
  const oneOf = branches.map((c) => c.then);
  for (const k of ["allOf", "properties", "required", "type", "additionalProperties"]) delete schema[k];
  schema.oneOf = oneOf;
  return true;
}

// Merges a branch object with the extra `properties`/`required` a refinement adds.
function refined(base, extra) {
  const out = structuredClone(base);
  out.properties = { ...out.properties, ...(extra.properties ?? {}) };
  out.required = [...new Set([...(out.required ?? []), ...(extra.required ?? [])])];
  return out;
}

// {"allOf": [{"$ref": R}, if/then ...], properties?, required?}: R as refined by the rest.
function inlineRefinedRef(schema, name) {
  if (!Array.isArray(schema.allOf)) return;
  const refs = schema.allOf.filter((s) => s.$ref);
  if (refs.length !== 1) return;
  const target = resolve(refs[0]);
  const conditions = schema.allOf.filter((s) => s.if && s.then);
  if (Array.isArray(target.oneOf)) {
    // A union: each branch refined by the conditions that select it.
    schema.oneOf = target.oneOf.map((branchRef) => {
      const branch = resolve(branchRef);
      const extra = conditions.filter((c) => {
        const d = discriminatorOf(c.if);
        return d && d.values.includes(branch.properties?.[d.key]?.const);
      });
      if (extra.length === 0) return branchRef;
      const branchName = branchRef.$ref.replace("#/$defs/", "");
      const written = `${name.replace(/Command$/, "")}${branchName}`;
      put(written, extra.reduce((b, c) => refined(b, c.then), branch), `${origin[name]} (${branchName})`);
      return { $ref: `#/$defs/${written}` };
    });
  } else {
    // An object: the same object with these properties and requirements.
    Object.assign(schema, refined(target, schema), { additionalProperties: target.additionalProperties });
    delete schema.if, delete schema.then, delete schema.else;
  }
  delete schema.allOf;
}

// Drops if/then/else refinements, which TypeScript types cannot say.
function dropRefinements(value) {
  if (Array.isArray(value)) return value.forEach(dropRefinements);
  if (value === null || typeof value !== "object") return;
  delete value.if, delete value.then, delete value.else;
  if (Array.isArray(value.allOf)) {
    value.allOf = value.allOf.filter((s) => !isRefinementOnly(s));
    if (value.allOf.length === 0) delete value.allOf;
  }
  for (const v of Object.values(value)) dropRefinements(v);
}

function walk(value, visit) {
  if (Array.isArray(value)) return value.forEach((v) => walk(v, visit));
  if (value === null || typeof value !== "object") return;
  visit(value);
  for (const v of Object.values(value)) walk(v, visit);
}

// Annotations beside a $ref would make a copy of the referred type (GameIdParameter1); a schema
// that says nothing (a patch operation's value: any JSON) is `unknown`, not an open object.
const ANNOTATIONS = ["$comment", "description"];
const REF_EXTRAS = ["$comment", "minItems", "maxItems"];
function plainRef(s) {
  if (!s.$ref) return;
  for (const k of REF_EXTRAS) delete s[k];
  if (Object.keys(s).length === 2 && "description" in s) {
    // The description stays on the property, the type stays the named one.
    s.allOf = [{ $ref: s.$ref }];
    delete s.$ref;
  }
}
for (const schema of Object.values(bundle)) walk(schema, plainRef);
for (const schema of Object.values(bundle)) if (Object.keys(schema).every((k) => ANNOTATIONS.includes(k))) schema.tsType = "unknown";
for (const schema of Object.values(bundle)) walk(schema, toUnion);
for (const [name, schema] of Object.entries({ ...bundle })) inlineRefinedRef(schema, name);
for (const schema of Object.values(bundle)) dropRefinements(schema);
for (const [name, schema] of Object.entries(bundle)) schema.title = name;

// The generator declares every definition only under an object root: an empty one, taken out
// of the output below.
const ROOT = "LoyangProtocolBundle";
const root = { title: ROOT, type: "object", additionalProperties: false, $defs: bundle };

// ---- output -----------------------------------------------------------------------------------

const banner = `// Generated by scripts/generate.mjs from protocol/schema/*.schema.json and protocol/openapi.json with
// json-schema-to-typescript: do not edit. Regenerate with \`npm run generate\`;
// \`npm run check-generated\` (and the ctest ts_client_game) fails while this file is stale.`;

const generated = await compile(root, ROOT, {
  bannerComment: banner,
  additionalProperties: false,
  ignoreMinAndMaxItems: true,
  unreachableDefinitions: true,
  strictIndexSignatures: true,
  unknownAny: true,
  format: true,
  style: { printWidth: 110, singleQuote: false, trailingComma: "all" },
});

const emptyRoot = `export interface ${ROOT} {}\n`;
if (!generated.includes(emptyRoot)) throw new Error(`the generator's output has no "${emptyRoot.trim()}" to take out`);
// ... and the note it adds to every definition's comment, that ROOT referred to it.
const note = `This interface was referenced by \`${ROOT}\`'s JSON-Schema\n \\* via the \`definition\` "[A-Za-z0-9]+"\\.`;
const text = generated
  .replace(emptyRoot, "")
  .replace(new RegExp(`/\\*\\*\\n \\* ${note}\\n \\*/\\n`, "g"), "")
  .replace(new RegExp(`\\n \\*\\n \\* ${note}`, "g"), "");
if (text.includes(ROOT)) throw new Error(`the output still names ${ROOT}`);

const relOut = path.relative(process.cwd(), outFile);
if (check) {
  let current = "";
  try {
    current = readFileSync(outFile, "utf8");
  } catch {
    // missing: stale
  }
  if (current !== text) {
    const a = current.split("\n"), b = text.split("\n");
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    console.error(`${relOut} is stale: it differs from ${schemaDir} and ${openapiFile} at line ${i + 1}:`);
    console.error(`  file:      ${a[i] ?? "(end)"}\n  generated: ${b[i] ?? "(end)"}`);
    console.error("Run `npm run generate` in clients/typescript/ and commit src/protocol.ts.");
    process.exit(1);
  }
  console.log(`${relOut} is up to date with ${files.length} schemas and ${OPENAPI}`);
} else {
  writeFileSync(outFile, text);
  console.log(`wrote ${relOut} from ${files.length} schemas and ${OPENAPI}`);
}

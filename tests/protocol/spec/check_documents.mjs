// Validates the protocol's two machine-readable documents against the official specifications'
// own schemas, as third-party tools (code generators, Swagger UI, AsyncAPI Studio) read them:
// protocol/openapi.json against the OpenAPI 3.1 schema (the OAI's, as shipped by
// @seriousme/openapi-schema-validator) and protocol/asyncapi.json against the AsyncAPI 3.0.0
// schema (@asyncapi/specs). Then what those schemas cannot say: every $ref resolves (relative ones
// against the document's folder, as a tool that fetched /api/openapi.json resolves /api/schema/),
// every Schema Object and message payload is valid JSON Schema 2020-12 (the documents'
// jsonSchemaDialect and schemaFormat) and compiles with its references, and the spec's MUSTs
// that no schema checks (unique operationIds, declared path parameters, an operation's messages
// taken from its channel). Each problem is printed with its JSON pointer; exit 1 on any.
//   node check_documents.mjs check PROTOCOL_DIR      the documents as they are
//   node check_documents.mjs selftest PROTOCOL_DIR   broken copies, each must be caught
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import AjvDraft07 from "ajv";
import addFormats from "ajv-formats";
import asyncapiSpecs from "@asyncapi/specs";

const here = new URL(".", import.meta.url);
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
// The OAI's OpenAPI 3.1 schema; the package replaces its $dynamicRef by $ref (an Ajv limit) and
// leaves Schema Objects to a dialect: checked below against 2020-12 itself.
const oasSchema = readJson(new URL(
  "node_modules/@seriousme/openapi-schema-validator/schemas/v3.1/schema.json", here));
const asyncapiSchema = asyncapiSpecs.schemas["3.0.0"];
// The base the documents' relative references resolve against: the schema files' own $id
// (https://loyang.example/schema/NAME) sits where a document's "schema/NAME" points.
const base = "https://loyang.example/";

// Compiled once (the selftest checks many copies).
const ajvOas = new Ajv2020({ strict: false, allErrors: true, logger: false });
addFormats(ajvOas);
const validateOas = ajvOas.compile(oasSchema);
// The AsyncAPI schema bundles the draft-07 meta-schema under its own $id: Ajv's copy stays out.
const ajvAsync = new AjvDraft07({ strict: false, allErrors: true, logger: false, meta: false, validateSchema: false });
addFormats(ajvAsync);
const validateAsyncapi = ajvAsync.compile(asyncapiSchema);

const pointer = (path) => "#" + path.map((p) => "/" + String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
const unescape = (p) => decodeURIComponent(p).replace(/~1/g, "/").replace(/~0/g, "~");
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

// Ajv's errors; where a value failed a choice (a Reference Object or the object itself, oneOf,
// if/then), the branch summaries and "must have $ref" are left out when a real error remains.
function ajvProblems(file, errors, prefix = "") {
  const noise = (e) => ["oneOf", "anyOf", "if", "not"].includes(e.keyword) ||
    (e.keyword === "required" && e.params.missingProperty === "$ref");
  const real = (errors || []).filter((e) => !noise(e));
  return (real.length ? real : errors || []).map((e) => `${file}${prefix || "#"}${e.instancePath}: ${e.message}` +
    (e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : "") + ` (${e.schemaPath})`);
}

// Every {"$ref": ...} of a document, with its JSON pointer.
function* refs(node, path = []) {
  if (Array.isArray(node)) { for (let i = 0; i < node.length; ++i) yield* refs(node[i], [...path, i]); return; }
  if (!isObject(node)) return;
  if (typeof node.$ref === "string") yield { ref: node.$ref, path: [...path, "$ref"] };
  for (const [k, v] of Object.entries(node)) if (k !== "$ref") yield* refs(v, [...path, k]);
}

// Resolves a reference of `file` (a name in `files`) without $id: a relative file and a pointer.
function resolveRef(files, file, ref) {
  const [target, fragment = ""] = ref.split("#", 2);
  const name = target ? join(file, "..", target).replace(/^\.\//, "") : file;
  if (!(name in files)) return `no file ${name}`;
  let node = files[name];
  if (fragment === "") return null;
  if (!fragment.startsWith("/")) return `fragment ${fragment} is not a JSON pointer`;
  for (const part of fragment.split("/").slice(1).map(unescape)) {
    if (!(isObject(node) || Array.isArray(node)) || !(part in node)) return `${name}#${fragment} does not exist`;
    node = node[part];
  }
  return null;
}

// The Schema Objects of an OpenAPI document: components.schemas.* and every `schema` of a
// parameter, header or media type (examples are data, not walked).
function* oasSchemaObjects(node, path = []) {
  if (Array.isArray(node)) { for (let i = 0; i < node.length; ++i) yield* oasSchemaObjects(node[i], [...path, i]); return; }
  if (!isObject(node)) return;
  for (const [k, v] of Object.entries(node)) {
    const at = [...path, k];
    if (k === "example" || k === "examples") continue;
    if ((k === "schema" && !(path.length === 2 && path[0] === "components" && path[1] === "schemas")) ||
        (path.length === 2 && path[0] === "components" && path[1] === "schemas")) yield { schema: v, path: at };
    else yield* oasSchemaObjects(v, at);
  }
}

function checkDocuments(docs) {
  const problems = [];
  const files = { "openapi.json": docs.openapi, "asyncapi.json": docs.asyncapi };
  for (const [name, schema] of Object.entries(docs.schemas)) files[`schema/${name}`] = schema;

  // 1. The official schemas.
  if (!validateOas(docs.openapi)) problems.push(...ajvProblems("openapi.json", validateOas.errors));
  if (!validateAsyncapi(docs.asyncapi)) problems.push(...ajvProblems("asyncapi.json", validateAsyncapi.errors));

  // 2. Every $ref of the two documents and of the schema files resolves to a file and a pointer
  // that exist (the schema files' $id mirror their names, checked below; none has an inner $id).
  for (const doc of Object.keys(files))
    for (const { ref, path } of refs(files[doc])) {
      const why = resolveRef(files, doc, ref);
      if (why) problems.push(`${doc}${pointer(path)}: $ref ${ref} does not resolve: ${why}`);
    }

  // 3. JSON Schema 2020-12: the schema files, each Schema Object and each message payload valid
  // against the meta-schema, and compiled with every reference resolved.
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(docs.schemas)) {
    if (!ajv.validateSchema(schema)) problems.push(...ajvProblems(`schema/${name}`, ajv.errors));
    if (schema.$id !== `${base}schema/${name}`) problems.push(`schema/${name}#/$id: ${schema.$id} is not ${base}schema/${name}`);
    try { ajv.addSchema(schema, undefined, undefined, false); } catch (e) { problems.push(`schema/${name}: ${e.message}`); }
  }
  ajv.addSchema(docs.openapi, `${base}openapi.json`, undefined, false);
  ajv.addSchema(docs.asyncapi, `${base}asyncapi.json`, undefined, false);
  const dialect = docs.openapi.jsonSchemaDialect;
  if (dialect !== "https://json-schema.org/draft/2020-12/schema")
    problems.push(`openapi.json#/jsonSchemaDialect: ${dialect}: this check reads Schema Objects as 2020-12`);
  const compile = (doc, path) => {
    try { ajv.compile({ $ref: `${base}${doc}${pointer(path)}` }); } catch (e) { problems.push(`${doc}${pointer(path)}: ${e.message}`); }
  };
  for (const { schema, path } of oasSchemaObjects(docs.openapi)) {
    if (!ajv.validateSchema(schema)) problems.push(...ajvProblems("openapi.json", ajv.errors, pointer(path)));
    compile("openapi.json", path);
  }
  for (const [name, message] of Object.entries(docs.asyncapi.components?.messages || {})) {
    const payload = message.payload;
    if (!isObject(payload)) continue;
    const path = ["components", "messages", name, "payload"];
    const multi = "schemaFormat" in payload;
    const format = multi ? payload.schemaFormat : "application/vnd.aai.asyncapi+json;version=3.0.0";
    if (multi && format !== "application/schema+json;version=draft-2020-12") {
      problems.push(`asyncapi.json${pointer([...path, "schemaFormat"])}: ${format}: only JSON Schema 2020-12 is checked here`);
      continue;
    }
    const schemaPath = multi ? [...path, "schema"] : path;
    const schema = multi ? payload.schema : payload;
    if (!ajv.validateSchema(schema)) problems.push(...ajvProblems("asyncapi.json", ajv.errors, pointer(schemaPath)));
    compile("asyncapi.json", schemaPath);
  }

  // 4. The specifications' MUSTs that their schemas leave out.
  const operationIds = new Map();
  for (const [route, item] of Object.entries(docs.openapi.paths || {})) {
    if (!isObject(item)) continue;
    const deref = (p) => (isObject(p) && typeof p.$ref === "string" && p.$ref.startsWith("#/"))
      ? p.$ref.slice(2).split("/").map(unescape).reduce((n, k) => n?.[k], docs.openapi) : p;
    const templated = [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "put", "post", "delete", "options", "head", "patch", "trace"].includes(method) || !isObject(op)) continue;
      const at = ["paths", route, method];
      if (op.operationId !== undefined) {
        if (operationIds.has(op.operationId))
          problems.push(`openapi.json${pointer([...at, "operationId"])}: ${op.operationId} is also ${operationIds.get(op.operationId)}'s`);
        else operationIds.set(op.operationId, pointer(at));
      }
      const params = [...(item.parameters || []), ...(op.parameters || [])].map(deref).filter(isObject);
      for (const name of templated) {
        const p = params.find((q) => q.in === "path" && q.name === name);
        if (!p) problems.push(`openapi.json${pointer(at)}: path parameter {${name}} is not declared`);
        else if (p.required !== true) problems.push(`openapi.json${pointer(at)}: path parameter ${name} is not required: true`);
      }
      for (const p of params)
        if (p.in === "path" && !templated.includes(p.name))
          problems.push(`openapi.json${pointer(at)}: path parameter ${p.name} is not in the path`);
    }
  }
  // OpenAPI: each name of a Security Requirement MUST be a declared security scheme.
  const schemes = Object.keys(docs.openapi.components?.securitySchemes || {});
  const requirements = [[["security"], docs.openapi.security]];
  for (const [route, item] of Object.entries(docs.openapi.paths || {}))
    for (const [method, op] of Object.entries(isObject(item) ? item : {}))
      if (isObject(op) && op.security) requirements.push([["paths", route, method, "security"], op.security]);
  for (const [at, list] of requirements)
    (Array.isArray(list) ? list : []).forEach((req, i) => Object.keys(isObject(req) ? req : {}).forEach((name) => {
      if (!schemes.includes(name)) problems.push(`openapi.json${pointer([...at, i])}: ${name} is not in #/components/securitySchemes`);
    }));
  // AsyncAPI 3.0: an operation's (and its reply's) messages MUST be references to messages of
  // the channel it names.
  const channelOf = (ref) => (typeof ref === "string" && /^#\/channels\/[^/]+$/.test(ref)) ? unescape(ref.slice(11)) : null;
  for (const [id, op] of Object.entries(docs.asyncapi.operations || {})) {
    for (const [what, holder] of [["", op], ["reply", op.reply]]) {
      if (!isObject(holder)) continue;
      const at = what ? ["operations", id, what] : ["operations", id];
      const channel = channelOf(holder.channel?.$ref);
      if (!channel) { if (holder.channel) problems.push(`asyncapi.json${pointer([...at, "channel"])}: not a reference to #/channels/NAME`); continue; }
      (holder.messages || []).forEach((m, i) => {
        const prefix = `#/channels/${channel.replace(/~/g, "~0").replace(/\//g, "~1")}/messages/`;
        if (!(typeof m?.$ref === "string" && m.$ref.startsWith(prefix)))
          problems.push(`asyncapi.json${pointer([...at, "messages", i])}: not a message of its channel ${channel}`);
      });
    }
  }
  return problems;
}

function load(dir) {
  const schemas = {};
  for (const f of readdirSync(join(dir, "schema")).filter((f) => f.endsWith(".schema.json")).sort())
    schemas[f] = readJson(join(dir, "schema", f));
  return { openapi: readJson(join(dir, "openapi.json")), asyncapi: readJson(join(dir, "asyncapi.json")), schemas };
}

// Broken copies, each of which a faithful check must refuse.
function selftest(dir) {
  const firstOp = (d) => { const [route, item] = Object.entries(d.openapi.paths)[0]; return item[Object.keys(item).find((k) => k !== "parameters")]; };
  const templatedRoute = (d) => Object.keys(d.openapi.paths).find((r) => r.includes("{"));
  const firstAsyncOp = (d) => Object.values(d.asyncapi.operations)[0];
  const cases = {
    // (An operation without responses is valid OpenAPI 3.1: 3.0 required them, 3.1 does not.)
    "a response without description": (d) => { delete Object.values(firstOp(d).responses).find((r) => r.description).description; },
    "a security requirement naming no scheme": (d) => { firstOp(d).security = [{ cookie: [] }]; },
    "an unknown member in info": (d) => { d.openapi.info.colour = "red"; },
    "openapi version 3.0.3 in a 3.1 document": (d) => { d.openapi.openapi = "3.0.3"; },
    "a $ref to a missing schema file": (d) => { d.openapi.components.schemas.broken = { $ref: "schema/missing.schema.json#/$defs/x" }; },
    "a $ref to a missing $defs entry": (d) => { d.openapi.components.schemas.broken = { $ref: "schema/common.schema.json#/$defs/no_such_thing" }; },
    "a Schema Object with type 12": (d) => { d.openapi.components.schemas.broken = { type: 12 }; },
    "a templated path parameter not declared": (d) => {
      const item = d.openapi.paths[templatedRoute(d)];
      delete item.parameters;
      for (const op of Object.values(item)) if (isObject(op) && op.parameters) op.parameters = op.parameters.filter((p) => p.in !== "path" && !p.$ref);
    },
    "two operations with one operationId": (d) => {
      const ops = Object.values(d.openapi.paths).flatMap((item) => Object.values(item).filter((o) => isObject(o) && o.operationId));
      ops[1].operationId = ops[0].operationId;
    },
    "an AsyncAPI operation with action publish": (d) => { firstAsyncOp(d).action = "publish"; },
    "an AsyncAPI channel with a 2.x publish": (d) => { Object.values(d.asyncapi.channels)[0].publish = {}; },
    "an AsyncAPI payload $ref to a missing $defs entry": (d) => {
      Object.values(d.asyncapi.components.messages)[0].payload.schema.$ref = "schema/ws-client.schema.json#/$defs/nothing";
    },
    "an AsyncAPI payload that is not 2020-12": (d) => { Object.values(d.asyncapi.components.messages)[0].payload.schema = { type: "thing" }; },
    "an AsyncAPI operation's message not of its channel": (d) => { firstAsyncOp(d).messages = [{ $ref: "#/components/messages/client.hello" }]; },
    "a schema file whose $ref does not resolve": (d) => { d.schemas["common.schema.json"].$defs.broken = { $ref: "#/$defs/nowhere" }; },
  };
  const clean = checkDocuments(load(dir));
  if (clean.length) { console.log(`selftest: the documents themselves have ${clean.length} problems (run check)`); return 1; }
  let missed = 0;
  for (const [name, breakIt] of Object.entries(cases)) {
    const docs = load(dir);
    breakIt(docs);
    const found = checkDocuments(docs);
    if (found.length === 0) { ++missed; console.log(`MISSED: ${name}`); }
    else console.log(`caught: ${name}: ${found[0]}${found.length > 1 ? ` (+${found.length - 1} more)` : ""}`);
  }
  console.log(`selftest: ${Object.keys(cases).length - missed} of ${Object.keys(cases).length} broken copies caught`);
  return missed ? 1 : 0;
}

const [mode, dir] = process.argv.slice(2);
if (!dir || !["check", "selftest"].includes(mode)) {
  console.error("usage: node check_documents.mjs check|selftest PROTOCOL_DIR");
  process.exit(2);
}
if (mode === "selftest") process.exit(selftest(dir));
const problems = checkDocuments(load(dir));
for (const p of problems) console.log(p);
console.log(`protocol documents against the official OpenAPI 3.1 and AsyncAPI 3.0.0 schemas: ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);

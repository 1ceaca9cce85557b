#!/usr/bin/env python3
"""Checks the JSON Schemas of the WebSocket protocol (protocol/schema/) and real traffic against them.

    schema_check.py lint             every schema is valid JSON Schema 2020-12, every $ref resolves,
                                     no sub-schema accepts everything without a $comment saying why,
                                     every object schema is closed (additionalProperties or
                                     unevaluatedProperties) or says in a $comment why not, and the
                                     lists the schemas copy from docs/protocol.md (cards, commands,
                                     events, error codes) still match it
    schema_check.py traffic [--exact] [--resumes] FILE...
                                     validates traffic logs: JSON lines {"dir": "in" | "out",
                                     "msg": {...}}; "in" (client -> server) against
                                     ws-client.schema.json, "out" against ws-server.schema.json.
                                     --resumes: a log of the server's side only (the C++ tests'),
                                     where a patch with no snapshot before it on its connection
                                     is a resume from a view the log does not hold: checked as a
                                     message, its view not followed

A traffic line may also carry `"conn"` (the connection's name: then each connection's views are
rebuilt from its snapshots and patches, every patch must start where the last one ended, and every
view a patch gives is validated against view.schema.json) and `"expect": "invalid"` (a message sent
to be refused: it must fail validation; `"raw"` instead of `"msg"` is a text that is not JSON).
`"client"` names what opened the connection (a browser page): a `subscribe` with `since` on a
new connection resumes the view that client's last connection to the game (as the same `as`)
held, as a reconnecting client does. `"scenario"` is shown with each problem of the line.
tests/protocol/capture_traffic.py records such a log from a real server; tests/web/harness.js
records the browser client's, and the examples write theirs under LOYANG_TRACE.

Exit status: 0 when everything passes, 1 otherwise (each problem is printed), 2 on bad usage.
Needs the `jsonschema` module (4.10 or later: with `referencing` when it has it, else RefResolver).
"""

import copy
import decimal
import glob
import json
import os
import re
import sys
from urllib.parse import unquote, urljoin

import jsonschema

from json_patch import apply_patch
from jsonschema import Draft202012Validator

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SCHEMA_DIR = os.path.join(REPO, "protocol", "schema")
DOCS = os.path.join(REPO, "docs", "protocol.md")
BASE = "https://loyang.example/schema/"

# Keywords whose value is a schema, a list of schemas, or a map of names to schemas.
ONE_SCHEMA = ("additionalProperties", "unevaluatedProperties", "items", "additionalItems", "unevaluatedItems",
              "contains", "propertyNames", "not", "if", "then", "else", "contentSchema")
SCHEMA_LIST = ("allOf", "anyOf", "oneOf", "prefixItems")
SCHEMA_MAP = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
# Keywords that only annotate: a schema with nothing else accepts every value.
ANNOTATIONS = {"$comment", "description", "title", "$id", "$schema", "$anchor", "examples", "default",
               "deprecated", "readOnly", "writeOnly"}


def discriminator(branch):
    """The (member, values) an allOf element {"if": {"properties": {K: {"const": V}}, "required":
    [K, ...]}, "then": ...} (or {"enum": [V, ...]}) can only hold for, or None for another element."""
    if not isinstance(branch, dict) or set(branch) - {"if", "then", "else"} or "else" in branch:
        return None
    cond = branch.get("if")
    if not isinstance(cond, dict) or set(cond) != {"properties", "required"}:
        return None
    props = cond["properties"]
    if not isinstance(props, dict) or len(props) != 1:
        return None
    (key, test), = props.items()
    if key not in cond["required"] or not isinstance(test, dict) or len(test) != 1:
        return None
    values = [test["const"]] if "const" in test else test.get("enum")
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        return None
    return key, values


_standard_all_of = Draft202012Validator.VALIDATORS["allOf"]
_standard_one_of = Draft202012Validator.VALIDATORS["oneOf"]
_tables = {}


def fast_all_of(validator, all_of, instance, schema):
    """allOf, evaluating only the discriminated if/then elements whose `if` can hold.

    An element {"if": {"properties": {K: {"const": V}}, "required": [K, ...]}, "then": S} does
    nothing unless the instance is an object whose member K is V: for an object, the elements of
    other values are skipped, the rest evaluated as allOf does (same errors, same paths). The
    schemas dispatch on "type" over 55 commands and 27 events this way, and trying every `if`
    made the traffic check several times slower."""
    if not isinstance(instance, dict):
        yield from _standard_all_of(validator, all_of, instance, schema)
        return
    table = _tables.get(id(all_of))
    if table is None or table[0] is not all_of:
        by_value, others = {}, []
        for index, branch in enumerate(all_of):
            found = discriminator(branch)
            if found:
                for value in found[1]:
                    by_value.setdefault((found[0], value), []).append(index)
            else:
                others.append(index)
        table = (all_of, by_value, others, {k for k, _ in by_value})
        _tables[id(all_of)] = table
    _, by_value, others, keys = table
    chosen = list(others)
    for key in keys:
        value = instance.get(key)
        if isinstance(value, str):
            chosen += by_value.get((key, value), [])
    for index in sorted(set(chosen)):
        yield from validator.descend(instance, all_of[index], schema_path=index)


def type_values(schema):
    """The values of "type" an object must have to pass `schema` (a branch of a message family's
    oneOf), or None when the schema does not fix them."""
    if not isinstance(schema, dict):
        return None
    if set(schema) == {"x-memo"}:
        return type_values(schema["x-memo"])
    test = schema.get("properties", {}).get("type")
    if isinstance(test, dict) and isinstance(test.get("const"), str) and "type" in schema.get("required", []):
        return {test["const"]}
    for word in ("oneOf", "anyOf"):
        if isinstance(schema.get(word), list):
            sets = [type_values(b) for b in schema[word]]
            if sets and all(sets):
                return set().union(*sets)
    return None


def fast_one_of(validator, one_of, instance, schema):
    """oneOf over branches that each fix "type" to other values (the message families): only the
    branch of the instance's type can pass, so only it is evaluated; its errors are the message's.
    Anything else (no such branch, not an object) is evaluated as oneOf does."""
    table = _tables.get(id(one_of))
    if table is None or table[0] is not one_of:
        sets = [type_values(b) for b in one_of]
        by_type = {}
        if all(sets) and sum(len(x) for x in sets) == len(set().union(*sets)):
            by_type = {v: i for i, x in enumerate(sets) for v in x}
        table = (one_of, by_type)
        _tables[id(one_of)] = table
    by_type = table[1]
    value = instance.get("type") if isinstance(instance, dict) else None
    if by_type and isinstance(value, str) and value in by_type:
        yield from validator.descend(instance, one_of[by_type[value]], schema_path=by_type[value])
        return
    yield from _standard_one_of(validator, one_of, instance, schema)


_known_valid = set()


def memo(validator, inner, instance, schema):
    """The in-memory keyword "x-memo": `inner` (a schema a $ref named), whose verdict on an
    instance is remembered once it passed. A view after a patch differs from the one before in a
    few places: its other players, fields, commands and events are not checked again. The key is
    the instance's repr (equal reprs: equal values)."""
    if not isinstance(instance, (dict, list)):  # a scalar: checked faster than remembered
        yield from validator.descend(instance, inner)
        return
    key = (id(inner), repr(instance))
    if key in _known_valid:
        return
    errors = list(validator.descend(instance, inner))
    if not errors:
        _known_valid.add(key)
    yield from errors


FastValidator = jsonschema.validators.extend(Draft202012Validator,
                                             {"allOf": fast_all_of, "oneOf": fast_one_of, "x-memo": memo})


def load_schemas():
    schemas = {}
    for path in sorted(glob.glob(os.path.join(SCHEMA_DIR, "*.schema.json"))):
        with open(path, encoding="utf-8") as f:
            schemas[os.path.basename(path)] = json.load(f)
    return schemas


class Validators:
    """Validators of the schemas, whose $refs point at each other.

    exact: jsonschema's own Draft202012Validator, resolving $refs with `referencing` when the
    installed jsonschema has it (4.18+), else with RefResolver (Debian 12's 4.10).
    fast (the default of `traffic`): the same schemas with every $ref replaced by the schema it
    names (the schemas have no cycles), remembering what passed, validated by FastValidator. Each $ref lookup and each
    discriminating `if` cost more than the check itself; the answers are the same (`traffic
    --exact` checks with the former)."""

    def __init__(self, schemas, exact=False):
        self.exact = exact
        # Without "$schema" (all are 2020-12, lint checks it): jsonschema picks the validator class
        # of a sub-schema by it, which would leave FastValidator for the standard one.
        self.by_id = {}
        for s in schemas.values():
            s = dict(s)
            s.pop("$schema", None)
            self.by_id[s["$id"]] = s
        self.registry = None
        try:
            from referencing import Registry
            from referencing.jsonschema import DRAFT202012
            self.registry = Registry().with_resources(
                [(uri, DRAFT202012.create_resource(s)) for uri, s in self.by_id.items()])
        except ImportError:
            pass
        self.cache = {}
        self.inlined = {}  # id(schema node) -> the node with its $refs inlined
        self.inlining = set()

    def get(self, uri):
        """A validator of the schema at `uri` (a document, or a fragment of one)."""
        if uri not in self.cache:
            if not self.exact:
                node, base = self.lookup(uri, BASE)
                v = FastValidator(self.inline(node, base))
            elif self.registry is not None:
                v = Draft202012Validator({"$ref": uri}, registry=self.registry)
            else:
                schema = {"$ref": uri}
                v = Draft202012Validator(schema, resolver=jsonschema.RefResolver(BASE, schema, store=dict(self.by_id)))
            self.cache[uri] = v
        return self.cache[uri]

    def lookup(self, ref, base):
        """The schema node `ref` names, relative to the document `base`, and its document's URI."""
        uri = urljoin(base, ref)
        document, _, fragment = uri.partition("#")
        node = self.by_id[document]
        for token in fragment.split("/")[1:] if fragment else []:
            token = unquote(token).replace("~1", "/").replace("~0", "~")
            node = node[int(token)] if isinstance(node, list) else node[token]
        return node, document

    def inline(self, node, base):
        if isinstance(node, bool) or not isinstance(node, dict):
            return node
        key = id(node)
        if key in self.inlined:
            return self.inlined[key]
        if key in self.inlining:
            raise ValueError(f"a $ref cycle through {base}: cannot inline")
        self.inlining.add(key)
        out = {}
        for k, v in node.items():
            if k in ("$ref", "$id", "$defs", "definitions"):
                continue
            if k in ONE_SCHEMA:
                out[k] = self.inline(v, base)
            elif k in SCHEMA_LIST:
                out[k] = [self.inline(x, base) for x in v]
            elif k in SCHEMA_MAP:
                out[k] = {name: self.inline(x, base) for name, x in v.items()}
            else:
                out[k] = v
        if "$ref" in node:
            target = self.inline(*self.lookup(node["$ref"], base))
            wrapped = self.inlined.setdefault(("memo", id(target)), {"x-memo": target})
            out = {"allOf": [wrapped, out]} if out else wrapped
        self.inlining.discard(key)
        self.inlined[key] = out
        return out

    def resolves(self, uri):
        try:
            if self.registry is not None:
                self.registry.resolver().lookup(uri)
            else:
                jsonschema.RefResolver(BASE, {}, store=dict(self.by_id)).resolve(uri)
            return True
        except Exception:  # noqa: BLE001 (any failure to resolve is the finding)
            return False


def error_path(error):
    path = getattr(error, "json_path", None)
    if path is None:  # jsonschema before 4.0
        path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return path


def describe(errors, limit=5):
    """The most specific errors first: a oneOf/anyOf error is replaced by its deepest causes."""
    out = []

    def leaves(e):
        if e.context:
            for sub in e.context:
                yield from leaves(sub)
        else:
            yield e

    flat = []
    for e in errors:
        flat.extend(leaves(e))
    # "is not of type 'null'" only says that the value is not the null a nullable member allows.
    other = [e for e in flat if not (e.validator == "type" and e.validator_value == "null")]
    flat = other or flat
    flat.sort(key=lambda e: -len(list(e.absolute_path)))
    seen = set()
    for e in flat:
        line = f"{error_path(e)}: {e.message[:300]}"
        if line not in seen:
            seen.add(line)
            out.append(line)
        if len(out) >= limit:
            break
    return out


# ---- lint ---------------------------------------------------------------------------------------

def walk(schema, where, visit):
    """Calls visit(sub-schema, where) on every sub-schema."""
    visit(schema, where)
    if not isinstance(schema, dict):
        return
    for key in ONE_SCHEMA:
        if key in schema:
            walk(schema[key], f"{where}/{key}", visit)
    for key in SCHEMA_LIST:
        if isinstance(schema.get(key), list):
            for i, sub in enumerate(schema[key]):
                walk(sub, f"{where}/{key}/{i}", visit)
    for key in SCHEMA_MAP:
        if isinstance(schema.get(key), dict):
            for name, sub in schema[key].items():
                walk(sub, f"{where}/{key}/{name}", visit)
    if isinstance(schema.get("dependencies"), dict):
        for name, sub in schema["dependencies"].items():
            if isinstance(sub, (dict, bool)):
                walk(sub, f"{where}/dependencies/{name}", visit)


def is_object_schema(schema):
    t = schema.get("type")
    return t == "object" or (isinstance(t, list) and "object" in t)


def lint_schema(name, schema, validators, problems):
    try:
        Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as e:
        problems.append(f"{name}: not a valid 2020-12 schema: {e.message} at {list(e.absolute_path)}")
    if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
        problems.append(f"{name}: $schema is not 2020-12")
    if schema.get("$id") != BASE + name:
        problems.append(f"{name}: $id is not {BASE + name}")

    def visit(sub, where):
        if sub is True:
            problems.append(f"{name}#{where}: the schema true accepts everything (write {{\"$comment\": why}})")
            return
        if not isinstance(sub, dict):
            return
        if not (set(sub) - ANNOTATIONS) and "$comment" not in sub:
            problems.append(f"{name}#{where}: an empty schema accepts everything: say why in a $comment")
        if is_object_schema(sub) and "additionalProperties" not in sub and "unevaluatedProperties" not in sub \
                and "$comment" not in sub:
            problems.append(f"{name}#{where}: an open object schema: close it (additionalProperties false) "
                            "or say why it is open in a $comment")
        ref = sub.get("$ref")
        if isinstance(ref, str):
            uri = ref if "://" in ref else (BASE + name + ref if ref.startswith("#") else BASE + ref)
            if not validators.resolves(uri):
                problems.append(f"{name}#{where}: $ref {ref} does not resolve")

    walk(schema, "", visit)


def doc_section(lines, title):
    start = next(i for i, l in enumerate(lines) if l.strip() == title)
    level = len(title) - len(title.lstrip("#"))
    end = next((i for i in range(start + 1, len(lines))
                if lines[i].startswith("#") and len(lines[i]) - len(lines[i].lstrip("#")) <= level), len(lines))
    return lines[start + 1:end]


def first_cell_codes(lines):
    out = []
    for line in lines:
        if line.startswith("| `"):
            for code in re.findall(r"`([A-Za-z0-9_-]+)`", line.split("|")[1]):
                if code not in out:
                    out.append(code)
    return out


def lint_docs(schemas, problems):
    """The lists the schemas copy from docs/protocol.md must still be the document's."""
    with open(DOCS, encoding="utf-8") as f:
        lines = f.read().split("\n")
    defs = lambda file: schemas[file]["$defs"]  # noqa: E731

    def same(what, in_schema, in_docs):
        if set(in_schema) != set(in_docs):
            problems.append(f"{what}: the schema and docs/protocol.md differ: only in the schema "
                            f"{sorted(set(in_schema) - set(in_docs))}, only in the docs {sorted(set(in_docs) - set(in_schema))}")

    same("cards (common.schema.json $defs/card, docs \"Cards\")", defs("common.schema.json")["card"]["enum"],
         first_cell_codes(doc_section(lines, "## Cards")))
    commands = []
    for title in ("### Base game", "### Helpers", "### Solo game"):
        commands += [c for c in first_cell_codes(doc_section(lines, title)) if c != "type"]
    same("commands (command.schema.json, docs \"Commands\")",
         schemas["command.schema.json"]["properties"]["type"]["enum"], commands)
    same("events (event.schema.json, docs \"Events\")", schemas["event.schema.json"]["properties"]["type"]["enum"],
         first_cell_codes(doc_section(lines, "## Events")))
    errors = defs("error.schema.json")
    same("rule error codes", errors["ruleCode"]["enum"], first_cell_codes(doc_section(lines, "### Rule error codes")))
    same("game layer codes", errors["gameLayerCode"]["enum"],
         first_cell_codes(doc_section(lines, "### Protocol error codes of the game layer")))
    same("HTTP error codes", errors["httpCode"]["enum"], first_cell_codes(doc_section(lines, "### HTTP error codes")))
    ws_rows = [l for l in doc_section(lines, "### WebSocket error codes") if l.startswith("| `")]
    same("WebSocket error codes of `error`", errors["webSocketErrorCode"]["enum"],
         first_cell_codes([l for l in ws_rows if "`error`" in l.split("|")[2]]))
    same("WebSocket error codes of `result`", errors["webSocketResultCode"]["enum"],
         first_cell_codes([l for l in ws_rows if "`result`" in l.split("|")[2]]))
    client_types = [d["properties"]["type"]["const"] for d in defs("ws-client.schema.json").values()]
    server_types = []
    for d in defs("ws-server.schema.json").values():
        for branch in d.get("oneOf", [d]):
            t = branch.get("properties", {}).get("type", {}).get("const")
            if t and t not in server_types:
                server_types.append(t)
    ws = doc_section(lines, "## WebSocket `/ws`")
    doc_client = first_cell_codes(doc_section(ws, "### Client → server"))
    doc_server = first_cell_codes(doc_section(ws, "### Server → client"))
    same("client messages (ws-client.schema.json, docs \"Client → server\")", client_types, doc_client)
    same("server messages (ws-server.schema.json, docs \"Server → client\" and \"Chat\")", server_types,
         doc_server + ["chat_deleted"])


def lint():
    schemas = load_schemas()
    if not schemas:
        print(f"no schemas in {SCHEMA_DIR}")
        return 1
    validators = Validators(schemas)
    problems = []
    for name, schema in schemas.items():
        lint_schema(name, schema, validators, problems)
    try:
        lint_docs(schemas, problems)
    except (KeyError, StopIteration) as e:
        problems.append(f"the docs check could not find {e!r} (a heading or a $defs entry moved?)")
    for p in problems:
        print(p)
    print(f"lint: {len(schemas)} schemas, {len(problems)} problem(s)")
    return 1 if problems else 0


# ---- traffic ------------------------------------------------------------------------------------

class Traffic:
    def __init__(self, exact=False, schemas=None):
        """schemas: {file name: schema} to check against (compat_check.py: a released version's);
        protocol/schema/'s by default."""
        schemas = schemas or load_schemas()
        self.validators = Validators(schemas, exact)
        self.client_types = set(schemas["ws-client.schema.json"]["$defs"])
        self.server_types = set(schemas["ws-server.schema.json"]["$defs"])
        self.views = {}  # (conn, game) -> [version, view]
        self.resumed = set()  # (conn, game) unsubscribed: may resume from an older version
        self.viewer = {}  # (conn, game) -> (client, "player" | "spectator") of its last subscribe
        self.latest = {}  # (client, game, as) -> the (conn, game) that last got a snapshot or resumed
        self.failures = 0
        self.counts = {}
        self.views_checked = 0
        self.resumes = False  # --resumes
        self.unfollowed = 0

    def fail(self, where, what, lines):
        self.failures += 1
        print(f"{where}: {what}")
        for line in lines:
            print(f"    {line}")

    def validate(self, direction, msg):
        """The errors of msg against its direction's schema, the specific message type's if known."""
        family, types = ("ws-client", self.client_types) if direction == "in" else ("ws-server", self.server_types)
        errors = list(self.validators.get(BASE + family + ".schema.json").iter_errors(msg))
        if errors and isinstance(msg, dict) and isinstance(msg.get("type"), str) and msg["type"] in types:
            # The oneOf's own error says little: the errors against the message's own type say where.
            errors = list(self.validators.get(f"{BASE}{family}.schema.json#/$defs/{msg['type']}").iter_errors(msg)) or errors
        return errors

    def check_view(self, where, view):
        # The log's entries were checked when they came (snapshot, /log/- adds): not again each time.
        lean = dict(view)
        lean["log"] = []
        errors = list(self.validators.get(BASE + "view.schema.json").iter_errors(lean))
        self.views_checked += 1
        if errors:
            self.fail(where, "the view a patch gives does not validate", describe(errors))
            return False
        return True

    def follow(self, where, conn, msg):
        """Rebuilds the connection's views from snapshots and patches."""
        kind, game = msg.get("type"), msg.get("game")
        key = (conn, game)
        if kind == "snapshot":
            self.views[key] = [msg["version"], copy.deepcopy(msg["view"])]
            self.resumed.discard(key)
            client, as_ = self.viewer.get(key, (None, None))
            if client is not None:
                self.latest[(client, game, as_)] = key
        elif kind == "patch":
            held = self.views.get(key)
            if key in self.resumed and (held is None or msg["from"] != held[0]):
                # A resume (subscribe with since after unsubscribing) patches a view older than the
                # one followed here: not followed until the next snapshot.
                self.views.pop(key, None)
                return
            if held is None:
                if self.resumes:
                    self.unfollowed += 1
                    return
                self.fail(where, f"a patch of game {game} before any snapshot on {conn}", [])
                return
            if msg["from"] != held[0]:
                self.fail(where, f"the patch chain breaks: the view is at {held[0]}, the patch is from {msg['from']}", [])
                del self.views[key]
                return
            try:
                held[1] = apply_patch(held[1], msg["ops"])
            except (KeyError, IndexError, ValueError, TypeError) as e:
                self.fail(where, f"the patch does not apply: {e}", [])
                del self.views[key]
                return
            held[0] = msg["to"]
            if not self.check_view(where, held[1]):
                del self.views[key]
        elif kind == "table" and key in self.views:
            self.views[key][1]["table"] = copy.deepcopy(msg["table"])
        elif kind == "unsubscribed":
            self.resumed.add(key)

    def subscribe(self, conn, client, msg):
        """A subscribe: with `since` on a connection that holds no view of the game, the view of
        the client's last connection at `since`, if it has one, is this one's (a reconnect)."""
        game = msg.get("game")
        key, viewer = (conn, game), (client, msg.get("as", "player"))
        self.viewer[key] = viewer
        if "since" not in msg or key in self.views or client is None:
            return
        source = self.views.get(self.latest.get((client, game, viewer[1])))
        if source is not None and source[0] == msg["since"]:
            self.views[key] = [source[0], copy.deepcopy(source[1])]
            self.latest[(client, game, viewer[1])] = key
        else:
            self.resumed.add(key)  # not followed until its next snapshot

    def line(self, where, entry):
        direction = entry.get("dir")
        if direction not in ("in", "out"):
            self.fail(where, "not a traffic line ({\"dir\": \"in\" | \"out\", \"msg\": ...})", [])
            return
        expect_invalid = entry.get("expect") == "invalid"
        errors = None
        if "msg" in entry:
            msg = entry["msg"]
        else:
            try:
                msg = json.loads(entry.get("raw", ""), parse_float=decimal.Decimal)
            except ValueError:
                msg = None
                errors = ["not JSON"]
        kind = msg.get("type") if isinstance(msg, dict) else None
        label = f"{direction} {kind if isinstance(kind, str) and kind else '(no type)'}"
        if expect_invalid:
            label += " (sent to be refused)"
        self.counts[label] = self.counts.get(label, 0) + 1
        if errors is None:
            errors = self.validate(direction, msg)
        shown = json.dumps(msg if msg is not None else entry.get("raw"),
                           default=lambda x: float(x) if isinstance(x, decimal.Decimal) else str(x))
        shown = shown if len(shown) <= 300 else shown[:300] + "..."
        if expect_invalid:
            if not errors:
                self.fail(where, f"a message the server refuses passes the schema: {shown}", [])
            return
        if errors:
            known = self.client_types if direction == "in" else self.server_types
            if isinstance(errors[0], str):
                lines = errors
            elif isinstance(msg, dict) and isinstance(kind, str) and kind not in known:
                lines = [f"$.type: {kind!r} is no message type of this direction"]
            else:
                lines = describe(errors)
            self.fail(where, f"{label} fails: {shown}", lines)
            return
        if direction == "out" and "conn" in entry:
            self.follow(where, entry["conn"], msg)
        elif "conn" in entry and kind == "subscribe":
            self.subscribe(entry["conn"], entry.get("client"), msg)

    def run(self, paths):
        for path in paths:
            with open(path, encoding="utf-8") as f:
                for number, text in enumerate(f, 1):
                    if not text.strip():
                        continue
                    where = f"{path}:{number}"
                    try:
                        # A number with a fraction or an exponent stays a Decimal, which is not an
                        # "integer" to jsonschema: 41.0 is refused where the server refuses it.
                        entry = json.loads(text, parse_float=decimal.Decimal)
                    except ValueError as e:
                        self.fail(where, f"not a JSON line: {e}", [])
                        continue
                    if not isinstance(entry, dict):
                        self.fail(where, "not a traffic line", [])
                        continue
                    if "scenario" in entry:
                        where += f" (scenario: {entry['scenario']})"
                    self.line(where, entry)
        total = sum(self.counts.values())
        resumed = f", {self.unfollowed} patches of resumes not followed" if self.resumes else ""
        print(f"traffic: {total} messages, {self.views_checked} patched views{resumed}, {self.failures} failure(s)")
        for label in sorted(self.counts):
            print(f"  {self.counts[label]:6}  {label}")
        return 1 if self.failures or not total else 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "lint" and len(argv) == 2:
        return lint()
    if len(argv) >= 3 and argv[1] == "traffic":
        exact = "--exact" in argv
        files = [a for a in argv[2:] if a not in ("--exact", "--resumes")]
        if files:
            traffic = Traffic(exact)
            traffic.resumes = "--resumes" in argv
            return traffic.run(files)
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

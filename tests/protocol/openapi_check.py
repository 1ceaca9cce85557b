#!/usr/bin/env python3
"""Checks protocol/openapi.json, the OpenAPI 3.1 document of the HTTP API, and real HTTP
exchanges against it.

    openapi_check.py lint            the document is OpenAPI 3.1.0, and protocol/asyncapi.json
                                     the WebSocket's schemas (asyncapi_check.py), both at the
                                     protocol version of version.hpp and laid out as
                                     format_json.py writes them; every $ref resolves; every
                                     schema is valid JSON Schema 2020-12 and closed (or says why
                                     not in a $comment), as schema_check.py lint asks of
                                     protocol/schema/; every status's error codes are HTTP codes of
                                     error.schema.json with the status docs/protocol.md's table
                                     gives them; and the operations are exactly the server's routes
                                     (read from server/src: each feature's routes.cpp and
                                     handle_request.cpp) with the same access, and exactly those
                                     docs/protocol.md's HTTP sections name
    openapi_check.py http [--answers-only] FILE...
                                     validates recorded exchanges, one JSON object a line:
                                     {"method": "POST", "path": "/api/games/12/join?x=1",
                                      "status": 200, "request": <body JSON or null>,
                                      "response": <body JSON or null>}
                                     Each must match an operation (method and path template), its
                                     status must be documented for it, and the bodies must
                                     validate against the operation's schemas (a text/plain answer
                                     is its text as a JSON string). HEAD is checked as GET.
                                     A line may add "expect": "invalid": a request body sent to be
                                     refused (4xx), which the schema must refuse too.
                                     --answers-only: requests were not recorded (the C++ tests'
                                     trace); answers to paths without an operation and 405s
                                     are left out, and so are those beyond the first 40 of one
                                     operation and status.

Exit status: 0 when everything passes, 1 otherwise (each problem is printed), 2 on bad usage.
Needs the `jsonschema` module (Debian's python3-jsonschema 4.10 will do).
"""

import functools
import glob
import json
import os
import re
import sys
from urllib.parse import parse_qsl, urljoin

import jsonschema
from jsonschema import Draft202012Validator

import asyncapi_check
import format_json
import schema_check
from schema_check import Validators, describe, is_object_schema, load_schemas, walk

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DOCUMENT = os.path.join(REPO, "protocol", "openapi.json")
SERVER_SRC = os.path.join(REPO, "server", "src")
DOCS = os.path.join(REPO, "docs", "protocol.md")
# The document's own URI: "schema/x.schema.json" next to it is BASE + "x.schema.json".
DOCUMENT_URI = urljoin(schema_check.BASE, "../openapi.json")
METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
# --answers-only checks this many answers of each operation and status: the C++ tests read some
# (a game's history at every version) thousands of times, and their views are checked on the
# WebSocket anyway.
ANSWERS_PER_KIND = 40


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def read_text(name):
    with open(os.path.join(REPO, "protocol", name), encoding="utf-8") as f:
        return f.read()


def load_document():
    with open(DOCUMENT, encoding="utf-8") as f:
        return json.load(f)


def operations(doc):
    """(method, path template, operation) of every operation, in document order."""
    for path, item in doc.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                yield method, path, item[method]


def validators_for(doc, schemas=None):
    """Validators (schema_check's, exact: the summary's variants use unevaluatedProperties) of the
    schema files (protocol/schema/'s unless given) and of the document, which is given the URI its
    relative $refs need."""
    schemas = dict(schemas or load_schemas())
    schemas["../openapi.json"] = dict(doc, **{"$id": DOCUMENT_URI})
    return Validators(schemas, exact=True)


_shared = {}


def validate_named(name, instance):
    """Errors of `instance` against protocol/schema/NAME (for other scripts: http_capture.py)."""
    if "validators" not in _shared:
        _shared["validators"] = validators_for(load_document())
    v = _shared["validators"].get(schema_check.BASE + name)
    return describe(v.iter_errors(instance))


def pointer(*parts):
    return "#/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)


# ---- the server's routes -------------------------------------------------------------------------

# The composition root adds routes from loops; each form the lint meets must be one of these
# (a new form fails the lint until it is taught here, so no route is missed).
VERBS = {"http::verb::get": ["get"], "http::verb::post": ["post"], "http::verb::put": ["put"],
         "http::verb::delete_": ["delete"], "get": ["get"], "post": ["post"],
         "on ? http::verb::put : http::verb::delete_": ["put", "delete"],
         "verb": ["get", "post"]}  # notify/routes.cpp: for (verb : {get, post})
PATTERNS = {"pattern": ["/api/account/friends/{name}", "/api/account/mutes/{name}",
                        "/api/account/blocks/{name}"]}  # social/routes.cpp: for (list : {...})


def server_routes(problems):
    """{(method, pattern): access} of every route server/src adds, and the operational paths of
    handle_request.cpp (access "operations")."""
    routes = {}
    for path in sorted(glob.glob(os.path.join(SERVER_SRC, "*", "routes.cpp"))):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        where = os.path.relpath(path, REPO)
        calls = [m.start() for m in re.finditer(r"\btable\.add\(", text)]
        for start in calls:
            args = split_args(text, start + len("table.add("))
            if len(args) < 4:
                problems.append(f"{where}: a table.add( the lint cannot read")
                continue
            pattern, access, verb = args[0], args[1], " ".join(args[2].split())
            literal = re.fullmatch(r'"([^"]*)"', pattern)
            patterns = [literal.group(1)] if literal else PATTERNS.get(pattern)
            methods = VERBS.get(verb)
            access_name = re.fullmatch(r"access::(\w+)", access)
            if patterns is None or methods is None or access_name is None:
                problems.append(f"{where}: table.add({pattern}, {access}, {verb}, ...): a form "
                                "openapi_check.py does not know (teach it PATTERNS or VERBS)")
                continue
            for p in patterns:
                for m in methods:
                    routes[(m, p)] = access_name.group(1)
    with open(os.path.join(SERVER_SRC, "handle_request.cpp"), encoding="utf-8") as f:
        text = f.read()
    for p in sorted(set(re.findall(r'path == "(/[a-z]+)"', text))):
        routes[("get", p)] = "operations"
    return routes


def split_args(text, i):
    """The top-level arguments of a call whose '(' ends just before text[i] (up to its ')')."""
    args, depth, current = [], 0, ""
    while i < len(text):
        c = text[i]
        if c == '"':
            j = text.index('"', i + 1)
            current += text[i:j + 1]
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append(current.strip())
                return args
            depth -= 1
        if c == "," and depth == 0:
            args.append(current.strip())
            current = ""
        else:
            current += c
        i += 1
    return args


def shape(path, kinds):
    """A path template with its placeholders written as their kinds: {id} for whole numbers,
    {name} for any part."""
    return re.sub(r"\{(\w+)\}", lambda m: "{" + kinds(m.group(1)) + "}", path)


# ---- docs/protocol.md's routes --------------------------------------------------------------------

def docs_routes():
    """{"METHOD /path"} named in docs/protocol.md's HTTP sections ("HTTP API" up to "WebSocket
    /ws"): table rows under "Method and path" or "Endpoint" and "`METHOD /path`" in the text."""
    with open(DOCS, encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = lines.index("## HTTP API")
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("## WebSocket"))
    found = set()

    def add(methods, path):
        path = path.split("?")[0].rstrip("/") or "/"
        braces = re.search(r"\{([a-z,]+,[a-z,]+)\}", path)  # /api/account/{friends,mutes,blocks}/NAME
        if braces:
            for word in braces.group(1).split(","):
                add(methods, path[:braces.start()] + word + path[braces.end():])
            return
        path = re.sub(r"/[0-9]+(?=/|$)", "/{id}", path)  # an example id: /api/tournaments/7
        path = re.sub(r"/(ID|NEW|M|R|L)(?=/|$)", "/{id}", path)
        path = re.sub(r"/NAME(?=/|$)", "/{name}", path)
        if path.startswith("/api/") or path in ("/healthz", "/readyz", "/metrics"):
            for m in methods:
                found.add(f"{m} {path}")

    in_table = False
    for line in lines[start:end]:
        if line.startswith("|"):
            first = line.split("|")[1].strip()
            if first.startswith("Method and path") or first == "Endpoint":
                in_table = True
                continue
            if in_table and not first.startswith("---"):
                chunks = re.findall(r"`([^`]*)`", first)
                methods = [c for c in chunks if re.fullmatch(r"GET|POST|PUT|DELETE", c)]
                for c in chunks:
                    m = re.fullmatch(r"((?:(?:GET|POST|PUT|DELETE)(?: or |, )?)+) (/\S*)", c)
                    if m:
                        add(methods + re.findall(r"GET|POST|PUT|DELETE", m.group(1)), m.group(2))
        else:
            in_table = False
        for c in re.findall(r"`((?:GET|POST|PUT|DELETE) /api/[^` ]*)", line):
            method, path = c.split(" ", 1)
            add([method], path)
    return found


# ---- lint -----------------------------------------------------------------------------------------

def docs_status_of_codes():
    """{code: {status, ...}} from docs/protocol.md's "HTTP error codes" table: a code some routes
    answer with another status has a row for each (not_seated: 409, and 403 for notes)."""
    with open(DOCS, encoding="utf-8") as f:
        lines = f.read().split("\n")
    status = {}
    for line in schema_check.doc_section(lines, "### HTTP error codes"):
        cells = line.split("|")
        if line.startswith("| `") and len(cells) > 3 and cells[2].strip().isdigit():
            for code in re.findall(r"`([a-z_]+)`", cells[1]):
                status.setdefault(code, set()).add(int(cells[2].strip()))
    return status


def lint():
    doc = load_document()
    validators = validators_for(doc)
    # The same $refs come back hundreds of times (the error components): resolve each once.
    validators.resolves = functools.lru_cache(maxsize=None)(validators.resolves)
    problems = []
    if doc.get("openapi") != "3.1.0":
        problems.append("openapi is not 3.1.0")
    if doc.get("jsonSchemaDialect") != "https://json-schema.org/draft/2020-12/schema":
        problems.append("jsonSchemaDialect is not 2020-12")
    for key in ("info", "paths", "components"):
        if key not in doc:
            problems.append(f"no {key}")

    # Every schema of the document: where it sits, and the schema.
    found = []
    for name, schema in doc.get("components", {}).get("schemas", {}).items():
        found.append((pointer("components", "schemas", name), schema))
    for name, header in doc.get("components", {}).get("headers", {}).items():
        found.append((pointer("components", "headers", name, "schema"), header.get("schema")))
    ids = set()
    for method, path, o in operations(doc):
        where = f"{method.upper()} {path}"
        if o.get("operationId") in ids:
            problems.append(f"{where}: operationId {o.get('operationId')} twice")
        ids.add(o.get("operationId"))
        if not o.get("responses"):
            problems.append(f"{where}: no responses")
        for i, p in enumerate(o.get("parameters", [])):
            found.append((pointer("paths", path, method, "parameters", i, "schema"), p.get("schema")))
            if p.get("in") == "path" and f"{{{p['name']}}}" not in path:
                problems.append(f"{where}: path parameter {p['name']} is not in the path")
        for placeholder in re.findall(r"\{(\w+)\}", path):
            if not any(p.get("in") == "path" and p.get("name") == placeholder for p in o.get("parameters", [])):
                problems.append(f"{where}: {{{placeholder}}} has no parameter")
        body = o.get("requestBody")
        if body:
            for kind, media in body.get("content", {}).items():
                found.append((pointer("paths", path, method, "requestBody", "content", kind, "schema"),
                              media.get("schema")))
        for status, r in o.get("responses", {}).items():
            if not r.get("description"):
                problems.append(f"{where} {status}: no description")
            for kind, media in r.get("content", {}).items():
                found.append((pointer("paths", path, method, "responses", status, "content", kind, "schema"),
                              media.get("schema")))
            for h, header in r.get("headers", {}).items():
                if "$ref" in header and not validators.resolves(urljoin(DOCUMENT_URI, header["$ref"])):
                    problems.append(f"{where} {status}: header {h}: $ref {header['$ref']} does not resolve")
        if o.get("x-loyang-access") not in ("open", "guest", "account", "operations"):
            problems.append(f"{where}: x-loyang-access is not open, guest, account or operations")
    for where, schema in found:
        if schema is None:
            problems.append(f"{where}: no schema")
            continue
        try:
            Draft202012Validator.check_schema(schema)
        except jsonschema.SchemaError as e:
            problems.append(f"{where}: not a valid 2020-12 schema: {e.message}")

        def visit(sub, at, where=where):
            if sub is True:
                problems.append(f"{where}{at}: the schema true accepts everything")
                return
            if not isinstance(sub, dict):
                return
            if not (set(sub) - schema_check.ANNOTATIONS) and "$comment" not in sub:
                problems.append(f"{where}{at}: an empty schema accepts everything: say why in a $comment")
            if is_object_schema(sub) and "additionalProperties" not in sub and \
                    "unevaluatedProperties" not in sub and "$comment" not in sub:
                problems.append(f"{where}{at}: an open object schema: close it or say why in a $comment")
            ref = sub.get("$ref")
            if isinstance(ref, str) and not validators.resolves(urljoin(DOCUMENT_URI, ref)):
                problems.append(f"{where}{at}: $ref {ref} does not resolve")

        walk(schema, "", visit)

    # Error codes: HTTP codes, at the status the docs give them.
    http_codes = set(load_schemas()["error.schema.json"]["$defs"]["httpCode"]["enum"])
    docs_status = docs_status_of_codes()
    for method, path, o in operations(doc):
        for status, r in o.get("responses", {}).items():
            for code in response_codes(doc, r):
                if code not in http_codes:
                    problems.append(f"{method.upper()} {path} {status}: {code} is not an HTTP error code "
                                    "(error.schema.json $defs/httpCode)")
                elif int(status) not in docs_status.get(code, set()):
                    shown = ", ".join(str(s) for s in sorted(docs_status.get(code, set()))) or "not listed"
                    problems.append(f"{method.upper()} {path} {status}: {code} is {shown} in "
                                    "docs/protocol.md's \"HTTP error codes\"")

    # The operations are the server's routes, with their access, and the docs'.
    kinds_of = {}
    for method, path, o in operations(doc):
        kinds = {}
        for p in o.get("parameters", []):
            if p.get("in") == "path":
                schema = p.get("schema", {})
                if "$ref" in schema:
                    schema = validators.lookup(urljoin(DOCUMENT_URI, schema["$ref"]), schema_check.BASE)[0]
                kinds[p["name"]] = "id" if schema.get("type") == "integer" else "name"
        kinds_of[(method, path)] = shape(path, lambda n, kinds=kinds: kinds.get(n, "?"))
    documented = {(m, kinds_of[(m, p)]): o.get("x-loyang-access") for m, p, o in operations(doc)}
    routes = server_routes(problems)
    for key in sorted(set(routes) - set(documented)):
        problems.append(f"the server has {key[0].upper()} {key[1]}: not in protocol/openapi.json")
    for key in sorted(set(documented) - set(routes)):
        problems.append(f"protocol/openapi.json has {key[0].upper()} {key[1]}: no such route in server/src")
    for key in sorted(set(routes) & set(documented)):
        if routes[key] != documented[key]:
            problems.append(f"{key[0].upper()} {key[1]}: access {routes[key]} in server/src, "
                            f"x-loyang-access {documented[key]} in protocol/openapi.json")
    in_docs = docs_routes()
    ours = {f"{m.upper()} {p}" for m, p in documented}
    for r in sorted(in_docs - ours):
        problems.append(f"docs/protocol.md names {r}: not in protocol/openapi.json")
    for r in sorted(ours - in_docs):
        problems.append(f"protocol/openapi.json has {r}: docs/protocol.md's HTTP sections do not name it")

    asyncapi_check.check(problems)
    for name in ("openapi.json", "asyncapi.json"):
        if format_json.layout(load_json(os.path.join(REPO, "protocol", name))) + "\n" != read_text(name):
            problems.append(f"protocol/{name}: not laid out as tests/protocol/format_json.py writes it (run it)")

    for p in problems:
        print(p)
    n = len(list(operations(doc)))
    print(f"lint: {n} operations on {len(doc.get('paths', {}))} paths, {len(routes)} server routes, "
          f"{len(in_docs)} routes named in docs/protocol.md, {len(found)} schemas, {len(problems)} problem(s)")
    return 1 if problems else 0


def response_codes(doc, response):
    """The error codes a response's schema allows ("code": {"const"} in the error.* components)."""
    out = []
    for media in response.get("content", {}).values():
        schema = media.get("schema", {})
        for s in schema.get("anyOf", [schema]):
            ref = s.get("$ref", "")
            if ref.startswith("#/components/schemas/error."):
                target = doc["components"]["schemas"][ref.split("/")[-1]]
                out.append(target["properties"]["error"]["properties"]["code"]["const"])
    return out


# ---- http -----------------------------------------------------------------------------------------

class Checker:
    def __init__(self, doc=None, schemas=None):
        """doc, schemas: the document and schema files to check against (compat_check.py: a
        released version's); protocol/'s own by default."""
        self.doc = doc or load_document()
        self.validators = validators_for(self.doc, schemas)
        # Only the server's side (the C++ tests' trace, whose requests are not recorded): answers
        # to paths no operation has (static files, unknown paths) and 405s are not checked.
        self.answers_only = False
        self.left_out = 0
        self.failures = 0
        self.seen = {}  # (method, template) -> {status: count}
        self.templates = []
        for method, path, o in operations(self.doc):
            parts = path.strip("/").split("/")
            integer = {p["name"] for p in o.get("parameters", []) if p.get("in") == "path"
                       and (p["schema"].get("type") == "integer" or "$ref" in p["schema"])}
            self.templates.append((method, path, parts, integer, o))

    def find(self, method, path):
        """The operation of `method` on `path`, the template, and whether the path matched at all."""
        method = "get" if method.lower() == "head" else method.lower()
        parts = path.strip("/").split("/") if path != "/" else [""]
        best, matched = None, False
        for m, template, tparts, integer, o in self.templates:
            if len(tparts) != len(parts):
                continue
            literal = 0
            for t, p in zip(tparts, parts):
                name = re.fullmatch(r"\{(\w+)\}", t)
                if name:
                    if not p or (name.group(1) in integer and not re.fullmatch(r"[1-9][0-9]*", p)):
                        break
                elif t != p:
                    break
                else:
                    literal += 1
            else:
                matched = True
                if m == method and (best is None or literal > best[0]):
                    best = (literal, template, o)
        return (best[1], best[2]) if best else (None, None), matched

    def fail(self, where, message):
        self.failures += 1
        print(f"{where}: {message}")

    def check_schema(self, where, what, pointer_, instance):
        v = self.validators.get(DOCUMENT_URI + pointer_)
        errors = describe(v.iter_errors(instance))
        if errors:
            self.fail(where, f"{what} does not match its schema: " + "; ".join(errors))
        return not errors

    def line(self, where, e):
        for key in ("method", "path", "status", "request", "response"):
            if key not in e:
                return self.fail(where, f"no \"{key}\" (a line is {{method, path, status, request, response}})")
        method, target, status = e["method"], e["path"], e["status"]
        path, _, query = target.partition("?")
        where = f"{where}: {method} {target} {status}"
        (template, o), matched = self.find(method, path)
        if o is None and self.answers_only and (int(status) in (404, 405) or not matched):
            return
        if o is None:
            return self.fail(where, "no operation of the document has this method on this path" if matched
                             else "no path of the document matches")
        key = (method.lower() if method.lower() != "head" else "get", template)
        self.seen.setdefault(key, {}).setdefault(str(status), 0)
        self.seen[key][str(status)] += 1
        if self.answers_only and self.seen[key][str(status)] > ANSWERS_PER_KIND:
            self.left_out += 1
            return
        base = pointer("paths", template, key[0])
        if 200 <= int(status) < 300:
            known = {p["name"] for p in o.get("parameters", []) if p.get("in") == "query"}
            for name, _ in parse_qsl(query, keep_blank_values=True):
                if name not in known:
                    self.fail(where, f"the query parameter {name!r} is not documented for this operation")
        invalid = e.get("expect") == "invalid"
        if invalid and (e["request"] is None or not 400 <= int(status) < 500):
            self.fail(where, "\"expect\": \"invalid\" is for a request body the server refused (4xx)")
        if e["request"] is not None:
            body = o.get("requestBody", {}).get("content", {}).get("application/json")
            if body is None:
                self.fail(where, "a request body, and the operation documents none")
            elif invalid:
                v = self.validators.get(DOCUMENT_URI + base + "/requestBody/content/application~1json/schema")
                if v.is_valid(e["request"]):
                    self.fail(where, "a request the server refused passes the document's schema")
            else:
                self.check_schema(where, "the request", base + "/requestBody/content/application~1json/schema",
                                  e["request"])
        elif 200 <= int(status) < 300 and o.get("requestBody", {}).get("required") and not self.answers_only:
            self.fail(where, "no request body, and the operation requires one")
        response = o.get("responses", {}).get(str(status))
        if response is None:
            return self.fail(where, f"status {status} is not documented for this operation "
                                    f"(it answers {', '.join(o.get('responses', {}))})")
        content = response.get("content", {})
        at = base + "/responses/" + str(status) + "/content/"
        if "application/json" in content:
            if e["response"] is None:
                return self.fail(where, "no response body, and the document gives one")
            self.check_schema(where, "the response", at + "application~1json/schema", e["response"])
        elif "text/plain" in content:
            if not isinstance(e["response"], str):
                self.fail(where, "a text/plain answer should be recorded as a JSON string")
        elif e["response"] is not None:
            self.fail(where, "a response body, and the document gives none")

    def run_lines(self, entries, name="exchanges"):
        for i, e in enumerate(entries, 1):
            self.line(f"{name}:{i}", e)
        return len(entries)

    def run(self, files):
        total = 0
        for path in files:
            entries = []
            with open(path, encoding="utf-8") as f:
                for i, text in enumerate(f, 1):
                    if not text.strip():
                        continue
                    try:
                        entries.append(json.loads(text))
                    except ValueError as e:
                        self.fail(f"{path}:{i}", f"not JSON: {e}")
                        entries.append({})
            total += self.run_lines(entries, path)
        self.report(total)
        return 1 if self.failures or not total else 0

    def report(self, total):
        n_ops = len(self.templates)
        pairs = sum(len(o.get("responses", {})) for *_, o in self.templates)
        seen_pairs = sum(1 for (m, p), statuses in self.seen.items() for s in statuses
                         if s in self.operation(m, p).get("responses", {}))
        left = f" ({self.left_out} beyond {ANSWERS_PER_KIND} of a kind left out)" if self.answers_only else ""
        print(f"http: {total} exchanges{left}, {len(self.seen)} of {n_ops} operations exercised, "
              f"{seen_pairs} of {pairs} documented answers seen, {self.failures} failure(s)")

    def operation(self, method, template):
        return self.doc["paths"][template][method]

    def unexercised(self, exceptions):
        """Operations never exercised, and success answers never seen but for `exceptions`
        ({(METHOD, template, status): reason})."""
        out = []
        for method, path, parts, integer, o in self.templates:
            statuses = self.seen.get((method, path))
            if not statuses:
                out.append(f"{method.upper()} {path}")
                continue
            for status in o.get("responses", {}):
                if status.startswith("2") and status not in statuses and \
                        (method.upper(), path, status) not in exceptions:
                    out.append(f"{method.upper()} {path} {status}")
        return out


def main(argv):
    if argv[1:] == ["lint"]:
        return lint()
    if len(argv) >= 4 and argv[1:3] == ["http", "--answers-only"]:
        checker = Checker()
        checker.answers_only = True
        return checker.run(argv[3:])
    if len(argv) >= 3 and argv[1] == "http":
        return Checker().run(argv[2:])
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Keeps the protocol compatible with the versions this server still speaks: docs/protocol.md,
"Versions and compatibility". protocol/released/N/ holds the documents of protocol version N as
they were released (openapi.json, asyncapi.json, schema/) and a corpus of what clients of that
version sent (client-corpus.jsonl). Every released N from oldest_protocol_version to
protocol_version (protocol/include/loyang/protocol/version.hpp) is checked:

    compat_check.py check --ws TRAFFIC.jsonl... --http EXCHANGES.jsonl...
        1. What the server sends now still reads as version N said: each message of the WebSocket
           traffic (capture_traffic.py's lines, "out") and each HTTP answer (http_capture.py's
           lines) validates against N's schemas, loosened only as the compatibility rules allow:
           objects may have new members; error codes, event types, command types and server
           message types may be new (a message of a type N did not have is not checked). Views
           are rebuilt from patches and checked too.
        2. What N's clients sent is still accepted: each message and request body of N's corpus
           validates against today's schemas.
        3. Nothing N had is gone: its client and server message types, commands, events, routes
           (with their success statuses) and the members its clients could send.
    compat_check.py release N --ws TRAFFIC.jsonl... --http EXCHANGES.jsonl...
        releases protocol version N: copies today's documents into protocol/released/N/ (anew)
        and writes its corpus there, client-corpus.jsonl: one line per kind of client message
        (its type, its command's type, its members) and per kind of request body, from the
        captures (those of `make test`: build/debug/tests/protocol/traffic.jsonl and http.jsonl).
    compat_check.py selftest --ws TRAFFIC.jsonl --http EXCHANGES.jsonl
        breaks the protocol on purpose in copies (a member dropped from what the server sends, a
        route or command removed, a new required member in a client message) and fails unless
        `check` finds each; and allows what the rules allow (a new member, a new event type).

Exit status: 0 when everything passes, 1 otherwise (each problem is printed), 2 on bad usage.
"""

import copy
import glob
import itertools
import json
import os
import re
import sys

import openapi_check
import schema_check
from schema_check import describe

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PROTOCOL = os.path.join(REPO, "protocol")
RELEASED = os.path.join(PROTOCOL, "released")
VERSION_HPP = os.path.join(PROTOCOL, "include", "loyang", "protocol", "version.hpp")
SELFTEST_LINES = 600


# ---- the documents of a version -----------------------------------------------------------------

class Documents:
    """openapi.json, asyncapi.json and schema/*.json of one directory (protocol/ or a release)."""

    def __init__(self, root):
        self.root = root
        self.openapi = load(os.path.join(root, "openapi.json"))
        self.schemas = {}
        for path in sorted(glob.glob(os.path.join(root, "schema", "*.schema.json"))):
            self.schemas[os.path.basename(path)] = load(path)

    def message_types(self, family):
        return {b["$ref"].split("/")[-1] for b in self.schemas[f"ws-{family}.schema.json"]["oneOf"]}

    def command_types(self):
        return set(self.schemas["command.schema.json"]["properties"]["type"]["enum"])

    def event_types(self):
        return set(self.schemas["event.schema.json"]["properties"]["type"]["enum"])

    def routes(self):
        """{(METHOD, template): set of its 2xx statuses}."""
        return {(m.upper(), p): {s for s in o.get("responses", {}) if s.startswith("2")}
                for m, p, o in openapi_check.operations(self.openapi)}


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def versions():
    """(oldest, current) of version.hpp."""
    with open(VERSION_HPP, encoding="utf-8") as f:
        text = f.read()
    current = int(re.search(r"\bprotocol_version\s*=\s*(\d+)\s*;", text).group(1))
    oldest = int(re.search(r"\boldest_protocol_version\s*=\s*(\d+)\s*;", text).group(1))
    return oldest, current


# ---- loosening a released version as the rules allow ------------------------------------------

def loosen(schema):
    """A copy of `schema` where objects may have new members (a client ignores them). Its oneOfs
    become anyOfs: branches told apart by a member another may not have can both match now."""
    if isinstance(schema, list):
        return [loosen(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for k, v in schema.items():
        if k in ("additionalProperties", "unevaluatedProperties") and v is False:
            continue
        out["anyOf" if k == "oneOf" else k] = loosen(v)
    return out


def loosened(docs):
    """The schemas and OpenAPI document of `docs`, loosened: new members, and new values where
    the rules say a client must expect them (error codes, event, command and message types)."""
    schemas = {name: loosen(s) for name, s in docs.schemas.items()}
    error = schemas["error.schema.json"]["$defs"]
    for name in list(error):
        if name.endswith("Code") or name == "code":
            error[name] = {"description": error[name].get("description", ""), "type": "string"}
    for name in ("event.schema.json", "command.schema.json"):
        schemas[name]["properties"]["type"] = {"type": "string"}
    doc = loosen(docs.openapi)
    for name, s in doc.get("components", {}).get("schemas", {}).items():
        if name.startswith("error."):
            s["properties"]["error"]["properties"]["code"] = {"type": "string"}
    return schemas, doc


# ---- check -------------------------------------------------------------------------------------

class ReleasedTraffic(schema_check.Traffic):
    """What the server sends now, against a released version's loosened schemas."""

    def __init__(self, schemas, types):
        super().__init__(schemas=schemas)
        self.released_types = types
        self.new_types = {}

    def line(self, where, entry):
        if entry.get("dir") != "out" or entry.get("expect") == "invalid":
            return
        kind = entry.get("msg", {}).get("type")
        if kind not in self.released_types:
            self.new_types[kind] = self.new_types.get(kind, 0) + 1
            return
        super().line(where, entry)


def read_lines(paths):
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, text in enumerate(f, 1):
                if text.strip():
                    yield f"{os.path.basename(path)}:{number}", json.loads(text)


def check_answers(released, exchanges, problems):
    """1, HTTP: today's answers against the released document, loosened."""
    schemas, doc = loosened(released)
    checker = openapi_check.Checker(doc=doc, schemas=schemas)
    checked = 0
    for where, e in exchanges:
        (template, o), _ = checker.find(e["method"], e["path"].partition("?")[0])
        if o is None or str(e["status"]) not in o.get("responses", {}) or e["response"] is None:
            continue  # a new route or a new status: nothing the released version said
        method = "get" if e["method"].lower() == "head" else e["method"].lower()
        at = openapi_check.pointer("paths", template, method, "responses", str(e["status"]), "content",
                                   "application/json", "schema")
        if "application/json" not in o["responses"][str(e["status"])].get("content", {}):
            continue
        errors = describe(checker.validators.get(openapi_check.DOCUMENT_URI + at).iter_errors(e["response"]))
        checked += 1
        if errors:
            problems.append(f"{where}: {e['method']} {e['path']} {e['status']}: the answer no longer reads as "
                            f"the released version said: " + "; ".join(errors))
    return checked


def check_corpus(released_dir, current, problems):
    """2: the released clients' messages and bodies, against today's schemas."""
    path = os.path.join(released_dir, "client-corpus.jsonl")
    if not os.path.exists(path):
        problems.append(f"{os.path.relpath(path, REPO)}: missing")
        return 0
    ws = schema_check.Traffic(schemas=current.schemas)
    http = openapi_check.Checker(doc=current.openapi, schemas=current.schemas)
    n = 0
    for where, line in read_lines([path]):
        n += 1
        if "ws" in line:
            errors = ws.validate("in", line["ws"])
            if errors:
                problems.append(f"{where}: a message the released clients sent is refused now: "
                                f"{json.dumps(line['ws'])[:200]}: " + "; ".join(describe(errors)))
            continue
        e = line["http"]
        (template, o), _ = http.find(e["method"], e["path"])
        if o is None:
            problems.append(f"{where}: {e['method']} {e['path']}: the released clients' route is gone")
            continue
        at = openapi_check.pointer("paths", template, e["method"].lower(), "requestBody", "content",
                                   "application/json", "schema")
        if "requestBody" not in o:
            problems.append(f"{where}: {e['method']} {template} no longer reads a body")
            continue
        errors = describe(http.validators.get(openapi_check.DOCUMENT_URI + at).iter_errors(e["request"]))
        if errors:
            problems.append(f"{where}: {e['method']} {template}: a body the released clients sent is refused now: "
                            + "; ".join(errors))
    return n


def check_nothing_gone(released, current, problems):
    """3: every name the released version had is still there."""
    for what, old, new in (
            ("client message type", released.message_types("client"), current.message_types("client")),
            ("server message type", released.message_types("server"), current.message_types("server")),
            ("command", released.command_types(), current.command_types()),
            ("event type", released.event_types(), current.event_types())):
        for name in sorted(old - new):
            problems.append(f"the released {what} {name} is gone")
    old_routes, new_routes = released.routes(), current.routes()
    for key in sorted(old_routes):
        if key not in new_routes:
            problems.append(f"the released route {key[0]} {key[1]} is gone")
        else:
            for status in sorted(old_routes[key] - new_routes[key]):
                problems.append(f"{key[0]} {key[1]} no longer answers {status}")
    # A member a released client could send must still be accepted (the server refuses unknown ones).
    for family in ("ws-client.schema.json",):
        for name, d in released.schemas[family]["$defs"].items():
            now = current.schemas[family]["$defs"].get(name)
            if now is None:
                continue
            for member in sorted(set(d.get("properties", {})) - set(now.get("properties", {}))):
                problems.append(f"the client message {name} no longer takes {member}")
            for member in sorted(set(now.get("required", [])) - set(d.get("required", []))):
                problems.append(f"the client message {name} now requires {member}")


def check_version(released_dir, current, ws_files, http_files, problems):
    released = Documents(released_dir)
    label = f"protocol/released/{os.path.basename(released_dir)}"
    before = len(problems)
    schemas, _ = loosened(released)
    traffic = ReleasedTraffic(schemas, released.message_types("server"))
    for where, entry in read_lines(ws_files):
        traffic.line(where, entry)
    if traffic.failures:
        problems.append(f"{label}: {traffic.failures} message(s) the server sends no longer read as released "
                        f"(printed above)")
    answers = check_answers(released, list(read_lines(http_files)), problems)
    corpus = check_corpus(released_dir, current, problems)
    check_nothing_gone(released, current, problems)
    sent = sum(traffic.counts.values())
    new = ", ".join(f"{k} ({n})" for k, n in sorted(traffic.new_types.items(), key=str)) or "none"
    print(f"{label}: {sent} server messages ({traffic.views_checked} patched views) and {answers} HTTP answers "
          f"read as released; {corpus} released client messages and bodies accepted; new message types: {new}; "
          f"{len(problems) - before} problem(s)")


def check(ws_files, http_files, current_root=PROTOCOL):
    oldest, current_version = versions()
    current = Documents(current_root)
    problems = []
    spoken = [v for v in range(oldest, current_version + 1) if os.path.isdir(os.path.join(RELEASED, str(v)))]
    if not spoken:
        print(f"no released version between {oldest} and {current_version} in protocol/released/: nothing to keep")
    for v in spoken:
        check_version(os.path.join(RELEASED, str(v)), current, ws_files, http_files, problems)
    for p in problems:
        print(p)
    return problems


# ---- corpus ------------------------------------------------------------------------------------

def shape(value):
    """The keys of an object, recursively (values of lists: their first element's shape)."""
    if isinstance(value, dict):
        return tuple(sorted((k, shape(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("list", shape(value[0]) if value else None)
    return type(value).__name__


def release(version, ws_files, http_files):
    import shutil
    target = os.path.join(RELEASED, str(version))
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(os.path.join(target, "schema"))
    for name in ("openapi.json", "asyncapi.json"):
        shutil.copy(os.path.join(PROTOCOL, name), target)
    for path in glob.glob(os.path.join(PROTOCOL, "schema", "*.schema.json")):
        shutil.copy(path, os.path.join(target, "schema"))
    print(f"protocol/released/{version}: the documents of today")
    return corpus(ws_files, http_files, os.path.join(target, "client-corpus.jsonl"))


def corpus(ws_files, http_files, out):
    checker = openapi_check.Checker()
    seen, lines = set(), []
    for _, entry in read_lines(ws_files):
        if entry.get("dir") != "in" or entry.get("expect") == "invalid" or "msg" not in entry:
            continue
        msg = entry["msg"]
        key = ("ws", shape(msg))
        if key not in seen:
            seen.add(key)
            lines.append({"ws": msg})
    for _, e in read_lines(http_files):
        if e.get("expect") == "invalid" or e["request"] is None or not 200 <= int(e["status"]) < 300:
            continue
        (template, _), _ = checker.find(e["method"], e["path"].partition("?")[0])
        key = ("http", e["method"], template, shape(e["request"]))
        if key not in seen:
            seen.add(key)
            lines.append({"http": {"method": e["method"], "path": e["path"].partition("?")[0], "request": e["request"]}})
    # Tokens of the capture's accounts mean nothing later: a fixed stand-in.
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    text = re.sub(r'"token": "[0-9a-f]{64}"', '"token": "' + "0" * 64 + '"', text)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"corpus: {len(lines)} kinds of client messages and bodies written to {out}")
    return 0


# ---- selftest ----------------------------------------------------------------------------------

def selftest(ws_files, http_files):
    """Each break must be found; each allowed change must pass."""
    import shutil
    import tempfile

    def run(mutate_docs=None, mutate_traffic=None, http=False):
        with tempfile.TemporaryDirectory() as tmp:
            root = os.path.join(tmp, "protocol")
            shutil.copytree(PROTOCOL, root, ignore=shutil.ignore_patterns("released", "include", "src"))
            if mutate_docs:
                mutate_docs(root)
            ws = os.path.join(tmp, "ws.jsonl")
            with open(ws, "w", encoding="utf-8") as f:
                # A prefix is enough to find each break, and keeps the seven runs short.
                for _, entry in itertools.islice(read_lines(ws_files), SELFTEST_LINES):
                    entry = mutate_traffic(entry) if mutate_traffic else entry
                    f.write(json.dumps(entry) + "\n")
            import contextlib
            import io
            with contextlib.redirect_stdout(io.StringIO()):
                return check([ws], http_files if http else [], root)

    def edit(name, change):
        def mutate(root):
            path = os.path.join(root, name)
            doc = load(path)
            change(doc)
            with open(path, "w", encoding="utf-8") as f:
                json.dump(doc, f)
        return mutate

    def drop_account(entry):
        if entry.get("dir") == "out" and entry.get("msg", {}).get("type") == "welcome":
            entry = copy.deepcopy(entry)
            entry["msg"].pop("account", None)
        return entry

    def new_member(entry):
        if entry.get("dir") == "out" and entry.get("msg", {}).get("type") == "welcome":
            entry = copy.deepcopy(entry)
            entry["msg"]["motd"] = "hello"
        return entry

    def new_event(entry):
        msg = entry.get("msg", {})
        if entry.get("dir") == "out" and msg.get("type") == "patch":
            entry = copy.deepcopy(entry)
            for op in entry["msg"]["ops"]:
                if op.get("path") == "/log/-" and op["value"].get("events"):
                    op["value"]["events"].append({"type": "weather_changed", "sky": "rain"})
        return entry

    def without_route(doc):
        del doc["paths"]["/api/games/{id}/join"]

    def without_command(doc):
        doc["properties"]["type"]["enum"].remove("sow")

    def subscribe_requires(doc):
        doc["$defs"]["subscribe"]["required"].append("since")

    breaks = {
        "a member the server sent is gone (welcome's account)": run(mutate_traffic=drop_account),
        "a route is gone": run(mutate_docs=edit("openapi.json", without_route), http=True),
        "a command is gone": run(mutate_docs=edit("schema/command.schema.json", without_command)),
        "a client message requires a new member": run(mutate_docs=edit("schema/ws-client.schema.json",
                                                                       subscribe_requires)),
    }
    allowed = {
        "as released": run(http=True),
        "a new member in what the server sends": run(mutate_traffic=new_member),
        "a new event type": run(mutate_traffic=new_event),
    }
    failed = 0
    for what, problems in breaks.items():
        ok = bool(problems)
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} break found: {what}" + ("" if ok else ": check found nothing"))
    for what, problems in allowed.items():
        ok = not problems
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} allowed: {what}" + ("" if ok else ": " + "; ".join(problems[:3])))
    return 1 if failed else 0


# ---- main --------------------------------------------------------------------------------------

def main(argv):
    if len(argv) < 2 or argv[1] not in ("check", "release", "selftest"):
        print(__doc__, file=sys.stderr)
        return 2
    args = {"--ws": [], "--http": []}
    key = None
    rest = argv[2:]
    if argv[1] == "release":
        if not rest or not rest[0].isdigit():
            print(__doc__, file=sys.stderr)
            return 2
        version, rest = int(rest[0]), rest[1:]
    for a in rest:
        if a in args:
            key = a
        elif key:
            args[key].append(a)
        else:
            print(__doc__, file=sys.stderr)
            return 2
    if argv[1] == "release":
        return release(version, args["--ws"], args["--http"])
    if argv[1] == "selftest":
        return selftest(args["--ws"], args["--http"])
    return 1 if check(args["--ws"], args["--http"]) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

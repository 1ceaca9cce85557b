"""The AsyncAPI document of /ws (protocol/asyncapi.json) against the WebSocket's schemas, and
both documents' version against the server's: a part of `openapi_check.py lint`.

The AsyncAPI document adds no shape of its own: each of its messages is a $ref to one $def of
ws-client.schema.json or ws-server.schema.json. So it is right when its messages are exactly
the messages those schemas list (client ones under "client.", server ones under "server."),
every $ref resolves, the server receives the client's messages and sends the server's, and
each reply names server messages."""

import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PROTOCOL = os.path.join(REPO, "protocol")
VERSION_HPP = os.path.join(PROTOCOL, "include", "loyang", "protocol", "version.hpp")
SCHEMA_FORMAT = "application/schema+json;version=draft-2020-12"


def protocol_version():
    """protocol_version of protocol/include/loyang/protocol/version.hpp: the one `welcome` names."""
    with open(VERSION_HPP, encoding="utf-8") as f:
        m = re.search(r"\bprotocol_version\s*=\s*(\d+)\s*;", f.read())
    return int(m.group(1)) if m else None


def load(name):
    with open(os.path.join(PROTOCOL, name), encoding="utf-8") as f:
        return json.load(f)


def local(doc, ref):
    """The value a "#/..." $ref names in `doc`, or None."""
    if not ref.startswith("#/"):
        return None
    node = doc
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def listed_messages(schema_name):
    """The $defs names a ws schema's top-level oneOf lists."""
    schema = load(os.path.join("schema", schema_name))
    return [branch["$ref"].split("/")[-1] for branch in schema.get("oneOf", [])]


def check(problems):
    version = protocol_version()
    if version is None:
        problems.append(f"{os.path.relpath(VERSION_HPP, REPO)}: no protocol_version")
    doc = load("asyncapi.json")
    for name, d in (("openapi.json", load("openapi.json")), ("asyncapi.json", doc)):
        if d.get("info", {}).get("version") != str(version):
            problems.append(f"protocol/{name}: info.version is {d.get('info', {}).get('version')!r}, "
                            f"the protocol version is {version} (version.hpp)")
    if doc.get("asyncapi") != "3.0.0":
        problems.append("protocol/asyncapi.json: asyncapi is not 3.0.0")
    expected = {f"client.{m}": ("ws-client.schema.json", m) for m in listed_messages("ws-client.schema.json")}
    expected.update({f"server.{m}": ("ws-server.schema.json", m) for m in listed_messages("ws-server.schema.json")})
    messages = doc.get("components", {}).get("messages", {})
    for key in sorted(set(expected) - set(messages)):
        problems.append(f"protocol/asyncapi.json: no message {key} (listed by {expected[key][0]})")
    for key in sorted(set(messages) - set(expected)):
        problems.append(f"protocol/asyncapi.json: message {key} is not one ws-client/ws-server.schema.json lists")
    for key, m in messages.items():
        if key not in expected:
            continue
        payload = m.get("payload", {})
        want = f"schema/{expected[key][0]}#/$defs/{expected[key][1]}"
        if payload.get("schemaFormat") != SCHEMA_FORMAT or payload.get("schema") != {"$ref": want}:
            problems.append(f"protocol/asyncapi.json: message {key}'s payload is not {{schemaFormat: "
                            f"{SCHEMA_FORMAT}, schema: {{$ref: {want}}}}}")
        if m.get("name") != expected[key][1]:
            problems.append(f"protocol/asyncapi.json: message {key} is named {m.get('name')!r}")
    channels = doc.get("channels", {})
    for cname, channel in channels.items():
        for mname, ref in channel.get("messages", {}).items():
            if local(doc, ref.get("$ref", "")) is None:
                problems.append(f"protocol/asyncapi.json: channel {cname}'s message {mname}: $ref does not resolve")
        listed = {ref.get("$ref", "").split("/")[-1] for ref in channel.get("messages", {}).values()}
        for key in sorted(set(expected) - listed):
            problems.append(f"protocol/asyncapi.json: channel {cname} does not carry {key}")
    received = set()
    for oname, op in doc.get("operations", {}).items():
        where = f"protocol/asyncapi.json: operation {oname}"
        if local(doc, op.get("channel", {}).get("$ref", "")) is None:
            problems.append(f"{where}: its channel does not resolve")
        side = {"receive": "client.", "send": "server."}.get(op.get("action"))
        if side is None:
            problems.append(f"{where}: action is not receive or send")
            continue
        for ref in op.get("messages", []):
            target = local(doc, ref.get("$ref", ""))
            key = ref.get("$ref", "").split("/")[-1]
            if target is None or not key.startswith(side):
                problems.append(f"{where}: message {ref.get('$ref')} is not a {side[:-1]} message of its channel")
            elif side == "client.":
                received.add(key)
        for ref in op.get("reply", {}).get("messages", []):
            if local(doc, ref.get("$ref", "")) is None or not ref.get("$ref", "").split("/")[-1].startswith("server."):
                problems.append(f"{where}: reply {ref.get('$ref')} is not a server message of its channel")
    for key in sorted(k for k in expected if k.startswith("client.") and k not in received):
        problems.append(f"protocol/asyncapi.json: no operation receives {key}")

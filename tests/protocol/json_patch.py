"""RFC 6902 as the server sends it (add, remove, replace), for schema_check.py and capture_traffic.py."""

import copy


def apply_patch(doc, ops):
    """RFC 6902 add, remove, replace (what the server sends); raises on a path that does not fit."""
    for op in ops:
        tokens = [t.replace("~1", "/").replace("~0", "~") for t in op["path"][1:].split("/")] if op["path"] else []
        if not tokens:
            doc = copy.deepcopy(op.get("value"))
            continue
        parent = doc
        for t in tokens[:-1]:
            parent = parent[int(t)] if isinstance(parent, list) else parent[t]
        last = tokens[-1]
        if isinstance(parent, list):
            if op["op"] == "remove":
                del parent[int(last)]
            elif op["op"] == "replace":
                parent[int(last)] = op["value"]
            else:
                index = len(parent) if last == "-" else int(last)
                if index > len(parent):
                    raise IndexError(f"add at {op['path']}: index past the end")
                parent.insert(index, op["value"])
        else:
            if op["op"] == "remove" or op["op"] == "replace":
                if last not in parent:
                    raise KeyError(f"{op['op']} at {op['path']}: no such member")
            if op["op"] == "remove":
                del parent[last]
            else:
                parent[last] = op["value"]
    return doc

#!/usr/bin/env python3
"""Rewrites JSON files in the layout of protocol/openapi.json and asyncapi.json: a value on one
line when it fits in 110 columns, else one member or item a line, indented by two.

    format_json.py FILE...          rewrites each file (its members' order is kept)
    format_json.py --check FILE...  exit 1 when a file is not laid out so
"""

import json
import sys

WIDTH = 110


def layout(value, indent=0):
    one = json.dumps(value, ensure_ascii=False)
    # 24: room for the key in front of the value, so that most lines end before WIDTH.
    if len(one) + indent + 24 <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return one
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [pad + json.dumps(k, ensure_ascii=False) + ": " + layout(v, indent + 2) for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + layout(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def main(argv):
    check = argv[:1] == ["--check"]
    files = argv[1:] if check else argv
    if not files:
        print(__doc__, file=sys.stderr)
        return 2
    bad = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        laid_out = layout(json.loads(text)) + "\n"
        if text == laid_out:
            continue
        if check:
            print(f"{path}: not laid out as tests/protocol/format_json.py writes it (run it on the file)")
            bad += 1
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(laid_out)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

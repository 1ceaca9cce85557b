#!/usr/bin/env python3
"""How far server/src is from one room per feature (issue 37's "done when"), from the repo root.
The folders form layers: core/ (shared types: records, replies, metrics) at the bottom, the
features above it (accounts/, clocks/, chat/, ...), the lobby (lobby/: games, seats and their
rooms) above them, and the top level (the composition root, the listener, the sessions) above
everything. It prints: lobby:: members defined outside lobby/, lines of lobby/lobby.hpp, feature
folders including lobby/lobby.hpp, include arrows that run back up (a file including one in a
higher layer), and the folders on a cycle of the folder graph (the top level counted as ".")."""
import os, re
src = 'server/src'
files = {}
for d, _, fs in os.walk(src):
    for f in fs:
        if f.endswith(('.hpp', '.cpp')):
            p = os.path.relpath(os.path.join(d, f), src)
            files[p] = open(os.path.join(d, f)).read()
inc = re.compile(r'#include "([^"]+)"')
def resolve(frm, name):
    for cand in (os.path.normpath(os.path.join(os.path.dirname(frm), name)), os.path.normpath(name)):
        if cand in files:
            return cand
    return None
edges = {p: {r for n in inc.findall(t) if (r := resolve(p, n))} for p, t in files.items()}
folder = lambda p: p.split('/')[0] if '/' in p else '.'
layer = lambda p: {'core': 0, 'lobby': 2, '.': 3}.get(folder(p), 1)

member = re.compile(r'^(?!\s|//).*\blobby::~?\w+\(', re.M)
outside = [(p, len(member.findall(t))) for p, t in files.items() if folder(p) != 'lobby' and member.findall(t)]
print('lobby:: members defined outside lobby/:', sum(n for _, n in outside), sorted(outside))
print('lines of lobby/lobby.hpp:', files['lobby/lobby.hpp'].count('\n'))
lob = sorted({folder(p) for p in files if folder(p) not in ('lobby', '.') and 'lobby/lobby.hpp' in edges[p]})
print('feature folders including lobby/lobby.hpp:', len(lob), lob)
up = sorted((p, q) for p in files for q in edges[p] if layer(q) > layer(p))
print('arrows running back up (a file including one in a higher layer):', len(up))
for a, b in up: print('   ', a, '->', b)
fe = {}
for p in files:
    for q in edges[p]:
        a, b = folder(p), folder(q)
        if a != b: fe.setdefault(a, set()).add(b)
def freach(a):
    s, st = set(), [a]
    while st:
        x = st.pop()
        for y in fe.get(x, ()):
            if y not in s: s.add(y); st.append(y)
    return s
cyc = sorted(a for a in fe if a in freach(a))
print('folders on a cycle (the top level counted as "."):', len(cyc), cyc)
for a in cyc:
    print('   ', a, '->', sorted(b for b in fe.get(a, ()) if a in freach(b) or b == a))

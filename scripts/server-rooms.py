#!/usr/bin/env python3
"""How far server/src is from one room per feature (issue 37's "done when"), from the repo root:
lobby:: members defined outside the lobby's own files (lobby.cpp and the top-level
lobby_*.cpp beside it), lines of lobby.hpp, feature folders including
lobby.hpp, and include arrows running back up: a file in a feature folder including a top-level
server/src header that itself reaches a feature folder (lobby.hpp, room.hpp, ...). The folder
graph's cycles are listed too; it counts the top level as one folder ("."), so any feature
including records.hpp and included by lobby.hpp sits on one: coarser than the arrows."""
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
folder = lambda p: p.split('/')[0] if '/' in p else None
def reach(p, seen=None):
    seen = set() if seen is None else seen
    for q in edges[p]:
        if q not in seen:
            seen.add(q); reach(q, seen)
    return seen
top_reaching = {p for p in files if folder(p) is None and any(folder(q) for q in reach(p))}
up = sorted((p, q) for p in files if folder(p) for q in edges[p] if q in top_reaching)
member = re.compile(r'^(?!\s|//).*\blobby::~?\w+\(', re.M)
# The lobby's own files: lobby.cpp and the top-level lobby_*.cpp beside it.
own = lambda p: folder(p) is None and p.startswith('lobby') and p.endswith('.cpp')
outside = [(p, len(member.findall(t))) for p, t in files.items() if not own(p) and member.findall(t)]
print('lobby:: members defined outside the lobby\'s own files (top-level lobby*.cpp):', sum(n for _, n in outside), sorted(outside))
print('lines of lobby.hpp:', files['lobby.hpp'].count('\n'))
lob = sorted({folder(p) for p in files if folder(p) and 'lobby.hpp' in edges[p]})
print('feature folders including lobby.hpp:', len(lob), lob)
print('arrows running back up (feature file -> top-level header reaching a feature):', len(up))
for a, b in up: print('   ', a, '->', b)
# folder graph (top level counted as "."), cycles among folders
fe = {}
for p in files:
    for q in edges[p]:
        a, b = folder(p) or '.', folder(q) or '.'
        if a != b: fe.setdefault(a, set()).add(b)
def freach(a):
    s, st = set(), [a]
    while st:
        x = st.pop()
        for y in fe.get(x, ()):
            if y not in s: s.add(y); st.append(y)
    return s
cyc = sorted(a for a in fe if a in freach(a))
print('folders on a cycle (folder level, "." = top level):', len(cyc), cyc)

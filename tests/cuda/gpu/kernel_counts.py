#!/usr/bin/env python3
"""Generic memory instructions per kernel of a PTX file: each `.entry`'s own
ld/st/atom/red with no state space, plus those of every function it can
reach through `call` (a helper or a clone counts for each kernel that calls
it), so two builds of one program compare kernel by kernel whatever clones
one has.

    kernel_counts.py FILE.ptx   # prints "kernel<TAB>count" lines
"""
import re
import sys

MEMORY = re.compile(r"^\s+(ld|st|atom|red)\.(\S+)")
NAMED = (".global", ".shared", ".local", ".const", ".param")
HEADER = re.compile(r"^(?:\.visible\s+|\.weak\s+)?\.(entry|func)\s+(?:\([^)]*\)\s*)?([\w$.]+)")
CALL = re.compile(r"\bcall(?:\.uni)?\s+(?:\([^)]*\),\s*)?([\w$.]+)")


def main(path):
    functions, entries = {}, []
    current = None
    for line in open(path, encoding="utf-8"):
        header = HEADER.match(line)
        if header:
            current = header.group(2)
            functions[current] = {"generic": 0, "calls": set()}
            if header.group(1) == "entry":
                entries.append(current)
            continue
        if current is None:
            continue
        memory = MEMORY.match(line)
        if memory and not any(space in "." + memory.group(2) for space in NAMED):
            functions[current]["generic"] += 1
        call = CALL.search(line)
        if call:
            functions[current]["calls"].add(call.group(1))
    for entry in entries:
        seen, pending = set(), [entry]
        while pending:
            name = pending.pop()
            if name in seen or name not in functions:
                continue
            seen.add(name)
            pending.extend(functions[name]["calls"])
        print(f"{entry}\t{sum(functions[name]['generic'] for name in seen)}")


if __name__ == "__main__":
    main(sys.argv[1])

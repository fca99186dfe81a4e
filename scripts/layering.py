#!/usr/bin/env python3
"""The layout's rules, read from the code's own `crate::` and `super::` paths.

For each crate below, every module (one `.rs` file) belongs to a room (its
top-level module: `analysis`, `propagate`, ...) and every room to a floor.
The rules:
  - a room uses only rooms on lower floors (nothing runs back up, and the
    pattern sets, which share a floor, never use one another); the crate
    root (lib.rs) re-exports rooms, so it stands over all of them, and an
    item named through it (`crate::Options`, `super::Item` from a room)
    counts as a use of lib.rs;
  - no circle between modules (a module and its own submodules aside: a
    parent declares its children, and a child may use its parent's items);
  - no source file over 800 lines (Rust, C, C++ and shell, everywhere in the
    repository but generated and third-party files).
Prints each violation and exits 1 if there is any.

    scripts/layering.py            # check
    scripts/layering.py --graph    # print each crate's room graph
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Floors, lowest first. A room not listed is an error (so a new room is
# placed deliberately).
CRATES = {
    "patterns/src": [
        # The IR toolbox: melior's callback boundary, builders, walks.
        ["ir"],
        # The facts every set reads.
        ["analysis"],
        # Rewrites that more than one set applies.
        ["untag_in_callers", "kernel_copies"],
        # The pattern sets and the read-only reports: one floor, no set uses another.
        [
            "raise",
            "propagate",
            "builtin_calls",
            "explicit_cast_tags",
            "private_branch_elision",
            "static_global",
            "async_copy_simplify",
            "lower",
            "check",
            "explain",
            "flat_input",
        ],
    ],
    "pipelines/src": [
        # The crate's error type, MLIR's C API where melior lacks it,
        # diagnostics, the parser's guard, GPU modules (where device code
        # sits in MLIR's pipelines), source code mistaken for IR.
        ["error", "ffi", "parse_guard", "diagnostics", "gpu", "source_language"],
        # The textual pass-pipeline syntax.
        ["pass_pipeline"],
        # The steps and presets, with their options.
        ["registry"],
        # Pipelines built from steps.
        ["pipeline"],
        # The sets as MLIR passes.
        ["passes"],
        # The gas-opt driver, gas as an LLVM pass's parameters, the binary.
        ["driver"],
        ["llvm_pass"],
        ["bin"],
    ],
}

MAX_LINES = 800
SOURCE_SUFFIXES = {".rs", ".c", ".cpp", ".h", ".sh", ".py"}


def module_of(src: Path, file: Path) -> tuple:
    parts = list(file.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def strip_comments(text: str) -> str:
    return "\n".join(line.split("//", 1)[0] for line in text.splitlines())


def top_level_items(group: str) -> list:
    """`a::X, b::{Y, Z}, c` -> [['a', 'X'], ['b'], ['c']] (first segments kept)."""
    items, depth, current = [], 0, ""
    for char in group:
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        if char == "," and depth == 0:
            items.append(current)
            current = ""
        else:
            current += char
    items.append(current)
    paths = []
    for item in items:
        item = item.strip()
        if not item:
            continue
        head = item.split("{", 1)[0]
        paths.append([segment for segment in head.split("::") if segment.strip()])
    return paths


def references(text: str) -> list:
    """Each `crate::`/`super::` path in `text` as (anchor, [segments])."""
    found = []
    for match in re.finditer(r"\b(crate::|(?:super::)+)", text):
        anchor = match.group(1)
        rest = text[match.end():]
        if rest.startswith("{"):
            depth, end = 0, 0
            for index, char in enumerate(rest):
                depth += char == "{"
                depth -= char == "}"
                if depth == 0:
                    end = index
                    break
            for path in top_level_items(rest[1:end]):
                found.append((anchor, [segment.strip() for segment in path]))
        else:
            path = re.match(r"[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*", rest)
            if path:
                found.append((anchor, path.group(0).split("::")))
    return found


def resolve(module: tuple, anchor: str, segments: list, modules: set):
    if anchor == "crate::":
        base = ()
    else:
        ups = anchor.count("super")
        base = module[: len(module) - ups] if ups <= len(module) else ()
    path = list(base) + segments
    for length in range(len(path), 0, -1):
        if tuple(path[:length]) in modules:
            return tuple(path[:length])
    # An item of the crate root itself: defined in lib.rs or re-exported
    # there (`crate::Options` names lib.rs, whatever room defines it).
    return ()


def related(a: tuple, b: tuple) -> bool:
    shorter, longer = sorted((a, b), key=len)
    return longer[: len(shorter)] == shorter


def check_crate(src_dir: str, floors: list, show_graph: bool) -> list:
    src = ROOT / src_dir
    files = sorted(src.rglob("*.rs"))
    modules = {module_of(src, file): file for file in files}
    floor_of = {room: level for level, rooms in enumerate(floors) for room in rooms}
    problems = []
    edges = {}
    for module, file in modules.items():
        # A file's inline test module (at its end, by convention) is left out:
        # its `super::` names the file's own module, not the one above.
        text = strip_comments(file.read_text()).split("#[cfg(test)]")[0]
        targets = set()
        for anchor, segments in references(text):
            target = resolve(module, anchor, segments, set(modules))
            # (Every module is a child of the root, but the root's items are
            # what lib.rs re-exports from above: not a parent's own items.)
            if target is None or target == module:
                continue
            if target == () or not related(module, target):
                targets.add(target)
        edges[module] = targets
    room_edges = set()
    for module, targets in edges.items():
        if not module:
            continue
        room = module[0]
        if room not in floor_of:
            problems.append(f"{src_dir}: room `{room}` has no floor in scripts/layering.py")
            continue
        for target in targets:
            if not target:
                # lib.rs re-exports the rooms: it stands over every floor.
                problems.append(
                    f"{src_dir}: {'::'.join(module)} uses the crate root (lib.rs), "
                    f"which stands over every room; import from the room that defines the item"
                )
                continue
            if target[0] == room:
                continue
            room_edges.add((room, target[0]))
            if target[0] not in floor_of:
                continue
            if floor_of[target[0]] >= floor_of[room]:
                problems.append(
                    f"{src_dir}: {'::'.join(module)} uses {'::'.join(target)}, "
                    f"which is not on a lower floor"
                )
    # Circles between modules (depth-first search for back edges).
    state, stack = {}, []

    def visit(module):
        state[module] = "open"
        stack.append(module)
        for target in sorted(edges.get(module, ())):
            if state.get(target) == "open":
                cycle = stack[stack.index(target):] + [target]
                problems.append(
                    f"{src_dir}: circle " + " -> ".join("::".join(m) for m in cycle)
                )
            elif target not in state:
                visit(target)
        stack.pop()
        state[module] = "done"

    for module in sorted(edges):
        if module not in state:
            visit(module)
    if show_graph:
        print(f"# {src_dir}")
        for source, target in sorted(room_edges):
            print(f"  {source} -> {target}")
    return problems


def long_files() -> list:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    problems = []
    for name in listed:
        path = ROOT / name
        if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
            continue
        lines = path.read_text(errors="replace").count("\n")
        if lines > MAX_LINES:
            problems.append(f"{name}: {lines} lines (at most {MAX_LINES})")
    return problems


def main() -> int:
    show_graph = "--graph" in sys.argv[1:]
    problems = []
    for src_dir, floors in CRATES.items():
        problems += check_crate(src_dir, floors, show_graph)
    problems += long_files()
    for problem in problems:
        print(f"layering.py: {problem}", file=sys.stderr)
    if not problems:
        print(f"layering.py: {len(CRATES)} crates: no circle, nothing runs back up, no file over {MAX_LINES} lines")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Text helpers for tests/mlir-gpu/lower.sh (Python 3 standard library only).

  mlir_gpu_util.py spirv-variant IN.mlir OUT.mlir
      Rewrite a corpus file for the LLVM SPIR-V path: every memref type
      without a memory space (MLIR's default space, which NVVM and ROCDL
      lower to the generic address space 0) gets the explicit generic space
      4. convert-gpu-to-llvm-spv maps the default space to 1
      (CrossWorkgroup), so without this rewrite a cast of a workgroup memref
      "to generic" would become a cast to global. Comment lines are kept as
      they are.

  mlir_gpu_util.py extract IN.mlir OUT.mlir [--triple T]
      Take the (single) gpu.module of a lowered file and write its body as a
      builtin.module that mlir-translate --mlir-to-llvmir accepts. The
      gpu.module's attribute dictionary (ROCDL's llvm.data_layout) is kept;
      --triple adds llvm.target_triple.
"""
import re
import sys


def _memref_end(text, start):
    """Index just past the '>' closing the memref< opened at text[start:]."""
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if c == '<':
            depth += 1
        elif c == '>':
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("unbalanced memref type: " + text[start:start + 80])


def split_top(text):
    """`text` split at its top-level commas (not inside <>, [], (), {})."""
    parts, depth, cur = [], 0, ''
    for c in text:
        if c in '{[(<':
            depth += 1
        elif c in '}])>':
            depth -= 1
        if c == ',' and depth == 0:
            parts.append(cur.strip())
            cur = ''
        else:
            cur += c
    parts.append(cur.strip())
    return parts


def _is_layout(part):
    return part.startswith(('strided<', 'affine_map<', '#map'))


def spirv_variant(text):
    out_lines = []
    for line in text.split('\n'):
        if line.lstrip().startswith('//'):
            out_lines.append(line)
            continue
        res, pos = '', 0
        while True:
            k = line.find('memref<', pos)
            if k < 0:
                res += line[pos:]
                break
            end = _memref_end(line, k + len('memref'))
            inner = line[k + len('memref<'):end - 1]
            parts = split_top(inner)
            has_space = len(parts) > 1 and not _is_layout(parts[-1])
            if not has_space and not inner.startswith('*'):
                inner = inner + ', 4'
            res += line[pos:k] + 'memref<' + inner + '>'
            pos = end
        out_lines.append(res)
    return '\n'.join(out_lines)


def extract(text, triple):
    lines = text.split('\n')
    head = None
    for n, line in enumerate(lines):
        m = re.match(r'^(\s*)gpu\.module @[\w$.-]+(.*)\{\s*$', line)
        if m:
            head = n
            indent, rest = m.group(1), m.group(2)
            break
    if head is None:
        raise SystemExit("extract: no gpu.module in input")
    end = None
    for n in range(head + 1, len(lines)):
        if lines[n] == indent + '}':
            end = n
            break
    if end is None:
        raise SystemExit("extract: gpu.module is not closed")
    am = re.search(r'attributes \{(.*)\}\s*$', rest)
    body_attrs = am.group(1).strip() if am else ''
    entries = [body_attrs] if body_attrs else []
    if triple:
        entries.append('llvm.target_triple = "%s"' % triple)
    hdr = 'module attributes {%s} {' % ', '.join(entries) if entries else 'module {'
    return '\n'.join([hdr] + lines[head + 1:end] + ['}', ''])


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    cmd, src, dst = argv[0], argv[1], argv[2]
    with open(src) as f:
        text = f.read()
    if cmd == 'spirv-variant':
        out = spirv_variant(text)
    elif cmd == 'extract':
        triple = None
        if '--triple' in argv:
            triple = argv[argv.index('--triple') + 1]
        out = extract(text, triple)
    else:
        raise SystemExit(__doc__)
    with open(dst, 'w') as f:
        f.write(out)


if __name__ == '__main__':
    main(sys.argv[1:])

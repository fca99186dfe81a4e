#!/usr/bin/env python3
"""Count generic (flat) memory accesses, function by function.

  count_generic.py FILE --target nvvm|rocdl|spirv [--summary]

FILE is chosen by its extension:
  .ll   LLVM IR (what mlir-translate made of the lowered gpu.module). A load,
        store, atomicrmw or cmpxchg is generic when its address operand is in
        the target's generic address space: `ptr` (addrspace 0) for NVVM and
        ROCDL (AMDGPU's flat space), `ptr addrspace(4)` for SPIR-V.
        Private memory is an alloca: addrspace 0 on NVVM and SPIR-V
        (NVPTX's local space is reached through generic allocas, so an NVVM
        private access counts as generic here; on SPIR-V addrspace 0 is
        Function storage, not generic), addrspace 5 on AMDGPU.
  .ptx  PTX from llc: ld/st/atom/red without a state space (.global, .shared,
        .local, .param, .const) are generic.
  .s    AMDGPU assembly from llc: flat_load*/flat_store*/flat_atomic*.

Output: one tab-separated line per function that has memory accesses:
  function  role  loads  stores  atomics
role is kernel, helper or ciface (MLIR's _mlir_ciface_* C-interface
wrappers, which convert-gpu-to-nvvm/-rocdl emit for every func.func). Then
  TOTAL  all  L  S  A
  TOTAL  no-ciface  L  S  A
--summary prints only "L S A Lc Sc Ac" (all; without ciface wrappers).
"""
import re
import sys

from mlir_gpu_util import split_top

GENERIC_AS = {'nvvm': 0, 'rocdl': 0, 'spirv': 4}




PTR_RE = re.compile(r'\bptr(?: addrspace\((\d+)\))?\s')


def ptr_space(part):
    m = PTR_RE.search(part + ' ')
    if not m:
        return None
    return int(m.group(1) or 0)


def ll_access(line):
    """(kind, addrspace) for a memory instruction line, else None."""
    m = re.search(r'(?:=\s*|^\s*)(load|store|atomicrmw|cmpxchg)\s+(.*)$', line)
    if not m:
        return None
    kind, rest = m.group(1), m.group(2)
    rest = re.sub(r'^(atomic |volatile |weak )+', '', rest)
    parts = split_top(rest)
    if kind == 'load':
        if len(parts) < 2:
            return None
        return 'load', ptr_space(parts[1])
    if kind == 'store':
        if len(parts) < 2:
            return None
        return 'store', ptr_space(parts[1])
    return 'atomic', ptr_space(parts[0])


def role_of(name, header):
    if name.startswith('_mlir_ciface_'):
        return 'ciface'
    if re.search(r'\b(ptx_kernel|amdgpu_kernel|spir_kernel)\b', header):
        return 'kernel'
    return 'helper'


def count_ll(text, target):
    gas = GENERIC_AS[target]
    funcs, cur = [], None
    for line in text.split('\n'):
        if line.startswith('define '):
            name = re.search(r'@("[^"]+"|[\w$.-]+)\(', line).group(1).strip('"')
            cur = [name, role_of(name, line), 0, 0, 0]
            funcs.append(cur)
            continue
        if cur is None:
            continue
        if line.startswith('}'):
            cur = None
            continue
        acc = ll_access(line)
        if acc and acc[1] == gas:
            cur[{'load': 2, 'store': 3, 'atomic': 4}[acc[0]]] += 1
    return funcs


PTX_SPACES = {'global', 'shared', 'local', 'param', 'const', 'shared::cta',
              'shared::cluster'}


def count_ptx(text):
    funcs, cur, kernels = [], None, set()
    for line in text.split('\n'):
        m = re.match(r'^\s*(?:\.visible\s+|\.weak\s+|\.extern\s+)*\.(entry|func)\s+(?:\([^)]*\)\s*)?([\w$.]+)', line)
        if m:
            name = m.group(2)
            role = 'ciface' if name.startswith('_mlir_ciface_') else (
                'kernel' if m.group(1) == 'entry' else 'helper')
            cur = [name, role, 0, 0, 0]
            funcs.append(cur)
            continue
        if cur is None:
            continue
        m = re.match(r'^\s*(?:@!?%p\d+\s+)?(ld|st|atom|red)((?:\.[\w:]+)*)\s', line)
        if not m:
            continue
        quals = set(m.group(2).split('.')[1:])
        if quals & PTX_SPACES:
            continue
        cur[{'ld': 2, 'st': 3, 'atom': 4, 'red': 4}[m.group(1)]] += 1
    return funcs


def count_amdgpu_asm(text):
    funcs, cur, fnames, kernels = [], None, set(), set()
    for line in text.split('\n'):
        m = re.match(r'^\s*\.type\s+([\w$.]+),@function', line)
        if m:
            fnames.add(m.group(1))
            continue
        m = re.match(r'^\s*\.amdhsa_kernel\s+([\w$.]+)', line)
        if m:
            kernels.add(m.group(1))
        m = re.match(r'^([\w$.]+):', line)
        if m and m.group(1) in fnames:
            name = m.group(1)
            role = 'ciface' if name.startswith('_mlir_ciface_') else 'helper'
            cur = [name, role, 0, 0, 0]
            funcs.append(cur)
            continue
        if cur is None:
            continue
        m = re.match(r'^\s*flat_(load|store|atomic)', line)
        if m:
            cur[{'load': 2, 'store': 3, 'atomic': 4}[m.group(1)]] += 1
    for f in funcs:
        if f[0] in kernels:
            f[1] = 'kernel'
    return funcs


def main(argv):
    if not argv or '--target' not in argv:
        raise SystemExit(__doc__)
    path = argv[0]
    target = argv[argv.index('--target') + 1]
    if target not in GENERIC_AS:
        raise SystemExit('unknown target ' + target)
    with open(path) as f:
        text = f.read()
    if path.endswith('.ptx'):
        funcs = count_ptx(text)
    elif path.endswith('.s'):
        funcs = count_amdgpu_asm(text)
    else:
        funcs = count_ll(text, target)
    tot = [sum(f[i] for f in funcs) for i in (2, 3, 4)]
    noc = [sum(f[i] for f in funcs if f[1] != 'ciface') for i in (2, 3, 4)]
    if '--summary' in argv:
        print(' '.join(str(x) for x in tot + noc))
        return
    for f in funcs:
        if f[2] or f[3] or f[4]:
            print('\t'.join(str(x) for x in f))
    print('\t'.join(['TOTAL', 'all'] + [str(x) for x in tot]))
    print('\t'.join(['TOTAL', 'no-ciface'] + [str(x) for x in noc]))


if __name__ == '__main__':
    main(sys.argv[1:])

#!/usr/bin/env bash
# CPU execution harness for gas: the semantic oracle.
#
#   run.sh [--process CMD]... [--library generic|named] [--form unoptimized|inlined|both] [options] [kernel...]
#
# For every kernel tests/execution/kernels/<k>.cl (+ <k>.spec):
#   1. compile the OpenCL C 2.0 source for spir64 into two forms
#        unoptimized: clang -O0 -disable-O0-optnone, then
#                     opt -passes='sroa,mem2reg,instcombine,simplifycfg'
#        inlined:     clang -O2
#      (build/<k>/spir.<form>.ll -- this is what a gas pipeline gets as input);
#   2. retarget the SPIR IR to x86_64 (triple replaced, datalayout dropped,
#      spir_kernel/spir_func calling conventions dropped, SPIR's target types
#      target("spirv.Event"/"spirv.DeviceEvent"/"spirv.Queue"), which x86
#      cannot lay out, made ptrs, module-level variables of spaces 1/3/2 put
#      into the ELF sections gas_global_vars/gas_local_vars/
#      gas_constant_vars so the driver can classify them), instrument every
#      named-space access with an address-space check (spacecheck.awk), compile
#      it and link it with driver.c and the builtin library (builtins.cl,
#      see --library), run it on the CPU (one thread per
#      work-item, real barriers) and keep the printed output buffers
#      (build/<k>/ref.<form>.out). Each reference run is done twice and must be
#      identical (determinism), must change the initial buffers and must not
#      be all zeros; both forms must agree with each other.
#   3. with --process CMD: run `CMD build/<k>/spir.<form>.ll` (CMD writes LLVM
#      IR text to stdout; e.g. `gas-opt --pipeline O0 --emit llvm-ir`), build
#      and run the result the same way and compare every output buffer with
#      the reference run: one PASS/FAIL line per kernel and form, with a diff
#      on failure. --process may be given several times (scripts/test.sh
#      gives every pipeline of the oracle): the reference is built and run
#      once, each command's result is a line `PASS k form #N` (N counts the
#      commands from 1), and an output byte-identical to an earlier
#      command's for the same kernel and form is not built and run again:
#      it gets that command's result (`PASS k form #3 (same bytes as #1)`).
# Exit status: 0 if every check passed, 1 otherwise (2 on usage errors).
#
# Options:
#   --process CMD        transformation to check (a shell command line; the
#                        input .ll path is appended as the last argument);
#                        repeatable
#   --library L          builtin library the processed kernel is linked with:
#                        generic (default): generic overloads of the builtins
#                        taking pointers (PU3AS4: fract, vload4, atomic_*,
#                        get_fence, ...) and their named overloads, as an
#                        OpenCL 2.0 device library has; named: the named
#                        overloads only (OpenCL 1.2 / 3.0 manglings), so a
#                        processed kernel that still calls a generic overload
#                        fails to link. Reference runs always use generic.
#   --form F             unoptimized, inlined or both (default both)
#   --jobs N, -j N       kernels built in parallel (default 2)
#   --build-dir DIR      default tests/execution/build
#   --kernel-dir DIR     where the kernels (<k>.cl + <k>.spec) are, default
#                        tests/execution/kernels (scripts/differential.sh runs
#                        generated kernels from its own directory)
#   --no-verify-fixpoint the unoptimized form's opt runs
#                        instcombine<no-verify-fixpoint>: LLVM 22's instcombine
#                        aborts ("did not reach a fixpoint") on some generated
#                        programs (scripts/differential.sh); the SPIR forms are
#                        cached, so use a build directory of its own
#   --no-space-check     do not instrument accesses with address-space checks
#   --print              also print the reference output buffers
#   --flat               flat inputs (seed 003): the --process command gets
#                        `flatten.sh build/<k>/spir.<form>.ll` (every address
#                        space removed, kernel-scope local variables in section
#                        clamp_opencl_local) instead of the SPIR form; the
#                        reference run is unchanged. Without kernel names, runs
#                        the kernels listed in flat-kernels.txt. The processed
#                        kernel's module variables are classified by the flat
#                        module (clamp_opencl_local: local, others: global),
#                        whatever space the processing gives them. The flat IR
#                        run unprocessed (--process cat) accesses everything
#                        through addrspace(0) = private: use --no-space-check.
#   --debug-info KIND    compile the kernels with debug info: line-tables
#                        (-debug-info-kind=line-tables-only) or full
#                        (-debug-info-kind=constructor); none (default).
#                        The SPIR forms are cached: give each kind a
#                        --build-dir of its own
#   --selftest           check the harness itself: identity processing (cat)
#                        and LLVM's InferAddressSpaces (infer_as.sh) must PASS
#                        everything, deliberately wrong transformations
#                        (mutate.sh addsub|const|local|builtin) must FAIL
#   -h, --help
set -u -o pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export PATH="/usr/lib/llvm-22/bin:$PATH"
KDIR="$HERE/kernels"

usage() { sed -n '2,/^set -u/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }

PROCESSES=()
LIBRARY=generic
DEBUG_INFO=none
FORM=both
JOBS=2
BUILD="$HERE/build"
SPACECHECK=1
PRINT=0
SELFTEST=0
FLAT=0
INSTCOMBINE=instcombine
KERNELS=()
while [ $# -gt 0 ]; do
    case "$1" in
    --process) [ $# -ge 2 ] || { usage >&2; exit 2; }; PROCESSES+=("$2"); shift 2 ;;
    --process=*) PROCESSES+=("${1#*=}"); shift ;;
    --library) [ $# -ge 2 ] || { usage >&2; exit 2; }; LIBRARY="$2"; shift 2 ;;
    --library=*) LIBRARY="${1#*=}"; shift ;;
    --form) [ $# -ge 2 ] || { usage >&2; exit 2; }; FORM="$2"; shift 2 ;;
    --form=*) FORM="${1#*=}"; shift ;;
    --jobs | -j) JOBS="$2"; shift 2 ;;
    --debug-info) [ $# -ge 2 ] || { usage >&2; exit 2; }; DEBUG_INFO="$2"; shift 2 ;;
    --build-dir) BUILD="$2"; shift 2 ;;
    --kernel-dir) [ -d "${2:-}" ] || { echo "run.sh: --kernel-dir needs a directory" >&2; exit 2; }
        KDIR="$(cd "$2" && pwd)"; shift 2 ;;
    --no-space-check) SPACECHECK=0; shift ;;
    --no-verify-fixpoint) INSTCOMBINE='instcombine<no-verify-fixpoint>'; shift ;;
    --print) PRINT=1; shift ;;
    --flat) FLAT=1; shift ;;
    --selftest) SELFTEST=1; shift ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) k="$(basename "$1")"; KERNELS+=("${k%.*}"); shift ;;
    esac
done
case "$FORM" in
unoptimized | inlined) FORMS="$FORM" ;;
both) FORMS="unoptimized inlined" ;;
*) echo "run.sh: --form must be unoptimized, inlined or both" >&2; exit 2 ;;
esac
case "$DEBUG_INFO" in
none) DEBUG_FLAGS="" ;;
line-tables) DEBUG_FLAGS="-debug-info-kind=line-tables-only -dwarf-version=5" ;;
full) DEBUG_FLAGS="-debug-info-kind=constructor -dwarf-version=5" ;;
*) echo "run.sh: --debug-info must be none, line-tables or full" >&2; exit 2 ;;
esac
case "$LIBRARY" in
generic | named) ;;
*) echo "run.sh: --library must be generic or named" >&2; exit 2 ;;
esac
if [ ${#KERNELS[@]} -eq 0 ] && [ "$FLAT" = 1 ]; then
    # flat-kernels.txt: one kernel a line, `#` starts a comment
    while read -r k; do KERNELS+=("$k"); done < <(sed 's/#.*//' "$HERE/flat-kernels.txt" | awk 'NF { print $1 }')
elif [ ${#KERNELS[@]} -eq 0 ]; then
    for f in "$KDIR"/*.cl; do k="$(basename "$f")"; KERNELS+=("${k%.cl}"); done
fi
for k in "${KERNELS[@]}"; do
    [ -f "$KDIR/$k.cl" ] && [ -f "$KDIR/$k.spec" ] || { echo "run.sh: no kernel $k (need $KDIR/$k.cl and .spec)" >&2; exit 2; }
done

# ---------------------------------------------------------------- self test
if [ "$SELFTEST" = 1 ]; then
    mkdir -p "$BUILD"
    LOG="$BUILD/selftest.log"
    common=(--form "$FORM" -j "$JOBS" --build-dir "$BUILD/selftest" --kernel-dir "$KDIR" "${KERNELS[@]}")
    st=0
    echo "== selftest 1: identity processing (cat) must PASS everything"
    if "$0" --process cat "${common[@]}" >"$LOG" 2>&1; then
        echo "ok: $(grep -c '^PASS' "$LOG") PASS lines, no FAIL"
    else
        echo "BROKEN: identity processing did not pass:"; grep -v '^PASS' "$LOG"; st=1
    fi
    echo "== selftest 2: LLVM InferAddressSpaces (infer_as.sh, a correct resolution) must PASS everything"
    if "$0" --process "$HERE/infer_as.sh" "${common[@]}" >"$LOG" 2>&1; then
        echo "ok: $(grep -c '^PASS' "$LOG") PASS lines, no FAIL"
    else
        echo "BROKEN: a correct transformation did not pass:"; grep -v '^PASS' "$LOG"; st=1
    fi
    for m in addsub const local builtin; do
        echo "== selftest: mutate.sh $m must FAIL"
        "$0" --process "$HERE/mutate.sh $m" "${common[@]}" >"$LOG" 2>&1
        rc=$?
        npass=$(grep -c '^PASS' "$LOG")
        nfail=$(grep -c '^FAIL' "$LOG")
        grep -E '^(PASS|FAIL)' "$LOG" | sed 's/^/   /'
        if [ $rc -ne 0 ] && [ "$nfail" -gt 0 ]; then
            echo "ok: exit $rc, $nfail FAIL, $npass PASS (a PASS means the mutation did not change that kernel's outputs)"
        else
            echo "BROKEN: the wrong transformation was not detected (exit $rc)"; st=1
        fi
    done
    echo "== selftest: mutate.sh local with --no-space-check (the wrong-space bug is invisible without the check)"
    "$0" --process "$HERE/mutate.sh local" --no-space-check "${common[@]}" >"$LOG" 2>&1
    echo "   exit $?, $(grep -c '^FAIL' "$LOG") FAIL, $(grep -c '^PASS' "$LOG") PASS"
    rm -f "$LOG"
    [ $st = 0 ] && echo "SELFTEST OK" || echo "SELFTEST FAILED"
    exit $st
fi

mkdir -p "$BUILD"
start=$(date +%s.%N)
# driver.o goes with the generic builtin library, driver.named.o (without the
# generic overloads the driver defines itself) with the named one
# (driver.c and driver_library.c, linked into one relocatable object).
for lib in generic named; do
    o="$BUILD/driver.o"; def=""
    [ $lib = named ] && { o="$BUILD/driver.named.o"; def=-DGAS_NAMED_ONLY; }
    if [ "$o" -nt "$HERE/driver.c" ] && [ "$o" -nt "$HERE/driver_library.c" ] && [ "$o" -nt "$HERE/driver.h" ]; then
        continue
    fi
    if ! { clang -O2 -Wall -Wextra $def -c "$HERE/driver.c" -o "$o.$$.main.o" 2>"$BUILD/driver.log" &&
        clang -O2 -Wall -Wextra $def -c "$HERE/driver_library.c" -o "$o.$$.library.o" 2>>"$BUILD/driver.log" &&
        ld -r -o "$o.$$.tmp" "$o.$$.main.o" "$o.$$.library.o" 2>>"$BUILD/driver.log" &&
        mv "$o.$$.tmp" "$o"; }; then
        rm -f "$o.$$".*
        cat "$BUILD/driver.log" >&2; echo "run.sh: driver does not compile" >&2; exit 1
    fi
    rm -f "$o.$$".*
done

# ---------------------------------------------------------------- per kernel
# Retarget SPIR IR text to x86_64 (and instrument it).
# Module-level variables of the named spaces go into ELF sections whose
# bounds (__start_/__stop_ symbols) tell the driver what a pointer into them
# is: addrspace(1) -> gas_global_vars (program-scope __global variables),
# addrspace(3) -> gas_local_vars (kernel-scope local variables),
# addrspace(2) -> gas_constant_vars (only named in violation messages). A
# section the source gave a variable is replaced (sections mean nothing to the
# harness; the address space does). Declarations are left alone.
# With a map file (-v map=FILE, lines "@name<TAB>section", --flat), a
# variable it names gets that section whatever its address space.
SECTIONS_AWK='
function put(sec,    line) {
    line = $0
    gsub(/, section "[^"]*"/, "", line)
    if (match(line, / #[0-9]+$/))
        line = substr(line, 1, RSTART - 1) ", section \"" sec "\"" substr(line, RSTART)
    else
        line = line ", section \"" sec "\""
    print line
}
BEGIN { if (map != "") while ((getline l < map) > 0) { split(l, a, "\t"); flatsec[a[1]] = a[2] } }
map != "" && match($0, /^@("[^"]*"|[^ ]+) = ([a-z_]+ )*(addrspace\([0-9]+\) )?(externally_initialized )?(global|constant) /) {
    hdr = substr($0, RSTART, RLENGTH)
    name = hdr; sub(/ = .*/, "", name)
    if ((name in flatsec) && hdr !~ / (external|extern_weak) /) { put(flatsec[name]); next }
}
match($0, /^@("[^"]*"|[^ ]+) = ([a-z_]+ )*addrspace\([123]\) (externally_initialized )?(global|constant) /) {
    hdr = substr($0, RSTART, RLENGTH)
    if (hdr !~ / (external|extern_weak) /) {
        match(hdr, /addrspace\([123]\)/)
        sp = substr(hdr, RSTART + 10, 1)
        put(sp == 1 ? "gas_global_vars" : sp == 3 ? "gas_local_vars" : "gas_constant_vars")
        next
    }
}
{ print }'
# flat_sections flat.ll -> the map: variables the flat module defines, those
# in clamp_opencl_local are local, all others global (seed 003's convention)
flat_sections() {
    awk 'match($0, /^@("[^"]*"|[^ ]+) = ([a-z_]+ )*(externally_initialized )?(global|constant) /) {
             hdr = substr($0, RSTART, RLENGTH)
             if (hdr ~ / (external|extern_weak) /) next
             name = hdr; sub(/ = .*/, "", name)
             print name "\t" ($0 ~ /, section "clamp_opencl_local"/ ? "gas_local_vars" : "gas_global_vars")
         }' "$1"
}
to_x86() { # in.ll out.ll [sections map]
    {
        echo 'target triple = "x86_64-pc-linux-gnu"'
        sed -e '/^target datalayout/d' -e '/^target triple/d' \
            -e 's/\bspir_kernel //g' -e 's/\bspir_func //g' \
            -e 's/target("spirv.Event")/ptr/g' -e 's/target("spirv.DeviceEvent")/ptr/g' \
            -e 's/target("spirv.Queue")/ptr/g' "$1" | awk -v map="${3:-}" "$SECTIONS_AWK"
    } >"$2.tmp" || return 1
    if [ "$SPACECHECK" = 1 ]; then
        awk -f "$HERE/spacecheck.awk" "$2.tmp" "$2.tmp" >"$2" || return 1
        rm -f "$2.tmp"
    else
        mv "$2.tmp" "$2"
    fi
}

# The builtin library (builtins.cl), in three parts compiled like a kernel
# (spir64, retargeted and instrumented by to_x86, then x86 -O0):
#   generic  -cl-std=CL2.0: generic overloads (PU3AS4) and get_fence
#   named12  -cl-std=CL1.2: named math/vload/vstore/half overloads
#   named30  -cl-std=CL3.0 without the generic address space: named C11 atomics
# -Werror=missing-prototypes: every definition must match an opencl-c.h
# declaration, so all mangled names are clang's own.
# Objects in $LIBDIR (one per space-check setting), redone when builtins.cl,
# spacecheck.awk or run.sh is newer.
LIBDIR="$BUILD/lib.check$SPACECHECK"
lib_parts() { # library -> its objects
    if [ "$1" = named ]; then echo "$LIBDIR/builtins.named12.o $LIBDIR/builtins.named30.o $BUILD/driver.named.o"
    else echo "$LIBDIR/builtins.generic.o $LIBDIR/builtins.named12.o $LIBDIR/builtins.named30.o $BUILD/driver.o"; fi
}
build_lib_part() { # part std-flags...
    local part=$1 o="$LIBDIR/builtins.$1.o" t="$LIBDIR/builtins.$1.$$"
    shift
    if [ "$o" -nt "$HERE/builtins.cl" ] && [ "$o" -nt "$HERE/spacecheck.awk" ] && [ "$o" -nt "$HERE/run.sh" ]; then
        return 0
    fi
    clang -cc1 -triple spir64 "$@" -finclude-default-header -emit-llvm -O2 \
        -Werror=missing-prototypes -DGAS_PART_$(echo "$part" | tr a-z A-Z) \
        "$HERE/builtins.cl" -o "$t.spir.ll" &&
        to_x86 "$t.spir.ll" "$t.x86.ll" &&
        clang -c -O0 -Wno-override-module "$t.x86.ll" -o "$t.o" &&
        mv "$t.o" "$o" && mv "$t.spir.ll" "$LIBDIR/builtins.$part.spir.ll" &&
        mv "$t.x86.ll" "$LIBDIR/builtins.$part.x86.ll"
}

# build_exe kernel spir.ll prefix [library [sections map]] -> prefix.exe (log in prefix.log)
build_exe() {
    local k=$1 in=$2 p=$3 lib=${4:-generic} map=${5:-}
    to_x86 "$in" "$p.x86.ll" "$map" >"$p.log" 2>&1 &&
        clang -c -O0 -Wno-override-module "$p.x86.ll" -o "$p.o" >>"$p.log" 2>&1 &&
        clang "$p.o" $(lib_parts "$lib") -pthread -lm -Wl,--defsym=gas_kernel_entry="$k" \
            -o "$p.exe" >>"$p.log" 2>&1
}

# run_exe prefix spec -> prefix.out, prefix.err; returns the exit status
run_exe() {
    timeout 10 "$1.exe" "$2" >"$1.out" 2>"$1.err"
}

# elem_diff ref.out proc.out: the first differing elements, by buffer and index
elem_diff() {
    awk 'FNR == 1 { f++; b = ""; i = 0 }
         /^arg/ { b = $1; i = 0; next }
         { for (j = 1; j <= NF; j++) v[f, b "[" i++ "]"] = $j; if (f == 1) for (j = 1; j <= NF; j++) ord[++n] = b "[" (i - NF + j - 1) "]" }
         END {
             for (m = 1; m <= n; m++) {
                 key = ord[m]
                 if (v[1, key] != v[2, key]) {
                     bad++
                     if (bad <= 8) printf "%s: expected %s, got %s\n", key, v[1, key], v[2, key]
                 }
             }
             if (bad) printf "%d element(s) differ\n", bad
         }' "$1" "$2"
}

# process_one k form cmd input map prefix result tag: runs CMD on the input,
# builds and runs its output, compares with the reference; the result file
# gets one PASS or FAIL line (and details). Uses first_with (digest -> the
# result file of the first command that printed those bytes) of one_kernel.
process_one() {
    local k=$1 form=$2 cmd=$3 pin=$4 map=$5 p=$6 res=$7 tag=$8 rc dig earlier
    local r="$BUILD/$k/ref.$form" spec="$KDIR/$k.spec"
    if ! bash -c "$cmd \"\$1\"" run.sh-process "$pin" >"$p.spir.ll" 2>"$p.cmd.err"; then
        { echo "FAIL $k $form$tag: --process command failed"; tail -n 20 "$p.cmd.err" | sed 's/^/    /'; } >"$res"
        return
    fi
    dig=$(md5sum <"$p.spir.ll" | cut -d' ' -f1)
    earlier=${first_with[$dig]:-}
    if [ -n "$earlier" ]; then
        local verdict what
        read -r verdict _ _ what _ <"$earlier"
        if [ "$verdict" = PASS ]; then
            echo "PASS $k $form$tag (same bytes as $what)" >"$res"
        else
            echo "FAIL $k $form$tag: same bytes as ${what%:}, which failed" >"$res"
        fi
        return
    fi
    first_with[$dig]=$res
    if ! build_exe "$k" "$p.spir.ll" "$p" "$LIBRARY" "$map"; then
        { echo "FAIL $k $form$tag: processed IR does not build"; tail -n 20 "$p.log" | sed 's/^/    /'; } >"$res"
        return
    fi
    run_exe "$p" "$spec"; rc=$?
    if [ $rc -ne 0 ]; then
        { echo "FAIL $k $form$tag: processed kernel run failed (exit $rc)"; tail -n 20 "$p.err" | sed 's/^/    /'; } >"$res"
        return
    fi
    if diff -u --label "ref.$form.out" --label "proc.$form.out" "$r.out" "$p.out" >"$p.diff"; then
        echo "PASS $k $form$tag" >"$res"
    else
        { echo "FAIL $k $form$tag: outputs differ"; elem_diff "$r.out" "$p.out" | sed 's/^/    /'
          head -n 30 "$p.diff" | sed 's/^/    /'; } >"$res"
    fi
}

# reference_fresh DIR FORM SPEC: the reference run of an earlier call still
# holds: ref.FORM.ok (written when every reference check passed, holding the
# space-check setting) is newer than the SPIR form, the spec, the harness and
# the builtin library, and was made with this space-check setting. Commands
# of later calls (scripts/test.sh runs the harness for the oracle, the named
# library, flat inputs and the plugin) then compare with that run's output.
reference_fresh() {
    local ok="$1/ref.$2.ok" dep
    [ -f "$1/ref.$2.out" ] && [ "$(cat "$ok" 2>/dev/null)" = "$SPACECHECK" ] || return 1
    for dep in "$1/spir.$2.ll" "$3" "$HERE/run.sh" "$HERE/spacecheck.awk" $(lib_parts generic); do
        [ "$ok" -nt "$dep" ] || return 1
    done
}

# reference K FORM: builds and runs the unprocessed kernel (ref.FORM.*) and
# checks the run: it must succeed, be deterministic, change a buffer, not be
# all zeros and not write past a buffer; else writes the BAD result and fails.
reference() {
    local k=$1 form=$2 d="$BUILD/$1" spec="$KDIR/$1.spec" rc msg
    local r="$d/ref.$form" res="$d/result.$form"
    rm -f "$r".* "$d/init.$form.out"
    if ! build_exe "$k" "$d/spir.$form.ll" "$r"; then
        { echo "BAD  $k $form: reference build failed"; tail -n 20 "$r.log" | sed 's/^/    /'; } >"$res"
        return 1
    fi
    run_exe "$r" "$spec"; rc=$?
    if [ $rc -ne 0 ]; then
        { echo "BAD  $k $form: reference run failed (exit $rc)"; tail -n 20 "$r.err" | sed 's/^/    /'; } >"$res"
        return 1
    fi
    timeout 10 "$r.exe" "$spec" >"$r.out2" 2>/dev/null
    timeout 10 "$r.exe" --dry "$spec" >"$d/init.$form.out" 2>/dev/null
    msg=""
    cmp -s "$r.out" "$r.out2" || msg="$msg; NOT DETERMINISTIC (two runs differ)"
    cmp -s "$r.out" "$d/init.$form.out" && msg="$msg; kernel changed no buffer"
    grep -v '^arg' "$r.out" | grep -q '[1-9]' || msg="$msg; all outputs are zero"
    grep -q 'WRITE PAST END' "$r.out" && msg="$msg; writes past the end of a buffer"
    if [ -n "$msg" ]; then
        { echo "BAD  $k $form: ${msg#; }"; diff "$r.out" "$r.out2" | head -n 20 | sed 's/^/    /'; } >"$res"
        return 1
    fi
    echo "$SPACECHECK" >"$r.ok"
}

one_kernel() {
    local k=$1 d="$BUILD/$1" src="$KDIR/$1.cl" spec="$KDIR/$1.spec"
    local form res msg rc
    mkdir -p "$d"
    rm -f "$d"/proc.* "$d"/result.* "$d"/flat.*
    # shellcheck disable=SC2206
    local cc1=(clang -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -emit-llvm $DEBUG_FLAGS)
    # The SPIR compile (parsing opencl-c.h) is the slow step: it is cached and
    # redone only when the .cl file is newer than its outputs.
    if [ "$d/spir.unoptimized.ll" -nt "$src" ] && [ "$d/spir.inlined.ll" -nt "$src" ]; then
        :
    elif ! "${cc1[@]}" -O0 -disable-O0-optnone "$src" -o "$d/raw.O0.ll" 2>"$d/compile.log" ||
        ! opt -S -passes="sroa,mem2reg,$INSTCOMBINE,simplifycfg" "$d/raw.O0.ll" \
            -o "$d/spir.unoptimized.ll" 2>>"$d/compile.log" ||
        ! "${cc1[@]}" -O2 "$src" -o "$d/spir.inlined.ll" 2>>"$d/compile.log"; then
        rm -f "$d"/spir.*.ll
        for form in $FORMS; do
            { echo "BAD  $k $form: OpenCL compile failed"; sed 's/^/    /' "$d/compile.log"; } >"$d/result.$form"
        done
        return
    fi
    for form in $FORMS; do
        res="$d/result.$form"
        local r="$d/ref.$form"
        reference_fresh "$d" "$form" "$spec" || reference "$k" "$form" || continue
        # --flat: the processing gets the flat form of the SPIR IR
        local pin="$d/spir.$form.ll" map=""
        if [ "$FLAT" = 1 ]; then
            pin="$d/flat.$form.ll" map="$d/flat.$form.sections"
            if ! "$HERE/flatten.sh" "$d/spir.$form.ll" >"$pin" 2>"$d/flat.$form.err"; then
                { echo "BAD  $k $form: flatten.sh failed"; tail -n 20 "$d/flat.$form.err" | sed 's/^/    /'; } >"$res"
                continue
            fi
            flat_sections "$pin" >"$map"
        fi
        if [ "$NPROCESSES" = 0 ]; then
            echo "OK   $k $form  $(cksum <"$r.out" | cut -d' ' -f1)  $r.out" >"$res"
            continue
        fi
        # One result per command; an output byte-identical to an earlier
        # command's (same kernel, form, library and map) builds the same
        # program: it takes that command's result instead of running again.
        local i cmd dig tag suffix
        local -A first_with=()
        for ((i = 1; i <= NPROCESSES; i++)); do
            cmd=$(sed -n "${i}p" "$PROCESS_FILE")
            tag="" suffix=""
            [ "$NPROCESSES" = 1 ] || { tag=" #$i" suffix=".$i"; }
            process_one "$k" "$form" "$cmd" "$pin" "$map" "$d/proc.$form$suffix" "$d/result.$form$suffix" "$tag"
        done
    done
    # both reference forms run the same program: they must agree
    if [ "$FORMS" = "unoptimized inlined" ] && [ -f "$d/ref.unoptimized.out" ] && [ -f "$d/ref.inlined.out" ] &&
        ! cmp -s "$d/ref.unoptimized.out" "$d/ref.inlined.out"; then
        { echo "BAD  $k forms: unoptimized and inlined reference outputs differ (UB in the kernel?)"
          diff "$d/ref.unoptimized.out" "$d/ref.inlined.out" | head -n 20 | sed 's/^/    /'; } >"$d/result.zforms"
    fi
}

mkdir -p "$LIBDIR"
build_lib_part generic -cl-std=CL2.0 >"$LIBDIR/build.log" 2>&1 &&
    build_lib_part named12 -cl-std=CL1.2 >>"$LIBDIR/build.log" 2>&1 &&
    build_lib_part named30 -cl-std=CL3.0 \
        -cl-ext=-__opencl_c_generic_address_space,-__opencl_c_pipes,-__opencl_c_device_enqueue \
        >>"$LIBDIR/build.log" 2>&1 ||
    { cat "$LIBDIR/build.log" >&2; echo "run.sh: the builtin library (builtins.cl) does not build" >&2; exit 1; }

# The commands, one a line (a bash array does not reach xargs's shells).
PROCESS_FILE=$(mktemp)
trap 'rm -f "$PROCESS_FILE"' EXIT
NPROCESSES=${#PROCESSES[@]}
[ "$NPROCESSES" = 0 ] || printf '%s\n' "${PROCESSES[@]}" >"$PROCESS_FILE"
export -f to_x86 build_exe run_exe elem_diff process_one reference_fresh reference one_kernel lib_parts flat_sections
export HERE KDIR BUILD LIBDIR PROCESS_FILE NPROCESSES LIBRARY FORMS SPACECHECK SECTIONS_AWK FLAT INSTCOMBINE DEBUG_FLAGS
printf '%s\n' "${KERNELS[@]}" | xargs -P "$JOBS" -I{} bash -c 'one_kernel "$1"' one_kernel {}

# ---------------------------------------------------------------- report
nbad=0
nres=0
for k in "${KERNELS[@]}"; do
    for res in "$BUILD/$k"/result.*; do
        [ -f "$res" ] || { echo "BAD  $k: no result"; nbad=$((nbad + 1)); continue; }
        cat "$res"
        nres=$((nres + 1))
        head -n 1 "$res" | grep -qE '^(OK|PASS) ' || nbad=$((nbad + 1))
    done
    if [ "$PRINT" = 1 ]; then
        for form in $FORMS; do
            [ -f "$BUILD/$k/ref.$form.out" ] && { echo "--- $k $form"; cat "$BUILD/$k/ref.$form.out"; }
        done
    fi
done
end=$(date +%s.%N)
secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
what="reference only"
if [ "$NPROCESSES" = 1 ]; then
    what="--process '${PROCESSES[0]}', --library $LIBRARY"
elif [ "$NPROCESSES" -gt 1 ]; then
    # one line per command: its results, failures, and the outputs that were
    # byte-identical to an earlier command's (not run again)
    for ((i = 1; i <= NPROCESSES; i++)); do
        for k in "${KERNELS[@]}"; do cat "$BUILD/$k"/result.*."$i" 2>/dev/null || true; done | awk -v i="$i" -v cmd="${PROCESSES[$((i - 1))]}" '
            /^(PASS|FAIL) / { n++; if (/^FAIL /) f++; if (/same bytes as/) same++ }
            END { printf "== #%d %s: %d checked, %d failed, %d the same bytes as an earlier command\n", i, cmd, n, f, same }'
    done
    what="$NPROCESSES --process commands, --library $LIBRARY"
fi
[ "$FLAT" = 1 ] && what="flat inputs (flatten.sh), $what"
echo "== ${#KERNELS[@]} kernels, forms: $FORMS, $what, space checks $([ "$SPACECHECK" = 1 ] && echo on || echo off): $nres results, $nbad failed, ${secs}s"
[ $nbad -eq 0 ]

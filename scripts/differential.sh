#!/usr/bin/env bash
# Random differential testing of gas (docs/reliability.md).
#
#   scripts/differential.sh --programs N --seed S [--jobs J] [options]
#
# 1. builds gas-opt, gas-generate and gas-reduce (debug; the binaries are
#    taken from $CARGO_TARGET_DIR, default target/);
# 2. generates N random OpenCL C 2.0 kernels (gas-generate --seed S) into
#    BUILD/kernels (BUILD defaults to tests/execution/build-differential,
#    git-ignored);
# 3. runs the CPU execution harness (tests/execution/run.sh --kernel-dir,
#    always with --no-verify-fixpoint: LLVM 22's instcombine otherwise aborts
#    on a few percent of the programs) on them unprocessed: a program whose
#    reference is BAD (does not compile, is not deterministic, unoptimized
#    and inlined forms differ, ...) is a generator bug, counted and reported
#    apart and left out of step 4; one that clang or opt cannot compile
#    because of an LLVM error is reported as an LLVM failure (neither gas's
#    nor the generator's);
# 4. runs the harness with --process "gas-opt --pipeline P --emit llvm-ir" for
#    every pipeline P of the list below (both forms of every program);
# 5. for every program with a FAIL: copies it into tests/execution/found/
#    with a header naming the seed, the pipeline, the form and the failure,
#    and reduces it with gas-reduce against the first failing pipeline and
#    form (a candidate is kept when it compiles, its reference run in that
#    form is OK and the pipeline still FAILs with the same reason).
#
# A run is one program in one form through one pipeline (a PASS or FAIL line
# of the harness); a mismatch is a FAIL. The last line is
# `N programs, M runs, K mismatches`.
# Exit status: 0 all passed, 1 mismatches, 3 generator bugs (BAD references)
# but no mismatch, 2 usage or build errors.
#
# Options:
#   --programs N        programs to generate (default 10)
#   --seed S            generator seed (default 1)
#   --jobs J, -j J      parallel kernels in the harness (default 2)
#   --pipelines LIST    space-separated subset of the pipeline names below
#                       (default: all)
#   --no-reduce         copy failing programs to found/ without reducing them
#   --max-tests N       candidates gas-reduce may test per program (default 150)
#   --timeout SECONDS   limit for one gas-opt run (default 120; a hang FAILs)
#   --gas-opt-args ARGS extra gas-opt options for every pipeline (e.g.
#                       --mlir-disable-threading, to tell races from the rest)
#   --debug-info KIND   compile the programs with debug info (line-tables or
#                       full, as tests/execution/run.sh --debug-info), in the
#                       reference and every pipeline's runs
#   --build-dir DIR     default tests/execution/build-differential
#   --found-dir DIR     default tests/execution/found
#   -h, --help
#
# Pipelines (names as in the report; `named` is O2 with --builtins named
# --named-atomics, linked with the named-only builtin library; P@T runs P
# with --target T):
#   O0 O2 O2@spir-igc raise,propagate,lower raise,explicit-cast-tags,lower
#   raise,private-branch-elision,lower@spir-igc raise,static-global,lower
#   raise,async-copy-simplify,lower raise,builtin-calls,lower propagate
#   raise,async-copy-simplify,static-global,private-branch-elision,builtin-calls,propagate,explicit-cast-tags,lower@spir-igc
#   named
set -u -o pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
usage() { sed -n '2,/^set -u/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }

ALL_PIPELINES="O0 O2 O2@spir-igc raise,propagate,lower raise,explicit-cast-tags,lower raise,private-branch-elision,lower@spir-igc \
raise,static-global,lower raise,async-copy-simplify,lower raise,builtin-calls,lower propagate \
raise,async-copy-simplify,static-global,private-branch-elision,builtin-calls,propagate,explicit-cast-tags,lower@spir-igc named"
PROGRAMS=10
SEED=1
JOBS=2
PIPELINES="$ALL_PIPELINES"
REDUCE=1
MAX_TESTS=150
GAS_TIMEOUT=120
EXTRA=""
DEBUG_ARGS=()
BUILD="$ROOT/tests/execution/build-differential"
FOUND="$ROOT/tests/execution/found"
while [ $# -gt 0 ]; do
    case "$1" in
    --programs) PROGRAMS="${2:?}"; shift 2 ;;
    --seed) SEED="${2:?}"; shift 2 ;;
    --jobs | -j) JOBS="${2:?}"; shift 2 ;;
    --pipelines) PIPELINES="${2:?}"; shift 2 ;;
    --no-reduce) REDUCE=0; shift ;;
    --max-tests) MAX_TESTS="${2:?}"; shift 2 ;;
    --timeout) GAS_TIMEOUT="${2:?}"; shift 2 ;;
    --gas-opt-args) EXTRA="${2?}"; shift 2 ;;
    --debug-info) DEBUG_ARGS=(--debug-info "${2:?}"); shift 2 ;;
    --build-dir) BUILD="$(mkdir -p "${2:?}" && cd "$2" && pwd)"; shift 2 ;;
    --found-dir) FOUND="$(mkdir -p "${2:?}" && cd "$2" && pwd)"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "differential.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
    esac
done
case "$PROGRAMS$SEED$JOBS$MAX_TESTS$GAS_TIMEOUT" in
*[!0-9]*) echo "differential.sh: --programs, --seed, --jobs, --max-tests and --timeout take numbers" >&2; exit 2 ;;
esac
for p in $PIPELINES; do
    case " $ALL_PIPELINES " in
    *" $p "*) ;;
    *) echo "differential.sh: unknown pipeline $p" >&2; exit 2 ;;
    esac
done

start=$(date +%s)
export PATH="/usr/lib/llvm-22/bin:$PATH"
echo "== building gas-opt, gas-generate, gas-reduce (debug)"
cargo build --quiet -p gas-pipelines --bin gas-opt && cargo build --quiet -p gas-generate ||
    { echo "differential.sh: build failed" >&2; exit 2; }
TARGET="${CARGO_TARGET_DIR:-target}"
case "$TARGET" in /*) ;; *) TARGET="$ROOT/$TARGET" ;; esac
GASOPT="$TARGET/debug/gas-opt"
GENERATE="$TARGET/debug/gas-generate"
REDUCER="$TARGET/debug/gas-reduce"
HARNESS="$ROOT/tests/execution/run.sh"

KDIR="$BUILD/kernels"
RUN="$BUILD/run"
LOGS="$BUILD/logs"
rm -rf "$KDIR" "$LOGS"
mkdir -p "$KDIR" "$RUN" "$LOGS" "$FOUND"
# gas-opt under a time limit, saying how it ended when it fails (the
# harness shows the command's last stderr lines)
cat >"$BUILD/gas-opt.sh" <<EOF
#!/usr/bin/env bash
timeout $GAS_TIMEOUT "$GASOPT" "\$@"
rc=\$?
case \$rc in
0 | 1 | 2) ;;
124) echo "gas-opt: timed out after ${GAS_TIMEOUT}s" >&2 ;;
*) echo "gas-opt: exit \$rc\$([ \$rc -gt 128 ] && echo " (signal \$((rc - 128)))")" >&2 ;;
esac
exit \$rc
EOF
chmod +x "$BUILD/gas-opt.sh"
"$GENERATE" --seed "$SEED" --count "$PROGRAMS" --out "$KDIR" || { echo "differential.sh: gas-generate failed" >&2; exit 2; }
NAMES=()
for ((i = 0; i < PROGRAMS; i++)); do NAMES+=("rand_${SEED}_$i"); done
echo "== $PROGRAMS programs (seed $SEED) in $KDIR: $(cat "$KDIR"/*.cl | wc -l) lines"

# pipeline name -> gas-opt's options; the harness's --process command runs
# gas-opt under `timeout` (a hang is a failure, not a stuck run)
opts_of() {
    if [ "$1" = named ]; then
        echo "--pipeline O2 --builtins named --named-atomics --emit llvm-ir${EXTRA:+ $EXTRA}"
    elif [ "${1#*@}" != "$1" ]; then
        echo "--pipeline ${1%@*} --target ${1#*@} --emit llvm-ir${EXTRA:+ $EXTRA}"
    else
        echo "--pipeline $1 --emit llvm-ir${EXTRA:+ $EXTRA}"
    fi
}
process_of() { echo "$BUILD/gas-opt.sh $(opts_of "$1")"; }
library_of() { if [ "$1" = named ]; then echo named; else echo generic; fi; }

# ---------------------------------------------------------------- reference
echo "== reference runs"
"$HARNESS" --kernel-dir "$KDIR" --build-dir "$RUN" -j "$JOBS" --no-verify-fixpoint ${DEBUG_ARGS[@]+"${DEBUG_ARGS[@]}"} "${NAMES[@]}" >"$LOGS/reference.log" 2>&1
GOOD=()
GENBUGS=()
LLVMFAIL=()
for k in "${NAMES[@]}"; do
    if cat "$RUN/$k"/result.* 2>/dev/null | grep -q '^BAD '; then
        if grep -qE 'did not reach a fixpoint|LLVM ERROR|PLEASE submit a bug report' "$RUN/$k"/result.*; then
            LLVMFAIL+=("$k")
        else
            GENBUGS+=("$k")
        fi
    elif [ "$(cat "$RUN/$k"/result.* 2>/dev/null | grep -c '^OK ')" = 2 ]; then
        GOOD+=("$k")
    else
        GENBUGS+=("$k")
    fi
done
echo "   ${#GOOD[@]} OK, ${#GENBUGS[@]} generator bugs (BAD reference), ${#LLVMFAIL[@]} LLVM failures compiling the reference"
for k in "${GENBUGS[@]}"; do
    echo "   generator bug: $k"
    cat "$RUN/$k"/result.* 2>/dev/null | grep -A3 '^BAD' | head -n 8 | sed 's/^/      /'
done
for k in "${LLVMFAIL[@]}"; do
    echo "   LLVM failure: $k: $(grep -ohE 'LLVM ERROR: .{0,100}' "$RUN/$k"/result.* | head -n 1)"
done

# ---------------------------------------------------------------- pipelines
RUNS=0
MISMATCHES=0
: >"$LOGS/failures.txt"  # k <TAB> pipeline <TAB> form <TAB> reason
if [ ${#GOOD[@]} -gt 0 ]; then
    for p in $PIPELINES; do
        slug=$(echo "$p" | tr -c 'A-Za-z0-9\n' '_')
        t0=$(date +%s)
        "$HARNESS" --kernel-dir "$KDIR" --build-dir "$RUN" -j "$JOBS" --no-verify-fixpoint ${DEBUG_ARGS[@]+"${DEBUG_ARGS[@]}"} --library "$(library_of "$p")" \
            --process "$(process_of "$p")" "${GOOD[@]}" >"$LOGS/$slug.log" 2>&1
        pass=0 fail=0 bad=0
        for k in "${GOOD[@]}"; do
            for res in "$RUN/$k"/result.*; do
                [ -f "$res" ] || continue
                line=$(head -n 1 "$res")
                case "$line" in
                PASS*) pass=$((pass + 1)) ;;
                FAIL*)
                    fail=$((fail + 1))
                    form=$(echo "$line" | awk '{print $3}' | tr -d ':')
                    reason=${line#*: }
                    detail=$(grep -m1 -oE 'gas-opt: (exit|timed out).*|ADDRESS-SPACE VIOLATION.{0,80}|[0-9]+ element\(s\) differ|undefined reference to [^ ]*' "$res")
                    [ -n "$detail" ] && reason="$reason ($detail)"
                    printf '%s\t%s\t%s\t%s\n' "$k" "$p" "$form" "$reason" >>"$LOGS/failures.txt" ;;
                BAD*)
                    bad=$((bad + 1))
                    echo "   $p: $line (a reference that was OK before: nondeterministic program?)" ;;
                esac
            done
        done
        RUNS=$((RUNS + pass + fail))
        MISMATCHES=$((MISMATCHES + fail))
        printf '   %-40s %3d PASS %3d FAIL %3d BAD  %4ds\n' "$p" "$pass" "$fail" "$bad" "$(($(date +%s) - t0))"
    done
fi

# ---------------------------------------------------------------- found
# reason_key "FAIL k form: reason (details)" -> the reason without details
reason_key() { sed -e 's/ (.*//' -e 's/[[:space:]]*$//' <<<"$1"; }

reduce_one() { # k pipeline form reason
    local k=$1 p=$2 form=$3 reason=$4
    local key rd="$BUILD/reduce/$k"
    key=$(reason_key "$reason")
    rm -rf "$rd"
    mkdir -p "$rd/kernel"
    cp "$KDIR/$k.spec" "$rd/kernel/$k.spec"
    # the interestingness test: compiles, reference OK, same FAIL
    cat >"$rd/test.sh" <<EOF
#!/usr/bin/env bash
export PATH="/usr/lib/llvm-22/bin:\$PATH"
cp "\$1" "$rd/kernel/$k.cl" || exit 1
clang -cc1 -triple spir64 -cl-std=CL2.0 -finclude-default-header -fsyntax-only -Werror \\
    -Wno-tautological-compare -Wno-xor-used-as-pow -Wno-parentheses-equality "$rd/kernel/$k.cl" 2>/dev/null || exit 1
out=\$("$HARNESS" --kernel-dir "$rd/kernel" --build-dir "$rd/run" -j 1 --no-verify-fixpoint ${DEBUG_ARGS[*]} --form "$form" \\
    --library "$(library_of "$p")" --process "$(process_of "$p")" "$k" 2>&1)
grep -q '^BAD ' <<<"\$out" && exit 1
line=\$(grep '^FAIL $k $form:' <<<"\$out" | head -n 1)
[ -n "\$line" ] || exit 1
got=\$(sed -e 's/^[^:]*: //' -e 's/ (.*//' -e 's/[[:space:]]*\$//' <<<"\$line")
[ "\$got" = "$key" ]
EOF
    chmod +x "$rd/test.sh"
    if ! "$rd/test.sh" "$KDIR/$k.cl"; then
        echo "   $k did not fail the same way when run again alone: flaky (a race in gas-opt?), not reduced"
        return 2
    fi
    if "$REDUCER" --test "$rd/test.sh" --max-tests "$MAX_TESTS" --work "$rd/work" -o "$rd/reduced.cl" \
        "$KDIR/$k.cl" 2>"$rd/reduce.log"; then
        sed 's/^/   /' "$rd/reduce.log"
        return 0
    fi
    sed 's/^/   /' "$rd/reduce.log"
    grep -q 'not interesting' "$rd/reduce.log" && return 2
    return 1
}

if [ "$MISMATCHES" -gt 0 ]; then
    echo "== mismatches"
    sed 's/\t/  /g' "$LOGS/failures.txt" | sed 's/^/   /'
    for k in $(cut -f1 "$LOGS/failures.txt" | sort -u); do
        IFS=$'\t' read -r _ p form reason < <(grep -P "^$k\t" "$LOGS/failures.txt" | head -n 1)
        idx=${k##*_}
        {
            echo "// Found by scripts/differential.sh --seed $SEED (program $idx; regenerate with"
            echo "// gas-generate --seed $SEED --start $idx --count 1 --out DIR)."
            echo "// Fails: pipeline $p, form $form: $reason"
            grep -P "^$k\t" "$LOGS/failures.txt" | tail -n +2 | while IFS=$'\t' read -r _ p2 f2 r2; do
                echo "// Also fails: pipeline $p2, form $f2: $r2"
            done
            echo "// Run: tests/execution/run.sh --kernel-dir tests/execution/found --form $form $([ "$p" = named ] && echo "--library named ")--process \"\$PWD/target/debug/gas-opt $(opts_of "$p")\" $k"
        } >"$LOGS/$k.header"
        body="$KDIR/$k.cl"
        if [ "$REDUCE" = 1 ]; then
            echo "== reducing $k against $p ($form)"
            reduce_one "$k" "$p" "$form" "$reason"
            case $? in
            0)
                body="$BUILD/reduce/$k/reduced.cl"
                echo "// Reduced by gas-reduce from $(wc -l <"$KDIR/$k.cl") to $(wc -l <"$body") lines." >>"$LOGS/$k.header" ;;
            2) echo "// Not reduced: did not fail the same way when run again alone (flaky)." >>"$LOGS/$k.header" ;;
            *) echo "// Not reduced (gas-reduce failed: see $BUILD/reduce/$k/reduce.log)." >>"$LOGS/$k.header" ;;
            esac
        fi
        # an entry of an earlier run (maybe of another generator version,
        # maybe annotated by hand) is not overwritten
        dest="$FOUND"
        if [ -e "$FOUND/$k.cl" ]; then
            dest="$BUILD/found"
            mkdir -p "$dest"
            echo "   $FOUND/$k.cl exists (kept); this one goes to $dest"
        fi
        cat "$LOGS/$k.header" <(cat -s "$body") >"$dest/$k.cl"
        cp "$KDIR/$k.spec" "$dest/$k.spec"
        echo "   -> $dest/$k.cl"
    done
fi

echo "== $(($(date +%s) - start))s; generator bugs: ${#GENBUGS[@]}${GENBUGS[*]:+ (${GENBUGS[*]})}; LLVM failures: ${#LLVMFAIL[@]}${LLVMFAIL[*]:+ (${LLVMFAIL[*]})}; logs in $LOGS"
echo "$PROGRAMS programs, $RUNS runs, $MISMATCHES mismatches"
if [ "$MISMATCHES" -gt 0 ]; then exit 1; fi
if [ ${#GENBUGS[@]} -gt 0 ]; then exit 3; fi
exit 0

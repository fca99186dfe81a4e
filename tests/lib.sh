# Shared by the test scripts; sourced (`. tests/lib.sh`), never run.
#
# Option parsing (tests/programs/run.sh, tests/targets/run.sh):
#   lib_common_options          what the corpus scripts share: the defaults
#                               LLVM_BIN (/usr/lib/llvm-22/bin unless set),
#                               GAS_OPT (target/debug/gas-opt), JOBS=2,
#                               KEEP=0, TIMEOUT (GAS_TIMEOUT or 120), and the
#                               options --gas-opt, --pipelines, -j, --keep in
#                               LIB_VALUES and LIB_FLAGS (a script adds its own)
#   lib_parse_options ARGS...   the options of two associative arrays:
#                               LIB_VALUES (option -> the variable it sets:
#                               `--name V`, `--name=V`, and `-xV` for a
#                               one-letter option) and LIB_FLAGS (option ->
#                               VAR=VALUE); -h/--help prints the script's
#                               header comment and exits 2; any other option
#                               exits 2; the rest lands in LIB_ARGS.
#   lib_check_jobs, lib_check_gas_opt   JOBS a positive number; GAS_OPT
#                               executable (made absolute), else exit 2.
# Compile caching (the two forms every corpus has, in a build folder D):
#   lib_fresh FILE SOURCE...    FILE exists, is not empty, no SOURCE is newer
#   lib_form_unopt SRC D ERR CC1-ARGS...    D/unopt.ll: clang -cc1 -O0
#                               -disable-O0-optnone, then opt's
#                               sroa,mem2reg,instcombine,simplifycfg
#   lib_form_inlined SRC D ERR CC1-ARGS...  D/inlined.ll: clang -cc1 -O2
#   (written only when every step succeeds; messages in ERR; LLVM_BIN.)
# Parallel tasks and summaries:
#   lib_tasks N                 NUL-separated tuples of N fields on stdin,
#                               each run as `task FIELD...` in its own bash,
#                               JOBS at a time (functions it needs exported)
#   lib_count PATTERN FILE      how many lines of FILE match (0 when none)
# Test suites (scripts/test.sh):
#   lib_suite NAME WHAT COUNTER COMMAND...   runs COMMAND (a command or an
#                               exported function) in a new bash with
#                               `set -euo pipefail`, everything it prints into
#                               $LIB_LOG_DIR/NAME.log; prints one line: ok or
#                               FAIL, NAME, WHAT, the items COUNTER reads in
#                               the log (LABEL=ERE, see lib_items; - for
#                               none), the seconds; on failure the log's last
#                               $LIB_TAIL lines. Returns COMMAND's status.

# --------------------------------------------------------------- options
lib_usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

LIB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

lib_common_options() {
  LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
  GAS_OPT=$LIB_ROOT/target/debug/gas-opt
  JOBS=2
  KEEP=0
  TIMEOUT=${GAS_TIMEOUT:-120}
  declare -gA LIB_VALUES=([--gas-opt]=GAS_OPT [--pipelines]=PIPELINES [-j]=JOBS)
  declare -gA LIB_FLAGS=([--keep]=KEEP=1)
}

lib_parse_options() {
  local opt name value
  LIB_ARGS=()
  while [ $# -gt 0 ]; do
    opt=$1
    case "$opt" in
      -h|--help) lib_usage; exit 2 ;;
      -*) ;;
      *) LIB_ARGS+=("$opt"); shift; continue ;;
    esac
    if [ -n "${LIB_FLAGS[$opt]+x}" ]; then
      printf -v "${LIB_FLAGS[$opt]%%=*}" '%s' "${LIB_FLAGS[$opt]#*=}"; shift; continue
    fi
    if [ -n "${LIB_VALUES[$opt]+x}" ]; then
      printf -v "${LIB_VALUES[$opt]}" '%s' "${2:?$opt needs a value}"; shift 2; continue
    fi
    # --name=VALUE, or -xVALUE for a one-letter option
    case "$opt" in
      --*=*) name=${opt%%=*} value=${opt#*=} ;;
      --*) name=$opt value="" ;;
      *) name=${opt:0:2} value=${opt:2} ;;
    esac
    if [ "$name" != "$opt" ] && [ -n "${LIB_VALUES[$name]+x}" ]; then
      printf -v "${LIB_VALUES[$name]}" '%s' "$value"; shift; continue
    fi
    echo "${0##*/}: unknown option $opt" >&2; exit 2
  done
}

lib_check_jobs() {
  case "$JOBS" in ''|*[!0-9]*|0) echo "${0##*/}: -j needs a positive number" >&2; exit 2 ;; esac
}

lib_check_gas_opt() {
  [ -x "$GAS_OPT" ] || { echo "${0##*/}: gas-opt not found at $GAS_OPT" >&2; exit 2; }
  GAS_OPT=$(cd "$(dirname "$GAS_OPT")" && pwd)/$(basename "$GAS_OPT")
}

# --------------------------------------------------------------- compile caching
lib_fresh() {
  local f=$1 s
  shift
  [ -s "$f" ] || return 1
  for s in "$@"; do [ "$s" -nt "$f" ] && return 1; done
  return 0
}

lib_form_unopt() {
  local src=$1 d=$2 err=$3
  shift 3
  if "$LLVM_BIN/clang" -cc1 "$@" -O0 -disable-O0-optnone "$src" -o "$d/unopt.O0.tmp" 2>"$err" \
      && "$LLVM_BIN/opt" -S -passes='sroa,mem2reg,instcombine,simplifycfg' \
           "$d/unopt.O0.tmp" -o "$d/unopt.ll.tmp" 2>>"$err"; then
    mv "$d/unopt.ll.tmp" "$d/unopt.ll"; rm -f "$d/unopt.O0.tmp"
  else
    rm -f "$d/unopt.ll.tmp" "$d/unopt.O0.tmp"; return 1
  fi
}

lib_form_inlined() {
  local src=$1 d=$2 err=$3
  shift 3
  if "$LLVM_BIN/clang" -cc1 "$@" -O2 "$src" -o "$d/inlined.ll.tmp" 2>"$err"; then
    mv "$d/inlined.ll.tmp" "$d/inlined.ll"
  else
    rm -f "$d/inlined.ll.tmp"; return 1
  fi
}

# --------------------------------------------------------------- tasks, summaries
lib_tasks() {
  xargs -0 -n"$1" -P "$JOBS" bash -c 'set -u -o pipefail; task "$@"' _
}

lib_count() {
  grep -c -- "$1" "$2" || true
}

export -f lib_fresh lib_form_unopt lib_form_inlined

# --------------------------------------------------------------- suites
LIB_TAIL=${LIB_TAIL:-60}

# lib_items LOG LABEL=ERE: "N LABEL", N the sum of the first number in each
# match of ERE in LOG (a match without a number counts one)
lib_items() {
  local label=${2%%=*} ere=${2#*=} n
  n=$(grep -oE -- "$ere" "$1" | awk '{ if (match($0, /[0-9]+/)) n += substr($0, RSTART, RLENGTH); else n++ }
                                     END { print n + 0 }')
  echo "$n $label"
}

lib_suite() {
  local name=$1 what=$2 counter=$3 log start status=0 items="" secs
  shift 3
  log=$LIB_LOG_DIR/$name.log
  start=$(date +%s.%N)
  # A bash of its own: a subshell would ignore `set -e` where the caller is
  # in an `if` or `||` (test.sh's suites are functions it exports).
  bash -c 'set -euo pipefail; "$@"' "$name" "$@" >"$log" 2>&1 </dev/null || status=$?
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
  [ "$counter" = - ] || items=$(lib_items "$log" "$counter")
  if [ "$status" -eq 0 ]; then
    printf '  ok    %-15s %-34s %-17s %5s s\n' "$name" "$what" "$items" "$secs"
  else
    printf '  FAIL  %-15s %-34s %-17s %5s s  (exit %d)\n' "$name" "$what" "$items" "$secs" "$status"
    echo "  --- the last lines of $log (passes and blank lines left out):"
    grep -vE '^((PASS|OK|SKIP|RUN|BRUN)( .*)?|running [0-9]+ tests?|test result: ok\..*|\.+|[[:space:]]*)$' "$log" |
      tail -n "$LIB_TAIL" | sed 's/^/  | /'
    echo "  ---"
  fi
  return "$status"
}

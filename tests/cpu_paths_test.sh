#!/usr/bin/env bash
# Usage: tests/cpu_paths_test.sh ARBITER PERFT_EPD [--no-emulation]
# The population count of a portable build has two paths (search/board/cpu.hpp): the one
# chosen at start-up is the one this CPU allows, ARBITER_NO_POPCNT=1 forces the generic
# one, and both count the published perft nodes of the suite's first positions. Then, when
# qemu-x86_64 is installed (qemu-user, scripts/install-deps --dev), the program runs on
# emulated CPUs: the plain x86-64 of 2003 (qemu64: no POPCNT, no BMI2, no SSE4), where it
# must take the generic path, count right and analyse without an illegal instruction; and
# a Nehalem (POPCNT, no BMI2), where it must take the POPCNT path. --no-emulation skips
# that part (the sanitizer build). A native build has nothing to choose and is skipped.
set -euo pipefail
exe=$1 epd=$2 emulate=yes
[[ ${3:-} == --no-emulation ]] && emulate=no
fail() { echo "cpu_paths_test: $*" >&2; exit 1; }

kind() { "$@" --version | sed -n 's/.*population count //p'; }
chosen=$(kind "$exe")
if [[ $chosen == *"compiled in"* ]]; then
  echo "cpu_paths_test: a native build (population count $chosen): nothing chosen at run time"
  exit 0
fi
if grep -qw popcnt /proc/cpuinfo; then expected="popcnt (chosen at run time)"; else expected="generic"; fi
[[ $chosen == "$expected" ]] || fail "this CPU: population count '$chosen', expected '$expected'"
forced=$(ARBITER_NO_POPCNT=1 kind "$exe")
[[ $forced == generic ]] || fail "ARBITER_NO_POPCNT=1: population count '$forced', expected 'generic'"

# The suite's first four positions, each at its deepest published depth of at most
# `limit` nodes: "FEN|depth|count" lines.
cases() {  # limit
  awk -F';' -v limit="$1" 'NR <= 4 {
      fen = $1; sub(/ +$/, "", fen); best = ""
      for (i = 2; i <= NF; i++) { split($i, f, " "); if (f[2] + 0 <= limit) best = substr(f[1], 2) "|" f[2] }
      print fen "|" best }' "$epd"
}
check_counts() {  # limit what command...
  local limit=$1 what=$2 fen depth count got
  shift 2
  while IFS='|' read -r fen depth count; do
    got=$("$@" perft "$depth" "$fen" | awk '{ print $2 }')
    [[ $got == "$count" ]] || fail "$what: perft $depth of '$fen' gave '$got', published $count"
  done < <(cases "$limit")
}
check_counts 1000000 "the path chosen here" "$exe"
check_counts 1000000 "the generic path (ARBITER_NO_POPCNT=1)" env ARBITER_NO_POPCNT=1 "$exe"

if [[ $emulate == no ]]; then exit 0; fi
if ! command -v qemu-x86_64 >/dev/null; then
  echo "cpu_paths_test: qemu-x86_64 not installed (qemu-user): the emulated CPUs are not tried"
  exit 0
fi
old=(qemu-x86_64 -cpu qemu64 "$exe")
[[ $(kind "${old[@]}") == generic ]] || fail "qemu64 (no POPCNT): population count '$(kind "${old[@]}")'"
check_counts 200000 "qemu64 (no POPCNT, no BMI2)" "${old[@]}"
out=$("${old[@]}" analyze --no-cache '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1') || fail "qemu64: analyze failed: $out"
grep -q '^  dead: no$' <<<"$out" || fail "qemu64: analyze printed: $out"
nehalem=(qemu-x86_64 -cpu Nehalem "$exe")
[[ $(kind "${nehalem[@]}") == "popcnt (chosen at run time)" ]] ||
  fail "Nehalem (POPCNT): population count '$(kind "${nehalem[@]}")'"
check_counts 200000 "Nehalem (POPCNT, no BMI2)" "${nehalem[@]}"
echo "cpu_paths_test: passed (here: $chosen; forced generic; qemu64 and Nehalem emulated)"

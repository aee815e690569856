#!/usr/bin/env bash
# Usage: tests/pgo_options_test.sh SOURCE_DIR
# The profile-guided build's settings refuse what cannot work, each with a message that
# says why (CMakeLists.txt, scripts/build-pgo): a stage other than GENERATE or USE, USE
# without a profile, a stage with the sanitizers; build-pgo without a build folder or with
# an unknown option. Configures only (a few seconds); scripts/test runs the whole build.
set -euo pipefail
src=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "pgo_options_test: $*" >&2; exit 1; }

# refuses "what" MESSAGE COMMAND...: the command fails and prints MESSAGE.
refuses() {
  local what=$1 message=$2
  shift 2
  if "$@" >"$work/out" 2>&1; then fail "$what: accepted"; fi
  grep -qF "$message" "$work/out" || fail "$what: no '$message' in: $(cat "$work/out")"
}
configure() { cmake -S "$src" -B "$work/build-$RANDOM" -DARBITER_TESTS=OFF -DARBITER_PYTHON=OFF "$@"; }

refuses "a stage named BOGUS" "ARBITER_PGO is GENERATE, USE or empty, not 'BOGUS'" configure -DARBITER_PGO=BOGUS
refuses "USE without a profile" "no profile in $work/none" \
  configure -DARBITER_PGO=USE -DARBITER_PGO_DIR="$work/none"
refuses "GENERATE with the sanitizers" "ARBITER_PGO does not go with ARBITER_SANITIZE or ARBITER_FUZZ" \
  configure -DARBITER_PGO=GENERATE -DARBITER_SANITIZE=ON
refuses "build-pgo without a folder" "no build folder given" "$src/scripts/build-pgo"
refuses "build-pgo with an unknown option" "unknown option --fast" "$src/scripts/build-pgo" --fast "$work/b"
# And the plain configuration still goes through, the stage empty.
configure -DARBITER_PGO= >/dev/null || fail "ARBITER_PGO empty: the configuration failed"
echo "pgo_options_test: ok"

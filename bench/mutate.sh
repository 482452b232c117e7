#!/usr/bin/env bash
# Runs the checker's mutation test over every mutant of the bundled book and
# the sample books (CI runs a fixed sample of each; see README, "The mutation
# test") and prints the share of mutants caught, by book and kind of mistake,
# then the mutants that survived, if any.
#
#   bench/mutate.sh
#
# Exits 1 when the checker catches under 97% of a book's mutants.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
go test ./rules/check -run '^TestMutationScore$' -count=1 -timeout 30m -v -mutate.all -mutate.survivors >"$out" 2>&1 || status=$?
# The test logs the table under "mutants caught", indented; print it flush.
sed -n '/mutants caught, by book/,/^--- /p' "$out" | sed '$d' |
  sed -e 's/^ *mutate_test\.go:[0-9]*: //' -e 's/^        //'
if [ "$status" -ne 0 ]; then
  grep -E '^(FAIL|---|    mutate_test|ok)' "$out" >&2 || cat "$out" >&2
fi
exit "$status"

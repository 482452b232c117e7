#!/usr/bin/env bash
# Builds the same text with galley and with Hugo, side by side, and prints the
# median wall time, CPU time (user + system) and peak memory of each and
# their ratios. On a machine others share, the CPU time is the steadier
# figure: a busy neighbour stretches the wall time of both programs, not
# always alike. The runs alternate, galley then Hugo, so that both see the
# same load.
#
#   bench/compare.sh [K] [RUNS] [DIR]     (default K=100, RUNS=5)
#
# GALLEY=path/to/galley times that binary instead of one built from this
# tree, to compare with an earlier build.
#
# PAUSE=S waits S seconds before each run, so that each starts as a build
# a designer runs now and then does: with the memory the run before freed
# already given back. On a virtual machine whose kernel hands freed memory
# back to the hypervisor (free page reporting, as on this project's
# machines: every free 2 MB block, a few seconds after it is freed), a run
# whose huge pages are made of blocks the run before freed and the kernel
# has not yet reported faults its heap in some ten times faster than one
# whose blocks were; without a pause, which runs do depends on the
# reporting's timing (BENCHMARKS.md). Each run's figures are printed after
# the medians, so that such a split shows.
#
# The corpus is the seed manuscript's body repeated K times
# (../shared/bench/make_corpus.py): as one galley file, and as K pages of a
# Hugo site. galley builds the site only (--only html), with its checks and
# errors allowed (the repeated text has references that no longer resolve).
# Hugo is installed from Debian's packages when missing. Both write their
# output under DIR: by default a directory in /dev/shm, a tmpfs, when there
# is one, else a temporary directory.
#
# Not on the disk by default, because on this project's machines, ext4
# without a journal, creating a file costs several times more for minutes
# after many files in the same part of the disk were deleted: before it
# hands out an inode, ext4 passes over each free one deleted in the last
# minute, or the last six while its inode table is not yet written back
# (recently_deleted in fs/ext4/ialloc.c). The test suite deletes thousands
# of files, as this script did at its end when it wrote to ext4, and galley
# writes a page per section, 1,903 files at K=100 to Hugo's 100: on ext4 it
# would be timed on what ran in the minutes before it rather than on its
# own work. Dropping the kernel's caches first does not help, since ext4
# reads an inode table back when it first takes an inode from it and then
# passes over the deleted ones beside it. In tmpfs creating a file costs
# the same whatever was deleted before, and with nothing deleted in the
# minutes before, both programs took the same time writing to ext4 as to
# tmpfs (BENCHMARKS.md). DIR chooses another place, ext4's included.
#
# Each run writes into a directory of its own, and the outputs are removed
# only at the end, for the same reason. Everything written before is
# written back to the disk first, so that no writing back competes with the
# timed runs, and both programs run once before they are timed, to read
# themselves and the corpus in.
set -euo pipefail
cd "$(dirname "$0")/.."
k=${1:-100}
runs=${2:-5}
seed=../shared/seeds/000_9527e596835b1710.txt
[ -f "$seed" ] || { echo "compare.sh needs $seed" >&2; exit 2; }
if ! command -v hugo >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo >/dev/null
fi
work=$(mktemp -d)
default_dir=$work
if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(df --output=fstype /dev/shm | tail -1)" = tmpfs ]; then
  default_dir=/dev/shm
fi
outs=$(mktemp -d "${3:-$default_dir}/outputs.XXXXXX")
trap 'rm -rf "$work" "$outs"' EXIT
python3 ../shared/bench/make_corpus.py "$seed" "$k" "$work/corpus" >/dev/null
if [ -n "${GALLEY:-}" ]; then
  cp "$GALLEY" "$work/galley"
else
  go build -o "$work/galley" ./cmd/galley
fi
sync
# Compile the dice roller into the cache first (it is built once, not per
# run), and read both programs and the corpus in.
"$work/galley" build --only html --allow-errors --out "$outs/warm-galley" "$work/corpus/book.txt" >/dev/null 2>&1 || true
hugo --source "$work/corpus/hugo" --destination "$outs/warm-hugo" --quiet >/dev/null 2>&1 || true

# measure prints "wall-seconds cpu-seconds peak-KB" for one run of a command,
# the CPU time being user and system time together.
measure() {
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >/dev/null 2>&1 || true
  awk '{printf "%s %.2f %s\n", $1, $2 + $3, $4}' "$work/time"
}
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

: >"$work/galley.txt"; : >"$work/hugo.txt"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for run in $(seq "$runs"); do
  sleep "${PAUSE:-0}"
  measure "$work/galley" build --only html --allow-errors --out "$outs/galley-$run" "$work/corpus/book.txt" >>"$work/galley.txt"
  sleep "${PAUSE:-0}"
  measure hugo --source "$work/corpus/hugo" --destination "$outs/hugo-$run" --quiet >>"$work/hugo.txt"
done
pause="no pause"
[ "${PAUSE:-0}" = 0 ] || pause="$PAUSE s idle before each"
medianOf() { cut -d' ' -f"$2" "$work/$1.txt" | median; }
gw=$(medianOf galley 1); gc=$(medianOf galley 2); gm=$(medianOf galley 3)
hw=$(medianOf hugo 1); hc=$(medianOf hugo 2); hm=$(medianOf hugo 3)
echo "corpus: K=$k, $(wc -c <"$work/corpus/book.txt") bytes of markup; $runs runs each, alternated, $pause; $(nproc) cores; output on $(df --output=fstype "$outs" | tail -1)"
echo "load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %8s s wall %8s s CPU %10s KB peak\n' galley "$gw" "$gc" "$gm" hugo "$hw" "$hc" "$hm"
awk -v gw="$gw" -v hw="$hw" -v gc="$gc" -v hc="$hc" -v gm="$gm" -v hm="$hm" \
  'BEGIN {printf "ratio    %8.2f × Hugo in wall time, %.2f × in CPU time, %.2f × in peak memory\n", gw/hw, gc/hc, gm/hm}'
for program in galley hugo; do
  printf '%-8s runs, wall/CPU s:' "$program"
  awk '{printf " %s/%s", $1, $2}' "$work/$program.txt"
  echo
done

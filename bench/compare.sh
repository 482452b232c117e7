#!/usr/bin/env bash
# Builds the same text with galley and with Hugo, side by side, and prints the
# median wall time and peak memory of each and their ratio.
#
#   bench/compare.sh [K] [RUNS] [DIR]     (default K=100, RUNS=5)
#
# The corpus is the seed manuscript's body repeated K times
# (../shared/bench/make_corpus.py): as one galley file, and as K pages of a
# Hugo site. galley builds the site only (--only html), with its checks and
# errors allowed (the repeated text has references that no longer resolve).
# Hugo is installed from Debian's packages when missing. Both write their
# output under DIR, a temporary directory by default; /dev/shm (tmpfs) takes
# the disk out of the comparison.
#
# Each run writes into a directory of its own, and the outputs are removed
# only at the end. Removing one run's output before the next would make the
# next pay for it: ext4 without a journal, as on this project's machines,
# passes over every inode deleted in the last minute (six, while the inode
# table is not yet written back) before it hands out a new one
# (recently_deleted in fs/ext4/ialloc.c), so creating a file costs more
# the more files were just deleted. galley writes a page per section, 1,903
# files at K=100 to Hugo's 100, and would be timed on the file system's
# bookkeeping of the run before rather than on its own work. For the same
# reason the script writes everything back and drops the kernel's caches
# before the first run, when it may (as root): ext4 checks only the inode
# tables it holds in memory, so files deleted before the script (by the
# test suite, by an earlier run of the script) then cost nothing either.
# Both programs run once more afterwards, before they are timed, to read
# themselves and the corpus back in.
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
outs=$(mktemp -d "${3:-$work}/outputs.XXXXXX")
trap 'rm -rf "$work" "$outs"' EXIT
python3 ../shared/bench/make_corpus.py "$seed" "$k" "$work/corpus" >/dev/null
go build -o "$work/galley" ./cmd/galley
sync
if [ -w /proc/sys/vm/drop_caches ]; then
  echo 3 >/proc/sys/vm/drop_caches
else
  echo "compare.sh: cannot drop the kernel's caches (not root); on ext4 without a journal, files deleted in the minutes before slow galley's 1,903 files down" >&2
fi
# Compile the dice roller into the cache first (it is built once, not per
# run), and read both programs and the corpus back in.
"$work/galley" build --only html --allow-errors --out "$work/warm-galley" "$work/corpus/book.txt" >/dev/null 2>&1 || true
hugo --source "$work/corpus/hugo" --destination "$work/warm-hugo" --quiet >/dev/null 2>&1 || true

# measure prints "wall-seconds peak-KB" for one run of a command.
measure() { /usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null 2>&1 || true; cat "$work/time"; }
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

: >"$work/galley.txt"; : >"$work/hugo.txt"
for run in $(seq "$runs"); do
  measure "$work/galley" build --only html --allow-errors --out "$outs/galley-$run" "$work/corpus/book.txt" >>"$work/galley.txt"
  measure hugo --source "$work/corpus/hugo" --destination "$outs/hugo-$run" --quiet >>"$work/hugo.txt"
done
gw=$(cut -d' ' -f1 "$work/galley.txt" | median); gm=$(cut -d' ' -f2 "$work/galley.txt" | median)
hw=$(cut -d' ' -f1 "$work/hugo.txt" | median); hm=$(cut -d' ' -f2 "$work/hugo.txt" | median)
echo "corpus: K=$k, $(wc -c <"$work/corpus/book.txt") bytes of markup; $runs runs each; $(nproc) cores; output on $(df --output=fstype "$outs" | tail -1)"
printf '%-8s %8s s wall %10s KB peak\n' galley "$gw" "$gm" hugo "$hw" "$hm"
awk -v g="$gw" -v h="$hw" -v gm="$gm" -v hm="$hm" 'BEGIN {printf "ratio    %8.2f × Hugo in time, %.2f × in peak memory\n", g/h, gm/hm}'

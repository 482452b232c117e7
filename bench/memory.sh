#!/usr/bin/env bash
# Prints the peak memory (maximum resident set size, /usr/bin/time -v) of
# galley check and of the whole build (every part, errors allowed) per byte
# of manuscript, on the seed manuscript's body repeated K = 10, 100 and 400
# times (../shared/bench/make_corpus.py), with the CPU time (user + system)
# beside it. Each figure is the median of RUNS runs.
#
#   bench/memory.sh [RUNS] [GALLEY]     (default 3; GALLEY is a galley
#                                        binary, built from this tree when
#                                        not given, to compare with another)
#
# KS="10 100" picks the sizes; K = 400 is a 48 MB manuscript, whose build
# takes a minute and some 1.4 GB. BEFORE=path/to/galley runs that binary
# too, alternately with the other, run for run, and prints its figures
# beside them.
#
# The peak includes what check and build pre-touch of the heap (see
# internal/pretouch), as it should: that memory is the process's.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
seed=../shared/seeds/000_9527e596835b1710.txt
[ -f "$seed" ] || { echo "memory.sh needs $seed" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
galley=${2:-}
if [ -z "$galley" ]; then
  galley=$work/galley
  go build -o "$galley" ./cmd/galley
fi
programs=(galley)
declare -A binary=([galley]=$galley)
if [ -n "${BEFORE:-}" ]; then
  programs=(before galley)
  binary[before]=$BEFORE
fi
# The site's dice roller is compiled once and cached; warm the cache, so
# that no run is measured with the go command beside it.
python3 ../shared/bench/make_corpus.py "$seed" 1 "$work/corpus-1" >/dev/null
for p in "${programs[@]}"; do
  "${binary[$p]}" build --only html --allow-errors --out "$work/out" "$work/corpus-1/book.txt" >/dev/null 2>&1 || true
  rm -rf "$work/out"
done

median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
peak() { # peak COMMAND...: "peak-KB cpu-seconds" of one run
  /usr/bin/time -v -o "$work/time" "$@" >/dev/null 2>&1 || true
  awk -F': ' '/Maximum resident set size/ {kb = $2} /User time/ {cpu += $2} /System time/ {cpu += $2} END {print kb, cpu}' "$work/time"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-4s %-6s %-7s %12s %12s %16s %10s\n' K stage program input peak bytes/byte CPU
for k in ${KS:-10 100 400}; do
  python3 ../shared/bench/make_corpus.py "$seed" "$k" "$work/corpus-$k" >/dev/null
  book=$work/corpus-$k/book.txt
  size=$(wc -c <"$book")
  for stage in check build; do
    for p in "${programs[@]}"; do : >"$work/peaks-$p"; done
    for _ in $(seq "$runs"); do
      for p in "${programs[@]}"; do
        rm -rf "$work/out"
        case $stage in
          check) peak "${binary[$p]}" check "$book" >>"$work/peaks-$p" ;;
          build) peak "${binary[$p]}" build --allow-errors --out "$work/out" "$book" >>"$work/peaks-$p" ;;
        esac
      done
    done
    for p in "${programs[@]}"; do
      kb=$(cut -d' ' -f1 "$work/peaks-$p" | median)
      cpu=$(cut -d' ' -f2 "$work/peaks-$p" | median)
      awk -v k="$k" -v st="$stage" -v p="$p" -v s="$size" -v kb="$kb" -v cpu="$cpu" \
        'BEGIN {printf "%-4s %-6s %-7s %10.1f MB %10.1f MB %16.1f %8.2f s\n", k, st, p, s / 1e6, kb * 1024 / 1e6, kb * 1024 / s, cpu}'
    done
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

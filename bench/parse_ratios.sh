#!/usr/bin/env bash
# Measures how much slower per byte the parser is on each pathological input
# than on the designer's seed manuscript (it must stay under 2: linear time),
# then how the Markdown reader's and the numbered outline's readers' time
# grows with their pathological inputs (ten times the input must take about
# ten times as long).
# The seed and each input are run alternately, seven times, and the median of
# the seven ratios is printed, so that load from other processes on a shared
# machine affects both sides of each ratio alike.
#
#   bench/parse_ratios.sh        (needs ../shared/seeds beside the repository)
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/parser.test
go test -c -o "$bin" ./parser
go test -c -o "$tmp/markdown.test" ./parser/markdown
go test -c -o "$tmp/outline.test" ./parser/outline
cd parser
mbps() { "$bin" -test.run XXX -test.bench "$1" -test.benchtime "$2" | awk '/^Benchmark/{print $5}'; }
printf '%-16s %s\n' input "seed MB/s ÷ input MB/s (median of 7)"
for input in stars unclosed-boxes unclosed-code long-line wide-table list-lines; do
  ratios=()
  for _ in 1 2 3 4 5 6 7; do
    seed=$(mbps 'BenchmarkParseSeed$' 40x)
    [ -n "$seed" ] || { echo "the seed benchmark skipped: is ../shared/seeds there?" >&2; exit 1; }
    other=$(mbps "BenchmarkParsePathological/$input\$" 20x)
    ratios+=("$(awk -v s="$seed" -v o="$other" 'BEGIN{printf "%.2f", s/o}')")
  done
  printf '%-16s %s\n' "$input" "$(printf '%s\n' "${ratios[@]}" | sort -n | sed -n 4p)"
done

# The Markdown reader on Markdown's pathological shapes, each at 10 KB and
# 100 KB (BenchmarkMarkdownPathological): how much longer the larger takes,
# median of five alternate runs, which is about 10 when the cost is linear;
# goldmark alone, with the same extensions, once, beside it.
cd markdown
bin=$tmp/markdown.test
ns() { "$bin" -test.run XXX -test.bench "$1" -test.benchtime "$2" -test.cpu 1 | awk '/^Benchmark/{print $3}'; }
printf '\n%-16s %s\n' "Markdown input" "time at 100 KB ÷ time at 10 KB: galley (median of 5), goldmark alone (once)"
for input in $(grep -o '^	"[a-z-]*": *func(n int)' markdown_test.go | cut -d'"' -f2); do
  ratios=()
  for _ in 1 2 3 4 5; do
    small=$(ns "BenchmarkMarkdownPathological/^$input\$/^10000\$/^galley\$" 20x)
    large=$(ns "BenchmarkMarkdownPathological/^$input\$/^100000\$/^galley\$" 4x)
    ratios+=("$(awk -v s="$small" -v l="$large" 'BEGIN{printf "%.1f", l/s}')")
  done
  small=$(ns "BenchmarkMarkdownPathological/^$input\$/^10000\$/^goldmark\$" 5x)
  large=$(ns "BenchmarkMarkdownPathological/^$input\$/^100000\$/^goldmark\$" 1x)
  printf '%-16s %-6s %s\n' "$input" "$(printf '%s\n' "${ratios[@]}" | sort -n | sed -n 3p)" "$(awk -v s="$small" -v l="$large" 'BEGIN{printf "%.1f", l/s}')"
done

# The outline's reader on its pathological shapes (parser/outline's
# BenchmarkOutlinePathological: a thousand nested indents, boxes a thousand
# deep, a frame a megabyte wide, a table of 100,000 rows, an unclosed frame
# at the top of a long file, every heading misnumbered), each at scale 1 and
# 10: how much longer the larger takes, median of five alternate runs.
cd ../outline
bin=$tmp/outline.test
printf '\n%-16s %s\n' "outline input" "time at scale 10 ÷ time at scale 1 (median of 5)"
for input in $(grep -o '^	"[a-z-]*": func(k int)' bench_test.go | cut -d'"' -f2); do
  ratios=()
  for _ in 1 2 3 4 5; do
    small=$(ns "BenchmarkOutlinePathological/^$input\$/^1\$" 4x)
    large=$(ns "BenchmarkOutlinePathological/^$input\$/^10\$" 2x)
    ratios+=("$(awk -v s="$small" -v l="$large" 'BEGIN{printf "%.1f", l/s}')")
  done
  printf '%-16s %s\n' "$input" "$(printf '%s\n' "${ratios[@]}" | sort -n | sed -n 3p)"
done

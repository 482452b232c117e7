#!/usr/bin/env bash
# Sets the same text as a PDF book with galley and with Typst, side by side,
# and prints for each the pages, the median wall time, the pages a second and
# the peak memory, and galley's ratios to Typst (issue 15: galley should be
# no slower per page).
#
#   bench/compare_pdf.sh [K...] [RUNS]     (default K = 1 10 100, RUNS = 3;
#                                           a last argument of one or more
#                                           K's is RUNS when there are two
#                                           or more: 1 10 5 is K = 1, 10
#                                           with five runs)
#   GALLEY=BIN bench/compare_pdf.sh ...     (times the galley binary BIN
#                                           instead of one built from this
#                                           tree)
#
# The corpus is the seed manuscript's body repeated K times
# (../shared/bench/make_corpus.py): galley sets book.txt (build --only pdf
# --allow-errors, a binary built from this tree); Typst sets book.md
# converted by ../shared/bench/typst/md2typ.py in the DejaVu faces galley
# embeds (--font dejavu), read from the go-fonts module in the module
# cache. md2typ sets the body in one column of DejaVu Sans without
# hyphenation; galley sets it in two columns of Liberation Serif,
# justified with Knuth-Plass lines and hyphenation, each chapter on a new
# page. So the script rewrites md2typ's #set text line to Liberation Serif
# with hyphenation (Typst justifies with its own total-fit breaker,
# "optimized", by default) and adds a page of two columns 6 mm apart and a
# weak page break before each chapter's title, where galley's PDF breaks;
# md2typ's --breaks, the ASCII book's \newpage, galley's PDF no longer
# follows. Typst sets art wider than a column in the column, where galley
# sets it across the page. The files in ../shared are not changed.
#
# Typst is the native Node add-on @myriaddreamin/typst-ts-node-compiler
# (Typst 0.14.2; PyPI is not reachable from this project's machines), run by
# ../shared/bench/typst/typst_compile.js. It is installed from npm into
# TYPST_NODE (default ~/.cache/galley-bench/typst-node-0.7.0) when it is not
# there already. Typst's time includes starting Node and loading the add-on
# and its fonts, as galley's includes starting galley and reading its fonts.
#
# The two books do not have the same pages: galley lays out its own (page
# breaks chosen per chapter, its own type sizes and spacing), Typst follows
# md2typ's preamble. The time for the whole book is therefore not the fair
# figure; pages a second is. The runs alternate, galley then Typst, so that
# a load on a shared machine falls on both; each writes into a directory of
# its own. Both run once per K before they are timed, which gives the page
# counts and reads both programs and the corpus in.
set -euo pipefail
cd "$(dirname "$0")/.."

ks=(1 10 100)
runs=3
if [ $# -ge 2 ]; then
  ks=("${@:1:$#-1}")
  runs=${!#}
elif [ $# -eq 1 ]; then
  ks=("$1")
fi
seed=../shared/seeds/000_9527e596835b1710.txt
typstdir=../shared/bench/typst
[ -f "$seed" ] || { echo "compare_pdf.sh needs $seed" >&2; exit 2; }
for c in node npm python3 go /usr/bin/time; do
  command -v "$c" >/dev/null || { echo "compare_pdf.sh needs $c" >&2; exit 2; }
done

# Typst, from npm, once.
typst_node=${TYPST_NODE:-${XDG_CACHE_HOME:-$HOME/.cache}/galley-bench/typst-node-0.7.0}
if [ ! -d "$typst_node/node_modules/@myriaddreamin/typst-ts-node-compiler" ]; then
  echo "installing Typst (@myriaddreamin/typst-ts-node-compiler@0.7.0) into $typst_node" >&2
  mkdir -p "$typst_node"
  (cd "$typst_node" && { [ -f package.json ] || npm init -y >/dev/null; } &&
    npm install --no-audit --no-fund --loglevel=error @myriaddreamin/typst-ts-node-compiler@0.7.0 >/dev/null)
fi

load0=$(cut -d' ' -f1-3 /proc/loadavg)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
galley=${GALLEY:-$work/galley}
[ -n "${GALLEY:-}" ] || go build -o "$galley" ./cmd/galley

# The faces galley embeds (render/pdf/fonts.go), from the module cache.
fonts="$(go list -m -f '{{.Dir}}' github.com/go-fonts/dejavu) $(go list -m -f '{{.Dir}}' github.com/go-fonts/liberation)"
mkdir -p "$work/fonts" "$work/out"
for f in LiberationSerif-Regular LiberationSerif-Bold LiberationSerif-Italic DejaVuSans DejaVuSans-Bold \
  DejaVuSans-Oblique DejaVuSansMono DejaVuSansMono-Bold; do
  # shellcheck disable=SC2086 # two module directories
  ttf=$(find $fonts -name "$f.ttf" | head -1)
  [ -n "$ttf" ] || { echo "compare_pdf.sh: no $f.ttf under $fonts" >&2; exit 2; }
  cp "$ttf" "$work/fonts/"
done

median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
# measure OUT COMMAND...: appends "wall-seconds peak-KB cpu-seconds" of
# one run to OUT, the CPU time being user and system time together; the
# command's stderr is left in $work/stderr.
measure() {
  local out=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  /usr/bin/time -v -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || {
    echo "compare_pdf.sh: failed: $*" >&2; cat "$work/stderr" >&2; exit 1; }
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" -F': ' '/Maximum resident set size/ {kb = $2} /User time/ {cpu += $2} /System time/ {cpu += $2}
    END {printf "%.3f %s %.3f\n", b - a, kb, cpu}' "$work/time" >>"$out"
}
# pdfpages FILE: the page count of a PDF.
pdfpages() {
  if command -v pdfinfo >/dev/null; then
    pdfinfo "$1" | awk '/^Pages:/ {print $2}'
  else # fpdf writes its page tree uncompressed
    grep -a -o '/Count [0-9]*' "$1" | grep -o '[0-9]*$' | sort -n | tail -1
  fi
}
# galley_cmd OUTDIR, typst_cmd OUT.pdf: set cmd to the command that sets
# the corpus into that output.
galley_cmd() { cmd=("$galley" build --only pdf --allow-errors --out "$1" "$corpus/book.txt"); }
typst_cmd() { cmd=(env NODE_PATH="$typst_node/node_modules" node "$typstdir/typst_compile.js" "$corpus/book.typ" "$1" "$work/fonts"); }

rows=()
for k in "${ks[@]}"; do
  corpus=$work/corpus-$k
  python3 ../shared/bench/make_corpus.py "$seed" "$k" "$corpus" >/dev/null
  python3 "$typstdir/md2typ.py" "$corpus/book.md" "$corpus/book.typ" --font dejavu 2>/dev/null
  grep -q '^#set text(font: "DejaVu Sans", size: 10pt, hyphenate: false,' "$corpus/book.typ" ||
    { echo "compare_pdf.sh: md2typ.py's #set text line has changed; update the rewrite" >&2; exit 1; }
  sed -i 's/^#set text(font: "DejaVu Sans", size: 10pt, hyphenate: false,\(.*\)$/#set text(font: "Liberation Serif", size: 10pt, hyphenate: true,\1\
#set page(columns: 2)\
#set columns(gutter: 6mm)\
#show heading.where(level: 1): it => { pagebreak(weak: true); it }/' "$corpus/book.typ"

  # Once untimed: the page counts, and everything read in.
  galley_cmd "$work/warm-galley-$k"
  "${cmd[@]}" >/dev/null 2>&1 || true
  gpdf=$(find "$work/warm-galley-$k" -name '*.pdf' | head -1)
  [ -n "$gpdf" ] || { echo "compare_pdf.sh: galley wrote no PDF at K=$k" >&2; exit 1; }
  gpages=$(pdfpages "$gpdf")
  typst_cmd "$work/warm-typst-$k.pdf"
  "${cmd[@]}" 2>"$work/stderr" >/dev/null ||
    { cat "$work/stderr" >&2; exit 1; }
  tpages=$(awk '/pages/ {print $NF}' "$work/stderr")

  : >"$work/galley-$k.txt"; : >"$work/typst-$k.txt"
  for run in $(seq "$runs"); do
    galley_cmd "$work/out/galley-$k-$run"; measure "$work/galley-$k.txt" "${cmd[@]}"
    typst_cmd "$work/out/typst-$k-$run.pdf"; measure "$work/typst-$k.txt" "${cmd[@]}"
  done
  gw=$(cut -d' ' -f1 "$work/galley-$k.txt" | median); gm=$(cut -d' ' -f2 "$work/galley-$k.txt" | median)
  gc=$(cut -d' ' -f3 "$work/galley-$k.txt" | median)
  tw=$(cut -d' ' -f1 "$work/typst-$k.txt" | median); tm=$(cut -d' ' -f2 "$work/typst-$k.txt" | median)
  tc=$(cut -d' ' -f3 "$work/typst-$k.txt" | median)
  rows+=("$k $(wc -c <"$corpus/book.txt") $gpages $gw $gm $tpages $tw $tm $gc $tc")
done

echo "seed body × K; $runs runs each, alternately, medians; $(nproc) cores, load average $load0 at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end"
echo "galley: build --only pdf --allow-errors; Typst: typst-ts-node-compiler $(NODE_PATH=$typst_node/node_modules node -p "require('@myriaddreamin/typst-ts-node-compiler/package.json').version" 2>/dev/null || echo '?') (Typst 0.14.2), body in two columns of Liberation Serif, hyphenated"
printf '| K | input | galley pages | galley s (CPU s) | galley pages/s | galley peak | Typst pages | Typst s (CPU s) | Typst pages/s | Typst peak | time galley ÷ Typst | CPU galley ÷ Typst | pages/s galley ÷ Typst |\n'
printf '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n'
for r in "${rows[@]}"; do
  # shellcheck disable=SC2086
  set -- $r
  awk -v k="$1" -v b="$2" -v gp="$3" -v gw="$4" -v gm="$5" -v tp="$6" -v tw="$7" -v tm="$8" -v gc="$9" -v tc="${10}" 'BEGIN {
    printf "| %s | %.2f MB | %d | %.2f (%.2f) | %.0f | %.0f MB | %d | %.2f (%.2f) | %.0f | %.0f MB | %.2f× | %.2f× | %.2f× |\n",
      k, b / 1e6, gp, gw, gc, gp / gw, gm * 1024 / 1e6, tp, tw, tc, tp / tw, tm * 1024 / 1e6, gw / tw, gc / tc, (gp / gw) / (tp / tw)
  }'
done

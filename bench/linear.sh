#!/usr/bin/env bash
# Checks that every stage of galley takes time linear in its input: each
# input is built at two sizes a hundred times apart, and the bigger must take
# at most 110 times as long as the smaller (issue 9). The inputs are the seed
# manuscript's body repeated K = 1 and K = 100 times
# (../shared/bench/make_corpus.py), and the parser's pathological shapes
# (parser/bench_test.go), a book of many outlines, emphasis nested n deep
# and \odds{} of n nested parentheses (issue 14), the numbered outline's
# (parser/outline/bench_test.go; issue 27), and footnotes in the markup and
# in Markdown, chapters, and references in one sentence (issue 25), and
# the index's marks and terms (issue 33), at 1% and 100% of their size. The stages are the commands a designer runs: galley check,
# and galley build of the site, the PDF book, the ASCII book and the EPUB
# book, with errors allowed. Each is run RUNS times per size, the sizes
# alternately, and the medians are compared.
#
#   bench/linear.sh [RUNS]     (default 3; needs ../shared/seeds for the corpus)
#   STAGES="epub pdf" bench/linear.sh   runs only those stages
#   INPUTS="footnotes chapters" bench/linear.sh   runs only those inputs
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
seed=../shared/seeds/000_9527e596835b1710.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/galley" ./cmd/galley

# inputs/NAME/{small,big}.txt, or .md for Markdown
if [ -f "$seed" ]; then
  for k in 1 100; do python3 ../shared/bench/make_corpus.py "$seed" "$k" "$work/corpus-$k" >/dev/null; done
  mkdir -p "$work/inputs/corpus"
  mv "$work/corpus-1/book.txt" "$work/inputs/corpus/small.txt"
  mv "$work/corpus-100/book.txt" "$work/inputs/corpus/big.txt"
else
  echo "no $seed: the corpus is skipped" >&2
fi
python3 - "$work/inputs" <<'PY'
import os, sys
out = sys.argv[1]
prose = ("Roll a d60 when the rules call for a quantity; Table 2 lists the decile dice "
         "and their ranges, and the steps that follow explain how a roll is read. ")
def wrap(s, width=80):
    return "".join(s[i:i + width] + "\n" for i in range(0, len(s), width))
shapes = {
    # n is the size parser/bench_test.go uses; the small input is n/100.
    "stars": (100000, lambda n: wrap("*" * n)),
    "unclosed-boxes": (10000, lambda n: "\\begin{box}[Example 1]\n" * n),
    # Code blocks without their \end{nolayout}: each would search the
    # rest of the file for it.
    "unclosed-code": (10000, lambda n: "\\begin{nolayout}[galley]\nx = 1\n" * n),
    "long-line": (1 << 20, lambda n: prose * (n // len(prose)) + "\n"),
    "wide-table": (5000, lambda n: "\\begin{table}[2]\n" + ("cell & " * (n - 1) + "cell\n") * 3 + "\\end{table}\n"),
    "list-lines": (50000, lambda n: "* an item that looks like a list\n" * n),
    # An outline and a section, n times: each outline once listed every
    # heading of the book (issue 14).
    "outlines": (5000, lambda n: "\\begin{toc}\nDigging ..... 3\n\\end{toc}\n\nDigging\n-------\n\n" * n),
    # One paragraph, "*a *a … x … b* b*": each level once copied the
    # spans of all those inside it into the PDF's line breaker.
    "emphasis": (200000, lambda n: "*a " * n + "x" + " b*" * n + "\n"),
    # A chart of a dice expression nested a million deep, which once
    # overflowed the stack; now refused at its length.
    "parentheses": (1000000, lambda n: "\\odds{" + "(" * n + "1" + ")" * n + "}\n"),
    # Footnotes, each cited: the PDF's layout looked each up among all
    # the cited ones (issue 25).
    "footnotes": (50000, lambda n: "Notes\n=====\n\n" + "".join(
        f"A fact worth a note{sup(i)}.\n\n______\n\n{sup(i)} The note of fact {i}.\n\n" for i in range(1, n + 1))),
    # The same in Markdown, where goldmark's footnotes took the square of
    # them twice over.
    "footnotes.md": (50000, lambda n: "# Notes\n\n" + "".join(f"A fact worth a note[^{i}].\n\n" for i in range(1, n + 1))
                     + "".join(f"[^{i}]: The note of fact {i}.\n\n" for i in range(1, n + 1))),
    # Chapters with a section each: each chapter's opening page walked
    # the whole book's headings for its sections.
    "chapters": (15000, lambda n: "Chapter\n=======\n\nSome text.\n\nSection\n-------\n\nMore.\n\n" * n),
    # One sentence of n references: the checker rescanned the sentence
    # for each.
    # The back-of-book index (issue 33): one term marked n times, whose
    # places were once merged each into all the others', and n headings of
    # one first word, which the term search compares each word with.
    "index-marks": (20000, lambda n: "Morale\n======\n\n" + "Morale\\index{Morale} drops, Panic\\index{Fear!Panic} spreads.\n\n" * n),
    "index-terms": (10000, lambda n: "Rules\n=====\n\n" + "".join(
        f"Rule {i}\n{'-' * (len(str(i)) + 5)}\n\nRule {i} follows Rule {max(1, i - 1)}.\n\n" for i in range(1, n + 1))),
    "references": (50000, lambda n: "Examples\n========\n\n\\begin{box}[Example 1]\nA beetle digs.\n\\end{box}\n\nSee "
                   + ", ".join("Example 1" for _ in range(n)) + ".\n"),
}
# The numbered outline's shapes, each under two numbered headings, so that
# galley reads it as an outline without being told.
def outline(body):
    return "1.0.0.0 Shapes\n\t1.1.0.0 A Shape\n" + body
def framed(text):
    return "║ " + text + " " * max(89 - len(text), 0) + " ║\n"
shapes.update({
    # Staircases of list items a hundred indents deep, far past the
    # reader's bound on nesting (parser/outline's benchmark goes a
    # thousand deep).
    "outline-indents": (1000, lambda n: outline("".join("\t" * d + "* an item one indent deeper\n" for _ in range(n) for d in range(100)))),
    # A framed table and a line of prose, n bytes wide: a megabyte.
    "outline-wide": (1 << 20, lambda n: outline(framed("Column  " * (n // 8)) + framed("─" * n) + framed("cell    " * (n // 8)) * 2 + framed("─" * n) + framed("prose " * (n // 6)))),
    # A framed table of n rows: 100,000.
    "outline-rows": (100000, lambda n: outline(framed("d20 Result    Ability") + framed("─" * 40) + "".join(framed(str(i % 20 + 1) + "             Gain a die") for i in range(n)))),
    # A frame whose first line has no bar and a box never closed, at the
    # top of n framed lines.
    "outline-unclosed": (100000, lambda n: outline("║ A first line that runs on past the frame without its bar\n║ ┌[Example 1]────────\n" + framed("│ The Characters explore the Nest and roll a d10 for each Event.") * n)),
})
def sup(i):
    return str(i).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))
# A shape named NAME.md is Markdown, in inputs/NAME-md.
for name, (n, make) in shapes.items():
    ext = "md" if name.endswith(".md") else "txt"
    base = f"{out}/{name.replace('.', '-')}"
    os.makedirs(base)
    open(f"{base}/small.{ext}", "w").write(make(n // 100))
    open(f"{base}/big.{ext}", "w").write(make(n))
PY
# The site's dice roller is compiled once and cached; warm the cache.
"$work/galley" build --only html --allow-errors --out "$work/out" "$work/inputs/list-lines/small.txt" >/dev/null 2>&1 || true

seconds() { # seconds COMMAND...: wall time of one run
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN {printf "%.4f\n", e - s}'
}
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
stage() { # stage NAME FILE: runs the stage on FILE
  case $1 in
    check) "$work/galley" check "$2" ;;
    site) rm -rf "$work/out"; "$work/galley" build --only html --allow-errors --out "$work/out" "$2" ;;
    pdf) rm -rf "$work/out"; "$work/galley" build --only pdf --allow-errors --out "$work/out" "$2" ;;
    ascii) rm -rf "$work/out"; "$work/galley" build --only txt --allow-errors --out "$work/out" "$2" ;;
    epub) rm -rf "$work/out"; "$work/galley" build --only epub --allow-errors --out "$work/out" "$2" ;;
  esac
}

printf '%-15s %-6s %10s %10s %8s\n' input stage small big ratio
worst=0
for dir in "$work"/inputs/*/; do
  name=$(basename "$dir")
  case " ${INPUTS:-$name} " in *" $name "*) ;; *) continue ;; esac
  for st in ${STAGES:-check site pdf ascii epub}; do
    : >"$work/small"; : >"$work/big"
    small=$(echo "$dir"small.*) big=$(echo "$dir"big.*)
    for _ in $(seq "$runs"); do
      seconds stage "$st" "$small" >>"$work/small"
      seconds stage "$st" "$big" >>"$work/big"
    done
    s=$(median <"$work/small"); b=$(median <"$work/big")
    ratio=$(awk -v s="$s" -v b="$b" 'BEGIN {printf "%.1f", b / s}')
    printf '%-15s %-6s %9ss %9ss %7s×\n' "$name" "$st" "$s" "$b" "$ratio"
    worst=$(awk -v w="$worst" -v r="$ratio" 'BEGIN {print (r > w) ? r : w}')
  done
done
echo "largest ratio: ${worst}× (the limit is 110×)"
awk -v w="$worst" 'BEGIN {exit !(w <= 110)}'

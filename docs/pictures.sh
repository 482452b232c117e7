#!/usr/bin/env bash
# Makes the README's pictures from the bundled book: docs/pdf-spread.png, two
# facing pages of the PDF rulebook, docs/pdf-index.png, the first page of its
# index, and docs/site-page.png, a page of the website in a browser. Needs
# pdftoppm and pdftotext (poppler-utils) and chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
go run ./cmd/galley build --out "$out/public" >/dev/null

# Pages 28 and 29 face each other: boxes in the columns, tables across both,
# and the columns balanced above them.
pdftoppm -r 50 -png -f 28 -l 29 "$out/public/nests-insects.pdf" "$out/page"
go run docs/spread.go "$out/page-28.png" "$out/page-29.png" >docs/pdf-spread.png

# The index's first page is the last that opens with its title.
pages=$(pdfinfo "$out/public/nests-insects.pdf" | awk '/^Pages:/ {print $2}')
first=$pages
until pdftotext -raw -f "$first" -l "$first" "$out/public/nests-insects.pdf" - | head -1 | grep -qx Index; do
  first=$((first - 1))
done
pdftoppm -r 50 -png -singlefile -f "$first" -l "$first" "$out/public/nests-insects.pdf" docs/pdf-index

chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --window-size=1200,800 --screenshot="$out/site.png" \
  "file://$out/public/system/fuzzy-d100.html" >/dev/null 2>&1
mv "$out/site.png" docs/site-page.png

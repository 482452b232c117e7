//go:build ignore

// spread joins two page images side by side, as an open book shows them,
// on a grey ground: go run docs/spread.go LEFT.png RIGHT.png > SPREAD.png.
// docs/pictures.sh makes the README's picture of the PDF with it.
package main

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"log"
	"os"
)

// margin is the grey around and between the pages, in pixels.
const margin = 12

func main() {
	if len(os.Args) != 3 {
		log.Fatal("usage: go run docs/spread.go LEFT.png RIGHT.png > SPREAD.png")
	}
	left, right := read(os.Args[1]), read(os.Args[2])
	lb, rb := left.Bounds(), right.Bounds()
	spread := image.NewRGBA(image.Rect(0, 0, lb.Dx()+rb.Dx()+3*margin, max(lb.Dy(), rb.Dy())+2*margin))
	draw.Draw(spread, spread.Bounds(), image.NewUniform(color.Gray{200}), image.Point{}, draw.Src)
	draw.Draw(spread, lb.Add(image.Pt(margin, margin).Sub(lb.Min)), left, lb.Min, draw.Src)
	draw.Draw(spread, rb.Add(image.Pt(2*margin+lb.Dx(), margin).Sub(rb.Min)), right, rb.Min, draw.Src)
	if err := png.Encode(os.Stdout, spread); err != nil {
		log.Fatal(err)
	}
}

func read(name string) image.Image {
	f, err := os.Open(name)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		log.Fatal(name, ": ", err)
	}
	return img
}

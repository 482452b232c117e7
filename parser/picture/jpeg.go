package picture

import (
	"bytes"
	"image/jpeg"
)

// readJPEG decodes a JPEG whole, once its header says it is within the
// budget. The PDF embeds the file as it is: a PDF reader decodes JPEG
// itself, and fpdf reads no more of it than its header.
func readJPEG(data []byte, maxPixels int64) (*Picture, error) {
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, invalid("is not a valid JPEG file: " + err.Error())
	}
	if err := checkPixels(JPEG, cfg.Width, cfg.Height, maxPixels); err != nil {
		return nil, err
	}
	if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
		return nil, invalid("is not a valid JPEG file: " + err.Error())
	}
	return &Picture{Format: JPEG, Width: cfg.Width, Height: cfg.Height, Data: data, Print: data}, nil
}

package ast

import (
	"bytes"
	"encoding/json"
)

// The tree's JSON gives every node its "kind" first, then its position and
// fields, so that `galley parse --json` can be read without the Go types.

// marshalWithKind encodes v, a node converted to a method-less copy of its
// type, with "kind" added as the first key.
func marshalWithKind[T any](kind NodeKind, v *T) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(`{"kind":"` + kind.String() + `"`)
	if len(data) > 2 {
		b.WriteByte(',')
	}
	b.Write(data[1:])
	return b.Bytes(), nil
}

// Package galley holds the Go sources of the site's dice roller, so that
// galley can compile them to WebAssembly wherever it runs, in a fresh clone
// or from an installed binary, and know when its cached build is stale. The
// roller is package rules with the small cmd/roller entry point, and
// go:embed reaches both only from the module's root. The test files come
// along with the pattern; render/html leaves them out of the build and of
// the cache key.
package galley

import "embed"

// RollerSource holds go.mod, rules/*.go and cmd/roller/*.go.
//
//go:embed go.mod rules/*.go cmd/roller/*.go
var RollerSource embed.FS

package labtest

import (
	"path/filepath"
	"testing"

	"idemlab/harness/mutation"
)

// Root is the module root, found from the test's working directory (a
// lab's package folder, where go test runs it).
func Root(t testing.TB) string {
	t.Helper()
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// joinRoot is rel, slash-separated and relative to root, as a path.
func joinRoot(root, rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }

package testfs

import (
	"os"
	"path/filepath"
	"testing"
)

// Write writes files, by slash-separated paths relative to dir, under
// dir, making the folders they need; it fails t on any error.
func Write(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

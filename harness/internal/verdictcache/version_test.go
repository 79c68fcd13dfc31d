package verdictcache

import (
	"os"
	"path/filepath"
	"testing"
)

// writeModule lays out a module example.com/m: package a imports b, which
// embeds data/x.txt; package c is imported by nothing.
func writeModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"go.mod":         "module example.com/m\n\ngo 1.26\n",
		"a/a.go":         "package a\n\nimport _ \"example.com/m/b\"\n",
		"a/a_test.go":    "package a\n",
		"b/b.go":         "package b\n\nimport _ \"embed\"\n\n//go:embed data\nvar Data string\n",
		"b/data/x.txt":   "x",
		"b/catalog.json": "{}",
		"c/c.go":         "package c\n",
	}
	for name, text := range files {
		write(t, filepath.Join(root, name), text)
	}
	return root
}

func write(t *testing.T, file, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestVersionFollowsWhatIsLinked: an edit to a linked package, to a file
// it embeds or keeps beside it, or to go.mod is another version; an edit
// to a test or to a package the program does not link is not.
func TestVersionFollowsWhatIsLinked(t *testing.T) {
	tests := []struct {
		edit    string
		changes bool
	}{
		{"a/a.go", true},
		{"b/b.go", true},
		{"b/data/x.txt", true},
		{"b/catalog.json", true},
		{"go.mod", true},
		{"a/a_test.go", false},
		{"c/c.go", false},
	}
	for _, tt := range tests {
		t.Run(tt.edit, func(t *testing.T) {
			root := writeModule(t)
			before, err := Version(root, "example.com/m/a")
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(filepath.Join(root, tt.edit), os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("\n// edited\n")
			f.Close()
			after, err := Version(root, "example.com/m/a")
			if err != nil {
				t.Fatal(err)
			}
			if changed := before != after; changed != tt.changes {
				t.Errorf("editing %s: version changed = %v, want %v", tt.edit, changed, tt.changes)
			}
		})
	}
}

// TestVersionFollowsTheEnvironment: the language a lab prints in is part
// of the version.
func TestVersionFollowsTheEnvironment(t *testing.T) {
	root := writeModule(t)
	t.Setenv("LANG", "en_US.UTF-8")
	t.Setenv("LC_ALL", "")
	en, err := Version(root, "example.com/m/a")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("LANG", "zh_CN.UTF-8")
	zh, err := Version(root, "example.com/m/a")
	if err != nil {
		t.Fatal(err)
	}
	if en == zh {
		t.Errorf("LANG changed nothing")
	}
}

package report_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
	"idemlab/harness/report"
)

// tree is a small module: what Inputs reads, and files it must not.
var tree = map[string]string{
	"go.mod":                       "module x\n\ngo 1.26\n",
	"worksheet.md":                 "# worksheet\n",
	"reference/store.go":           "package reference\n",
	"mutants/catalogue.json":       `{"version":1}` + "\n",
	"mutants/mutants.go":           "package mutants\n",
	"mutants/1_x/store.go":         "package store\n// mutated\n",
	"mutants/1_x/store_test.go":    "package store\n",
	"harness/a/a.go":               "package a\n",
	"harness/a/a_test.go":          "package a\n",
	"harness/a/testdata/x.go":      "package x\n",
	"harness/a/notes.txt":          "not Go\n",
	"harness/b/b.go":               "package b\n",
	"testdata/edge/obs.txtar":      "# obs\nidem init\n",
	"reference/testdata/skip.go":   "package skip\n",
	"mutants/1_x/testdata/skip.go": "package skip\n",
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range files {
		put(t, root, name, text)
	}
	return root
}

func put(t *testing.T, root, name, text string) {
	t.Helper()
	file := filepath.Join(root, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func sum(text string) string {
	s := sha256.Sum256([]byte(text))
	return hex.EncodeToString(s[:])
}

func inputs(t *testing.T, root string, files ...string) []report.Digest {
	t.Helper()
	d, err := report.Inputs(root, testLayout, files)
	if err != nil {
		t.Fatalf("Inputs: %v", err)
	}
	return d
}

// harnessDigest is the "harness/" digest of d.
func harnessDigest(t *testing.T, d []report.Digest) string {
	t.Helper()
	if len(d) == 0 || d[len(d)-1].Path != "harness/" {
		t.Fatalf("last digest is not harness/: %+v", d)
	}
	return d[len(d)-1].SHA256
}

// testLayout is the layout of tree: a lab whose sources are its reference
// and mutants folders.
var testLayout = lab.Layout{Catalogue: "mutants/catalogue.json", Sources: []string{"reference", "mutants"}}

var hexSHA256 = regexp.MustCompile(`^[0-9a-f]{64}$`)

func TestInputs(t *testing.T) {
	root := writeTree(t, tree)
	got := inputs(t, root, "worksheet.md", "worksheet.zh-CN.md", "testdata/edge/obs.txtar")

	// Every file digest but the harness's, in order, with its SHA-256.
	want := []report.Digest{
		{Path: "worksheet.md", SHA256: sum(tree["worksheet.md"])},
		{Path: "worksheet.zh-CN.md"}, // missing: an empty digest
		{Path: "testdata/edge/obs.txtar", SHA256: sum(tree["testdata/edge/obs.txtar"])},
		{Path: "mutants/catalogue.json", SHA256: sum(tree["mutants/catalogue.json"])},
		{Path: "mutants/1_x/store.go", SHA256: sum(tree["mutants/1_x/store.go"])},
		{Path: "mutants/mutants.go", SHA256: sum(tree["mutants/mutants.go"])},
		{Path: "reference/store.go", SHA256: sum(tree["reference/store.go"])},
	}
	if diff := cmp.Diff(want, got[:len(got)-1]); diff != "" {
		t.Errorf("Inputs (-want +got):\n%s", diff)
	}
	h := harnessDigest(t, got)
	if !hexSHA256.MatchString(h) {
		t.Errorf("harness digest %q is not lower-case hex SHA-256", h)
	}
	for _, d := range got {
		if d.SHA256 != "" && !hexSHA256.MatchString(d.SHA256) {
			t.Errorf("%s: digest %q is not lower-case hex SHA-256", d.Path, d.SHA256)
		}
	}

	// The same tree gives the same answer, order included.
	if diff := cmp.Diff(got, inputs(t, root, "worksheet.md", "worksheet.zh-CN.md", "testdata/edge/obs.txtar")); diff != "" {
		t.Errorf("second Inputs differs (-first +second):\n%s", diff)
	}
	// A copy of the tree, written in another order, too.
	copyRoot := t.TempDir()
	names := make([]string, 0, len(tree))
	for name := range tree {
		names = append(names, name)
	}
	for i := len(names) - 1; i >= 0; i-- {
		put(t, copyRoot, names[i], tree[names[i]])
	}
	if diff := cmp.Diff(got, inputs(t, copyRoot, "worksheet.md", "worksheet.zh-CN.md", "testdata/edge/obs.txtar")); diff != "" {
		t.Errorf("Inputs of a copy differs (-original +copy):\n%s", diff)
	}
}

func TestInputsHarnessDigest(t *testing.T) {
	base := harnessDigest(t, inputs(t, writeTree(t, tree)))

	changed := func(edit map[string]string, remove ...string) string {
		t.Helper()
		files := map[string]string{}
		for k, v := range tree {
			files[k] = v
		}
		for k, v := range edit {
			files[k] = v
		}
		for _, k := range remove {
			delete(files, k)
		}
		return harnessDigest(t, inputs(t, writeTree(t, files)))
	}
	same := []struct {
		name string
		edit map[string]string
	}{
		{"test file changed", map[string]string{"harness/a/a_test.go": "package a\n// more tests\n"}},
		{"test file added", map[string]string{"harness/b/b_test.go": "package b\n"}},
		{"testdata changed", map[string]string{"harness/a/testdata/x.go": "package x\n// changed\n"}},
		{"testdata added", map[string]string{"harness/b/testdata/y.go": "package y\n"}},
		{"non-Go file changed", map[string]string{"harness/a/notes.txt": "other notes\n"}},
		{"a file outside harness changed", map[string]string{"reference/store.go": "package reference\n// changed\n"}},
	}
	for _, tt := range same {
		if got := changed(tt.edit); got != base {
			t.Errorf("%s: harness digest changed, want it unchanged", tt.name)
		}
	}
	if got := changed(nil, "harness/a/a_test.go", "harness/a/testdata/x.go"); got != base {
		t.Errorf("test file and testdata removed: harness digest changed, want it unchanged")
	}

	differ := []struct {
		name   string
		edit   map[string]string
		remove []string
	}{
		{"a.go changed", map[string]string{"harness/a/a.go": "package a\n\nfunc F() {}\n"}, nil},
		{"a.go changed by one byte", map[string]string{"harness/a/a.go": "package a \n"}, nil},
		{"Go file added", map[string]string{"harness/c/c.go": "package c\n"}, nil},
		{"Go file removed", nil, []string{"harness/b/b.go"}},
		{"Go file renamed", map[string]string{"harness/b/bb.go": tree["harness/b/b.go"]}, []string{"harness/b/b.go"}},
		// Name and length are hashed before the content, so bytes moved
		// from one file to the next change the digest.
		{"bytes moved between files", map[string]string{"harness/a/a.go": "package a\npackage b", "harness/b/b.go": "\n"}, nil},
	}
	seen := map[string]string{base: "base"}
	for _, tt := range differ {
		got := changed(tt.edit, tt.remove...)
		if prev, ok := seen[got]; ok {
			t.Errorf("%s: harness digest equals that of %s", tt.name, prev)
		}
		seen[got] = tt.name
	}
}

func TestInputsCatalogueMissing(t *testing.T) {
	files := map[string]string{}
	for k, v := range tree {
		if k != "mutants/catalogue.json" {
			files[k] = v
		}
	}
	got := inputs(t, writeTree(t, files))
	if got[0] != (report.Digest{Path: "mutants/catalogue.json"}) {
		t.Errorf("first digest = %+v, want an empty digest of mutants/catalogue.json", got[0])
	}
}

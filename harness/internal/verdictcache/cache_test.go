package verdictcache

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type value struct {
	Status string `json:"status"`
	N      int    `json:"n"`
}

func open(t *testing.T, dir, version string) (*Cache, *bytes.Buffer) {
	t.Helper()
	var warn bytes.Buffer
	c, err := Open(dir, version, &warn)
	if err != nil {
		t.Fatal(err)
	}
	return c, &warn
}

func TestPutGet(t *testing.T) {
	c, warn := open(t, t.TempDir(), "v1")
	k := NewKey([]byte("cell"), []byte("a"))
	var got value
	if c.Get("cell", k, &got) {
		t.Fatalf("an empty cache answered %v", got)
	}
	want := value{"pass", 3}
	if err := c.Put("cell", k, want); err != nil {
		t.Fatal(err)
	}
	if !c.Get("cell", k, &got) {
		t.Fatalf("the kept entry was not found")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entry (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(Stats{Hits: 1, Misses: 1}, c.Stats()); diff != "" {
		t.Errorf("stats (-want +got):\n%s", diff)
	}
	if warn.Len() > 0 {
		t.Errorf("warnings on sound entries: %s", warn)
	}
}

// TestKeysDoNotCollide: parts are length-prefixed, so moving a byte from
// one part to the next is another key.
func TestKeysDoNotCollide(t *testing.T) {
	a := NewKey([]byte("ab"), []byte("c"))
	b := NewKey([]byte("a"), []byte("bc"))
	if a == b {
		t.Fatalf("NewKey(ab, c) == NewKey(a, bc)")
	}
}

// TestUnsoundEntriesAreIgnored: an entry edited by hand, cut short by a
// killed run, copied under another key or written by another harness
// version is not believed: Get misses and warns naming the file.
func TestUnsoundEntriesAreIgnored(t *testing.T) {
	k := NewKey([]byte("cell"), []byte("x"))
	other := NewKey([]byte("cell"), []byte("y"))
	tests := []struct {
		name   string
		tamper func(t *testing.T, dir string, file string)
		why    string
	}{
		{"value edited by hand", func(t *testing.T, dir, file string) {
			replaceIn(t, file, `"status":"fail"`, `"status":"pass"`)
		}, "does not match its checksum"},
		{"cut short", func(t *testing.T, dir, file string) {
			data, _ := os.ReadFile(file)
			os.WriteFile(file, data[:len(data)/2], 0o644)
		}, "not an entry"},
		{"not JSON at all", func(t *testing.T, dir, file string) {
			os.WriteFile(file, []byte("\x00\x01garbage"), 0o644)
		}, "not an entry"},
		{"another version's entry", func(t *testing.T, dir, file string) {
			c2, _ := open(t, dir, "v2")
			if err := c2.Put("cell", k, value{"fail", 1}); err != nil {
				t.Fatal(err)
			}
		}, "written by harness version v2"},
		{"another key's entry copied over it", func(t *testing.T, dir, file string) {
			c, _ := open(t, dir, "v1")
			if err := c.Put("cell", other, value{"fail", 1}); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(c.path("cell", other))
			os.WriteFile(file, data, 0o644)
		}, "not its own"},
		{"another format", func(t *testing.T, dir, file string) {
			replaceIn(t, file, `"format":1`, `"format":9`)
		}, "format 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			c, warn := open(t, dir, "v1")
			if err := c.Put("cell", k, value{"fail", 1}); err != nil {
				t.Fatal(err)
			}
			file := c.path("cell", k)
			tt.tamper(t, dir, file)
			var got value
			if c.Get("cell", k, &got) {
				t.Fatalf("believed a tampered entry: %+v", got)
			}
			if diff := cmp.Diff(Stats{Misses: 1, Ignored: 1}, c.Stats()); diff != "" {
				t.Errorf("stats (-want +got):\n%s", diff)
			}
			w := warn.String()
			if !strings.HasPrefix(w, "warning: cache entry "+file+" ignored: ") || !strings.Contains(w, tt.why) {
				t.Errorf("warning = %q, want one naming %s and %q", w, file, tt.why)
			}
			// A later Put repairs it.
			if err := c.Put("cell", k, value{"pass", 2}); err != nil {
				t.Fatal(err)
			}
			if !c.Get("cell", k, &got) || got != (value{"pass", 2}) {
				t.Errorf("after Put: %v", got)
			}
		})
	}
}

func replaceIn(t *testing.T, file, old, new string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s has no %s: %s", file, old, data)
	}
	if err := os.WriteFile(file, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFreshReadsNothing: a fresh cache misses every entry, and still
// keeps what it is given.
func TestFreshReadsNothing(t *testing.T) {
	dir := t.TempDir()
	c, _ := open(t, dir, "v1")
	k := NewKey([]byte("k"))
	c.Put("cell", k, value{"pass", 1})
	c.Fresh()
	var got value
	if c.Get("cell", k, &got) {
		t.Fatalf("a fresh cache answered %v", got)
	}
	c.Put("cell", k, value{"fail", 2})
	again, _ := open(t, dir, "v1")
	if !again.Get("cell", k, &got) || got != (value{"fail", 2}) {
		t.Errorf("after a fresh Put, another run reads %v", got)
	}
}

// TestNoTemporaryFilesLeft: Put renames its temporary file, so nothing
// but entries remains.
func TestNoTemporaryFilesLeft(t *testing.T) {
	dir := t.TempDir()
	c, _ := open(t, dir, "v1")
	for i := range 20 {
		c.Put("cell", NewKey([]byte{byte(i)}), value{"pass", i})
	}
	var names []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasSuffix(p, ".json") {
			names = append(names, p)
		}
		return nil
	})
	if len(names) > 0 {
		t.Errorf("left behind: %v", names)
	}
}

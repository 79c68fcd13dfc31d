package idem_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/mutants"
	"idemlab/reference/idem"
)

// FuzzRun runs arbitrary argument lists (the fuzz input split at NUL
// bytes) against the reference, twice: on a directory holding a store
// with three rows and on an empty directory. Run must never panic; it
// must tell a usage error the same way in both (usage is decided before
// any store is read); a *UsageError must print nothing and leave the
// directory exactly as it was (no store created, the store's bytes
// unchanged, no -wal or -shm); any other error prints nothing either.
// Inputs with a '/', '\' or ".." are skipped: -db must stay inside the
// test's directories.
//
//	go test -run '^$' -fuzz '^FuzzRun$' -fuzztime 60s ./reference/idem
func FuzzRun(f *testing.F) {
	for _, args := range [][]string{
		nil,
		{"rows"},
		{"counts"},
		{"init"},
		{"reserve", "k", "v", "10"},
		{"reserve", "n", "v", "NaN"},
		{"finish", "p", "f", `{"receipt":2}`},
		{"finish", "k", "v", "{"},
		{"finish", "k", "v", `1 2`},
		{"fetch", "k", "9.999"},
		{"expired", "10", "true"},
		{"purge", "10", "101"},
		{"purge", "1e3", "1"},
		{"drain", "100", "0"},
		{"drain", "1e3", "1"},
		{"cycle", "order-42"},
		{"-db", "other.db", "init"},
		{"-db=", "rows"},
		{"--db", "x.db", "rows", "extra"},
		{"-x", "rows"},
		{"rows", "-db", "x"},
	} {
		f.Add(strings.Join(args, "\x00"))
	}
	image := fuzzStoreImage(f)
	f.Fuzz(func(t *testing.T, joined string) {
		if strings.ContainsAny(joined, `/\`) || strings.Contains(joined, "..") {
			return
		}
		var args []string
		if joined != "" {
			args = strings.Split(joined, "\x00")
		}
		withStore := t.TempDir()
		db := filepath.Join(withStore, idem.DefaultDB)
		if err := os.WriteFile(db, image, 0o644); err != nil {
			t.Fatal(err)
		}
		empty := t.TempDir()

		var out bytes.Buffer
		err := idem.Run(mutants.Lab().Reference, withStore, slices.Clone(args), &out)
		var usage *idem.UsageError
		isUsage := errors.As(err, &usage)
		if err != nil && out.Len() != 0 {
			t.Errorf("idem %q failed (%v) but printed %q", args, err, out.String())
		}
		if isUsage {
			if diff := cmp.Diff([]string{idem.DefaultDB}, listDir(t, withStore)); diff != "" {
				t.Errorf("idem %q: usage error %v, yet the directory changed (-want +got):\n%s", args, err, diff)
			}
			if !bytes.Equal(image, readFile(t, db)) {
				t.Errorf("idem %q: usage error %v, yet the store's bytes changed", args, err)
			}
		}

		out.Reset()
		err2 := idem.Run(mutants.Lab().Reference, empty, slices.Clone(args), &out)
		if errors.As(err2, &usage) != isUsage {
			t.Errorf("idem %q: with a store: %v; without one: %v; want a usage error in both or neither", args, err, err2)
		}
		if err2 != nil && out.Len() != 0 {
			t.Errorf("idem %q in an empty directory failed (%v) but printed %q", args, err2, out.String())
		}
		if isUsage {
			if diff := cmp.Diff([]string{}, listDir(t, empty)); diff != "" {
				t.Errorf("idem %q: usage error %v, yet files appeared (-want +got):\n%s", args, err2, diff)
			}
		}
	})
}

// fuzzStoreImage builds, once per fuzz target, a store holding a done row
// that expired at 10, a pending row expired long ago and a live done row,
// and returns its file's bytes. The write-ahead log is checkpointed and
// removed when the last connection closes, so the bytes are the whole
// store.
func fuzzStoreImage(f *testing.F) []byte {
	dir := f.TempDir()
	for _, args := range [][]string{
		{"init"},
		{"reserve", "k", "v", "10"},
		{"finish", "k", "v", `{"receipt":1}`},
		{"reserve", "p", "f", "1"},
		{"reserve", "z", "v", "100"},
		{"finish", "z", "v", `"live"`},
	} {
		if err := idem.Run(mutants.Lab().Reference, dir, args, new(bytes.Buffer)); err != nil {
			f.Fatalf("idem %q: %v", args, err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		f.Fatal(err)
	}
	if len(entries) != 1 {
		f.Fatalf("the store's directory holds %d files, want only %s", len(entries), idem.DefaultDB)
	}
	image, err := os.ReadFile(filepath.Join(dir, idem.DefaultDB))
	if err != nil {
		f.Fatal(err)
	}
	return image
}

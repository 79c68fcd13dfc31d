package idem_test

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/reference/idem"
)

// FuzzParseLimit: any text either parses to exactly the integer strconv
// reads from it, being an optional sign and ASCII decimal digits, whatever
// its value (the store's own check refuses those outside 1..100), or is
// refused with a message asking for an integer: no space, fraction,
// exponent, boolean or other script's digits.
//
//	go test -run '^$' -fuzz '^FuzzParseLimit$' -fuzztime 30s ./reference/idem
func FuzzParseLimit(f *testing.F) {
	for _, s := range []string{"1", "10", "100", "0100", "0", "101", "", "true", "1.5", "10x", "-1", "+5", " 5", "1e1", "0x10", "1_0", "١", "99999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := idem.ParseLimit(s)
		digits := strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+"), "0123456789") == "" &&
			strings.Trim(s, "+-") != "" && strings.Count(s, "-")+strings.Count(s, "+") <= 1
		want, werr := strconv.Atoi(s)
		if err != nil {
			if !strings.Contains(err.Error(), "want an integer") {
				t.Errorf("ParseLimit(%q) error %q does not ask for an integer", s, err)
			}
			if digits && werr == nil {
				t.Errorf("ParseLimit(%q) refused the integer %d: %v", s, want, err)
			}
			return
		}
		if !digits || werr != nil || n != want {
			t.Errorf("ParseLimit(%q) = %d; strconv reads %d, %v; want only signed decimal digits accepted, as read", s, n, want, werr)
		}
	})
}

// FuzzParseSeconds: any text either parses to what strconv reads from it,
// written in decimal (digits, sign, point, exponent) or as NaN or an
// infinity (which the store's own time check answers), and survives a
// round trip through its shortest form; or it is refused with a message
// that asks for seconds. Hexadecimal and digit separators are refused.
//
//	go test -run '^$' -fuzz '^FuzzParseSeconds$' -fuzztime 30s ./reference/idem
func FuzzParseSeconds(f *testing.F) {
	for _, s := range []string{"0", "10", "9.999", "-3", "1e3", ".5", "+5", "-0", "nan", "-Inf", "Infinity", "0x1p4", "1_0", "1e400", "1e-400", " 5", "10s", "true", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := idem.ParseSeconds(s)
		if err != nil {
			if !strings.Contains(err.Error(), "seconds") {
				t.Errorf("ParseSeconds(%q) error %q does not ask for seconds", s, err)
			}
			return
		}
		named := math.IsNaN(v) || math.IsInf(v, 0) && strings.ContainsAny(s, "iI")
		if !named && strings.Trim(s, "0123456789+-.eE") != "" {
			t.Errorf("ParseSeconds(%q) = %v: accepted text that is not a decimal number", s, v)
		}
		want, _ := strconv.ParseFloat(s, 64)
		if want != v && !(math.IsNaN(want) && math.IsNaN(v)) {
			t.Errorf("ParseSeconds(%q) = %v, strconv reads %v", s, v, want)
		}
		short := strconv.FormatFloat(v, 'g', -1, 64)
		if back, err := idem.ParseSeconds(short); err != nil || back != v && !math.IsNaN(v) {
			t.Errorf("ParseSeconds(%q) = %v, but ParseSeconds(%q) = %v, %v", s, v, short, back, err)
		}
	})
}

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
		err := idem.Run(idem.Reference, withStore, slices.Clone(args), &out)
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
		err2 := idem.Run(idem.Reference, empty, slices.Clone(args), &out)
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
		if err := idem.Run(idem.Reference, dir, args, new(bytes.Buffer)); err != nil {
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

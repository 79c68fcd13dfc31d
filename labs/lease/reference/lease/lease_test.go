package lease_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
	"idemlab/labs/lease/reference/lease"
)

// run runs lines in dir against impl and returns each line's output, or
// "error: ..." for a line that failed.
func run(t *testing.T, impl lab.Impl, dir string, lines ...[]string) []string {
	t.Helper()
	var out []string
	for _, l := range lines {
		var b bytes.Buffer
		if err := lease.Run(impl, dir, l, &b); err != nil {
			out = append(out, "error: "+strings.SplitN(err.Error(), "\n", 2)[0])
			continue
		}
		out = append(out, b.String())
	}
	return out
}

func TestRunOutputs(t *testing.T) {
	dir := t.TempDir()
	got := run(t, lease.Reference, dir,
		[]string{"init"},
		[]string{"claim", "k1", "v1", "A", "0", "10"},
		[]string{"claim", "k2", "v1", "A", "0", "5"},
		[]string{"renew", "k1", "A", "1", "5", "10"},
		[]string{"takeover", "k2", "v1", "B", "5", "10"},
		[]string{"finish", "k2", "v1", "1", `{"receipt":1}`},
		[]string{"finish", "k2", "v1", "2", `{"html":"<b>","n":12345678901234567890}`},
		[]string{"fetch", "k2"},
		[]string{"fetch", "k1"},
		[]string{"abandoned", "100"},
		[]string{"abandoned", "100", "1"},
		[]string{"compensate", "k1", "100", `"gave up"`},
		[]string{"inspect", "k1"},
		[]string{"inspect", "nobody"},
		[]string{"cycle", "k3"},
		[]string{"rows"},
	)
	want := []string{
		"",
		"1\n",
		"1\n",
		"true\n",
		"2\n",
		"false\n",
		"true\n",
		`{"html":"<b>","n":12345678901234567890}` + "\n",
		"null\n",
		`["k1"]` + "\n",
		`["k1"]` + "\n",
		"true\n",
		`{"status":"failed","owner":"A","lease_until":15,"token":2}` + "\n",
		`{"status":"","owner":"","lease_until":0,"token":0}` + "\n",
		"false\n",
		`{"id":"k1","fingerprint":"v1","status":"failed","response":"gave up","owner":"A","lease_until":15,"token":2}` + "\n" +
			`{"id":"k2","fingerprint":"v1","status":"done","response":{"html":"<b>","n":12345678901234567890},"owner":"B","lease_until":15,"token":2}` + "\n" +
			`{"id":"k3","fingerprint":"v1","status":"done","response":{"receipt":2},"owner":"B","lease_until":20,"token":2}` + "\n",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
}

// TestRunUsageErrors: a malformed line is a *UsageError naming what is
// wrong, and touches nothing: no store is created, and an existing one
// keeps its rows.
func TestRunUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "missing COMMAND"},
		{[]string{"-x", "init"}, `unknown flag "-x"`},
		{[]string{"-db"}, "flag -db needs a PATH"},
		{[]string{"-db="}, "flag -db: empty PATH"},
		{[]string{"lease"}, `unknown command "lease"`},
		{[]string{"claim", "k1", "v1", "A", "0"}, "missing TTL"},
		{[]string{"fetch", "k1", "5"}, `unexpected argument "5"`},
		{[]string{"claim", "k1", "v1", "A", "10s", "10"}, `NOW "10s": want a number of seconds`},
		{[]string{"claim", "k1", "v1", "A", "0", "0x1p4"}, `TTL "0x1p4": want a decimal number of seconds`},
		{[]string{"claim", "k1", "v1", "A", "1_0", "10"}, `want a decimal number of seconds`},
		{[]string{"renew", "k1", "A", "1.0", "5", "10"}, `TOKEN "1.0": want an integer`},
		{[]string{"finish", "k1", "v1", "", "1"}, `TOKEN "": want an integer`},
		{[]string{"finish", "k1", "v1", "9223372036854775808", "1"}, "want an integer from -9223372036854775808 to 9223372036854775807"},
		{[]string{"finish", "k1", "v1", "1", "{"}, `JSON "{": not JSON`},
		{[]string{"finish", "k1", "v1", "1", "[1]]"}, "not one JSON value"},
		{[]string{"compensate", "k1", "NaNx", "1"}, `NOW "NaNx"`},
		{[]string{"abandoned", "10", "true"}, `LIMIT "true": want an integer`},
		{[]string{"abandoned", "10", "99999999999999999999"}, `LIMIT "99999999999999999999": want an integer from`},
		{[]string{"interleave", "takeover k1 v1 B 10 10", "-db x rows"}, "want one lease command without flags"},
		{[]string{"interleave", "interleave rows"}, "want one lease command without flags"},
		{[]string{"interleave", " "}, "want one lease command without flags"},
		// Every line is checked before any runs (in this empty folder, a
		// claim that ran would be a result, not a usage error).
		{[]string{"interleave", "claim k1 v1 A 0 10", "bogus k1"}, `WRITE "bogus k1": unknown command "bogus"`},
		{[]string{"interleave", "claim k2 v1 A zero 10"}, `OP "claim k2 v1 A zero 10": NOW "zero": want a number of seconds`},
		{[]string{"interleave", "claim k1 v1 A 0 10", "renew k1 A one 1 10"}, `WRITE "renew k1 A one 1 10": TOKEN "one": want an integer`},
		{[]string{"interleave", "claim k1 v1 A 0 10", "finish k1 v1 1"}, `WRITE "finish k1 v1 1": missing JSON`},
		{[]string{"interleave", "claim k1 v1 A 0 10", "inspect k1 k2"}, `WRITE "inspect k1 k2": unexpected argument "k2"`},
		{[]string{"interleave", "claim k1 v1 A 0 10", "abandoned 0 many"}, `WRITE "abandoned 0 many": LIMIT "many": want an integer`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			dir := t.TempDir()
			err := lease.Run(lease.Reference, dir, tc.args, new(bytes.Buffer))
			var usage *lease.UsageError
			if !errors.As(err, &usage) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Run(%q) = %v, want a usage error containing %q", tc.args, err, tc.want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) > 0 {
				t.Errorf("a refused line left %v in its folder", entries)
			}
		})
	}
}

// TestRunPassesValuesOn: every value the Go types carry reaches the
// store, whose own checks then answer.
func TestRunPassesValuesOn(t *testing.T) {
	dir := t.TempDir()
	got := run(t, lease.Reference, dir,
		[]string{"init"},
		[]string{"claim", "k1", "v1", "A", "NaN", "10"},
		[]string{"claim", "k1", "v1", "A", "0", "-Inf"},
		[]string{"claim", "k1", "v1", "A", "0", "10"},
		[]string{"finish", "k1", "v1", "-5", "1"},
		[]string{"finish", "k1", "v1", "1", "null"},
		[]string{"abandoned", "10", "101"},
	)
	want := []string{
		"",
		`error: Claim "k1": now is NaN, not a finite time`,
		`error: Claim "k1": ttl is -Inf, not a positive finite number of seconds`,
		"1\n",
		"false\n",
		`error: Finish "k1": response is nil: a finished or failed key needs one`,
		"error: Abandoned: invalid limit: want an integer in 1..100 (got 101)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
}

// TestDBFlag: -db names the store, relative to the folder Run is given,
// in both its spellings.
func TestDBFlag(t *testing.T) {
	dir := t.TempDir()
	run(t, lease.Reference, dir, []string{"-db", "a.db", "init"}, []string{"--db=b.db", "init"})
	for _, f := range []string{"a.db", "b.db"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("-db %s: %v", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, lease.DefaultDB)); !os.IsNotExist(err) {
		t.Errorf("the default store was created: %v", err)
	}
}

// TestRunRefusesAnotherAPI: an implementation of another lab is an
// error, not a panic.
func TestRunRefusesAnotherAPI(t *testing.T) {
	err := lease.Run(lab.Impl{Name: "other", Value: 42}, t.TempDir(), []string{"init"}, new(bytes.Buffer))
	if err == nil || !strings.Contains(err.Error(), "not a lease.API") {
		t.Errorf("Run on an int: %v", err)
	}
}

// TestReadRowsErrors: rows of a missing store, a folder, a store without
// the table are errors, and nothing is created.
func TestReadRowsErrors(t *testing.T) {
	dir := t.TempDir()
	for name, want := range map[string]string{"missing.db": "does not exist", ".": "is a directory"} {
		if _, err := lease.ReadRows(filepath.Join(dir, name)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadRows(%s) = %v, want an error containing %q", name, err, want)
		}
	}
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := lease.ReadRows(empty); err == nil || !strings.Contains(err.Error(), "no such table") {
		t.Errorf("ReadRows of a store without the table = %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "missing.db")); !os.IsNotExist(err) {
		t.Errorf("ReadRows created the missing store: %v", err)
	}
}

// TestInterleave: the second worker runs while the takeover holds the
// write lock, waits, and runs after it; a command that makes no query
// runs everything after.
func TestInterleave(t *testing.T) {
	dir := t.TempDir()
	got := run(t, lease.Reference, dir,
		[]string{"init"},
		[]string{"claim", "k1", "v1", "A", "0", "10"},
		[]string{"interleave", "takeover k1 v1 B 10 10", "inspect k1", "takeover k1 v1 C 10 10"},
		[]string{"interleave", "claim k2 v1 A 0 10", "claim k2 v1 B 0 10"},
	)
	want := []string{
		"", "1\n",
		`during: inspect k1 => {"status":"pending","owner":"A","lease_until":10,"token":1}` + "\n" +
			"waits: takeover k1 v1 C 10 10 (the store is locked)\n" +
			"takeover k1 v1 B 10 10 => 2\n" +
			"after: takeover k1 v1 C 10 10 => 0\n",
		"claim k2 v1 A 0 10 => 1\nafter: claim k2 v1 B 0 10 => 0\n",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("interleavings (-want +got):\n%s", diff)
	}
}

// FuzzRun: any command line, against a store holding a lease, returns or
// fails without a panic, and a usage error leaves the rows as they were.
func FuzzRun(f *testing.F) {
	for _, s := range []string{"claim\x00k\x00v\x00A\x000\x0010", "renew\x00k1\x00A\x001\x005\x0010", "finish\x00k1\x00v1\x001\x00{", "abandoned\x00NaN\x00-1", "-db\x00", "interleave\x00takeover k1 v1 B 10 10\x00finish k1 v1 1 1", "interleave\x00takeover k1 v1 B 10 10\x00finish k1 v1 x 1", "inspect\x00k1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		dir := t.TempDir()
		run(t, lease.Reference, dir, []string{"init"}, []string{"claim", "k1", "v1", "A", "0", "10"})
		before, err := lease.ReadRows(filepath.Join(dir, lease.DefaultDB))
		if err != nil {
			t.Fatal(err)
		}
		args := strings.Split(line, "\x00")
		err = lease.Run(lease.Reference, dir, args, new(bytes.Buffer))
		var usage *lease.UsageError
		if errors.As(err, &usage) {
			after, err := lease.ReadRows(filepath.Join(dir, lease.DefaultDB))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(before, after); diff != "" {
				t.Errorf("the refused line %q changed the rows (-before +after):\n%s", args, diff)
			}
		}
	})
}

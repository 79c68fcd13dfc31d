package idem_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/lab"
	"idemlab/mutants"
	"idemlab/reference/idem"
)

// run executes one idem command line against s in dir and returns what it
// printed and the error it returned.
func run(t *testing.T, s lab.Impl, dir string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := idem.Run(s, dir, args, &out)
	return out.String(), err
}

// mustRun is run for a command that must succeed.
func mustRun(t *testing.T, s lab.Impl, dir string, args ...string) string {
	t.Helper()
	out, err := run(t, s, dir, args...)
	if err != nil {
		t.Fatalf("idem %q: %v", args, err)
	}
	return out
}

// listDir returns the names in dir, sorted, so a test can see that a
// command created no file (a store, a -wal, -shm or -journal file).
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{}
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// usageCases are command lines Run must refuse with a *UsageError before
// it touches the store. cmd is the UsageError's Cmd; every string in want
// must appear in its message.
var usageCases = []struct {
	name string
	args []string
	cmd  string
	want []string
}{
	{"no args", nil, "", []string{"missing COMMAND", "usage: idem [-db PATH] COMMAND [ARGS]"}},
	{"unknown command", []string{"bogus"}, "", []string{`unknown command "bogus"`}},
	{"unknown flag", []string{"-x", "rows"}, "", []string{`unknown flag "-x"`}},
	{"flag after dash dash", []string{"--", "rows"}, "", []string{`unknown flag "--"`}},
	{"db without path", []string{"-db"}, "", []string{"flag -db needs a PATH"}},
	{"db empty with equals", []string{"-db=", "rows"}, "", []string{"flag -db: empty PATH"}},
	{"db empty", []string{"-db", "", "rows"}, "", []string{"flag -db: empty PATH"}},
	{"db then no command", []string{"-db", "other.db"}, "", []string{"missing COMMAND"}},
	{"init extra", []string{"init", "extra"}, "init", []string{`unexpected argument "extra"`}},
	{"reserve nothing", []string{"reserve"}, "reserve", []string{"missing KEY DIGEST EXPIRES", "usage: idem [-db PATH] reserve KEY DIGEST EXPIRES"}},
	{"reserve key only", []string{"reserve", "k"}, "reserve", []string{"missing DIGEST EXPIRES"}},
	{"reserve extra", []string{"reserve", "k", "v", "10", "x"}, "reserve", []string{`unexpected argument "x"`}},
	{"reserve word expires", []string{"reserve", "k", "v", "soon"}, "reserve", []string{`EXPIRES "soon"`, "seconds"}},
	{"reserve hex expires", []string{"reserve", "k", "v", "0x1p4"}, "reserve", []string{`EXPIRES "0x1p4"`}},
	{"finish missing json", []string{"finish", "k", "v"}, "finish", []string{"missing JSON"}},
	{"finish bad json", []string{"finish", "k", "v", "{"}, "finish", []string{`JSON "{": not JSON`}},
	{"finish empty json", []string{"finish", "k", "v", ""}, "finish", []string{`JSON "": not JSON`}},
	{"finish two values", []string{"finish", "k", "v", "1 2"}, "finish", []string{`JSON "1 2": not one JSON value`}},
	{"finish bare word", []string{"finish", "k", "v", "receipt"}, "finish", []string{`JSON "receipt": not JSON`}},
	{"fetch missing now", []string{"fetch", "k"}, "fetch", []string{"missing NOW"}},
	{"fetch bad now", []string{"fetch", "k", "later"}, "fetch", []string{`NOW "later"`}},
	{"fetch extra", []string{"fetch", "k", "1", "2"}, "fetch", []string{`unexpected argument "2"`}},
	{"expired missing now", []string{"expired"}, "expired", []string{"missing NOW"}},
	{"expired limit true", []string{"expired", "10", "true"}, "expired", []string{`LIMIT "true"`, "want an integer", "usage: idem [-db PATH] expired NOW [LIMIT]"}},
	{"expired limit fraction", []string{"expired", "10", "1.5"}, "expired", []string{`LIMIT "1.5"`, "want an integer"}},
	{"expired limit suffix", []string{"expired", "10", "10x"}, "expired", []string{`LIMIT "10x"`, "want an integer"}},
	{"expired limit empty", []string{"expired", "10", ""}, "expired", []string{`LIMIT ""`, "want an integer"}},
	{"expired extra", []string{"expired", "10", "5", "6"}, "expired", []string{`unexpected argument "6"`}},
	{"purge missing now", []string{"purge"}, "purge", []string{"missing NOW"}},
	{"purge bad now", []string{"purge", "x"}, "purge", []string{`NOW "x"`}},
	{"purge limit true", []string{"purge", "100", "true"}, "purge", []string{`LIMIT "true"`, "want an integer"}},
	{"purge limit exponent", []string{"purge", "100", "1e1"}, "purge", []string{`LIMIT "1e1"`, "want an integer"}},
	{"counts extra", []string{"counts", "x"}, "counts", []string{`unexpected argument "x"`}},
	{"cycle missing key", []string{"cycle"}, "cycle", []string{"missing KEY"}},
	{"cycle extra", []string{"cycle", "a", "b"}, "cycle", []string{`unexpected argument "b"`}},
	{"rows extra", []string{"rows", "x"}, "rows", []string{`unexpected argument "x"`}},
	{"flag after command", []string{"rows", "-db", "x"}, "rows", []string{`unexpected argument "-db"`}},
	// interleave and between check every line before running any: the
	// purge or drain OP, which would delete the expired row, never runs.
	{"interleave unknown write", []string{"interleave", "purge 100", "bogus k"}, "interleave", []string{`WRITE "bogus k": unknown command "bogus"`, "usage: idem [-db PATH] interleave OP [WRITE...]"}},
	{"interleave write missing argument", []string{"interleave", "purge 100", "reserve k2 v"}, "interleave", []string{`WRITE "reserve k2 v": missing EXPIRES`}},
	{"interleave write extra argument", []string{"interleave", "purge 100", "counts x"}, "interleave", []string{`WRITE "counts x": unexpected argument "x"`}},
	{"interleave write bad expires", []string{"interleave", "purge 100", "reserve k2 v soon"}, "interleave", []string{`WRITE "reserve k2 v soon": EXPIRES "soon": want a number of seconds`}},
	{"interleave bad op", []string{"interleave", "purge 100 x", "counts"}, "interleave", []string{`OP "purge 100 x": LIMIT "x": want an integer`}},
	{"between bad write", []string{"between", "drain 100", "finish k v {"}, "between", []string{`WRITE "finish k v {": JSON "{": not JSON`}},
	{"between bad drain", []string{"between", "drain later", "counts"}, "between", []string{`DRAIN "drain later": NOW "later"`}},
}

func checkUsageError(t *testing.T, err error, cmd string, want []string) {
	t.Helper()
	var usage *idem.UsageError
	if !errors.As(err, &usage) {
		t.Fatalf("error = %v (%T), want a *idem.UsageError", err, err)
	}
	if usage.Cmd != cmd {
		t.Errorf("UsageError.Cmd = %q, want %q", usage.Cmd, cmd)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("usage error %q does not contain %q", err, w)
		}
	}
}

// TestRunUsageErrorsCreateNoStore runs each bad command line in an empty
// directory: the error is a *UsageError naming the argument, nothing is
// printed, and no file at all appears (no store, no -wal or -journal).
func TestRunUsageErrorsCreateNoStore(t *testing.T) {
	for _, tc := range usageCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out, err := run(t, mutants.Lab().Reference, dir, tc.args...)
			checkUsageError(t, err, tc.cmd, tc.want)
			if out != "" {
				t.Errorf("stdout = %q, want nothing", out)
			}
			if _, err := os.Stat(filepath.Join(dir, idem.DefaultDB)); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("store after a usage error: Stat = %v, want not exist", err)
			}
			if diff := cmp.Diff([]string{}, listDir(t, dir)); diff != "" {
				t.Errorf("files created by a usage error (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRunUsageErrorsLeaveStoreUnchanged runs each bad command line on an
// initialised store holding one done, expired row (so a purge that slipped
// through would delete it): the rows and the file's bytes are unchanged.
func TestRunUsageErrorsLeaveStoreUnchanged(t *testing.T) {
	for _, tc := range usageCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, idem.DefaultDB)
			mustRun(t, mutants.Lab().Reference, dir, "init")
			mustRun(t, mutants.Lab().Reference, dir, "reserve", "k", "v", "10")
			mustRun(t, mutants.Lab().Reference, dir, "finish", "k", "v", `{"receipt":1}`)
			rowsBefore, err := readRows(db)
			if err != nil {
				t.Fatal(err)
			}
			if len(rowsBefore) != 1 {
				t.Fatalf("setup: %d rows, want 1", len(rowsBefore))
			}
			bytesBefore := readFile(t, db)
			filesBefore := listDir(t, dir)

			out, err := run(t, mutants.Lab().Reference, dir, tc.args...)
			checkUsageError(t, err, tc.cmd, tc.want)
			if out != "" {
				t.Errorf("stdout = %q, want nothing", out)
			}

			rowsAfter, err := readRows(db)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(rowsBefore, rowsAfter); diff != "" {
				t.Errorf("rows changed by a usage error (-want +got):\n%s", diff)
			}
			if !bytes.Equal(bytesBefore, readFile(t, db)) {
				t.Errorf("store file bytes changed by a usage error")
			}
			if diff := cmp.Diff(filesBefore, listDir(t, dir)); diff != "" {
				t.Errorf("files in the store's directory changed (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRunFinishRejectsTextAfterJSON: JSON must be exactly one JSON value.
// A stray ']' or '}' counts too, though json.Decoder.More would miss it.
func TestRunFinishRejectsTextAfterJSON(t *testing.T) {
	for _, arg := range []string{`{"a":1}x`, `1 2`, `{"a":1}]`, `{"a":1}}`, `1]`} {
		t.Run(arg, func(t *testing.T) {
			dir := t.TempDir()
			mustRun(t, mutants.Lab().Reference, dir, "init")
			mustRun(t, mutants.Lab().Reference, dir, "reserve", "k", "v", "10")
			_, err := run(t, mutants.Lab().Reference, dir, "finish", "k", "v", arg)
			checkUsageError(t, err, "finish", []string{fmt.Sprintf("JSON %q", arg)})
			rows, err := readRows(filepath.Join(dir, idem.DefaultDB))
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != 1 || rows[0].Status != "pending" {
				t.Errorf("rows after a refused finish = %+v, want k still pending", rows)
			}
		})
	}
}

// TestRunOutputs follows a store through every command on the reference
// and checks the exact text each prints.
func TestRunOutputs(t *testing.T) {
	dir := t.TempDir()
	steps := []struct {
		args []string
		want string
	}{
		{[]string{"init"}, ""},
		{[]string{"init"}, ""},
		{[]string{"counts"}, `{"done":0,"pending":0}` + "\n"},
		{[]string{"rows"}, ""},
		{[]string{"expired", "100"}, "[]\n"},
		{[]string{"purge", "100"}, "[]\n"},
		{[]string{"reserve", "a", "v1", "10"}, "true\n"},
		{[]string{"reserve", "a", "v1", "10"}, "false\n"},
		{[]string{"reserve", "b", "v2", "20"}, "true\n"},
		{[]string{"reserve", "c", "v3", "5"}, "true\n"}, // never finished
		{[]string{"fetch", "a", "5"}, "null\n"},         // pending
		{[]string{"counts"}, `{"done":0,"pending":3}` + "\n"},
		{[]string{"finish", "a", "v1", `{"receipt":1}`}, "true\n"},
		{[]string{"finish", "a", "v1", `{"receipt":2}`}, "false\n"},
		{[]string{"finish", "b", "wrong", `1`}, "false\n"},
		{[]string{"finish", "b", "v2", `[12345678901234567890.50, "<&>", null]`}, "true\n"},
		{[]string{"counts"}, `{"done":2,"pending":1}` + "\n"},
		{[]string{"fetch", "a", "9.999"}, `{"receipt":1}` + "\n"},
		{[]string{"fetch", "a", "10"}, "null\n"},
		{[]string{"fetch", "a", "10.001"}, "null\n"},
		{[]string{"fetch", "b", "0"}, `[12345678901234567890.50,"<&>",null]` + "\n"},
		{[]string{"fetch", "nobody", "0"}, "null\n"},
		{[]string{"expired", "9.999"}, "[]\n"},
		{[]string{"expired", "10"}, `["a"]` + "\n"},
		{[]string{"expired", "1e3"}, `["a","b"]` + "\n"},
		{[]string{"expired", "1e3", "1"}, `["a"]` + "\n"},
		{[]string{"expired", "1e3", "010"}, `["a","b"]` + "\n"},
		{[]string{"rows"}, `{"id":"a","fingerprint":"v1","status":"done","response":{"receipt":1},"expires":10}` + "\n" +
			`{"id":"b","fingerprint":"v2","status":"done","response":[12345678901234567890.50,"<&>",null],"expires":20}` + "\n" +
			`{"id":"c","fingerprint":"v3","status":"pending","response":null,"expires":5}` + "\n"},
		{[]string{"purge", "1000", "1"}, `["a"]` + "\n"},
		{[]string{"counts"}, `{"done":1,"pending":1}` + "\n"},
		{[]string{"purge", "1000"}, `["b"]` + "\n"},
		{[]string{"purge", "1000"}, "[]\n"},
		{[]string{"counts"}, `{"done":0,"pending":1}` + "\n"},
		{[]string{"reserve", "a", "v9", "30.5"}, "true\n"},
		{[]string{"finish", "a", "v9", `"again"`}, "true\n"},
		{[]string{"fetch", "a", "30"}, `"again"` + "\n"},
		{[]string{"rows"}, `{"id":"a","fingerprint":"v9","status":"done","response":"again","expires":30.5}` + "\n" +
			`{"id":"c","fingerprint":"v3","status":"pending","response":null,"expires":5}` + "\n"},
		{[]string{"counts"}, `{"done":1,"pending":1}` + "\n"},
		{[]string{"cycle", "z"}, "true\n"},
		{[]string{"rows"}, `{"id":"a","fingerprint":"v9","status":"done","response":"again","expires":30.5}` + "\n" +
			`{"id":"c","fingerprint":"v3","status":"pending","response":null,"expires":5}` + "\n" +
			`{"id":"z","fingerprint":"v2","status":"pending","response":null,"expires":20}` + "\n"},
	}
	for i, step := range steps {
		got, err := run(t, mutants.Lab().Reference, dir, step.args...)
		if err != nil {
			t.Fatalf("step %d: idem %q: %v", i, step.args, err)
		}
		if diff := cmp.Diff(step.want, got); diff != "" {
			t.Errorf("step %d: idem %q output (-want +got):\n%s", i, step.args, diff)
		}
	}
}

// TestRunDBFlag: -db names the store in every accepted spelling, a
// relative path is resolved against Run's dir, and the default store is
// not created when another is named.
func TestRunDBFlag(t *testing.T) {
	dir := t.TempDir()
	abs := filepath.Join(t.TempDir(), "abs store #1?.db")
	for _, args := range [][]string{
		{"-db", "rel.db", "init"},
		{"-db=sub.db", "init"},
		{"--db", "dash.db", "init"},
		{"--db=eq.db", "init"},
		{"-db", abs, "init"},
		{"-db", "ignored.db", "-db", "last.db", "init"},
	} {
		mustRun(t, mutants.Lab().Reference, dir, args...)
	}
	want := []string{"dash.db", "eq.db", "last.db", "rel.db", "sub.db"}
	if diff := cmp.Diff(want, listDir(t, dir)); diff != "" {
		t.Errorf("stores created in dir (-want +got):\n%s", diff)
	}
	mustRun(t, mutants.Lab().Reference, dir, "-db", abs, "reserve", "k", "v", "1")
	got := mustRun(t, mutants.Lab().Reference, "/nonexistent-dir-ignored-for-absolute-paths", "-db", abs, "rows")
	want1 := `{"id":"k","fingerprint":"v","status":"pending","response":null,"expires":1}` + "\n"
	if diff := cmp.Diff(want1, got); diff != "" {
		t.Errorf("rows of a store named by an absolute path with '#' and '?' (-want +got):\n%s", diff)
	}
	if got := mustRun(t, mutants.Lab().Reference, dir, "-db", "rel.db", "counts"); got != `{"done":0,"pending":0}`+"\n" {
		t.Errorf("counts of rel.db = %q", got)
	}
}

// awkwardKeys are ids that break naive quoting in SQL, shells or JSON.
var awkwardKeys = []string{
	`say "hi"`,
	"with space",
	`'; DROP TABLE keys; --`,
	`back\slash`,
	"<tag>&amp;",
	"ключ-ü-日本-🙂",
	"tab\tand\nnewline",
	"line\u2028sep",
	"-dash-first",
	"",
}

// TestRunKeysVerbatim stores each awkward key and checks that rows and
// expired print it back exactly, correctly JSON-escaped, and that the
// would-be injection left the table in place.
func TestRunKeysVerbatim(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, mutants.Lab().Reference, dir, "init")
	for _, k := range awkwardKeys {
		if got := mustRun(t, mutants.Lab().Reference, dir, "reserve", k, "d:"+k, "7"); got != "true\n" {
			t.Fatalf("reserve %q = %q, want true", k, got)
		}
		if got := mustRun(t, mutants.Lab().Reference, dir, "finish", k, "d:"+k, `{"key":`+mustJSON(t, k)+`}`); got != "true\n" {
			t.Fatalf("finish %q = %q, want true", k, got)
		}
	}
	if got := mustRun(t, mutants.Lab().Reference, dir, "counts"); got != `{"done":10,"pending":0}`+"\n" {
		t.Fatalf("counts = %q: the table did not survive its keys", got)
	}

	// Hand-written expectations, so the escaping itself is checked: quotes
	// and backslashes escaped, HTML and unicode kept raw, control
	// characters and U+2028 escaped. Byte order, as SQLite sorts TEXT.
	wantExpired := `["","'; DROP TABLE keys; --","-dash-first","<tag>&amp;","back\\slash","line\u2028sep","say \"hi\"","tab\tand\nnewline","with space","ключ-ü-日本-🙂"]` + "\n"
	got := mustRun(t, mutants.Lab().Reference, dir, "expired", "7", "100")
	if diff := cmp.Diff(wantExpired, got); diff != "" {
		t.Errorf("expired output (-want +got):\n%s", diff)
	}
	var ids []string
	if err := json.Unmarshal([]byte(got), &ids); err != nil {
		t.Fatal(err)
	}
	sorted := append([]string(nil), awkwardKeys...)
	sort.Strings(sorted)
	if diff := cmp.Diff(sorted, ids); diff != "" {
		t.Errorf("expired ids decoded (-want +got):\n%s", diff)
	}

	wantRow := `{"id":"say \"hi\"","fingerprint":"d:say \"hi\"","status":"done","response":{"key":"say \"hi\""},"expires":7}`
	lines := strings.Split(strings.TrimSuffix(mustRun(t, mutants.Lab().Reference, dir, "rows"), "\n"), "\n")
	if !containsLine(lines, wantRow) {
		t.Errorf("rows has no line %s; got:\n%s", wantRow, strings.Join(lines, "\n"))
	}
	wantRow = `{"id":"back\\slash","fingerprint":"d:back\\slash","status":"done","response":{"key":"back\\slash"},"expires":7}`
	if !containsLine(lines, wantRow) {
		t.Errorf("rows has no line %s; got:\n%s", wantRow, strings.Join(lines, "\n"))
	}
	var gotIDs []string
	for _, line := range lines {
		var r row
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("rows line %s: %v", line, err)
		}
		if r.Fingerprint != "d:"+r.ID {
			t.Errorf("row %q: fingerprint %q, want %q", r.ID, r.Fingerprint, "d:"+r.ID)
		}
		var resp struct{ Key string }
		if err := json.Unmarshal(r.Response, &resp); err != nil || resp.Key != r.ID {
			t.Errorf("row %q: response %s, want {\"key\": the id}", r.ID, r.Response)
		}
		gotIDs = append(gotIDs, r.ID)
	}
	if diff := cmp.Diff(sorted, gotIDs); diff != "" {
		t.Errorf("rows ids decoded (-want +got):\n%s", diff)
	}
	for _, k := range awkwardKeys {
		want := `{"key":` + mustJSON(t, k) + "}\n"
		if got := mustRun(t, mutants.Lab().Reference, dir, "fetch", k, "6"); got != want {
			t.Errorf("fetch %q = %q, want %q", k, got, want)
		}
	}
}

func containsLine(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// TestRunOperationErrors: a store that is missing or a directory is an
// operation error (not a *UsageError), nothing is printed and no file is
// created.
func TestRunOperationErrors(t *testing.T) {
	for _, args := range [][]string{
		{"reserve", "k", "v", "10"},
		{"finish", "k", "v", "1"},
		{"fetch", "k", "1"},
		{"expired", "1"},
		{"purge", "1"},
		{"counts"},
		{"cycle", "k"},
		{"rows"},
	} {
		t.Run("missing/"+args[0], func(t *testing.T) {
			dir := t.TempDir()
			out, err := run(t, mutants.Lab().Reference, dir, args...)
			var usage *idem.UsageError
			if err == nil || errors.As(err, &usage) {
				t.Fatalf("error = %v, want an operation error", err)
			}
			if !strings.Contains(err.Error(), "does not exist") {
				t.Errorf("error %q does not say the store does not exist", err)
			}
			if out != "" {
				t.Errorf("stdout = %q, want nothing", out)
			}
			if diff := cmp.Diff([]string{}, listDir(t, dir)); diff != "" {
				t.Errorf("files created (-want +got):\n%s", diff)
			}
		})
	}
	for _, args := range [][]string{{"init"}, {"counts"}, {"rows"}, {"purge", "1"}} {
		t.Run("directory/"+args[0], func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Mkdir(filepath.Join(dir, idem.DefaultDB), 0o755); err != nil {
				t.Fatal(err)
			}
			out, err := run(t, mutants.Lab().Reference, dir, args...)
			var usage *idem.UsageError
			if err == nil || errors.As(err, &usage) {
				t.Fatalf("error = %v, want an operation error", err)
			}
			if !strings.Contains(err.Error(), "is a directory") {
				t.Errorf("error %q does not say the store is a directory", err)
			}
			if out != "" {
				t.Errorf("stdout = %q, want nothing", out)
			}
			if diff := cmp.Diff([]string{idem.DefaultDB}, listDir(t, dir)); diff != "" {
				t.Errorf("files beside the store (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]string{}, listDir(t, filepath.Join(dir, idem.DefaultDB))); diff != "" {
				t.Errorf("files inside the directory (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRunUsesGivenImpl shows that Run drives the implementation it is
// given: for each mutant, a short sequence whose last command prints one
// thing on the reference and another on the mutant.
func TestRunUsesGivenImpl(t *testing.T) {
	for _, tc := range []struct {
		mutant  string
		setup   [][]string
		observe []string
		// ref and mut are the last command's stdout, or "error: " and a
		// piece of its message.
		ref, mut string
	}{
		{
			mutant:  "1_init_fails_twice",
			setup:   [][]string{{"init"}, {"reserve", "k", "v", "10"}},
			observe: []string{"init"},
			ref:     "",
			mut:     "error: already exists",
		},
		{
			mutant:  "2_reserve_replaces_existing",
			setup:   [][]string{{"init"}, {"reserve", "k", "v", "10"}, {"finish", "k", "v", `"r"`}},
			observe: []string{"reserve", "k", "v", "10"},
			ref:     "false\n",
			mut:     "true\n",
		},
		{
			mutant:  "3_finish_overwrites_done",
			setup:   [][]string{{"init"}, {"reserve", "k", "v", "10"}, {"finish", "k", "v", `"first"`}},
			observe: []string{"finish", "k", "v", `"second"`},
			ref:     "false\n",
			mut:     "true\n",
		},
		{
			mutant:  "4_fetch_replays_at_expiry",
			setup:   [][]string{{"init"}, {"reserve", "k", "v", "10"}, {"finish", "k", "v", `{"receipt":1}`}},
			observe: []string{"fetch", "k", "10"},
			ref:     "null\n",
			mut:     `{"receipt":1}` + "\n",
		},
		{
			mutant: "5_expired_descending",
			setup: [][]string{{"init"},
				{"reserve", "a", "v", "1"}, {"finish", "a", "v", "1"},
				{"reserve", "b", "v", "1"}, {"finish", "b", "v", "2"},
				{"reserve", "c", "v", "1"}, {"finish", "c", "v", "3"}},
			observe: []string{"expired", "1", "2"},
			ref:     `["a","b"]` + "\n",
			mut:     `["c","b"]` + "\n",
		},
		{
			mutant:  "6_purge_deletes_pending",
			setup:   [][]string{{"init"}, {"reserve", "p", "v", "1"}},
			observe: []string{"purge", "5"},
			ref:     "[]\n",
			mut:     `["p"]` + "\n",
		},
		{
			mutant:  "7_counts_hides_pending",
			setup:   [][]string{{"init"}, {"reserve", "p", "v", "1"}},
			observe: []string{"counts"},
			ref:     `{"done":0,"pending":1}` + "\n",
			mut:     `{"done":0,"pending":0}` + "\n",
		},
		{
			mutant:  "8_cycle_purges_too_early",
			setup:   [][]string{{"init"}},
			observe: []string{"cycle", "k"},
			ref:     "true\n",
			mut:     "false\n",
		},
	} {
		t.Run(tc.mutant, func(t *testing.T) {
			m, ok := mutants.Lab().Lookup(tc.mutant)
			if !ok {
				t.Fatalf("mutants.Lab().Lookup(%q): not found", tc.mutant)
			}
			if m.Name != tc.mutant {
				t.Errorf("Lookup(%q).Name = %q", tc.mutant, m.Name)
			}
			for _, s := range []struct {
				impl lab.Impl
				want string
			}{{mutants.Lab().Reference, tc.ref}, {m, tc.mut}} {
				dir := t.TempDir()
				for _, args := range tc.setup {
					mustRun(t, s.impl, dir, args...)
				}
				got, err := run(t, s.impl, dir, tc.observe...)
				if err != nil {
					got = "error: " + err.Error()
				}
				if strings.HasPrefix(s.want, "error: ") {
					if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, strings.TrimPrefix(s.want, "error: ")) {
						t.Errorf("%s: idem %q = %q, want an error containing %q", s.impl.Name, tc.observe, got, strings.TrimPrefix(s.want, "error: "))
					}
					continue
				}
				if diff := cmp.Diff(s.want, got); diff != "" {
					t.Errorf("%s: idem %q (-want +got):\n%s", s.impl.Name, tc.observe, diff)
				}
			}
		})
	}
}

// TestRunMutantRowsShowLoss: after the purge mutant runs, the table read
// directly no longer holds the pending row the reference keeps.
func TestRunMutantRowsShowLoss(t *testing.T) {
	m, ok := mutants.Lab().Lookup("6_purge_deletes_pending")
	if !ok {
		t.Fatal("mutant 6_purge_deletes_pending not found")
	}
	want := map[string]string{
		mutants.Lab().Reference.Name: `{"id":"p","fingerprint":"v","status":"pending","response":null,"expires":1}` + "\n",
		m.Name:                       "",
	}
	for _, s := range []lab.Impl{mutants.Lab().Reference, m} {
		dir := t.TempDir()
		mustRun(t, s, dir, "init")
		mustRun(t, s, dir, "reserve", "p", "v", "1")
		mustRun(t, s, dir, "purge", "5")
		if diff := cmp.Diff(want[s.Name], mustRun(t, s, dir, "rows")); diff != "" {
			t.Errorf("%s: rows after purge (-want +got):\n%s", s.Name, diff)
		}
	}
}

// TestRunHugeKeyAndResponse: a 1 MiB key and a 4 MiB response are stored
// and read back verbatim.
func TestRunHugeKeyAndResponse(t *testing.T) {
	dir := t.TempDir()
	key := strings.Repeat("k'\"; DROP TABLE keys; --", 1<<20/24)
	response := `{"blob":"` + strings.Repeat("x", 4<<20) + `"}`
	mustRun(t, mutants.Lab().Reference, dir, "init")
	mustRun(t, mutants.Lab().Reference, dir, "reserve", key, "v", "10")
	mustRun(t, mutants.Lab().Reference, dir, "finish", key, "v", response)
	got := mustRun(t, mutants.Lab().Reference, dir, "fetch", key, "5")
	if got != response+"\n" {
		t.Errorf("fetch returned %d bytes, want the %d stored", len(got), len(response)+1)
	}
	rows, err := readRows(filepath.Join(dir, idem.DefaultDB))
	if err != nil || len(rows) != 1 || rows[0].ID != key {
		t.Errorf("rows: %d, %v; want the one huge key verbatim", len(rows), err)
	}
}

// TestBetween: between runs its writes after a drain's first batch has
// committed, before its next; after a drain that ends at its first batch;
// and refuses anything but a drain.
func TestBetween(t *testing.T) {
	ref := mutants.Lab().Reference
	setup := func(t *testing.T, keys ...string) string {
		dir := t.TempDir()
		mustRun(t, ref, dir, "init")
		for _, k := range keys {
			mustRun(t, ref, dir, "reserve", k, "v", "5")
			mustRun(t, ref, dir, "finish", k, "v", `"r"`)
		}
		return dir
	}
	for _, tc := range []struct {
		name string
		keys []string
		args []string
		want string
	}{
		{"between two batches", []string{"a", "b"}, []string{"between", "drain 10 1", "counts"},
			"during: counts => {\"done\":1,\"pending\":0}\n" +
				`drain 10 1 => {"batch":1,"deleted":1,"total":1,"last":"a"} {"batch":2,"deleted":1,"total":2,"last":"b"} {"deleted":2,"batches":2}` + "\n"},
		{"a drain of one batch", []string{"a"}, []string{"between", "drain 10", "counts"},
			"during: counts => {\"done\":0,\"pending\":0}\n" +
				`drain 10 => {"batch":1,"deleted":1,"total":1,"last":"a"} {"deleted":1,"batches":1}` + "\n"},
		{"nothing to drain", nil, []string{"between", "drain 10", "counts"},
			`drain 10 => {"deleted":0}` + "\n" + "after: counts => {\"done\":0,\"pending\":0}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, mustRun(t, ref, setup(t, tc.keys...), tc.args...)); diff != "" {
				t.Errorf("idem %q (-want +got):\n%s", tc.args, diff)
			}
		})
	}
	_, err := run(t, ref, setup(t), "between", "purge 10", "counts")
	var usage *idem.UsageError
	if !errors.As(err, &usage) || !strings.Contains(err.Error(), "want a drain command line") {
		t.Errorf("between with a purge: %v, want a usage error asking for a drain", err)
	}
}

// TestRowsPrintInfinities: rows prints an expiry JSON has no number for
// as the word idem reads it from.
func TestRowsPrintInfinities(t *testing.T) {
	ref := mutants.Lab().Reference
	dir := t.TempDir()
	mustRun(t, ref, dir, "init")
	mustRun(t, ref, dir, "reserve", "a", "v", "Inf")
	mustRun(t, ref, dir, "reserve", "b", "v", "-Inf")
	want := `{"id":"a","fingerprint":"v","status":"pending","response":null,"expires":"Inf"}` + "\n" +
		`{"id":"b","fingerprint":"v","status":"pending","response":null,"expires":"-Inf"}` + "\n"
	if diff := cmp.Diff(want, mustRun(t, ref, dir, "rows")); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

// row is one line idem rows prints.
type row struct {
	ID, Fingerprint, Status string
	Response                json.RawMessage
	Expires                 any
}

// readRows is what idem rows prints of the store at path, read through
// the reference's command (rows reads the table, never the store's API).
func readRows(path string) ([]row, error) {
	var out bytes.Buffer
	if err := idem.Run(mutants.Lab().Reference, filepath.Dir(path), []string{"-db", path, "rows"}, &out); err != nil {
		return nil, err
	}
	rows := []row{}
	for dec := json.NewDecoder(&out); dec.More(); {
		var r row
		if err := dec.Decode(&r); err != nil {
			return nil, err
		}
		rows = append(rows, r)
	}
	return rows, nil
}

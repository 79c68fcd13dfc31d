package reference_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	_ "modernc.org/sqlite"

	"idemlab/reference"
)

// row is one stored row of the keys table, read directly with SQL so that
// the tests observe the stored state and not only what the API reports.
type row struct {
	ID, Fingerprint, Status string
	Response                *string
	Expires                 float64
}

// rows returns every row of the store at path, ordered by id. It opens the
// file read-only, so it never creates a store or changes one.
func rows(t *testing.T, path string) []row {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	dsn := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: "mode=ro"}
	db, err := sql.Open("sqlite", dsn.String())
	if err != nil {
		t.Fatalf("open %s read-only: %v", path, err)
	}
	defer db.Close()
	rs, err := db.Query(`SELECT id, fingerprint, status, response, expires FROM keys ORDER BY id`)
	if err != nil {
		t.Fatalf("read rows of %s: %v", path, err)
	}
	defer rs.Close()
	got := []row{}
	for rs.Next() {
		var r row
		var resp sql.NullString
		if err := rs.Scan(&r.ID, &r.Fingerprint, &r.Status, &resp, &r.Expires); err != nil {
			t.Fatalf("scan row of %s: %v", path, err)
		}
		if resp.Valid {
			r.Response = &resp.String
		}
		got = append(got, r)
	}
	if err := rs.Err(); err != nil {
		t.Fatalf("read rows of %s: %v", path, err)
	}
	return got
}

// str returns a pointer to s, for the Response field of a wanted row.
func str(s string) *string { return &s }

// pending and done build wanted rows.
func pending(id, fp string, expires float64) row {
	return row{ID: id, Fingerprint: fp, Status: "pending", Expires: expires}
}

func done(id, fp, response string, expires float64) row {
	return row{ID: id, Fingerprint: fp, Status: "done", Response: str(response), Expires: expires}
}

// newStore returns the path of a freshly initialised store in a temporary
// directory of its own.
func newStore(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "keys.db")
	if err := reference.InitDB(path); err != nil {
		t.Fatalf("InitDB(%q) = %v, want nil", path, err)
	}
	return path
}

// seed puts rows into the store through the API: Reserve for each row, then
// Finish for the done ones with their stored JSON text as a raw message. Any
// call that does not report success fails the test.
func seed(t *testing.T, path string, want ...row) {
	t.Helper()
	for _, r := range want {
		ok, err := reference.Reserve(path, r.ID, r.Fingerprint, r.Expires)
		if err != nil || !ok {
			t.Fatalf("seed: Reserve(%q) = %v, %v, want true, nil", r.ID, ok, err)
		}
		if r.Status == "done" {
			ok, err := reference.Finish(path, r.ID, r.Fingerprint, json.RawMessage(*r.Response))
			if err != nil || !ok {
				t.Fatalf("seed: Finish(%q) = %v, %v, want true, nil", r.ID, ok, err)
			}
		}
	}
}

// sideFiles lists the journal files SQLite may leave beside path.
func sideFiles(t *testing.T, path string) []string {
	t.Helper()
	var found []string
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		if _, err := os.Stat(path + suffix); err == nil {
			found = append(found, filepath.Base(path+suffix))
		} else if !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	return found
}

func TestInitDBCreatesTable(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "new.db")
	if err := reference.InitDB(path); err != nil {
		t.Fatalf("InitDB(%q) = %v, want nil", path, err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("InitDB did not create the file: %v", err)
	}

	type column struct {
		Name, Type string
		NotNull    bool
		PK         int
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rs, err := db.Query(`SELECT name, type, "notnull", pk FROM pragma_table_info('keys') ORDER BY cid`)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	var got []column
	for rs.Next() {
		var c column
		if err := rs.Scan(&c.Name, &c.Type, &c.NotNull, &c.PK); err != nil {
			t.Fatal(err)
		}
		got = append(got, c)
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	want := []column{
		{Name: "id", Type: "TEXT", PK: 1},
		{Name: "fingerprint", Type: "TEXT", NotNull: true},
		{Name: "status", Type: "TEXT", NotNull: true},
		{Name: "response", Type: "TEXT"},
		{Name: "expires", Type: "REAL", NotNull: true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("columns of keys (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]row{}, rows(t, path)); diff != "" {
		t.Errorf("rows of a new store (-want +got):\n%s", diff)
	}
}

func TestInitDBTwiceKeepsRows(t *testing.T) {
	t.Parallel()
	path := newStore(t)
	want := []row{
		done("a", "fa", `{"receipt":1}`, 10),
		pending("b", "fb", 5),
	}
	seed(t, path, want...)
	for i := range 2 {
		if err := reference.InitDB(path); err != nil {
			t.Fatalf("InitDB #%d on an existing store = %v, want nil", i+2, err)
		}
		if diff := cmp.Diff(want, rows(t, path)); diff != "" {
			t.Fatalf("rows after InitDB #%d (-want +got):\n%s", i+2, diff)
		}
	}
	// The store still works after the repeated InitDB.
	if ok, err := reference.Reserve(path, "c", "fc", 1); err != nil || !ok {
		t.Errorf("Reserve after repeated InitDB = %v, %v, want true, nil", ok, err)
	}
}

func TestInitDBRefusesDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	err := reference.InitDB(dir)
	if err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("InitDB(directory) = %v, want an error naming the directory", err)
	}
	if _, err := reference.Reserve(dir, "k", "f", 1); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("Reserve(directory) = %v, want an error naming the directory", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Errorf("directory holds %d entries after InitDB, want it left empty", len(entries))
	}
}

func TestNotADatabaseIsLeftAlone(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "notes.txt")
	before := []byte(strings.Repeat("these are notes, not an SQLite database\n", 40))
	if err := os.WriteFile(path, before, 0o644); err != nil {
		t.Fatal(err)
	}

	calls := []struct {
		name string
		call func() error
	}{
		{"InitDB", func() error { return reference.InitDB(path) }},
		{"Reserve", func() error { _, err := reference.Reserve(path, "k", "f", 1); return err }},
		{"Finish", func() error { _, err := reference.Finish(path, "k", "f", 1); return err }},
		{"Fetch", func() error { _, err := reference.Fetch(path, "k", 0); return err }},
		{"Expired", func() error { _, err := reference.Expired(path, 0, 10); return err }},
		{"Purge", func() error { _, err := reference.Purge(path, 0, 10); return err }},
		{"Counts", func() error { _, err := reference.Counts(path); return err }},
		{"RetentionCycle", func() error { _, err := reference.RetentionCycle(path, "k"); return err }},
	}
	for _, c := range calls {
		err := c.call()
		if err == nil || !strings.Contains(err.Error(), "not a database") {
			t.Errorf("%s on a text file = %v, want an error saying it is not a database", c.name, err)
		}
		after, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(before, after) {
			t.Fatalf("%s changed the file's bytes: %d bytes before, %d after", c.name, len(before), len(after))
		}
		if side := sideFiles(t, path); len(side) != 0 {
			t.Errorf("%s left %v beside the file", c.name, side)
		}
	}
}

func TestMissingStoreIsNotCreated(t *testing.T) {
	t.Parallel()
	calls := []struct {
		name string
		call func(path string) error
	}{
		{"Reserve", func(p string) error { _, err := reference.Reserve(p, "k", "f", 1); return err }},
		{"Finish", func(p string) error { _, err := reference.Finish(p, "k", "f", 1); return err }},
		{"Fetch", func(p string) error { _, err := reference.Fetch(p, "k", 0); return err }},
		{"Expired", func(p string) error { _, err := reference.Expired(p, 0, 10); return err }},
		{"Purge", func(p string) error { _, err := reference.Purge(p, 0, 10); return err }},
		{"Counts", func(p string) error { _, err := reference.Counts(p); return err }},
		{"RetentionCycle", func(p string) error { _, err := reference.RetentionCycle(p, "k"); return err }},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "missing.db")
			err := c.call(path)
			if err == nil || !strings.Contains(err.Error(), "does not exist") {
				t.Errorf("%s(missing store) = %v, want an error saying it does not exist", c.name, err)
			}
			if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s created %s (stat: %v), want no file", c.name, path, err)
			}
			if side := sideFiles(t, path); len(side) != 0 {
				t.Errorf("%s left %v behind", c.name, side)
			}
		})
	}
}

func TestReserveNewKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		key     string
		digest  string
		expires float64
	}{
		{"whole seconds", "order-1", "sha256:aa", 10},
		{"fractional seconds", "order-2", "sha256:bb", 1700000000.25},
		{"zero", "order-3", "", 0},
		{"negative", "order-4", "d", -5.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := newStore(t)
			ok, err := reference.Reserve(path, tt.key, tt.digest, tt.expires)
			if err != nil || !ok {
				t.Fatalf("Reserve(new key) = %v, %v, want true, nil", ok, err)
			}
			want := []row{pending(tt.key, tt.digest, tt.expires)}
			if diff := cmp.Diff(want, rows(t, path)); diff != "" {
				t.Errorf("rows after Reserve (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReserveExistingKeyIsRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		existing row
	}{
		{"pending", pending("k", "v1", 100)},
		{"pending with passed expires", pending("k", "v1", 1)},
		{"done", done("k", "v1", `{"receipt":1}`, 100)},
		{"done and expired", done("k", "v1", `{"receipt":1}`, 1)},
	}
	retries := []struct {
		name    string
		digest  string
		expires float64
	}{
		{"same digest", "v1", 100},
		{"other digest, later expires", "v2", 500},
	}
	for _, tt := range tests {
		for _, rt := range retries {
			t.Run(tt.name+"/"+rt.name, func(t *testing.T) {
				t.Parallel()
				path := newStore(t)
				other := pending("other", "vo", 7)
				seed(t, path, tt.existing, other)
				want := rows(t, path)
				ok, err := reference.Reserve(path, "k", rt.digest, rt.expires)
				if err != nil || ok {
					t.Errorf("Reserve(existing key) = %v, %v, want false, nil", ok, err)
				}
				if diff := cmp.Diff(want, rows(t, path)); diff != "" {
					t.Errorf("rows changed by a refused Reserve (-want +got):\n%s", diff)
				}
			})
		}
	}
}

func TestReserveNaNExpires(t *testing.T) {
	t.Parallel()
	path := newStore(t)
	ok, err := reference.Reserve(path, "k", "v1", math.NaN())
	if err == nil || ok {
		t.Errorf("Reserve(expires NaN) = %v, %v, want false and an error", ok, err)
	}
	if diff := cmp.Diff([]row{}, rows(t, path)); diff != "" {
		t.Errorf("rows after Reserve(NaN) (-want +got):\n%s", diff)
	}
}

func TestFinish(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		seed     []row
		key      string
		digest   string
		response any
		wantOK   bool
		want     []row
	}{
		{
			name:     "matching pending becomes done",
			seed:     []row{pending("k", "v1", 10), pending("z", "v1", 10)},
			key:      "k",
			digest:   "v1",
			response: map[string]any{"receipt": 1, "items": []string{"a", "b"}},
			wantOK:   true,
			want:     []row{done("k", "v1", `{"items":["a","b"],"receipt":1}`, 10), pending("z", "v1", 10)},
		},
		{
			name:     "matching pending with passed expires becomes done",
			seed:     []row{pending("k", "v1", 1)},
			key:      "k",
			digest:   "v1",
			response: "ok",
			wantOK:   true,
			want:     []row{done("k", "v1", `"ok"`, 1)},
		},
		{
			name:     "wrong fingerprint",
			seed:     []row{pending("k", "v1", 10)},
			key:      "k",
			digest:   "v2",
			response: map[string]any{"receipt": 2},
			want:     []row{pending("k", "v1", 10)},
		},
		{
			name:     "unknown key",
			seed:     []row{pending("k", "v1", 10)},
			key:      "nope",
			digest:   "v1",
			response: map[string]any{"receipt": 2},
			want:     []row{pending("k", "v1", 10)},
		},
		{
			name:     "already done keeps the first response",
			seed:     []row{done("k", "v1", `{"receipt":1}`, 10)},
			key:      "k",
			digest:   "v1",
			response: map[string]any{"receipt": 2},
			want:     []row{done("k", "v1", `{"receipt":1}`, 10)},
		},
		{
			name:     "already done and expired",
			seed:     []row{done("k", "v1", `{"receipt":1}`, 1)},
			key:      "k",
			digest:   "v1",
			response: map[string]any{"receipt": 2},
			want:     []row{done("k", "v1", `{"receipt":1}`, 1)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := newStore(t)
			seed(t, path, tt.seed...)
			ok, err := reference.Finish(path, tt.key, tt.digest, tt.response)
			if err != nil || ok != tt.wantOK {
				t.Errorf("Finish = %v, %v, want %v, nil", ok, err, tt.wantOK)
			}
			if diff := cmp.Diff(tt.want, rows(t, path)); diff != "" {
				t.Errorf("rows after Finish (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFinishTwiceReplaysFirstResponse(t *testing.T) {
	t.Parallel()
	path := newStore(t)
	seed(t, path, pending("k", "v1", 10))
	for i, tt := range []struct {
		response any
		wantOK   bool
	}{
		{map[string]any{"receipt": 1}, true},
		{map[string]any{"receipt": 2}, false},
	} {
		ok, err := reference.Finish(path, "k", "v1", tt.response)
		if err != nil || ok != tt.wantOK {
			t.Errorf("Finish #%d = %v, %v, want %v, nil", i+1, ok, err, tt.wantOK)
		}
	}
	got, err := reference.Fetch(path, "k", 5)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]any{"receipt": json.Number("1")}, got); diff != "" {
		t.Errorf("Fetch after two Finish calls (-want +got):\n%s", diff)
	}
}

func TestFinishUnencodableResponse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		response any
	}{
		{"NaN", math.NaN()},
		{"infinity", math.Inf(1)},
		{"channel", make(chan int)},
		{"func", func() {}},
		{"NaN inside a map", map[string]any{"amount": math.NaN()}},
		{"map with complex value", map[string]complex128{"z": 1i}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := newStore(t)
			seed(t, path, pending("k", "v1", 10))
			ok, err := reference.Finish(path, "k", "v1", tt.response)
			if err == nil || ok {
				t.Errorf("Finish(%s) = %v, %v, want false and an error", tt.name, ok, err)
			}
			if diff := cmp.Diff([]row{pending("k", "v1", 10)}, rows(t, path)); diff != "" {
				t.Errorf("rows after a failed Finish (-want +got):\n%s", diff)
			}
			// The row stayed pending, so the work can still be finished.
			if ok, err := reference.Finish(path, "k", "v1", "ok"); err != nil || !ok {
				t.Errorf("Finish after the failure = %v, %v, want true, nil", ok, err)
			}
		})
	}
}

func TestFinishStoresTextUnescaped(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		response any
		stored   string
		fetched  any
	}{
		{"string", "<b>&", `"<b>&"`, "<b>&"},
		{"map", map[string]any{"html": "<b>&</b>"}, `{"html":"<b>&</b>"}`, map[string]any{"html": "<b>&</b>"}},
		{"non-ASCII", "reçu €5 ✓", `"reçu €5 ✓"`, "reçu €5 ✓"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := newStore(t)
			seed(t, path, pending("k", "v1", 10))
			if ok, err := reference.Finish(path, "k", "v1", tt.response); err != nil || !ok {
				t.Fatalf("Finish = %v, %v, want true, nil", ok, err)
			}
			if diff := cmp.Diff([]row{done("k", "v1", tt.stored, 10)}, rows(t, path)); diff != "" {
				t.Errorf("stored row (-want +got):\n%s", diff)
			}
			got, err := reference.Fetch(path, "k", 0)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.fetched, got); diff != "" {
				t.Errorf("Fetch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFetch(t *testing.T) {
	t.Parallel()
	path := newStore(t)
	seed(t, path,
		pending("pending", "v1", 100),
		pending("pending-old", "v1", 1),
	)
	response := map[string]any{
		"big":   uint64(12345678901234567890),
		"small": 0.1,
		"list":  []any{1, "two", nil, true},
	}
	for _, d := range []struct {
		key     string
		expires float64
	}{{"done", 10}, {"done-old", 1}} {
		if ok, err := reference.Reserve(path, d.key, "v1", d.expires); err != nil || !ok {
			t.Fatalf("Reserve(%q) = %v, %v", d.key, ok, err)
		}
		if ok, err := reference.Finish(path, d.key, "v1", response); err != nil || !ok {
			t.Fatalf("Finish(%q) = %v, %v", d.key, ok, err)
		}
	}
	decoded := map[string]any{
		"big":   json.Number("12345678901234567890"),
		"small": json.Number("0.1"),
		"list":  []any{json.Number("1"), "two", nil, true},
	}
	tests := []struct {
		name string
		key  string
		now  float64
		want any
	}{
		{"done long before expires", "done", -1e9, decoded},
		{"done just before expires", "done", math.Nextafter(10, 0), decoded},
		{"done at expires exactly", "done", 10, nil},
		{"done after expires", "done", 11, nil},
		{"done expired long ago", "done-old", 10, nil},
		{"pending before expires", "pending", 0, nil},
		{"pending after expires", "pending-old", 10, nil},
		{"unknown key", "nope", 0, nil},
	}
	before := rows(t, path)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := reference.Fetch(path, tt.key, tt.now)
			if err != nil {
				t.Fatalf("Fetch(%q, %v) error = %v, want nil", tt.key, tt.now, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Fetch(%q, %v) (-want +got):\n%s", tt.key, tt.now, diff)
			}
		})
	}
	if diff := cmp.Diff(before, rows(t, path)); diff != "" {
		t.Errorf("rows changed by Fetch (-want +got):\n%s", diff)
	}
	if _, err := reference.Fetch(path, "done", math.NaN()); err == nil {
		t.Errorf("Fetch(now NaN) error = nil, want an error")
	}
}

// candidates seeds the store used by the Expired and Purge tests and returns
// the rows it holds. At now 10 there are eleven purge candidates, c01..c11,
// inserted out of order, one of them (c10) expiring exactly at 10. a00 is
// pending with an expires long past and sorts before every candidate; d99
// is done but not yet expired.
func candidates(t *testing.T, path string) []row {
	t.Helper()
	var seeded []row
	seeded = append(seeded, pending("a00", "f", 1))
	for _, n := range []int{7, 2, 11, 5, 1, 9, 3, 10, 6, 4, 8} {
		expires := float64(n)
		if n == 11 {
			expires = 0.5
		}
		seeded = append(seeded, done(fmt.Sprintf("c%02d", n), "f", fmt.Sprintf(`{"n":%d}`, n), expires))
	}
	seeded = append(seeded, done("d99", "f", `{"n":99}`, 10.5), pending("p50", "f", 2))
	seed(t, path, seeded...)
	return rows(t, path)
}

func ids(from, to int) []string {
	out := []string{}
	for n := from; n <= to; n++ {
		out = append(out, fmt.Sprintf("c%02d", n))
	}
	return out
}

func TestExpired(t *testing.T) {
	t.Parallel()
	path := newStore(t)
	before := candidates(t, path)
	tests := []struct {
		name  string
		now   float64
		limit int
		want  []string
	}{
		{"limit below candidates: lowest ids ascending", 10, 10, ids(1, 10)},
		{"limit 1", 10, 1, ids(1, 1)},
		{"limit 100", 10, 100, ids(1, 11)},
		{"default limit", 10, reference.DefaultLimit, ids(1, 10)},
		{"expires equal to now is included", 5, 100, []string{"c01", "c02", "c03", "c04", "c05", "c11"}},
		{"before any expires", 0, 100, []string{}},
		{"far future still skips pending", 1e12, 100, append(ids(1, 11), "d99")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := reference.Expired(path, tt.now, tt.limit)
			if err != nil {
				t.Fatalf("Expired(%v, %d) error = %v", tt.now, tt.limit, err)
			}
			if got == nil {
				t.Errorf("Expired(%v, %d) = nil slice, want non-nil", tt.now, tt.limit)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Expired(%v, %d) (-want +got):\n%s", tt.now, tt.limit, diff)
			}
		})
	}
	if diff := cmp.Diff(before, rows(t, path)); diff != "" {
		t.Errorf("rows changed by Expired (-want +got):\n%s", diff)
	}
}

func TestExpiredEmpty(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		seed []row
	}{
		{"empty store", nil},
		{"only pending rows with passed expires", []row{pending("a", "f", 1), pending("b", "f", 2)}},
		{"only done rows not yet expired", []row{done("a", "f", "1", 100)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := newStore(t)
			seed(t, path, tt.seed...)
			for _, f := range []struct {
				name string
				list func(string, float64, int) ([]string, error)
			}{{"Expired", reference.Expired}, {"Purge", reference.Purge}} {
				name := f.name
				got, err := f.list(path, 50, 100)
				if err != nil {
					t.Fatalf("%s error = %v", name, err)
				}
				if got == nil || len(got) != 0 {
					t.Errorf("%s = %#v, want an empty non-nil slice", name, got)
				}
			}
			if diff := cmp.Diff(append([]row{}, tt.seed...), rows(t, path)); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}

func TestInvalidLimit(t *testing.T) {
	t.Parallel()
	functions := []struct {
		name string
		call func(path string, now float64, limit int) ([]string, error)
	}{
		{"Expired", reference.Expired},
		{"Purge", reference.Purge},
	}
	for _, f := range functions {
		for _, limit := range []int{0, -1, 101, math.MinInt, math.MaxInt} {
			t.Run(fmt.Sprintf("%s/%d", f.name, limit), func(t *testing.T) {
				t.Parallel()
				path := newStore(t)
				before := candidates(t, path)
				got, err := f.call(path, 1e12, limit)
				if !errors.Is(err, reference.ErrInvalidLimit) {
					t.Errorf("%s(limit %d) error = %v, want one wrapping ErrInvalidLimit", f.name, limit, err)
				}
				if got != nil {
					t.Errorf("%s(limit %d) = %q, want nil", f.name, limit, got)
				}
				if diff := cmp.Diff(before, rows(t, path)); diff != "" {
					t.Errorf("rows after %s(limit %d) (-want +got):\n%s", f.name, limit, diff)
				}
				// The limit is checked before the store is opened: even a
				// missing store reports the limit, and is not created.
				missing := filepath.Join(t.TempDir(), "missing.db")
				if _, err := f.call(missing, 0, limit); !errors.Is(err, reference.ErrInvalidLimit) {
					t.Errorf("%s(missing store, limit %d) error = %v, want one wrapping ErrInvalidLimit", f.name, limit, err)
				}
				if _, err := os.Stat(missing); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("%s(limit %d) created the missing store", f.name, limit)
				}
			})
		}
	}
}

func TestPurge(t *testing.T) {
	t.Parallel()
	path := newStore(t)
	all := candidates(t, path)
	byID := map[string]row{}
	for _, r := range all {
		byID[r.ID] = r
	}
	keep := func(ids ...string) []row {
		out := []row{}
		for _, id := range ids {
			out = append(out, byID[id])
		}
		return out
	}

	steps := []struct {
		now        float64
		limit      int
		wantIDs    []string
		wantRemain []row
	}{
		{10, 10, ids(1, 10), keep("a00", "c11", "d99", "p50")},
		{10, 10, ids(11, 11), keep("a00", "d99", "p50")},
		{10, 10, []string{}, keep("a00", "d99", "p50")},
		{1e12, 100, []string{"d99"}, keep("a00", "p50")},
		{1e12, 100, []string{}, keep("a00", "p50")},
	}
	for i, s := range steps {
		listed, err := reference.Expired(path, s.now, s.limit)
		if err != nil {
			t.Fatalf("step %d: Expired error = %v", i+1, err)
		}
		got, err := reference.Purge(path, s.now, s.limit)
		if err != nil {
			t.Fatalf("step %d: Purge error = %v", i+1, err)
		}
		if got == nil {
			t.Errorf("step %d: Purge returned a nil slice, want non-nil", i+1)
		}
		if diff := cmp.Diff(s.wantIDs, got); diff != "" {
			t.Errorf("step %d: Purge(%v, %d) ids (-want +got):\n%s", i+1, s.now, s.limit, diff)
		}
		if diff := cmp.Diff(listed, got); diff != "" {
			t.Errorf("step %d: Purge ids differ from what Expired listed just before (-listed +purged):\n%s", i+1, diff)
		}
		if diff := cmp.Diff(s.wantRemain, rows(t, path)); diff != "" {
			t.Errorf("step %d: rows after Purge (-want +got):\n%s", i+1, diff)
		}
	}
	counts, err := reference.Counts(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]int{"pending": 2, "done": 0}, counts); diff != "" {
		t.Errorf("Counts after purging everything purgeable (-want +got):\n%s", diff)
	}
}

func TestPurgeLimits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		limit   int
		wantIDs []string
	}{
		{1, ids(1, 1)},
		{10, ids(1, 10)},
		{11, ids(1, 11)},
		{100, ids(1, 11)},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.limit), func(t *testing.T) {
			t.Parallel()
			path := newStore(t)
			all := candidates(t, path)
			got, err := reference.Purge(path, 10, tt.limit)
			if err != nil {
				t.Fatalf("Purge(10, %d) error = %v", tt.limit, err)
			}
			if diff := cmp.Diff(tt.wantIDs, got); diff != "" {
				t.Errorf("Purge(10, %d) (-want +got):\n%s", tt.limit, diff)
			}
			deleted := map[string]bool{}
			for _, id := range tt.wantIDs {
				deleted[id] = true
			}
			want := []row{}
			for _, r := range all {
				if !deleted[r.ID] {
					want = append(want, r)
				}
			}
			if diff := cmp.Diff(want, rows(t, path)); diff != "" {
				t.Errorf("rows after Purge(10, %d) (-want +got):\n%s", tt.limit, diff)
			}
		})
	}
}

func TestPurgedKeyIsANewRequest(t *testing.T) {
	t.Parallel()
	path := newStore(t)
	seed(t, path, done("k", "v1", `{"receipt":1}`, 10))
	if ok, err := reference.Reserve(path, "k", "v1", 30); err != nil || ok {
		t.Fatalf("Reserve before the purge = %v, %v, want false, nil", ok, err)
	}
	if got, err := reference.Purge(path, 10, reference.DefaultLimit); err != nil || !cmp.Equal(got, []string{"k"}) {
		t.Fatalf("Purge = %q, %v, want [k], nil", got, err)
	}
	if got, err := reference.Fetch(path, "k", 5); err != nil || got != nil {
		t.Errorf("Fetch after the purge = %v, %v, want nil, nil", got, err)
	}
	if ok, err := reference.Reserve(path, "k", "v2", 30); err != nil || !ok {
		t.Errorf("Reserve after the purge = %v, %v, want true, nil", ok, err)
	}
	if diff := cmp.Diff([]row{pending("k", "v2", 30)}, rows(t, path)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

func TestCounts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		seed []row
		want map[string]int
	}{
		{"empty store", nil, map[string]int{"pending": 0, "done": 0}},
		{"only pending", []row{pending("a", "f", 1), pending("b", "f", 100)}, map[string]int{"pending": 2, "done": 0}},
		{"only done", []row{done("a", "f", "1", 1)}, map[string]int{"pending": 0, "done": 1}},
		{"mixed", []row{
			pending("a", "f", 1), done("b", "f", "1", 1), pending("c", "f", 100),
			done("d", "f", "2", 100), done("e", "f", "3", 50), pending("f", "f", 5),
		}, map[string]int{"pending": 3, "done": 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := newStore(t)
			seed(t, path, tt.seed...)
			got, err := reference.Counts(path)
			if err != nil {
				t.Fatalf("Counts error = %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Counts (-want +got):\n%s", diff)
			}
			if _, ok := got["pending"]; !ok {
				t.Errorf("Counts = %v, has no \"pending\" key", got)
			}
			if _, ok := got["done"]; !ok {
				t.Errorf("Counts = %v, has no \"done\" key", got)
			}
		})
	}
}

func TestRetentionCycle(t *testing.T) {
	t.Parallel()
	t.Run("empty store", func(t *testing.T) {
		t.Parallel()
		path := newStore(t)
		ok, err := reference.RetentionCycle(path, "order-42")
		if err != nil || !ok {
			t.Fatalf("RetentionCycle = %v, %v, want true, nil", ok, err)
		}
		if diff := cmp.Diff([]row{pending("order-42", "v2", 20)}, rows(t, path)); diff != "" {
			t.Errorf("rows after RetentionCycle (-want +got):\n%s", diff)
		}
	})
	t.Run("other rows", func(t *testing.T) {
		t.Parallel()
		path := newStore(t)
		// The cycle's purge at 10 may take other done rows expired by then,
		// but never a pending one.
		seed(t, path, pending("a-old-pending", "f", 1), done("b-old-done", "f", "1", 3), done("c-live", "f", "2", 50))
		ok, err := reference.RetentionCycle(path, "order-42")
		if err != nil || !ok {
			t.Fatalf("RetentionCycle = %v, %v, want true, nil", ok, err)
		}
		want := []row{pending("a-old-pending", "f", 1), done("c-live", "f", "2", 50), pending("order-42", "v2", 20)}
		if diff := cmp.Diff(want, rows(t, path)); diff != "" {
			t.Errorf("rows after RetentionCycle (-want +got):\n%s", diff)
		}
	})
	for _, existing := range []row{
		pending("order-42", "v0", 5),
		done("order-42", "v0", `{"receipt":0}`, 5),
	} {
		t.Run("key already "+existing.Status, func(t *testing.T) {
			t.Parallel()
			path := newStore(t)
			seed(t, path, existing)
			ok, err := reference.RetentionCycle(path, "order-42")
			if err == nil || ok {
				t.Errorf("RetentionCycle(key present) = %v, %v, want false and an error", ok, err)
			}
			if diff := cmp.Diff([]row{existing}, rows(t, path)); diff != "" {
				t.Errorf("rows after a refused RetentionCycle (-want +got):\n%s", diff)
			}
		})
	}
}

func TestConcurrentReserveSameKey(t *testing.T) {
	t.Parallel()
	const goroutines = 16
	path := newStore(t)
	for round := range 5 {
		key := fmt.Sprintf("race-%d", round)
		var (
			start = make(chan struct{})
			wg    sync.WaitGroup
			mu    sync.Mutex
			wins  []string
			errs  []error
		)
		for g := range goroutines {
			digest := fmt.Sprintf("g%02d", g)
			wg.Go(func() {
				<-start
				ok, err := reference.Reserve(path, key, digest, 100)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					errs = append(errs, err)
				}
				if ok {
					wins = append(wins, digest)
				}
			})
		}
		close(start)
		wg.Wait()
		if len(errs) != 0 {
			t.Errorf("round %d: %d Reserve calls failed, first: %v", round, len(errs), errs[0])
		}
		if len(wins) != 1 {
			t.Fatalf("round %d: %d Reserve calls returned true (%v), want exactly 1", round, len(wins), wins)
		}
		// The stored fingerprint is the one of the single winner.
		var got row
		for _, r := range rows(t, path) {
			if r.ID == key {
				got = r
			}
		}
		if diff := cmp.Diff(pending(key, wins[0], 100), got); diff != "" {
			t.Errorf("round %d: stored row (-want +got):\n%s", round, diff)
		}
	}
}

func TestConcurrentMixedOperations(t *testing.T) {
	t.Parallel()
	const (
		goroutines = 8
		perWorker  = 12
	)
	path := newStore(t)
	var (
		start  = make(chan struct{})
		wg     sync.WaitGroup
		mu     sync.Mutex
		errs   []error
		purged = map[string]int{}
	)
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		errs = append(errs, err)
	}
	for g := range goroutines {
		wg.Go(func() {
			<-start
			for i := range perWorker {
				key := fmt.Sprintf("w%d-k%02d", g, i)
				if ok, err := reference.Reserve(path, key, "f", 1); err != nil || !ok {
					fail(fmt.Errorf("Reserve(%q) = %v, %v", key, ok, err))
				}
				if ok, err := reference.Finish(path, key, "f", map[string]int{"i": i}); err != nil || !ok {
					fail(fmt.Errorf("Finish(%q) = %v, %v", key, ok, err))
				}
				if _, err := reference.Counts(path); err != nil {
					fail(fmt.Errorf("Counts: %w", err))
				}
				if _, err := reference.Fetch(path, key, 0); err != nil {
					fail(fmt.Errorf("Fetch(%q): %w", key, err))
				}
				if i%3 == 2 {
					got, err := reference.Purge(path, 2, 5)
					if err != nil {
						fail(fmt.Errorf("Purge: %w", err))
					}
					mu.Lock()
					for _, id := range got {
						purged[id]++
					}
					mu.Unlock()
				}
			}
			// Each worker also leaves one key pending, which no purge may take.
			if ok, err := reference.Reserve(path, fmt.Sprintf("w%d-open", g), "f", 1); err != nil || !ok {
				fail(fmt.Errorf("Reserve(open) = %v, %v", ok, err))
			}
		})
	}
	close(start)
	wg.Wait()
	for _, err := range errs {
		msg := strings.ToLower(err.Error())
		if strings.Contains(msg, "locked") || strings.Contains(msg, "busy") {
			t.Errorf("lock contention surfaced as an error: %v", err)
		} else {
			t.Errorf("concurrent call failed: %v", err)
		}
	}
	for id, n := range purged {
		if n != 1 {
			t.Errorf("%q was returned by %d purges, want 1", id, n)
		}
	}
	// Drain what is left, then only the open pending keys remain.
	for {
		got, err := reference.Purge(path, 2, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == 0 {
			break
		}
		for _, id := range got {
			purged[id]++
		}
	}
	if len(purged) != goroutines*perWorker {
		t.Errorf("%d distinct keys purged, want %d", len(purged), goroutines*perWorker)
	}
	want := []row{}
	for g := range goroutines {
		want = append(want, pending(fmt.Sprintf("w%d-open", g), "f", 1))
	}
	if diff := cmp.Diff(want, rows(t, path)); diff != "" {
		t.Errorf("rows after the concurrent run (-want +got):\n%s", diff)
	}
}

func TestUnusualKeysAreVerbatim(t *testing.T) {
	t.Parallel()
	keys := []struct {
		name string
		key  string
	}{
		{"single quote", "it's"},
		{"double quotes", `say "hi"`},
		{"NUL byte", "nul\x00byte"},
		{"prefix before NUL", "nul"},
		{"SQL injection", `'; DROP TABLE keys; --`},
		{"non-ASCII", "clé-日本-🔑"},
		{"trailing space", "nul "},
		{"percent and question mark", "50%?x=1#frag"},
	}
	path := newStore(t)
	want := []row{}
	for i, k := range keys {
		ok, err := reference.Reserve(path, k.key, "fp-"+k.key, 10)
		if err != nil || !ok {
			t.Fatalf("Reserve(%s %q) = %v, %v, want true, nil", k.name, k.key, ok, err)
		}
		ok, err = reference.Finish(path, k.key, "fp-"+k.key, map[string]any{"key": k.key, "i": i})
		if err != nil || !ok {
			t.Fatalf("Finish(%s %q) = %v, %v, want true, nil", k.name, k.key, ok, err)
		}
		body, err := json.Marshal(map[string]any{"key": k.key, "i": i})
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, done(k.key, "fp-"+k.key, string(body), 10))
	}
	for _, k := range keys {
		t.Run(k.name, func(t *testing.T) {
			if ok, err := reference.Reserve(path, k.key, "other", 10); err != nil || ok {
				t.Errorf("second Reserve(%q) = %v, %v, want false, nil", k.key, ok, err)
			}
			got, err := reference.Fetch(path, k.key, 0)
			if err != nil {
				t.Fatal(err)
			}
			m, ok := got.(map[string]any)
			if !ok || m["key"] != k.key {
				t.Errorf("Fetch(%q) = %#v, want the response holding the key verbatim", k.key, got)
			}
		})
	}
	gotRows := rows(t, path)
	// SQLite's default BINARY collation orders ids bytewise, as Go does.
	slices.SortFunc(want, func(a, b row) int { return strings.Compare(a.ID, b.ID) })
	if diff := cmp.Diff(want, gotRows); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	wantIDs := []string{}
	for _, r := range want {
		wantIDs = append(wantIDs, r.ID)
	}
	listed, err := reference.Expired(path, 10, 100)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantIDs, listed); diff != "" {
		t.Errorf("Expired ids (-want +got):\n%s", diff)
	}
	purged, err := reference.Purge(path, 10, 100)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(wantIDs, purged); diff != "" {
		t.Errorf("Purge ids (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]row{}, rows(t, path)); diff != "" {
		t.Errorf("rows after Purge (-want +got):\n%s", diff)
	}
}

func TestPathWithURICharacters(t *testing.T) {
	t.Parallel()
	// The store is opened through a file: URI; '?', '#', '%' and spaces in
	// the path must be escaped, not cut short or taken as parameters.
	dir := filepath.Join(t.TempDir(), "a?b#c%d e")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "keys?mode=memory#x.db")
	if err := reference.InitDB(path); err != nil {
		t.Fatalf("InitDB = %v", err)
	}
	seed(t, path, done("k", "f", `{"receipt":1}`, 10))
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if diff := cmp.Diff([]string{"keys?mode=memory#x.db"}, names); diff != "" {
		t.Errorf("files in the store's directory (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]row{done("k", "f", `{"receipt":1}`, 10)}, rows(t, path)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

func TestFinishNullResponse(t *testing.T) {
	t.Parallel()
	// A nil response is valid JSON (null): the row becomes done with the
	// text "null", not SQL NULL. Fetch then returns nil, nil, the same as
	// for a key with nothing to replay; only Reserve's false tells them apart.
	path := newStore(t)
	seed(t, path, pending("k", "v1", 10))
	if ok, err := reference.Finish(path, "k", "v1", nil); err != nil || !ok {
		t.Fatalf("Finish(nil) = %v, %v, want true, nil", ok, err)
	}
	if diff := cmp.Diff([]row{done("k", "v1", "null", 10)}, rows(t, path)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if got, err := reference.Fetch(path, "k", 0); err != nil || got != nil {
		t.Errorf("Fetch = %#v, %v, want nil, nil", got, err)
	}
	if ok, err := reference.Reserve(path, "k", "v1", 10); err != nil || ok {
		t.Errorf("Reserve after Finish(nil) = %v, %v, want false, nil", ok, err)
	}
}

package labcmd_test

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/labcmd"
	"idemlab/harness/sqlpause"
)

func TestParseSeconds(t *testing.T) {
	for s, want := range map[string]float64{"10": 10, "-1.5": -1.5, "1e3": 1000, "Inf": math.Inf(1), "-inf": math.Inf(-1), "+Infinity": math.Inf(1), "1e400": math.Inf(1), "-0": math.Copysign(0, -1)} {
		got, err := labcmd.ParseSeconds(s)
		if err != nil || got != want || math.Signbit(got) != math.Signbit(want) {
			t.Errorf("ParseSeconds(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	if got, err := labcmd.ParseSeconds("NaN"); err != nil || !math.IsNaN(got) {
		t.Errorf("ParseSeconds(NaN) = %v, %v", got, err)
	}
	for s, want := range map[string]string{"": "want a number", "10s": "want a number", "ten": "want a number", "0x1p4": "decimal number of seconds", "1_000": "decimal", "1p3": "want a number"} {
		if _, err := labcmd.ParseSeconds(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseSeconds(%q) = %v, want an error containing %q", s, err, want)
		}
	}
}

// TestParseNumberAndCount: a quantity that is not a time is parsed and
// refused in its own words, never as "a number of seconds".
func TestParseNumberAndCount(t *testing.T) {
	type result struct {
		N   float64
		C   int64
		Err string
	}
	errText := func(err error) string {
		if err == nil {
			return ""
		}
		return err.Error()
	}
	for _, tc := range []struct {
		s             string
		number, count result
	}{
		{"12", result{N: 12}, result{C: 12}},
		{"0", result{}, result{}},
		{"007", result{N: 7}, result{C: 7}},
		{"1.5", result{N: 1.5}, result{Err: "want a count: a whole number from 0 to 9223372036854775807"}},
		{"-3", result{N: -3}, result{Err: "want a count: a whole number from 0 to 9223372036854775807"}},
		{"+3", result{N: 3}, result{Err: "want a count: a whole number from 0 to 9223372036854775807"}},
		{"9223372036854775808", result{N: 9223372036854775808}, result{Err: "want a count: a whole number from 0 to 9223372036854775807"}},
		{"", result{Err: "want a number (or NaN, Inf, -Inf)"}, result{Err: "want a count: a whole number from 0 to 9223372036854775807"}},
		{"ten", result{Err: "want a number (or NaN, Inf, -Inf)"}, result{Err: "want a count: a whole number from 0 to 9223372036854775807"}},
		{"1_000", result{Err: "want a decimal number"}, result{Err: "want a count: a whole number from 0 to 9223372036854775807"}},
	} {
		n, err := labcmd.ParseNumber(tc.s)
		if diff := cmp.Diff(tc.number, result{N: n, Err: errText(err)}); diff != "" {
			t.Errorf("ParseNumber(%q) (-want +got):\n%s", tc.s, diff)
		}
		c, err := labcmd.ParseCount(tc.s)
		if diff := cmp.Diff(tc.count, result{C: c, Err: errText(err)}); diff != "" {
			t.Errorf("ParseCount(%q) (-want +got):\n%s", tc.s, diff)
		}
	}
}

func TestParseInteger(t *testing.T) {
	for _, tc := range []struct {
		s    string
		bits int
		want int64
		err  string
	}{
		{"10", 64, 10, ""},
		{"-1", 64, -1, ""},
		{"+7", strconv.IntSize, 7, ""},
		{"007", 64, 7, ""},
		{"9223372036854775807", 64, math.MaxInt64, ""},
		{"9223372036854775808", 64, 0, "want an integer from -9223372036854775808 to 9223372036854775807"},
		{"128", 8, 0, "want an integer from -128 to 127"},
		{"99999999999999999999", strconv.IntSize, 0, "want an integer from"},
		{"", 64, 0, "want an integer"},
		{"-", 64, 0, "want an integer"},
		{"1.5", 64, 0, "want an integer"},
		{"true", 64, 0, "want an integer"},
		{"10x", 64, 0, "want an integer"},
		{" 1", 64, 0, "want an integer"},
	} {
		got, err := labcmd.ParseInteger(tc.s, tc.bits)
		if tc.err == "" && (err != nil || got != tc.want) || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("ParseInteger(%q, %d) = %d, %v; want %d, error %q", tc.s, tc.bits, got, err, tc.want, tc.err)
		}
	}
}

func TestParseJSON(t *testing.T) {
	for s, want := range map[string]any{
		`{"n":12345678901234567890}`: map[string]any{"n": json.Number("12345678901234567890")},
		`null`:                       nil,
		` "x" `:                      "x",
		`[1,true]`:                   []any{json.Number("1"), true},
	} {
		got, err := labcmd.ParseJSON(s)
		if err != nil {
			t.Errorf("ParseJSON(%q): %v", s, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("ParseJSON(%q) (-want +got):\n%s", s, diff)
		}
	}
	for s, want := range map[string]string{"": "not JSON", "{": "not JSON", "[1]]": "not one JSON value", "1 2": "text follows it"} {
		if _, err := labcmd.ParseJSON(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseJSON(%q) = %v, want an error containing %q", s, err, want)
		}
	}
}

func TestSecondsJSON(t *testing.T) {
	got, err := json.Marshal([]labcmd.Seconds{10, 0.5, labcmd.Seconds(math.Inf(1)), labcmd.Seconds(math.Inf(-1)), labcmd.Seconds(math.NaN())})
	if err != nil {
		t.Fatal(err)
	}
	if want := `[10,0.5,"Inf","-Inf","NaN"]`; string(got) != want {
		t.Errorf("Seconds as JSON = %s, want %s", got, want)
	}
}

// store is a one-table SQLite file opened through sqlpause's driver, and
// a runner of two commands on it: "get" selects every value in one
// IMMEDIATE transaction, "add N" inserts N.
type store struct{ path string }

func (s store) open(t *testing.T) *sql.DB {
	dsn := url.URL{Scheme: "file", Path: filepath.ToSlash(s.path), RawQuery: "_txlock=immediate"}
	db, err := sql.Open(sqlpause.DriverName, dsn.String())
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	return db
}

func (s store) runner(t *testing.T) labcmd.Runner {
	return func(args []string) (string, error) {
		db := s.open(t)
		defer db.Close()
		switch args[0] {
		case "get":
			tx, err := db.Begin()
			if err != nil {
				return "", err
			}
			defer tx.Rollback()
			var n int
			if err := tx.QueryRow(`SELECT COUNT(*) FROM v`).Scan(&n); err != nil {
				return "", err
			}
			return strconv.Itoa(n), tx.Commit()
		case "add":
			_, err := db.Exec(`INSERT INTO v VALUES (?)`, args[1])
			return "ok", err
		case "boom":
			panic("broken")
		}
		return "", fmt.Errorf("unknown %q\nsecond line", args[0])
	}
}

// TestInterleave: a write during an operation that holds the write lock
// waits and runs after it; a read during it runs at once; an operation
// that makes no query has everything after it; a panic is an error.
func TestInterleave(t *testing.T) {
	s := store{filepath.Join(t.TempDir(), "s.db")}
	db := s.open(t)
	if _, err := db.Exec(`CREATE TABLE v (n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	run := s.runner(t)
	got := labcmd.Interleave(s.path, []string{"get"}, [][]string{{"add", "1"}, {"nope"}, {"boom"}}, run)
	want := []string{
		"waits: add 1 (the store is locked)",
		"during: nope => error: unknown \"nope\"",
		"during: boom => error: panic: broken",
		"get => 0",
		"after: add 1 => ok",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("interleaving of get (-want +got):\n%s", diff)
	}
	got = labcmd.Interleave(s.path, []string{"add", "2"}, [][]string{{"get"}}, run)
	if diff := cmp.Diff([]string{"add 2 => ok", "after: get => 2"}, got); diff != "" {
		t.Errorf("interleaving of a write that makes no query (-want +got):\n%s", diff)
	}
}

func TestUseDriver(t *testing.T) {
	labcmd.UseDriver(nil) // no seam: nothing to do
	seam := "sqlite"
	labcmd.UseDriver(&seam)
	if seam != sqlpause.DriverName {
		t.Errorf("seam = %q, want %q", seam, sqlpause.DriverName)
	}
	seam = "changed"
	labcmd.UseDriver(&seam)
	if seam != "changed" {
		t.Errorf("a second UseDriver wrote the seam again: %q", seam)
	}
}

func TestResult(t *testing.T) {
	for _, tc := range []struct {
		when, out, want string
		err             error
	}{
		{"", "2", "takeover k1 => 2", nil},
		{"during", "", "during: takeover k1 => ", nil},
		{"after", "x", "after: takeover k1 => error: bad", errors.New("bad\nusage: ...")},
	} {
		if got := labcmd.Result(tc.when, []string{"takeover", "k1"}, tc.out, tc.err); got != tc.want {
			t.Errorf("Result(%q, %q, %v) = %q, want %q", tc.when, tc.out, tc.err, got, tc.want)
		}
	}
}

// TestInterleaveSaysWaitsInChinese: the waits: line ends in English in
// every language (observations compare it as it is), so the interleave
// subcommand's Chinese usage says what that ending means; its English
// usage is the lab's own.
func TestInterleaveSaysWaitsInChinese(t *testing.T) {
	s := labcmd.InterleaveSub[struct{}]("Run OP.", "运行 OP。", []string{"get"}, []string{"add"})
	if !strings.Contains(s.Zh, "waits: 行末尾的英文括注意为“存储已被锁住") {
		t.Errorf("the Chinese usage of interleave does not explain the waits: line's %q: %s", labcmd.Locked, s.Zh)
	}
	if s.Doc != "Run OP." {
		t.Errorf("the English usage is %q, want the lab's own", s.Doc)
	}
}

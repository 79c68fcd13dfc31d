package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idemlab/harness/report"
)

// root is the module root seen from this package's folder; run finds it
// from the working directory, which go test sets to this folder.
const root = "../../.."

func TestRunExampleJSON(t *testing.T) {
	dir := t.TempDir()
	html, str := filepath.Join(dir, "r.html"), filepath.Join(dir, "s.json")
	var stdout, stderr bytes.Buffer
	status := run([]string{"-json", "-html", html, "-stryker", str,
		"-worksheet", root + "/testdata/example/worksheet.md", "-student", root + "/testdata/example/student"}, &stdout, &stderr)
	// The example has an invalid observation of the student's own, so
	// the lab is not sound: exit 1, with a full report all the same.
	if status != 1 {
		t.Errorf("exit status %d, want 1 (stderr %q)", status, stderr.String())
	}
	var r report.Report
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("stdout is not a JSON report: %v\n%s", err, stdout.String())
	}
	if r.Schema != report.Schema || r.Score.String() != "predictions: 2/8 right (5 recorded); own observations kill 1/8 mutants (1 written)" {
		t.Errorf("schema %q, score %q", r.Schema, r.Score)
	}
	if r.Summary.Killed != 8 || len(r.Invalid) != 1 {
		t.Errorf("summary %+v, invalid %d; want 8 killed and 1 invalid observation", r.Summary, len(r.Invalid))
	}
	var digested []string
	for _, d := range r.Inputs {
		if d.SHA256 != "" {
			digested = append(digested, d.Path)
		}
	}
	for _, want := range []string{"testdata/example/worksheet.md", "testdata/edge/fetch_at_expiry_is_nil.txtar", "mutants/catalogue.json", "reference/store.go", "harness/"} {
		if !strings.Contains(strings.Join(digested, " "), want) {
			t.Errorf("inputs lack a digest of %s: %v", want, digested)
		}
	}
	page, err := os.ReadFile(html)
	if err != nil || !bytes.HasPrefix(page, []byte("<!DOCTYPE html>")) {
		t.Errorf("-html wrote %d bytes, %v; want an HTML page", len(page), err)
	}
	var s map[string]any
	if data, err := os.ReadFile(str); err != nil || json.Unmarshal(data, &s) != nil || s["schemaVersion"] != "2" {
		t.Errorf("-stryker wrote no schemaVersion 2 report (%v)", err)
	}
}

func TestRunRefusesMalformedWorksheet(t *testing.T) {
	sheet := filepath.Join(t.TempDir(), "worksheet.md")
	os.WriteFile(sheet, []byte("# mine\n\n```prediction\nmutant: 4_fetch_replays_at_expiry\nkiller: edge/nope\nevidence: maybe\nreason: r\n```\n"), 0o644)
	html := filepath.Join(t.TempDir(), "r.html")
	var stdout, stderr bytes.Buffer
	if status := run([]string{"-worksheet", sheet, "-html", html}, &stdout, &stderr); status != 2 {
		t.Errorf("exit status %d, want 2", status)
	}
	for _, want := range []string{sheet + `:5: unknown observation "edge/nope"`, sheet + `:6: evidence "maybe"`, "no report was written"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if stdout.Len() != 0 {
		t.Errorf("a report was printed from a malformed worksheet:\n%s", stdout.String())
	}
	if _, err := os.Stat(html); err == nil {
		t.Error("the HTML report was written from a malformed worksheet")
	}
}

func TestRunUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-mutant", "9_nope"},
		{"-run", "("},
		{"-run", "matches-nothing"},
		{"-student", "testdata/mine"},
		{"extra"},
		{"-bogus"},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(args, &stdout, &stderr); status != 2 || stderr.Len() == 0 {
			t.Errorf("run(%q) = %d with stderr %q; want 2 and a message", args, status, stderr.String())
		}
	}
}

// TestRunHostileWorksheets: a worksheet that is a directory, not UTF-8, or
// huge gets a clear error or a correct result, and nothing is written.
func TestRunHostileWorksheets(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.md")
	var b strings.Builder
	for b.Len() < 8<<20 {
		b.WriteString("Prose that goes on and on, with ```inline``` fences and no block. ")
	}
	b.WriteString("\n\n```prediction\nmutant: 1_init_fails_twice\nkiller: edge/init_twice_keeps_rows\nevidence: error\nreason: r\n```\n")
	os.WriteFile(huge, []byte(b.String()), 0o644)
	latin1 := filepath.Join(dir, "latin1.md")
	os.WriteFile(latin1, []byte("caf\xe9\n```prediction\nmutant: 1_init_fails_twice\n```\n"), 0o644)
	for _, tc := range []struct {
		name, sheet string
		status      int
		stderr      string
	}{
		{"directory", dir, 2, "is a directory"},
		{"not UTF-8", latin1, 2, latin1 + ":1: not UTF-8 text"},
		{"huge", huge, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run([]string{"-json", "-worksheet", tc.sheet}, &stdout, &stderr)
			if status != tc.status || !strings.Contains(stderr.String(), tc.stderr) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", status, stderr.String(), tc.status, tc.stderr)
			}
			if tc.status != 0 {
				if stdout.Len() != 0 {
					t.Errorf("a report was written: %d bytes", stdout.Len())
				}
				return
			}
			var r report.Report
			if err := json.Unmarshal(stdout.Bytes(), &r); err != nil || r.Score.Right != 1 {
				t.Errorf("report: %v, score %+v; want the one prediction judged right", err, r.Score)
			}
		})
	}
}

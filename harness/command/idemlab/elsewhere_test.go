package idemlab

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
	"idemlab/harness/report"
)

// TestStudentFolderElsewhere: -student names a folder outside the
// checkout, relative to the working directory as a shell user writes it
// (the manual's -student ../mine/student, here ../../tmp/…/student). Its observations run, are
// judged and are digested under the name given; before, the digest read
// them through the checkout's root and failed with "path escapes from
// parent".
func TestStudentFolderElsewhere(t *testing.T) {
	t.Setenv("LANG", "C")
	t.Setenv("LC_ALL", "C")
	t.Setenv("LANGUAGE", "")
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	student := filepath.Join(tmp, "elsewhere", "student")
	if err := os.MkdirAll(student, 0o755); err != nil {
		t.Fatal(err)
	}
	names := []string{"counts_after_one_reserve.txtar", "fetch_at_expiry_still_replays.txtar"}
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(abs, "mutants/testdata/answers/student", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(student, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Run from the checkout (t.Chdir, not -C, which would leave the
	// process there for the tests that follow): the folder is named from
	// there, up and out of it.
	t.Chdir(abs)
	rel, err := filepath.Rel(abs, student)
	if err != nil || !strings.HasPrefix(rel, "..") {
		t.Fatalf("%s relative to %s: %q, %v", student, abs, rel, err)
	}
	var stdout, stderr bytes.Buffer
	status := run([]string{"-q", "-json", "-mutant", "7_counts", "-lang", "en",
		"-worksheet", filepath.Join(abs, "mutants/testdata/answers/worksheet.md"), "-student", rel}, &stdout, &stderr)
	var r report.Report
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("exit %d, no report: %v; stderr %q", status, err, stderr.String())
	}
	if status != exitcode.OK {
		t.Errorf("exit status %d, want 0 (stderr %q)", status, stderr.String())
	}
	got := map[string]bool{}
	for _, d := range r.Inputs {
		got[d.Path] = d.SHA256 != ""
	}
	for _, name := range names {
		if p := filepath.ToSlash(filepath.Join(rel, name)); !got[p] {
			t.Errorf("inputs lack a digest of %s", p)
		}
	}
	var uncounted []string
	for _, u := range r.Uncounted {
		uncounted = append(uncounted, u.Observation+" "+string(u.Status))
	}
	if diff := cmp.Diff([]string{"student/fetch_at_expiry_still_replays broken"}, uncounted); diff != "" || r.Score.OwnObservations != 2 {
		t.Errorf("own observations %d, want 2; uncounted (-want +got):\n%s", r.Score.OwnObservations, diff)
	}
}

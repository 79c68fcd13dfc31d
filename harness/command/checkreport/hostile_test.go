package checkreport

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
)

// TestHostileReport: REPORT.json is untrusted input: a FIFO is refused at
// once (never blocking), a link (to /dev/zero) is not followed, a file
// over MaxReportSize is not read, and a report inside the checkout
// reached through a folder that is a link is refused; each exits 1 with
// what is wrong, before anything runs.
func TestHostileReport(t *testing.T) {
	t.Chdir(".") // -C changes folder; come back after
	dir := t.TempDir()
	checkout := filepath.Join(dir, "checkout")
	if err := os.MkdirAll(filepath.Join(checkout, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	goMod(t, checkout)
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.json")); err != nil {
		t.Fatal(err)
	}
	huge, err := os.Create(filepath.Join(dir, "huge.json"))
	if err != nil {
		t.Fatal(err)
	}
	huge.Close()
	if err := os.Truncate(huge.Name(), MaxReportSize+1); err != nil { // sparse: no disk spent
		t.Fatal(err)
	}
	report := writeReport(t, `{"schema": "`+reportSchema+`"}`)
	if err := os.Symlink(filepath.Dir(report), filepath.Join(checkout, "reports")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"fifo", []string{"-checkout", checkout, filepath.Join(dir, "fifo.json")}, "fifo.json: is a named pipe (FIFO): only regular files are read"},
		{"link to /dev/zero", []string{"-checkout", checkout, filepath.Join(dir, "zero.json")}, "zero.json: is a symbolic link: only regular files are read"},
		{"too large", []string{"-checkout", checkout, huge.Name()}, "huge.json: is 16777217 bytes, over the limit of 16777216"},
		{"a folder", []string{"-checkout", checkout, dir}, "is a folder: only regular files are read"},
		{"through a linked folder", []string{"-C", checkout, "reports/report.json"}, "reports/report.json: reports is a symbolic link: links are not followed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tc.args, &stdout, &stderr)
			if status != exitcode.Usage || stdout.Len() > 0 || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("checkreport %q = %d, %q %q; want %d and %q", tc.args, status, stdout.String(), stderr.String(), exitcode.Usage, tc.want)
			}
		})
	}
}

// TestHostileObservations: a checkout's own observations are read as
// untrusted as a student's: a FIFO among them (one the report does not
// name, so no digest refuses it first), a link to /dev/zero, and a kind's
// folder that is a link out of the checkout are each refused at once,
// exit 1, naming the file; before, the FIFO cost the worker's whole wall
// budget and exit 70, and /dev/zero its memory budget.
func TestHostileObservations(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the counter lab")
	}
	t.Chdir(".")
	root := counterCheckout(t)
	report := counterReport(t, root)
	edge := filepath.Join(root, counter.Dir, "observations", "edge")
	for _, tc := range []struct {
		name    string
		hostile func() error
		undo    func()
		want    string
	}{
		{"fifo", func() error { return syscall.Mkfifo(filepath.Join(edge, "zz_fifo.txtar"), 0o644) }, func() { os.Remove(filepath.Join(edge, "zz_fifo.txtar")) },
			"edge/zz_fifo.txtar: is a named pipe (FIFO): only regular files are read"},
		{"link to /dev/zero", func() error { return os.Symlink("/dev/zero", filepath.Join(edge, "zz_zero.txtar")) }, func() { os.Remove(filepath.Join(edge, "zz_zero.txtar")) },
			"edge/zz_zero.txtar: is a symbolic link: only regular files are read"},
		{"linked folder", func() error {
			out := filepath.Join(t.TempDir(), "edge")
			if err := os.Rename(edge, out); err != nil {
				return err
			}
			return os.Symlink(out, edge)
		}, func() {
			out, _ := os.Readlink(edge)
			os.Remove(edge)
			os.Rename(out, edge)
		}, "observations/edge is a symbolic link: links are not followed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.hostile(); err != nil {
				t.Fatal(err)
			}
			defer tc.undo()
			var stdout, stderr bytes.Buffer
			status := Run(counter.Lab(), []string{"-checkout", root, report}, &stdout, &stderr)
			if status != exitcode.Usage || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("checkreport = %d, %q %q; want %d and %q", status, stdout.String(), stderr.String(), exitcode.Usage, tc.want)
			}
		})
	}
	// Undone, the same checkout and report check ok.
	var stdout, stderr bytes.Buffer
	status := Run(counter.Lab(), []string{"-checkout", root, report}, &stdout, &stderr)
	first, _, _ := strings.Cut(stdout.String(), ":")
	if diff := cmp.Diff([]any{exitcode.OK, "ok"}, []any{status, first}); diff != "" {
		t.Errorf("checkreport of the honest checkout (-want +got):\n%s\n%s", diff, stderr.String())
	}
}

// counterCheckout copies the files git tracks under harness/ (the
// counter lab and the harness it digests) and go.mod to a folder of its
// own, a checkout an attacker may change.
func counterCheckout(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "ls-files", "-z", "go.mod", "go.sum", "harness")
	cmd.Dir = src
	out, err := cmd.Output()
	if err != nil {
		t.Skip("not a git checkout:", err)
	}
	root := t.TempDir()
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			continue // deleted in the work tree
		}
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// counterReport writes the counter lab's kill report of the checkout at
// root to a file outside it.
func counterReport(t *testing.T, root string) string {
	t.Helper()
	plan, err := labrun.Prepare(labrun.Config{Lab: counter.Lab(), Root: root, Worksheets: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := plan.Run()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := res.Report.JSON(&b); err != nil {
		t.Fatal(err)
	}
	return writeReport(t, b.String())
}

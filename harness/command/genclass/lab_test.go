package genclass

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/labrun/testdata/counter"
)

// TestAnotherLab writes a class of the counter lab, which no binary has
// built in, through Run: its observations are the counter lab's own, and
// use its command (ctr), never another lab's.
func TestAnotherLab(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if status := Run(counter.Lab(), []string{"-n", "3", "-seed", "2", dir}, &stdout, &stderr); status != 0 {
		t.Fatalf("genclass: exit %d, %s", status, stderr.String())
	}
	var files []string
	commands := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files = append(files, filepath.ToSlash(rel))
		if strings.HasSuffix(path, ".txtar") {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for line := range strings.Lines(string(data)) {
				f := strings.Fields(line)
				if len(f) > 1 && f[0] == "!" {
					f = f[1:]
				}
				if len(f) > 0 && !strings.HasPrefix(f[0], "#") && !strings.HasPrefix(f[0], "-") {
					commands[f[0]] = true
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"student001/student/inc_at_max_is_refused.txtar", // a killer, copied
		"student001/student/inc_then_get.txtar",
		"student001/student/runs_a_program.txtar", // refused
		"student001/worksheet.history.json",
		"student001/worksheet.md",
		"student002/student/files_are_separate_counters.txtar", // happy path
		"student002/worksheet.md",
		"student003/student/expects_inc_then_get_broken.txtar", // invalid
		"student003/student/inc_at_max_is_refused.txtar",
		"student003/worksheet.history.json",
		"student003/worksheet.md",
	}
	if diff := cmp.Diff(want, files); diff != "" {
		t.Errorf("the class's files (-want +got):\n%s", diff)
	}
	// exec only in the observation grading must refuse.
	if diff := cmp.Diff(map[string]bool{"ctr": true, "exec": true, "stdout": true, "stderr": true}, commands); diff != "" {
		t.Errorf("the commands its observations use (-want +got):\n%s", diff)
	}
	if want := "wrote 3 submissions of lab counter in " + dir + "\n"; stdout.String() != want {
		t.Errorf("stdout %q; want %q", stdout.String(), want)
	}
}

package checkreport

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
)

// TestAnotherLab checks kill reports of the counter lab, which no binary
// has built in, through Run: its worker (this test binary again, told
// -lab counter) runs in the sandbox. The report as the lab wrote it is
// ok; the same report with one mutant's outcome edited is TAMPERED.
func TestAnotherLab(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the counter lab")
	}
	t.Chdir(".") // checkreport changes to the checkout; come back after
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
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
	edited := bytes.Replace(b.Bytes(), []byte(`"outcome": "killed"`), []byte(`"outcome": "survived"`), 1)
	if bytes.Equal(edited, b.Bytes()) {
		t.Fatalf("the report has no killed mutant to edit:\n%s", b.String())
	}
	type verdict struct {
		Status int
		First  string
	}
	got := map[string]verdict{}
	for name, data := range map[string][]byte{"as written": b.Bytes(), "edited": edited} {
		file := writeReport(t, string(data))
		var stdout, stderr bytes.Buffer
		status := Run(counter.Lab(), []string{"-checkout", root, file}, &stdout, &stderr)
		first, _, _ := strings.Cut(stdout.String(), "\n")
		first, _, _ = strings.Cut(first, ":")
		got[name] = verdict{status, first}
		if stderr.Len() > 0 {
			t.Logf("%s: stderr %s", name, stderr.String())
		}
	}
	want := map[string]verdict{"as written": {exitcode.OK, "ok"}, "edited": {exitcode.Survived, "TAMPERED"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("checkreport on the counter lab's report (-want +got):\n%s", diff)
	}
}

package checkreport

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/exitcode"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
	lease "idemlab/labs/lease/mutants"
)

// TestAnotherLab checks kill reports of the counter lab, which no binary
// has built in, through Run: its worker (this test binary again, told
// -lab counter) runs in the sandbox. The report as the lab wrote it is
// ok; the same report with one mutant's outcome edited is TAMPERED.
func TestAnotherLab(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the counter lab")
	}
	checksReports(t, counter.Lab(), func(args []string, stdout, stderr io.Writer) int {
		return Run(counter.Lab(), args, stdout, stderr)
	})
}

// TestLeaseLab: the same for a report of the lease lab, in a binary
// whose default lab is another: without -lab, checkreport reads the lab
// the report records (its meta.lab).
func TestLeaseLab(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the lease lab")
	}
	checksReports(t, lease.Lab(), func(args []string, stdout, stderr io.Writer) int {
		return Main(testLabs, args, stdout, stderr)
	})
}

// TestLabRecorded: a report is checked as the lab it records; -lab
// naming another lab is refused before anything runs, naming the file
// and both labs, as is a report of a lab the binary does not have.
func TestLabRecorded(t *testing.T) {
	file := writeReport(t, `{"schema":"`+reportSchema+`","meta":{"kind":"lab","lab":"lease"}}`)
	nope := writeReport(t, `{"schema":"`+reportSchema+`","meta":{"kind":"lab","lab":"nope"}}`)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-lab", "idemstore", file}, "checkreport: " + file + ` records lab "lease", but -lab names lab "idemstore": drop -lab to read it as lab lease` + "\n"},
		{[]string{nope}, "checkreport: " + nope + ` records lab "nope": no lab called "nope"; the labs are idemstore, lease, counter` + "\n"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(tc.args, &stdout, &stderr)
		if diff := cmp.Diff([]any{exitcode.Usage, "", tc.want}, []any{status, stdout.String(), stderr.String()}); diff != "" {
			t.Errorf("checkreport %q: status, stdout, stderr (-want +got):\n%s", tc.args, diff)
		}
	}
}

// checksReports writes lab l's kill report of the checkout and checks it
// with run, as written and with one mutant's outcome edited.
func checksReports(t *testing.T, l *lab.Lab, run func(args []string, stdout, stderr io.Writer) int) {
	t.Chdir(".") // checkreport changes to the checkout; come back after
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	plan, err := labrun.Prepare(labrun.Config{Lab: l, Root: root, Worksheets: []string{}})
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
		status := run([]string{"-checkout", root, file}, &stdout, &stderr)
		first, _, _ := strings.Cut(stdout.String(), "\n")
		first, _, _ = strings.Cut(first, ":")
		got[name] = verdict{status, first}
		if stderr.Len() > 0 {
			t.Logf("%s: stderr %s", name, stderr.String())
		}
	}
	want := map[string]verdict{"as written": {exitcode.OK, "ok"}, "edited": {exitcode.Survived, "TAMPERED"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("checkreport on the %s lab's report (-want +got):\n%s", l.Name, diff)
	}
}

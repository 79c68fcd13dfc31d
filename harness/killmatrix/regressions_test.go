package killmatrix_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
	"idemlab/mutants"
)

// TestEvidenceReadsTheLastOutput: a check reads the output of the last
// command that printed, not of the last idem command before it.
func TestEvidenceReadsTheLastOutput(t *testing.T) {
	o := script(t, t.TempDir(), "edge", "cat", "# cat\nidem init\nidem rows\nexec cat want.txt\nstdout x\nstdout y\nidem counts\n! stdout z\nstdout w\n")
	for line, want := range map[int]killmatrix.Evidence{
		5: killmatrix.EvidenceReturn, // reads exec cat, not idem rows
		6: killmatrix.EvidenceReturn, // still exec cat: stdout x is a check
		8: killmatrix.EvidenceState,
		9: killmatrix.EvidenceState,
	} {
		if got := evidenceAt(o, line); got != want {
			t.Errorf("EvidenceAt(%d) = %s, want %s", line, got, want)
		}
	}
}

// TestEvidenceAfterMaybe: "? idem counts" is parsed like any prefixed
// line, so a failing check of its output reads state (the two tokenizers
// the harness once had disagreed here and said return).
func TestEvidenceAfterMaybe(t *testing.T) {
	o := script(t, t.TempDir(), "edge", "maybe", "# maybe\nidem init\n? idem counts\nstdout pending\n? idem -db x.db fetch k 1\nstdout null\n")
	for line, want := range map[int]killmatrix.Evidence{4: killmatrix.EvidenceState, 6: killmatrix.EvidenceReturn} {
		if got := evidenceAt(o, line); got != want {
			t.Errorf("EvidenceAt(%d) = %s, want %s", line, got, want)
		}
	}
}

// TestMaybeRunsALabCommand: "?" runs a lab command whose failure does not
// stop the script, records it, and refuses anything but a lab command.
func TestMaybeRunsALabCommand(t *testing.T) {
	dir := t.TempDir()
	ok := script(t, dir, "edge", "maybe_ok", "# maybe\n? idem counts\nstderr 'does not exist'\nidem init\n? idem counts\nstdout pending\n")
	if got := run(ref(), ok, time.Minute, t.TempDir()); got.Status != outcome.Pass {
		t.Errorf("%s: %s at %s: %s", ok.Name, got.Status, got.Pos, got.Message)
	} else if len(got.Steps) != 3 || got.Steps[0].Err == "" {
		t.Errorf("steps = %+v, want three, the first failing", got.Steps)
	}
	bad := script(t, dir, "edge", "maybe_exec", "# maybe\n? exec true\n")
	if got := run(ref(), bad, time.Minute, t.TempDir()); got.Status != outcome.Fail || !strings.Contains(got.Message, "? may prefix only the lab's commands") {
		t.Errorf("? exec: %s %q, want a failure saying ? prefixes lab commands only", got.Status, got.Message)
	}
}

// TestRunTranscriptRecordsFailures: the transcript holds each lab command
// with its arguments, its stdout and its error, failures included.
func TestRunTranscriptRecordsFailures(t *testing.T) {
	o := script(t, t.TempDir(), "edge", "transcript", `# every call is recorded, failures included.
idem init
idem reserve k v 10
stdout '^true$'
! idem expired 10 true
stderr 'LIMIT "true"'
! idem counts extra
idem fetch k 5
stdout '^null$'
`)
	got := run(ref(), o, time.Minute, t.TempDir())
	if got.Status != outcome.Pass {
		t.Fatalf("%s at %s: %s", got.Status, got.Pos, got.Message)
	}
	want := []killmatrix.Step{
		{Args: []string{"idem", "init"}},
		{Args: []string{"idem", "reserve", "k", "v", "10"}, Stdout: "true\n"},
		{Args: []string{"idem", "expired", "10", "true"}},
		{Args: []string{"idem", "counts", "extra"}},
		{Args: []string{"idem", "fetch", "k", "5"}, Stdout: "null\n"},
	}
	wantErr := []string{"", "", `LIMIT "true"`, `unexpected argument "extra"`, ""}
	if len(got.Steps) != len(want) {
		t.Fatalf("transcript has %d steps, want %d: %+v", len(got.Steps), len(want), got.Steps)
	}
	for i := range got.Steps {
		if !strings.Contains(got.Steps[i].Err, wantErr[i]) || (wantErr[i] == "") != (got.Steps[i].Err == "") {
			t.Errorf("step %d: Err = %q, want it to contain %q", i, got.Steps[i].Err, wantErr[i])
		}
		got.Steps[i].Err = ""
	}
	if diff := cmp.Diff(want, got.Steps); diff != "" {
		t.Errorf("transcript (-want +got):\n%s", diff)
	}
}

// TestTranscriptKeepsBoundedOutput: a script that prints a lot keeps only
// what the limits allow of it, and says how much it cut.
func TestTranscriptKeepsBoundedOutput(t *testing.T) {
	var b strings.Builder
	b.WriteString("# many fetches of a big response\nidem init\nidem reserve k v 10\nidem finish k v '\"")
	b.WriteString(strings.Repeat("x", 4000))
	b.WriteString("\"'\n")
	for range 20 {
		b.WriteString("idem fetch k 5\n")
	}
	o := script(t, t.TempDir(), "edge", "big", b.String())
	got := killmatrix.Run(mutants.Lab(), ref(), o, killmatrix.Options{Timeout: time.Minute, WorkRoot: t.TempDir(), Limits: killmatrix.Limits{Step: 1000, Total: 5000}})
	if got.Status != outcome.Pass {
		t.Fatalf("%s: %s", got.Status, got.Message)
	}
	kept := 0
	for _, s := range got.Steps {
		kept += len(s.Stdout)
	}
	if kept > 5000+20*40 || !strings.Contains(got.Steps[3].Stdout, "bytes not kept") {
		t.Errorf("kept %d bytes of output; step 3: %.60q…; want at most the limits and a note", kept, got.Steps[3].Stdout)
	}
}

// TestOutputNamesTheWorkFolderWORK: what a lab command prints names the
// run's work folder $WORK, never its random path, so that no check can
// match the folder's name and pass or fail by chance (the lottery of a
// hostile review: `stderr 'idemlab-\d*[0-1]/script'` won kills by chance).
func TestOutputNamesTheWorkFolderWORK(t *testing.T) {
	o := script(t, t.TempDir(), "student", "work_folder", `# the store's error names the folder $WORK.
! idem -db nodir/x counts
stderr '\$WORK/nodir/x'
! stderr '/tmp|script-'
`)
	for range 3 {
		if got := run(ref(), o, time.Minute, t.TempDir()); got.Status != outcome.Pass {
			t.Fatalf("%s at %s: %s", got.Status, got.Pos, got.Message)
		}
	}
}

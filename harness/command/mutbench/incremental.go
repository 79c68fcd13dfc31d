package mutbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/command/idemlab"
	"idemlab/harness/exitcode"
	"idemlab/harness/internal/verdictcache"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/report"
)

// measureC times (c): idemlab mutate as a lab author runs it again and
// again, with a verdict cache of its own, on a copy of the observations:
// fresh; unchanged; and after one observation's edit, which deletes the
// line at which it first killed a mutant. It reports whether the edited
// run's verdicts are those of a fresh run of the edited observations.
func (bn *bench) measureC() (agree bool, err error) {
	cache, err := os.MkdirTemp("", "idemlab-bench-cache-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(cache)
	obs, err := os.MkdirTemp("", "idemlab-bench-obs-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(obs)
	if err := os.CopyFS(obs, os.DirFS(filepath.Join(bn.root, filepath.FromSlash(bn.lab.Layout.Observations)))); err != nil {
		return false, err
	}
	restore := setenv(verdictcache.EnvDisable, cache)
	defer restore()
	// No -C: it would change the process's working folder, and mutbench
	// already runs inside the checkout whose root idemlab mutate finds.
	m := mutateRun{lab: bn.lab, args: []string{"-q", "-json", "-dir", obs, "-run", bn.run.String()}}

	fresh, tFresh, err := m.time("-fresh")
	if err != nil {
		return false, err
	}
	_, tAgain, err := m.time()
	if err != nil {
		return false, err
	}
	kill, err := deleteKillingLine(fresh, obs)
	if err != nil {
		return false, err
	}
	edited, tEdited, err := m.time()
	if err != nil {
		return false, err
	}
	check, _, err := m.time("-fresh")
	if err != nil {
		return false, err
	}
	diff := cmp.Diff(verdicts(check), verdicts(edited))
	fmt.Fprintf(bn.stdout, "(c) idemlab mutate with a verdict cache of its own, on a copy of the observations, as a lab author runs it again:\n")
	fmt.Fprintf(bn.stdout, "    fresh (-fresh): %s\n", round(tFresh))
	fmt.Fprintf(bn.stdout, "    unchanged, run again: %s, %.1fx faster\n", round(tAgain), tFresh.Seconds()/tAgain.Seconds())
	fmt.Fprintf(bn.stdout, "    after deleting %s.txtar:%d, the line at which it first killed %s: %s, %.1fx faster\n",
		kill.Observation, kill.Line, kill.mutant, round(tEdited), tFresh.Seconds()/tEdited.Seconds())
	if diff != "" {
		fmt.Fprintf(bn.stdout, "FAIL: after the edit the verdicts are not a fresh run's (-fresh +incremental):\n%s", diff)
		return false, nil
	}
	fmt.Fprintf(bn.stdout, "    after the edit the verdicts equal a fresh run's of the edited observations (%d mutants)\n", len(edited.Mutants))
	return true, nil
}

// setenv sets the variable key to value, and returns what restores it.
func setenv(key, value string) func() {
	old, had := os.LookupEnv(key)
	os.Setenv(key, value)
	return func() {
		if had {
			os.Setenv(key, old)
		} else {
			os.Unsetenv(key)
		}
	}
}

// mutateRun runs idemlab mutate on lab with args.
type mutateRun struct {
	lab  *lab.Lab
	args []string
}

// time runs idemlab mutate with the extra flags, and returns its JSON
// report and how long it took.
func (m mutateRun) time(extra ...string) (*report.Report, time.Duration, error) {
	args := append(append([]string{"mutate"}, m.args...), extra...)
	var stdout, stderr bytes.Buffer
	start := time.Now()
	status := idemlab.Run(m.lab, args, &stdout, &stderr)
	took := time.Since(start)
	if status != exitcode.OK && status != exitcode.Survived {
		return nil, 0, fmt.Errorf("idemlab %s: exit %d\n%s", strings.Join(args, " "), status, stderr.Bytes())
	}
	var r report.Report
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		return nil, 0, fmt.Errorf("idemlab %s: %v", strings.Join(args, " "), err)
	}
	return &r, took, nil
}

// A killingLine is where an observation first killed a mutant.
type killingLine struct {
	killmatrix.Kill
	mutant string
}

// deleteKillingLine deletes, in the observations under dir, the line at
// which r's first mutant killed by a check of output (stdout, stderr, cmp)
// was first killed: an edit that changes what that observation pins, as an
// author's does, and leaves what it does (its commands) as it was, so the
// observation still passes on the reference.
func deleteKillingLine(r *report.Report, dir string) (killingLine, error) {
	i := slices.IndexFunc(r.Mutants, func(m report.Mutant) bool { return len(m.KilledBy) > 0 && checksOutput(m.KilledBy[0]) })
	if i < 0 {
		return killingLine{}, fmt.Errorf("no mutant was killed by a check of an observation's output")
	}
	k := killingLine{r.Mutants[i].KilledBy[0], r.Mutants[i].Name}
	file := filepath.Join(dir, filepath.FromSlash(k.Observation)+".txtar")
	text, err := os.ReadFile(file)
	if err != nil {
		return k, err
	}
	lines := strings.SplitAfter(string(text), "\n")
	if k.Line > len(lines) {
		return k, fmt.Errorf("%s has no line %d", file, k.Line)
	}
	lines = slices.Delete(lines, k.Line-1, k.Line)
	return k, os.WriteFile(file, []byte(strings.Join(lines, "")), 0o644)
}

// checksOutput reports whether k is a kill at a line that checks output.
func checksOutput(k killmatrix.Kill) bool {
	cmd := strings.Fields(strings.TrimPrefix(k.Command, "! "))
	return k.Line > 0 && len(cmd) > 0 && slices.Contains([]string{"stdout", "stderr", "cmp", "cmpenv"}, cmd[0])
}

// verdicts are a report's verdicts by mutant: its outcome and killers.
func verdicts(r *report.Report) map[string]string {
	out := map[string]string{}
	for _, m := range r.Mutants {
		v := string(m.Outcome)
		for _, k := range m.KilledBy {
			v += fmt.Sprintf(" %s:%d", k.Observation, k.Line)
		}
		out[m.Name] = v
	}
	return out
}

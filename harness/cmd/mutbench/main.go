// Command mutbench measures, in one run, how long judging every generated
// mutant of the reference takes in two ways:
//
//	go run ./harness/cmd/mutbench [-n 8] [-run REGEXP] [-parallel N]
//
// (a) idemlab mutate's way: generate the mutants, build them all into one
// binary, run the observations against all of them in process, each
// mutant's until its first kill (with -all, every observation on every
// mutant, as idemlab mutate -all does). Every
// mutant's copy carries a fresh nonce, so none is taken from the build
// cache: the build is timed as if every mutant were new (the dependencies,
// compiled by go test ./..., stay cached, as they would).
//
// (b) the naive way: for each mutant, write the mutated reference/store.go
// into a copy of the module and run go test -count=1 there, in one of two
// forms (-naive). Neither stops at the first failure, and go test's
// -failfast would not make it: the lab's test is one test, and the
// observations run as parallel subtests, all started before any fails.
//
//	lab      go test -count=1 -run '^TestLab$' ./mutants: the lab's gate,
//	         which fails when an observation fails on the (mutated)
//	         reference, and also judges the eight catalogue mutants
//	observe  go test -count=1 ./naive, a package added to the copy whose one
//	         test runs every observation against the reference package and
//	         nothing else: the leanest go test that does the job
//
// This is timed on a sample of -n mutants, evenly spread over the list, and
// extrapolated to all of them; the output says so.
//
// It prints both times and their ratio, and checks that both ways agree on
// which sampled mutants die. It exits 1 when they disagree, 2 on error.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/mutants"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 8, "mutants to time the naive way (evenly spread), extrapolated to all")
	runPattern := fs.String("run", "", "benchmark only the mutants whose id matches this regexp")
	par := fs.Int("parallel", 0, "scripts run at once in (a) (default: the number of CPUs)")
	timeout := fs.Duration("timeout", killmatrix.DefaultTimeout, "bound on one observation run")
	everyObs := fs.Bool("all", false, "in (a), run every observation on every mutant instead of stopping at each one's first kill")
	naive := fs.String("naive", "lab", "the naive way's go test: lab (./mutants -run TestLab) or observe (./naive, observations only)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "mutbench:", err)
		return 2
	}
	if *n < 1 {
		return fail(fmt.Errorf("-n %d: want at least 1", *n))
	}
	naiveArgs, ok := naiveForms[*naive]
	if !ok {
		return fail(fmt.Errorf("-naive %q: want lab or observe", *naive))
	}
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		return fail(err)
	}
	l := mutants.Lab()
	cat := l.Catalogue
	if err != nil {
		return fail(err)
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(cat.Reference)))
	if err != nil {
		return fail(err)
	}
	obs, err := labrun.LabObservations(l, root)
	if err != nil {
		return fail(err)
	}

	// (a): generate + build + run, end to end.
	startA := time.Now()
	all, err := mutagen.Generate(cat.Reference, src)
	if err != nil {
		return fail(err)
	}
	var selected []mutagen.Mutant
	if *runPattern == "" {
		selected = all
	} else {
		re, err := regexp.Compile(*runPattern)
		if err != nil {
			return fail(fmt.Errorf("-run: %v", err))
		}
		for _, m := range all {
			if re.MatchString(m.ID) {
				selected = append(selected, m)
			}
		}
	}
	if len(selected) == 0 {
		return fail(fmt.Errorf("no mutants to benchmark"))
	}
	fmt.Fprintf(stdout, "mutbench: %d mutants of %s, %d observations, %d CPUs\n", len(selected), cat.Reference, len(obs), runtime.NumCPU())
	res, err := mutagen.Run(l, src, selected, mutagen.BuildOptions{Root: root, Nonce: fmt.Sprint(time.Now().UnixNano())},
		mutagen.RunOptions{Dir: l.Layout.Observations, Options: killmatrix.Options{Timeout: *timeout, Parallel: *par, FirstKill: !*everyObs}})
	if err != nil {
		return fail(err)
	}
	a := time.Since(startA)
	howFar := " up to its first kill"
	if *everyObs {
		howFar = ", every observation"
	}
	fmt.Fprintf(stdout, "(a) one binary, every mutant in process%s: %s  (generate %s, build %s in %d go build, run %s)\n",
		howFar, round(a), round(res.Generate), round(res.Build), res.Builds, round(res.Run))
	fmt.Fprintf(stdout, "    %s; %d unviable\n", res.Matrix.Summary(), len(res.Unviable))
	killedA := map[string]bool{}
	for _, row := range res.Matrix.Mutants {
		killedA[row.Name] = row.Outcome == outcome.Killed
	}

	// (b): one go test per sampled mutant.
	sample := spread(selected, *n)
	copyDir, err := os.MkdirTemp("", "idemlab-naive-")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(copyDir)
	if err := copyModule(root, copyDir); err != nil {
		return fail(err)
	}
	if err := writeNaiveTest(copyDir); err != nil {
		return fail(err)
	}
	refCopy := filepath.Join(copyDir, filepath.FromSlash(cat.Reference))
	startB := time.Now()
	agree := 0
	for i, m := range sample {
		mutated, err := m.Apply(src)
		if err != nil {
			return fail(err)
		}
		if err := os.WriteFile(refCopy, mutated, 0o644); err != nil {
			return fail(err)
		}
		t := time.Now()
		killed, unviable, err := naiveTest(copyDir, naiveArgs)
		if err != nil {
			return fail(err)
		}
		verdict := "survived"
		switch {
		case unviable:
			verdict = "unviable"
		case killed:
			verdict = "killed"
		}
		same := !unviable && killed == killedA[m.ID]
		if same {
			agree++
		}
		fmt.Fprintf(stderr, "mutbench: (b) %d/%d %s: %s in %s\n", i+1, len(sample), m.ID, verdict, round(time.Since(t)))
	}
	b := time.Since(startB)
	per := b / time.Duration(len(sample))
	bAll := per * time.Duration(len(selected))
	fmt.Fprintf(stdout, "(b) naive, go %s in a copy of the module, once per mutant:\n", strings.Join(naiveArgs, " "))
	fmt.Fprintf(stdout, "    timed on a sample of %d of the %d mutants: %s, %s per mutant\n", len(sample), len(selected), round(b), round(per))
	fmt.Fprintf(stdout, "    extrapolated to all %d mutants: %s (an estimate, not a measurement)\n", len(selected), round(bAll))
	fmt.Fprintf(stdout, "    the two ways agree on %d of the %d sampled mutants\n", agree, len(sample))
	fmt.Fprintf(stdout, "(a) is %.1fx faster than (b) on the same %d mutants (%s against %s)\n", bAll.Seconds()/a.Seconds(), len(selected), round(a), round(bAll))
	if agree != len(sample) {
		return 1
	}
	return 0
}

func round(d time.Duration) time.Duration { return d.Round(10 * time.Millisecond) }

// spread picks n mutants evenly spread over ms (all of them when n >= len).
func spread(ms []mutagen.Mutant, n int) []mutagen.Mutant {
	if n >= len(ms) {
		return ms
	}
	out := make([]mutagen.Mutant, n)
	for i := range n {
		out[i] = ms[i*len(ms)/n]
	}
	return out
}

// copyModule copies the module at root to dst, without .git and without
// folders whose names start with "_" or "." (which go ignores anyway).
func copyModule(root, dst string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		if d.IsDir() && rel != "." && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
			return filepath.SkipDir
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// naiveTestFile is the naive way's test: every observation against the
// reference package, which holds the mutant.
const naiveTestFile = `package naive_test

import (
	"testing"

	"idemlab/harness/impl"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
)

func TestObservations(t *testing.T) {
	obs, err := killmatrix.Discover("../testdata", killmatrix.LabKinds...)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range obs {
		t.Run(o.Name, func(t *testing.T) {
			t.Parallel()
			if r := killmatrix.Run(impl.Reference, o, killmatrix.DefaultTimeout, killmatrix.MemoryTempDir()); r.Status != killmatrix.Pass {
				t.Errorf("%s: %s %s", r.Pos, r.Status, r.Message)
			}
		})
	}
}
`

func writeNaiveTest(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "naive"), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "naive", "observe_test.go"), []byte(naiveTestFile), 0o644)
}

// naiveForms are the go commands of the naive way, by -naive.
var naiveForms = map[string][]string{
	"lab":     {"test", "-count=1", "-run", "^TestLab$", "./mutants"},
	"observe": {"test", "-count=1", "-run", "^TestObservations$", "./naive"},
}

// naiveTest runs the naive test in the module copy at dir: killed when it
// fails, unviable when it does not build.
func naiveTest(dir string, args []string) (killed, unviable bool, err error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return false, false, nil
	case !errors.As(err, &exit):
		return false, false, err
	case strings.Contains(out.String(), "[build failed]") || strings.Contains(out.String(), "[setup failed]"):
		return false, true, nil
	}
	return true, false, nil
}

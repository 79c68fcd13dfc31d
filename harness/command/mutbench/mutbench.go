package mutbench

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
	"slices"
	"strings"
	"time"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
	"idemlab/harness/progress"
)

// bench is one run of mutbench: its flags, and the lab it measures.
type bench struct {
	n, par          int
	run             *regexp.Regexp
	timeout         time.Duration
	everyObs, quiet bool
	incremental     bool
	naiveArgs       []string
	stdout, stderr  io.Writer

	labName string
	root    string
	lab     *lab.Lab
	// pkg is the folder of the lab's binding, relative to the root, as
	// go test names it (./mutants).
	pkg      string
	src      []byte
	obs      int
	selected []mutagen.Mutant
}

// Main runs the mutbench command line args (without the program's name)
// with the labs of reg, -lab choosing one, and returns its exit status.
func Main(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	bn, done, err := parse(reg, args, stdout, stderr)
	switch {
	case done:
		return exitcode.OK
	case err != nil:
		return exitcode.Usage
	}
	if bn.lab, err = reg.Lookup(bn.labName); err != nil {
		return fail(stderr, exitcode.Usage, fmt.Errorf("-lab: %v", err))
	}
	if status, err := bn.load(); err != nil {
		return fail(stderr, status, err)
	}
	fmt.Fprintf(stdout, "mutbench: lab %s, %d mutants of %s, %d observations, %d CPUs\n", bn.lab.Name, len(bn.selected), bn.lab.Layout.Source, bn.obs, runtime.NumCPU())
	a, killedA, err := bn.measureA()
	if err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	agree, sampled, bAll, err := bn.measureB(killedA)
	if err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	fmt.Fprintf(stdout, "(a) is %.1fx faster than (b) on the same %d mutants (%s against %s)\n", bAll.Seconds()/a.Seconds(), len(bn.selected), round(a), round(bAll))
	same := true
	if bn.incremental {
		if same, err = bn.measureC(); err != nil {
			return fail(stderr, exitcode.Internal, err)
		}
	}
	if agree != sampled {
		fmt.Fprintf(stdout, "FAIL: the two ways disagree on %d of the %d sampled mutants\n", sampled-agree, sampled)
		return exitcode.Survived
	}
	if !same {
		return exitcode.Survived
	}
	return exitcode.OK
}

// Run is [Main] for lab l alone.
func Run(l *lab.Lab, args []string, stdout, stderr io.Writer) int {
	return Main(lab.Only(l), args, stdout, stderr)
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "mutbench:", err)
	return status
}

// parse reads the flags; done is true after -h. A bad flag or value is
// reported on stderr.
func parse(reg lab.Registry, args []string, stdout, stderr io.Writer) (bn *bench, done bool, err error) {
	fs := flag.NewFlagSet("mutbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bn = &bench{stdout: stdout, stderr: stderr}
	reg.Define(fs, &bn.labName)
	fs.IntVar(&bn.n, "n", 8, "`N` mutants to time the naive way (evenly spread), extrapolated to all")
	runPattern := fs.String("run", "", "benchmark only the mutants whose id matches this `regexp`")
	fs.IntVar(&bn.par, "parallel", 0, "`N` scripts run at once in (a) (default: three per CPU)")
	fs.DurationVar(&bn.timeout, "timeout", killmatrix.DefaultTimeout, "bound on one observation run, a `DURATION` such as 2m")
	fs.BoolVar(&bn.everyObs, "all", false, "in (a), run every observation on every mutant instead of stopping at each one's first kill")
	fs.BoolVar(&bn.quiet, "q", false, "print no progress")
	fs.BoolVar(&bn.incremental, "incremental", true, "time (c), idemlab mutate with a verdict cache: fresh, unchanged, and after one observation's edit")
	naive := fs.String("naive", "lab", "the naive `WAY`'s go test: lab (the lab's package, -run TestLab) or observe (./naive, observations only)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: mutbench [-lab NAME] [-n N] [-run REGEXP] [-parallel N] [-timeout D] [-all] [-naive lab|observe] [-incremental=false] [-q]\n\nTimes judging every generated mutant in one binary against one go test per mutant. Flags:\n")
		fs.PrintDefaults()
		reg.WriteList(fs.Output())
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return nil, done, err
	}
	if err := bn.check(fs.Args(), *naive, *runPattern); err != nil {
		fmt.Fprintln(stderr, "mutbench:", err)
		return nil, false, err
	}
	return bn, false, nil
}

// check checks the flags' values, and that there are no arguments.
func (bn *bench) check(args []string, naive, runPattern string) error {
	var ok bool
	bn.naiveArgs, ok = naiveForms[naive]
	re, err := regexp.Compile(runPattern)
	switch {
	case len(args) > 0:
		return fmt.Errorf("unexpected argument %q (run 'mutbench -h' for usage)", args[0])
	case bn.n < 1:
		return fmt.Errorf("-n %d: want at least 1", bn.n)
	case !ok:
		return fmt.Errorf("-naive %q: want lab or observe", naive)
	case err != nil:
		return fmt.Errorf("-run %q: %v", runPattern, err)
	}
	bn.run = re
	return nil
}

// load reads the lab's reference and observations and picks the mutants;
// on failure it returns the exit status that calls for too.
func (bn *bench) load() (int, error) {
	var err error
	if bn.root, err = mutation.ModuleRoot("."); err != nil {
		return exitcode.Usage, err
	}
	if bn.pkg, err = bindingDir(bn.root, bn.lab.Binding); err != nil {
		return exitcode.Internal, err
	}
	bn.naiveArgs = slices.Clone(bn.naiveArgs)
	if i := slices.Index(bn.naiveArgs, "PKG"); i >= 0 {
		bn.naiveArgs[i] = bn.pkg
	}
	if bn.src, err = os.ReadFile(filepath.Join(bn.root, filepath.FromSlash(bn.lab.Layout.Source))); err != nil {
		return exitcode.Internal, err
	}
	obs, err := labrun.LabObservations(bn.lab, bn.root)
	if err != nil {
		return exitcode.Internal, err
	}
	bn.obs = len(obs)
	all, err := mutagen.GenerateAll(bn.lab.Layout.Source, bn.src)
	if err != nil {
		return exitcode.Internal, err
	}
	for _, m := range all {
		if bn.run.MatchString(m.ID) {
			bn.selected = append(bn.selected, m)
		}
	}
	if len(bn.selected) == 0 {
		return exitcode.Usage, fmt.Errorf("-run %q: no mutant's id matches it (idemlab mutate -list shows them)", bn.run)
	}
	return exitcode.OK, nil
}

// measureA times (a): generate, build and run, end to end; it returns
// which mutants died.
func (bn *bench) measureA() (time.Duration, map[string]bool, error) {
	meter := progress.New(bn.stderr, len(bn.selected), progress.Options{Label: "mutbench (a)", Verb: "judging", Quiet: bn.quiet})
	defer meter.Finish()
	start := time.Now()
	res, err := mutagen.Run(bn.lab, bn.src, bn.selected, mutagen.BuildOptions{Root: bn.root, Nonce: fmt.Sprint(time.Now().UnixNano())},
		mutagen.RunOptions{Dir: bn.lab.Layout.Observations, Progress: meter,
			Options: killmatrix.Options{Timeout: bn.timeout, Parallel: bn.par, FirstKill: !bn.everyObs}})
	if err != nil {
		return 0, nil, err
	}
	a := time.Since(start)
	meter.Finish()
	howFar := " up to its first kill"
	if bn.everyObs {
		howFar = ", every observation"
	}
	fmt.Fprintf(bn.stdout, "(a) one binary, every mutant in process%s: %s  (generate %s, build %s in %d go build, run %s)\n",
		howFar, round(a), round(res.Generate), round(res.Build), res.Builds, round(res.Run))
	fmt.Fprintf(bn.stdout, "    %s; %d unviable\n", res.Matrix.Summary(), len(res.Unviable))
	killed := map[string]bool{}
	for _, row := range res.Matrix.Mutants {
		killed[row.Name] = row.Outcome == outcome.Killed
	}
	return a, killed, nil
}

// measureB times (b), one go test per sampled mutant, and extrapolates
// to all; it returns how many sampled mutants (a) and (b) agree on.
func (bn *bench) measureB(killedA map[string]bool) (agree, sampled int, all time.Duration, err error) {
	sample := spread(bn.selected, bn.n)
	copyDir, err := os.MkdirTemp("", "idemlab-naive-")
	if err != nil {
		return 0, 0, 0, err
	}
	defer os.RemoveAll(copyDir)
	if err := copyModule(bn.root, copyDir); err != nil {
		return 0, 0, 0, err
	}
	if err := writeNaiveTest(copyDir, bn.lab.Binding); err != nil {
		return 0, 0, 0, err
	}
	meter := progress.New(bn.stderr, len(sample), progress.Options{Label: "mutbench (b)", Verb: "testing", Quiet: bn.quiet})
	defer meter.Finish()
	start := time.Now()
	for _, m := range sample {
		meter.Start(m.ID)
		same, err := bn.naiveOne(copyDir, m, killedA)
		if err != nil {
			return 0, 0, 0, err
		}
		if same {
			agree++
		}
		meter.Done(m.ID)
	}
	meter.Finish()
	b := time.Since(start)
	per := b / time.Duration(len(sample))
	all = per * time.Duration(len(bn.selected))
	fmt.Fprintf(bn.stdout, "(b) naive, go %s in a copy of the module, once per mutant:\n", strings.Join(bn.naiveArgs, " "))
	fmt.Fprintf(bn.stdout, "    timed on a sample of %d of the %d mutants: %s, %s per mutant\n", len(sample), len(bn.selected), round(b), round(per))
	fmt.Fprintf(bn.stdout, "    extrapolated to all %d mutants: %s (an estimate, not a measurement)\n", len(bn.selected), round(all))
	fmt.Fprintf(bn.stdout, "    the two ways agree on %d of the %d sampled mutants\n", agree, len(sample))
	return agree, len(sample), all, nil
}

// naiveOne writes mutant m into the copy and runs go test there; it
// reports whether (b)'s verdict is (a)'s.
func (bn *bench) naiveOne(copyDir string, m mutagen.Mutant, killedA map[string]bool) (bool, error) {
	mutated, err := m.Apply(bn.src)
	if err != nil {
		return false, err
	}
	if err := os.WriteFile(filepath.Join(copyDir, filepath.FromSlash(bn.lab.Layout.Source)), mutated, 0o644); err != nil {
		return false, err
	}
	killed, unviable, err := naiveTest(copyDir, bn.naiveArgs)
	return !unviable && killed == killedA[m.ID], err
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
// The lab is its binding's Lab(), the binding imported as package binding.
const naiveTestFile = `package naive_test

import (
	"testing"

	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/outcome"
	binding "{{BINDING}}"
)

func TestObservations(t *testing.T) {
	l := binding.Lab()
	obs, err := labrun.LabObservations(l, "..")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range obs {
		t.Run(o.Name, func(t *testing.T) {
			t.Parallel()
			if r := killmatrix.Run(l, l.Reference, o, killmatrix.Options{}); r.Status != outcome.Pass {
				t.Errorf("%s: %s %s", r.Pos, r.Status, r.Message)
			}
		})
	}
}
`

// writeNaiveTest writes the naive test of the lab whose binding is the
// package at import path binding.
func writeNaiveTest(dir, binding string) error {
	if err := os.MkdirAll(filepath.Join(dir, "naive"), 0o755); err != nil {
		return err
	}
	text := strings.Replace(naiveTestFile, "{{BINDING}}", binding, 1)
	return os.WriteFile(filepath.Join(dir, "naive", "observe_test.go"), []byte(text), 0o644)
}

// naiveForms are the go commands of the naive way, by -naive; PKG stands
// for the folder of the lab's binding (./mutants).
var naiveForms = map[string][]string{
	"lab":     {"test", "-count=1", "-run", "^TestLab$", "PKG"},
	"observe": {"test", "-count=1", "-run", "^TestObservations$", "./naive"},
}

// bindingDir is the folder of the package at import path binding, in the
// module at root, as go test names it: ./mutants for idemlab/mutants.
func bindingDir(root, binding string) (string, error) {
	mod, err := mutation.ModulePath(root)
	if err != nil {
		return "", err
	}
	rel, ok := strings.CutPrefix(binding, mod+"/")
	if !ok {
		return "", fmt.Errorf("the lab's binding %s is not a package of the module %s", binding, mod)
	}
	return "./" + rel, nil
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

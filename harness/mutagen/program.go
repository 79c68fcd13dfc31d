package mutagen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"idemlab/harness/internal/gorename"
	"idemlab/harness/internal/verdictcache"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/mutation"
	"idemlab/harness/outcome"
)

// BuildOptions tune Build.
type BuildOptions struct {
	// Root is the module root of the lab's checkout: its go.mod and go.sum
	// are copied into the temporary module, which replaces the module with
	// it.
	Root string
	// Nonce, when set, is written into every mutant's copy, so that no
	// compiled copy is reused from the build cache: a benchmark uses it to
	// measure the build as if every mutant were new.
	Nonce string
	// Log receives progress lines; nil discards them.
	Log io.Writer
	// Cache, when set, is the verdict cache: a program built before for
	// the same harness, source and mutants is taken from it instead of
	// built, and the program's runs and searches read and keep their
	// results there.
	Cache *verdictcache.Cache
}

// An Unviable mutant cannot be judged: its replacement does not apply, or
// its copy does not compile. Kind says which (NotApplied, NotCompiled);
// Reason says how, naming the files and text a reader fixes.
type Unviable struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Reason string `json:"reason"`
}

// The kinds of unviable mutant.
const (
	// NotApplied: the replacement's old text is not in the reference
	// exactly once, so there is no copy to build.
	NotApplied = "does-not-apply"
	// NotCompiled: the copy was made, and the compiler rejects it.
	NotCompiled = "does-not-compile"
)

// A Program is every viable mutant of a source, built into one binary
// beside a control copy of the unmutated source.
type Program struct {
	// Bin is the built program.
	Bin string
	// Unviable lists the mutants left out, in input order.
	Unviable []Unviable
	// Generate and Build time the two phases; Builds counts the go build
	// invocations (more than one when a mutant did not compile).
	Generate, Build time.Duration
	Builds          int
	// Cached says the program was taken from the verdict cache, not
	// built.
	Cached bool
	// SearchProfile, when set, has each search process write a CPU
	// profile to SearchProfile followed by its number (1, 2, ...).
	SearchProfile string
	profiles      atomic.Int64
	searchHits    atomic.Int64
	cache         *verdictcache.Cache
	digests       Digests
	root          string
	observations  string   // the lab's observation folder
	kinds         []string // and its own kinds of observation
	release       func()
}

// CachedSearches counts the searches the verdict cache answered.
func (p *Program) CachedSearches() int { return int(p.searchHits.Load()) }

// Close removes the program and its module.
func (p *Program) Close() {
	if p.release != nil {
		p.release()
	}
}

// Command runs one line of the lab's first command (its args, after the
// command's name) against the mutant id, in dir, with the program's
// standard streams; it returns the program's exit status.
func (p *Program) Command(id, dir string, args []string, stdout, stderr io.Writer) (int, error) {
	cmd := exec.Command(p.Bin, append([]string{"-impl", id, "--"}, args...)...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, stdout, stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	if err != nil {
		return 0, err
	}
	return 0, nil
}

// Attach returns the program bin, which [Build] made (perhaps in another
// process), to run in dir; Close leaves bin in place. A grading worker
// attaches to the held-out program its parent built.
func Attach(bin, dir string) *Program { return &Program{Bin: bin, root: dir} }

// ModulePath is the module path of the temporary module Build writes.
const ModulePath = "idemlabmutants"

// Build writes each viable mutant of src (the lab's reference source) as a
// file of a program in a temporary module, its top-level names prefixed,
// in one of a few packages, beside a control copy of src prefixed the same
// way; generates a registry per package and a main function that hands
// them with the lab to [Main]; and builds that program once with go
// build. A mutant whose file does not compile is dropped, with the
// compiler's message as its reason, and the program rebuilt.
//
// The temporary module requires what the lab's module requires, at the
// same versions, and replaces it with opt.Root, so the build reads only
// the module cache that building the lab itself filled.
func Build(l *lab.Lab, src []byte, mutants []Mutant, opt BuildOptions) (*Program, error) {
	if opt.Root == "" {
		return nil, fmt.Errorf("mutagen.Build: no module root")
	}
	start := time.Now()
	chunks := min(runtime.GOMAXPROCS(0), len(mutants)+1)
	var key verdictcache.Key
	if opt.Cache != nil {
		key = programKey(opt.Cache, src, mutants, opt.Nonce, chunks)
		if p, ok := cachedProgram(opt.Cache, key, opt.Root); ok {
			p.observations, p.kinds = l.Layout.Observations, l.Layout.Kinds
			p.cache, p.digests, p.Cached = opt.Cache, digests(l.Reference.Name, src, mutants), true
			p.Generate = time.Since(start)
			return p, nil
		}
	}
	dir, release, err := buildDir(opt.Root)
	if err != nil {
		return nil, err
	}
	p := &Program{root: opt.Root, release: release, observations: l.Layout.Observations, kinds: l.Layout.Kinds}
	w := &writer{lab: l, dir: dir, src: src, nonce: opt.Nonce, chunks: chunks}
	viable, err := w.module(mutants, p)
	if err != nil {
		p.Close()
		return nil, err
	}
	p.Generate = time.Since(start)
	start = time.Now()
	if err := p.compile(w, viable, opt.Log); err != nil {
		p.Close()
		return nil, err
	}
	p.Build = time.Since(start)
	order := map[string]int{}
	for i, m := range mutants {
		order[m.ID] = i
	}
	sort.SliceStable(p.Unviable, func(i, j int) bool { return order[p.Unviable[i].ID] < order[p.Unviable[j].ID] })
	if opt.Cache != nil {
		p.cache, p.digests = opt.Cache, digests(l.Reference.Name, src, mutants)
		if err := keepProgram(opt.Cache, key, p); err != nil {
			opt.Cache.Warn(fmt.Sprintf("the built program was not kept: %v", err))
		}
	}
	return p, nil
}

// compile builds the program, dropping every mutant the compiler rejects,
// until it builds. The compiler stops after ten errors, so a build may
// name only some of the mutants that do not compile; the next one names
// the rest.
func (p *Program) compile(w *writer, viable []compiled, log io.Writer) error {
	p.Bin = filepath.Join(w.dir, "mutrun")
	for {
		if err := w.program(viable); err != nil {
			return err
		}
		p.Builds++
		if log != nil {
			fmt.Fprintf(log, "mutagen: building %d mutants into one binary\n", len(viable))
		}
		out, err := goBuild(w.dir, p.Bin)
		if err == nil {
			return nil
		}
		failed := failedFiles(out)
		var kept []compiled
		for _, c := range viable {
			if reasons, bad := failed[c.Stem]; bad {
				p.Unviable = append(p.Unviable, Unviable{c.ID, NotCompiled, "does not compile: " + c.explain(reasons)})
				os.Remove(c.path(w.dir))
				continue
			}
			kept = append(kept, c)
		}
		if len(kept) == len(viable) {
			return fmt.Errorf("go build of the mutants failed, and not in a mutant:\n%s", out)
		}
		viable = kept
	}
}

// goBuild builds the program in dir. The mutants are compiled without
// optimisation or inlining, which is faster and changes nothing they do;
// the dependencies keep their flags, so go test's compiled copies are
// reused. The binary needs no symbol table or DWARF, which makes the link
// faster.
func goBuild(dir, bin string) ([]byte, error) {
	cmd := exec.Command("go", "build", "-gcflags="+ModulePath+"/...=-N -l -dwarf=false", "-ldflags=-s -w", "-o", bin, ".")
	cmd.Dir = dir
	cmd.Env = buildEnv()
	return cmd.CombinedOutput()
}

// RunOptions tune Program.Run.
type RunOptions struct {
	killmatrix.Options
	// Dir is the observation folder, absolute or relative to the module
	// root (default: the lab's), and Kinds the kinds of observation run
	// (default: the lab's own, its layout's Kinds).
	Dir   string
	Kinds []string
	// Strict makes an observation that fails on the control copy an error
	// (the copying changed the code); otherwise such an observation is
	// marked broken, as if it failed on the reference. The lab's own
	// observations run strictly; students' do not, so one student's
	// observation can never discard the run for others.
	Strict bool
	// Progress, when set, hears of each mutant the program starts and
	// finishes judging.
	Progress killmatrix.Progress
	// Warn receives the program's warnings (a cache entry not believed);
	// nil discards them.
	Warn io.Writer
	// CPUProfile, when set, is where the program writes a CPU profile of
	// its run.
	CPUProfile string
}

// Run runs the observations against every viable mutant, in the module
// root, and returns their matrix, the control's row removed.
func (p *Program) Run(opt RunOptions) (*killmatrix.Matrix, error) {
	if opt.Dir == "" {
		opt.Dir = p.observations
	}
	if len(opt.Kinds) == 0 {
		opt.Kinds = p.kinds
	}
	args := append([]string{"-dir", opt.Dir, "-kinds", strings.Join(opt.Kinds, ",")}, optionArgs(opt.Options)...)
	if opt.Progress != nil {
		args = append(args, "-progress")
	}
	if opt.CPUProfile != "" {
		args = append(args, "-cpuprofile", opt.CPUProfile)
	}
	cargs, remove, err := cacheArgs(p.cache, p.digests)
	if err != nil {
		return nil, err
	}
	defer remove()
	cmd := exec.Command(p.Bin, append(args, cargs...)...)
	cmd.Dir = p.root
	var stdout bytes.Buffer
	stderr := &progressReader{to: opt.Progress, warn: opt.Warn}
	cmd.Stdout, cmd.Stderr = &stdout, stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("running the mutants: %v\n%s", err, stderr.rest.Bytes())
	}
	var m killmatrix.Matrix
	if err := json.Unmarshal(stdout.Bytes(), &m); err != nil {
		return nil, fmt.Errorf("reading the mutants' matrix: %v", err)
	}
	if err := takeControl(&m, opt.Strict); err != nil {
		return nil, err
	}
	return &m, nil
}

// progressReader reads the program's stderr: its progress lines go to
// to, the rest is kept for an error message.
type progressReader struct {
	to      killmatrix.Progress
	warn    io.Writer
	partial []byte
	rest    bytes.Buffer
}

func (r *progressReader) Write(b []byte) (int, error) {
	r.partial = append(r.partial, b...)
	for {
		i := bytes.IndexByte(r.partial, '\n')
		if i < 0 {
			return len(b), nil
		}
		line := string(r.partial[:i])
		r.partial = r.partial[i+1:]
		switch {
		case strings.HasSuffix(line, controlName):
			// The control is not one of the mutants a caller counts.
		case r.to != nil && strings.HasPrefix(line, progressStart):
			r.to.Start(strings.TrimPrefix(line, progressStart))
		case r.to != nil && strings.HasPrefix(line, progressDone):
			r.to.Done(strings.TrimPrefix(line, progressDone))
		case r.warn != nil && strings.HasPrefix(line, "warning: "):
			fmt.Fprintln(r.warn, line)
		default:
			r.rest.WriteString(line + "\n")
		}
	}
}

// The program's progress lines on stderr, before the mutant's name.
const (
	progressStart = "mutrun: start "
	progressDone  = "mutrun: done "
)

// optionArgs passes the options on to the program's flags.
func optionArgs(o killmatrix.Options) []string {
	args := []string{"-timeout", o.Timeout.String(), "-parallel", fmt.Sprint(o.Parallel)}
	if o.WorkRoot != "" {
		args = append(args, "-workdir", o.WorkRoot)
	}
	if o.RunUnreached {
		args = append(args, "-run-unreached")
	}
	if o.FirstKill {
		args = append(args, "-first-kill")
	}
	return args
}

// A RunResult is what [Run] found.
type RunResult struct {
	// Matrix judges every viable mutant; each row's Name is a mutant ID.
	Matrix   *killmatrix.Matrix
	Unviable []Unviable
	// Generate, Build and Run time the three phases; Builds counts the go
	// build invocations.
	Generate, Build, Run time.Duration
	Builds               int
}

// Run builds the mutants of src, runs the lab's observations against them
// all, strictly, and removes the program.
func Run(l *lab.Lab, src []byte, mutants []Mutant, bopt BuildOptions, ropt RunOptions) (*RunResult, error) {
	p, err := Build(l, src, mutants, bopt)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	start := time.Now()
	if bopt.Log != nil {
		fmt.Fprintf(bopt.Log, "mutagen: running the observations against %d mutants\n", len(mutants)-len(p.Unviable))
	}
	ropt.Strict = true
	m, err := p.Run(ropt)
	if err != nil {
		return nil, err
	}
	return &RunResult{Matrix: m, Unviable: p.Unviable, Generate: p.Generate, Build: p.Build, Run: time.Since(start), Builds: p.Builds}, nil
}

// The control is the reference itself, prefixed as every mutant is: the
// program runs it first, and it must pass every observation the reference
// passes, or the copying, not a mutation, changed what the code does.
const (
	controlPrefix = "control_"
	controlName   = "control: the reference, copied as the mutants are"
)

// takeControl checks the control's row in m and removes it. Strictly, an
// observation that fails or times out on the control is an error; else it
// is marked broken and every mutant judged again without it.
func takeControl(m *killmatrix.Matrix, strict bool) error {
	if len(m.Mutants) == 0 || m.Mutants[0].Name != controlName {
		return fmt.Errorf("the mutants' matrix has no control row")
	}
	row := m.Mutants[0]
	m.Mutants = m.Mutants[1:]
	if m.CachedMutants > 0 && cachedRow(row) {
		m.CachedMutants-- // the control is no mutant
	}
	bad := controlFailures(m, row)
	if len(bad) == 0 {
		return nil
	}
	if !strict {
		for i := range m.Observations {
			if _, ok := bad[m.Observations[i].Name]; ok {
				m.Observations[i].Status = outcome.Broken
			}
		}
		m.Rejudge()
		return nil
	}
	var where []string
	for name, why := range bad {
		where = append(where, fmt.Sprintf("%s (%s)", name, why))
	}
	sort.Strings(where)
	return fmt.Errorf("the unmutated reference, copied into the mutants' program, fails %s: the copying changed the code, so no mutant's verdict can be trusted", strings.Join(where, ", "))
}

// cachedRow reports whether every result of row that is not the
// reference's came from the verdict cache.
func cachedRow(row killmatrix.MutantRow) bool {
	cached := false
	for _, c := range row.Cells {
		switch {
		case c.Cached:
			cached = true
		case !c.NotReached:
			return false
		}
	}
	return cached
}

// controlFailures names the valid observations that did not pass on the
// control, with why.
func controlFailures(m *killmatrix.Matrix, control killmatrix.MutantRow) map[string]string {
	bad := map[string]string{}
	for _, o := range m.Observations {
		c, ran := control.Cells[o.Name]
		if !o.Valid() || !ran || c.Status == outcome.Pass {
			continue
		}
		bad[o.Name] = fmt.Sprintf("%s at %s: %s", c.Status, c.Pos, c.Message)
	}
	return bad
}

// compiled is a mutant materialised as the file Dir/Stem.go, its names
// prefixed with Stem_; Mutant is what it came from.
type compiled struct {
	ID, Stem, Dir string
	Mutant        Mutant
	// edits are the renaming's, file the reference's path and oldLine
	// the line where the replaced text starts in it, for mapping compiler
	// positions back to the reference.
	edits   gorename.Edits
	file    string
	oldLine int
	// entries are the API functions through which the change can run,
	// nil when not known (lab.Impl.Entries).
	entries []string
}

func (c compiled) path(root string) string { return filepath.Join(root, c.Dir, c.Stem+".go") }

// chunkDir names the k-th package of mutants, and its folder.
func chunkDir(k int) string { return fmt.Sprintf("p%d", k) }

var _ = mutation.Apply // the copies are made as the catalogue's are

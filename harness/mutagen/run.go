package mutagen

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"go/format"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/template"
	"time"

	"idemlab/harness/impl"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
)

// RunOptions tune Run.
type RunOptions struct {
	// Root is the idemlab module root: its go.mod and go.sum are copied
	// into the temporary module, which replaces idemlab with it.
	Root string
	// File is the reference source's name, e.g. "store.go": compiler
	// messages about a mutant name it.
	File string
	// Dir is the observation folder, absolute or relative to Root
	// (default "testdata"), and Kinds the kinds of observation run
	// (default: killmatrix.LabKinds).
	Dir   string
	Kinds []string
	// Timeout, Parallel, WorkRoot and FirstKill are passed to
	// killmatrix.Build.
	Timeout   time.Duration
	Parallel  int
	WorkRoot  string
	FirstKill bool
	// Nonce, when set, is written into every mutant's copy, so that no
	// compiled copy is reused from the build cache: a benchmark uses it to
	// measure the build as if every mutant were new.
	Nonce string
	// Log receives progress lines; nil discards them.
	Log io.Writer
}

// An Unviable mutant cannot be judged: its replacement does not apply, or
// its package does not compile.
type Unviable struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// RunResult is what Run found.
type RunResult struct {
	// Matrix judges every viable mutant; each row's Name is a mutant ID.
	Matrix *killmatrix.Matrix
	// Unviable lists the mutants left out, in input order.
	Unviable []Unviable
	// Generate, Build and Run time the three phases; Builds counts the go
	// build invocations (more than one when a mutant did not compile).
	Generate, Build, Run time.Duration
	Builds               int
}

// ModulePath is the module path of the temporary module Run builds.
const ModulePath = "idemlabmutants"

// Run judges every mutant of src at once: it writes each viable mutant as
// a file of a program in a temporary module, its top-level names prefixed,
// in one of a few packages, beside a control copy of src prefixed the same
// way; generates a registry per package and a main function that gathers
// them and calls killmatrix.Build; builds that program once with go build
// and runs it. A mutant whose file does not compile is dropped, with the
// compiler's message as its reason, and the program rebuilt. The control
// must pass every observation the reference passes; if it does not, Run
// returns an error.
//
// The temporary module requires what idemlab requires, at the same
// versions, and replaces idemlab with opt.Root, so the build reads only the
// module cache that building idemlab itself filled.
func Run(src []byte, mutants []Mutant, opt RunOptions) (*RunResult, error) {
	if opt.Root == "" {
		return nil, fmt.Errorf("mutagen.Run: no module root")
	}
	if opt.File == "" {
		opt.File = "store.go"
	}
	if opt.Dir == "" {
		opt.Dir = "testdata" // the program runs in Root
	}
	if len(opt.Kinds) == 0 {
		opt.Kinds = killmatrix.LabKinds
	}
	logf := func(format string, args ...any) {
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, format+"\n", args...)
		}
	}
	res := &RunResult{}
	start := time.Now()
	tmp, release, err := buildDir(opt.Root)
	if err != nil {
		return nil, err
	}
	defer release()
	if err := writeModule(tmp, opt.Root); err != nil {
		return nil, err
	}

	// Every mutant is one file, its names prefixed (m003_InitDB, ...), in
	// one of a few packages: one per CPU, which go build compiles in
	// parallel. A package per mutant made the compiler start, and read the
	// imports' export data, once for every mutant. A copy of the unmutated
	// reference, prefixed the same way, runs first as a control.
	chunks := min(runtime.GOMAXPROCS(0), len(mutants)+1)
	for k := range chunks {
		if err := os.MkdirAll(filepath.Join(tmp, chunkDir(k)), 0o755); err != nil {
			return nil, err
		}
	}
	control, err := prefixFile(src, chunkDir(0), controlPrefix)
	if err != nil {
		return nil, fmt.Errorf("reference source: %v", err)
	}
	if err := os.WriteFile(filepath.Join(tmp, chunkDir(0), "control.go"), control, 0o644); err != nil {
		return nil, err
	}
	var viable []compiled
	for i, m := range mutants {
		// Contiguous chunks keep the mutants in input order.
		c := compiled{ID: m.ID, Stem: fmt.Sprintf("m%03d", i), Dir: chunkDir(i * chunks / len(mutants))}
		out, err := mutation.Render(src, m.Mutation(c.Stem))
		if err == nil {
			out, err = prefixFile(out, c.Dir, c.Stem+"_")
		}
		if err != nil {
			res.Unviable = append(res.Unviable, Unviable{m.ID, err.Error()})
			continue
		}
		if opt.Nonce != "" {
			out = fmt.Appendf(out, "\n// nonce %s\n", opt.Nonce)
		}
		if err := os.WriteFile(c.path(tmp), out, 0o644); err != nil {
			return nil, err
		}
		viable = append(viable, c)
	}
	res.Generate = time.Since(start)

	// Build, dropping every mutant the compiler rejects, until the program
	// builds. The compiler stops after ten errors, so a build may name only
	// some of the mutants that do not compile; the next one names the rest.
	start = time.Now()
	bin := filepath.Join(tmp, "mutrun")
	for {
		if err := writeProgram(tmp, chunks, viable); err != nil {
			return nil, err
		}
		res.Builds++
		logf("mutagen: building %d mutants into one binary", len(viable))
		// The mutants are compiled without optimisation or inlining, which
		// is faster and changes nothing they do; the dependencies keep
		// their flags, so go test's compiled copies are reused. The binary
		// needs no symbol table or DWARF, which makes the link faster.
		cmd := exec.Command("go", "build", "-gcflags="+ModulePath+"/...=-N -l -dwarf=false", "-ldflags=-s -w", "-o", bin, ".")
		cmd.Dir = tmp
		cmd.Env = buildEnv()
		out, err := cmd.CombinedOutput()
		if err == nil {
			break
		}
		failed := failedFiles(out, opt.File)
		var kept []compiled
		for _, c := range viable {
			if reason, bad := failed[c.Stem]; bad {
				res.Unviable = append(res.Unviable, Unviable{c.ID, "does not compile: " + reason})
				os.Remove(c.path(tmp))
				continue
			}
			kept = append(kept, c)
		}
		if len(kept) == len(viable) {
			return nil, fmt.Errorf("go build of the mutants failed, and not in a mutant:\n%s", out)
		}
		viable = kept
	}
	res.Build = time.Since(start)
	order := map[string]int{}
	for i, m := range mutants {
		order[m.ID] = i
	}
	sort.SliceStable(res.Unviable, func(i, j int) bool { return order[res.Unviable[i].ID] < order[res.Unviable[j].ID] })

	// Run the program; it prints the matrix as JSON.
	start = time.Now()
	args := []string{"-dir", opt.Dir, "-kinds", strings.Join(opt.Kinds, ","), "-timeout", opt.Timeout.String(), "-parallel", fmt.Sprint(opt.Parallel)}
	if opt.WorkRoot != "" {
		args = append(args, "-workdir", opt.WorkRoot)
	}
	if opt.FirstKill {
		args = append(args, "-first-kill")
	}
	logf("mutagen: running the observations against %d mutants", len(viable))
	cmd := exec.Command(bin, args...)
	cmd.Dir = opt.Root
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("running the mutants: %v\n%s", err, stderr.Bytes())
	}
	var m killmatrix.Matrix
	if err := json.Unmarshal(stdout.Bytes(), &m); err != nil {
		return nil, fmt.Errorf("reading the mutants' matrix: %v", err)
	}
	if err := takeControl(&m); err != nil {
		return nil, err
	}
	res.Matrix = &m
	res.Run = time.Since(start)
	return res, nil
}

// The control is the reference itself, prefixed as every mutant is: the
// program runs it first, and it must pass every observation the reference
// passes, or the copying, not a mutation, changed what the code does.
const (
	controlPrefix = "control_"
	controlName   = "control: the reference, copied as the mutants are"
)

// takeControl checks the control's row in m and removes it.
func takeControl(m *killmatrix.Matrix) error {
	if len(m.Mutants) == 0 || m.Mutants[0].Name != controlName {
		return fmt.Errorf("the mutants' matrix has no control row")
	}
	row := m.Mutants[0]
	m.Mutants = m.Mutants[1:]
	if row.Outcome == killmatrix.Survived || row.Outcome == killmatrix.Invalid && len(row.KilledBy) == 0 && len(row.TimedOutOn) == 0 {
		return nil
	}
	var where []string
	for _, k := range row.KilledBy {
		where = append(where, fmt.Sprintf("%s (%s: %s)", k.Observation, k.Pos, k.Message))
	}
	where = append(where, row.TimedOutOn...)
	return fmt.Errorf("the unmutated reference, copied into the mutants' program, %s on %s: the copying changed the code, so no mutant's verdict can be trusted", row.Outcome, strings.Join(where, ", "))
}

// buildDir returns the folder to build the temporary module in, and a
// function that removes it. The go command's build cache keys a package by
// its folder as well as its files, so the folder is the same on every run
// for one checkout: a mutant compiled before, with the same source, is then
// not compiled again, and the dependencies compiled by go test are reused
// (building with -trimpath would avoid the folder in the key, but compile
// every dependency again, modernc.org/sqlite included, under other keys).
// When another run holds that folder, a fresh one is used instead.
func buildDir(root string) (string, func(), error) {
	sum := sha256.Sum256([]byte(root))
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("idemlab-mutagen-%x", sum[:6]))
	pidFile := filepath.Join(dir, "pid")
	for range 2 {
		err := os.Mkdir(dir, 0o755)
		if err == nil {
			if err := os.WriteFile(pidFile, []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
				os.RemoveAll(dir)
				return "", nil, err
			}
			return dir, func() { os.RemoveAll(dir) }, nil
		}
		if !os.IsExist(err) || running(pidFile) {
			break
		}
		// Left behind by a run that was stopped: take it over.
		if os.RemoveAll(dir) != nil {
			break
		}
	}
	tmp, err := os.MkdirTemp("", "idemlab-mutagen-")
	if err != nil {
		return "", nil, err
	}
	return tmp, func() { os.RemoveAll(tmp) }, nil
}

// running reports whether the process whose id pidFile holds is alive.
func running(pidFile string) bool {
	data, err := os.ReadFile(pidFile)
	if err != nil {
		// Being created this instant, or not a folder of ours: leave it.
		return true
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return true
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return p.Signal(syscall.Signal(0)) == nil
}

// compiled is a mutant materialised as the file Dir/Stem.go, its names
// prefixed with Stem_.
type compiled struct{ ID, Stem, Dir string }

func (c compiled) path(root string) string { return filepath.Join(root, c.Dir, c.Stem+".go") }

// chunkDir names the k-th package of mutants, and its folder.
func chunkDir(k int) string { return fmt.Sprintf("p%d", k) }

// buildEnv is the environment for go build in the temporary module: no
// workspace, and -mod=mod so that go.mod may be completed from the module
// cache.
func buildEnv() []string {
	env := os.Environ()
	flags := "-mod=mod"
	for i, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			if v != "" {
				flags = v + " " + flags
			}
			env = append(env[:i:i], env[i+1:]...)
			break
		}
	}
	return append(env, "GOFLAGS="+flags, "GOWORK=off")
}

// writeModule writes the temporary module's go.mod and go.sum: idemlab's
// own, renamed, with idemlab required and replaced by root.
func writeModule(dir, root string) error {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	moduleLine := regexp.MustCompile(`(?m)^module\s+\S+\s*$`)
	if !moduleLine.Match(mod) {
		return fmt.Errorf("%s: no module line", filepath.Join(root, "go.mod"))
	}
	out := moduleLine.ReplaceAll(mod, []byte("module "+ModulePath))
	out = fmt.Appendf(out, "\nrequire idemlab v0.0.0\n\nreplace idemlab => %s\n", root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), out, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// implFields are the fields of impl.Impl that a mutant's file fills with
// its names of the same spelling, prefixed.
var implFields = func() []string {
	var names []string
	t := reflect.TypeFor[impl.Impl]()
	for i := range t.NumField() {
		if f := t.Field(i); f.IsExported() && f.Name != "Name" {
			names = append(names, f.Name)
		}
	}
	return names
}()

var mainTemplate = template.Must(template.New("main").Parse(`// Code generated by idemlab/harness/mutagen; DO NOT EDIT.

// Command mutrun runs the observations against every generated mutant and
// prints the kill matrix as JSON.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"idemlab/harness/impl"
	"idemlab/harness/killmatrix"
{{range .Chunks}}	"{{$.Module}}/{{.}}"
{{end}})

// mutants are the control, then every mutant, in input order.
var mutants = slices.Concat({{range .Chunks}}{{.}}.Mutants, {{end}})

func main() {
	fs := flag.NewFlagSet("mutrun", flag.ExitOnError)
	dir := fs.String("dir", "testdata", "observation folder")
	kinds := fs.String("kinds", "happy,edge", "kinds of observation, comma-separated")
	timeout := fs.Duration("timeout", killmatrix.DefaultTimeout, "bound on one observation run")
	parallel := fs.Int("parallel", 0, "scripts run at once")
	workdir := fs.String("workdir", "", "where scripts' stores are made")
	firstKill := fs.Bool("first-kill", false, "stop judging a mutant at its first kill")
	fs.Parse(os.Args[1:])
	obs, err := killmatrix.Discover(*dir, strings.Split(*kinds, ",")...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutrun:", err)
		os.Exit(2)
	}
	m := killmatrix.Build(impl.Reference, mutants, obs, killmatrix.Options{Timeout: *timeout, Parallel: *parallel, WorkRoot: *workdir, FirstKill: *firstKill})
	// Every cell's verdict comes back, but not its transcript or log: too
	// much to pass back for every mutant.
	for i := range m.Mutants {
		for name, c := range m.Mutants[i].Cells {
			c.Steps, c.Log = nil, ""
			m.Mutants[i].Cells[name] = c
		}
	}
	if err := json.NewEncoder(os.Stdout).Encode(m); err != nil {
		fmt.Fprintln(os.Stderr, "mutrun:", err)
		os.Exit(1)
	}
}
`))

var registryTemplate = template.Must(template.New("registry").Parse(`// Code generated by idemlab/harness/mutagen; DO NOT EDIT.

package {{.Package}}

import "idemlab/harness/impl"

// Mutants are the mutants of this package{{if .Control}}, after the control{{end}}.
var Mutants = []impl.Impl{
{{if .Control}}	{
		Name: {{printf "%q" .ControlName}},
{{range $.Fields}}		{{.}}: {{$.Control}}{{.}},
{{end}}	},
{{end}}{{range $m := .Mutants}}	{
		Name: {{printf "%q" $m.ID}},
{{range $.Fields}}		{{.}}: {{$m.Stem}}_{{.}},
{{end}}	},
{{end}}}
`))

// writeProgram writes the program's main.go and each package's registry
// of the mutants left in it.
func writeProgram(dir string, chunks int, mutants []compiled) error {
	names := make([]string, chunks)
	for k := range chunks {
		names[k] = chunkDir(k)
		var in []compiled
		for _, c := range mutants {
			if c.Dir == names[k] {
				in = append(in, c)
			}
		}
		control := ""
		if k == 0 {
			control = controlPrefix
		}
		err := writeSource(filepath.Join(dir, names[k], "registry.go"), registryTemplate, struct {
			Package, Control, ControlName string
			Mutants                       []compiled
			Fields                        []string
		}{names[k], control, controlName, in, implFields})
		if err != nil {
			return err
		}
	}
	return writeSource(filepath.Join(dir, "main.go"), mainTemplate, struct {
		Module string
		Chunks []string
	}{ModulePath, names})
}

// writeSource executes t with data and writes the result, gofmt'd, to file.
func writeSource(file string, t *template.Template, data any) error {
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return err
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return fmt.Errorf("generated %s: %v", filepath.Base(file), err)
	}
	return os.WriteFile(file, src, 0o644)
}

// failedFiles reads go build's output and returns, for every mutant whose
// file the compiler rejected, its messages, as if about the reference file
// file: "p1/m012.go:59:2: m012_x declared and not used" becomes
// "store.go:59:2: x declared and not used".
func failedFiles(out []byte, file string) map[string]string {
	failed := map[string]string{}
	var order []string
	msgs := map[string][]string{}
	for _, line := range strings.Split(string(out), "\n") {
		// Only a message's first line names the file it is about; an
		// indented line after it may name another.
		m := compilerMessage.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		pkg, rest := m[1], m[2]
		if _, seen := msgs[pkg]; !seen {
			order = append(order, pkg)
		}
		msgs[pkg] = append(msgs[pkg], file+rest)
	}
	for _, pkg := range order {
		failed[pkg] = strings.ReplaceAll(strings.Join(msgs[pkg], "; "), pkg+"_", "")
	}
	return failed
}

// compilerMessage matches one compiler message about a mutant's file.
var compilerMessage = regexp.MustCompile(`^(?:\./)?(?:p\d+/)?(m\d+)\.go(:\d+:\d+: .*)$`)

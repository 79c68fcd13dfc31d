package search

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"pgregory.net/rapid"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
)

// Options bound and tune one search.
type Options struct {
	// Seed chooses the programs: the same seed, budget and lab generate
	// the same programs, and find the same script. Zero means 1.
	Seed uint64
	// Programs is the budget in programs (default DefaultPrograms).
	Programs int
	// Time, when set, is the budget in time: no program starts after it
	// has passed, and the result says the budget in programs was not
	// spent. Shrinking a difference found is bounded by ShrinkTime.
	Time time.Duration
	// Steps is the average number of commands a program runs after its
	// prelude (default DefaultSteps).
	Steps int
	// ShrinkRuns bounds the shrinking of a difference in programs run
	// (default DefaultShrinkRuns; fifty times as many whose every outcome
	// was known from a program run before), which keeps the script a seed
	// finds the same on a slow machine; ShrinkTime bounds it in time, in
	// case (default DefaultShrinkTime).
	ShrinkRuns int
	ShrinkTime time.Duration
	// CallTimeout is how long one command on one implementation may take
	// before it is suspected of hanging (default DefaultCallTimeout), and
	// HangTimeout how much longer a suspect is given to return (default
	// four times CallTimeout): a suspect command hangs only if neither it
	// nor its program run again in fresh folders returns within
	// HangTimeout (see the package documentation). A command that hangs
	// is a difference; one that was only slow is not.
	CallTimeout time.Duration
	HangTimeout time.Duration
	// WorkRoot is where each program's stores are made (default a
	// memory-backed folder, killmatrix.MemoryTempDir).
	WorkRoot string
	// trace, when set, is given the lines of every program run while
	// looking (not while shrinking): TestGeneratorSample's view of what
	// the generator draws.
	trace func(lines [][]string)
}

// The defaults of Options.
const (
	DefaultPrograms    = 1000
	DefaultSteps       = 16
	DefaultShrinkRuns  = 3000
	DefaultShrinkTime  = 5 * time.Minute
	DefaultCallTimeout = 5 * time.Second
)

func (o Options) withDefaults() Options {
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.Programs <= 0 {
		o.Programs = DefaultPrograms
	}
	if o.Steps <= 0 {
		o.Steps = DefaultSteps
	}
	if o.ShrinkRuns <= 0 {
		o.ShrinkRuns = DefaultShrinkRuns
	}
	if o.ShrinkTime <= 0 {
		o.ShrinkTime = DefaultShrinkTime
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = DefaultCallTimeout
	}
	if o.HangTimeout <= 0 {
		o.HangTimeout = 4 * o.CallTimeout
	}
	if o.WorkRoot == "" {
		o.WorkRoot = killmatrix.MemoryTempDir()
	}
	return o
}

// A Result is what one search found.
type Result struct {
	// Other names the implementation compared with the reference.
	Other string `json:"other"`
	// Seed and Budget are the search's: its seed and its budget in
	// programs.
	Seed   uint64 `json:"seed"`
	Budget int    `json:"budget"`
	// Programs counts the programs run until a difference was found (that
	// one included), or all of them.
	Programs int `json:"programs"`
	// OutOfTime says the budget in time ran out before the budget in
	// programs was spent.
	OutOfTime bool `json:"out_of_time,omitempty"`
	// Elapsed is the search's time, Shrink the part spent shrinking.
	Elapsed time.Duration `json:"elapsed_ns"`
	Shrink  time.Duration `json:"shrink_ns,omitempty"`
	// Script is the minimal program that tells the two apart, nil when
	// none was found.
	Script *Script `json:"script,omitempty"`
}

// Found reports whether the search found a difference.
func (r *Result) Found() bool { return r.Script != nil }

// An Outcome is what one command line did on one implementation.
type Outcome struct {
	Stdout string `json:"stdout"`
	// Err is the first line of its error, "" when it succeeded.
	Err string `json:"err,omitempty"`
	// Hung says it did not return: not within the search's CallTimeout,
	// nor within its HangTimeout more, nor when its program was run again.
	Hung bool `json:"hung,omitempty"`
}

// Failed reports whether the command failed (or hung).
func (o Outcome) Failed() bool { return o.Err != "" || o.Hung }

// same reports whether two outcomes agree: both failed or neither, both
// hung or neither, the same output, and failures that wrap the same
// sentinel errors (lab.Wrapped), whatever their wording.
func (o Outcome) same(p Outcome) bool {
	return o.Failed() == p.Failed() && o.Hung == p.Hung && o.Stdout == p.Stdout && slices.Equal(lab.Wrapped(o.Err), lab.Wrapped(p.Err))
}

// results is the subcommand's lab.Subcommand.Results for a command line,
// nil when it has none.
func (s *searcher) results(args []string) func(string) []string {
	for _, c := range s.lab.Commands {
		if len(args) > 0 && c.Name == args[0] {
			if sub, ok := c.Subcommand(args[1:]); ok {
				return sub.Results
			}
		}
	}
	return nil
}

// missing returns the patterns that no line of stdout matches.
func missing(patterns []string, stdout string) []string {
	var out []string
	for _, p := range patterns {
		if !regexp.MustCompile("(?m)" + p).MatchString(stdout) {
			out = append(out, p)
		}
	}
	return out
}

// A Step is one command line of a program and what it did on both.
type Step struct {
	// Args is the line, its command's name first.
	Args      []string `json:"args"`
	Reference Outcome  `json:"reference"`
	Other     Outcome  `json:"other"`
	// Checks, on a line whose subcommand says what of its output is
	// results (lab.Subcommand.Results), are the script's checks of the
	// results that differ; none when they agree.
	Checks []string `json:"checks,omitempty"`
}

// Run searches for a program in l's observation language on which other
// and the reference ref behave differently, within opt's budget, and
// shrinks the first one found to a minimal script (see the package
// documentation). An error says the search could not run at all: a lab
// whose commands declare nothing to draw.
func Run(l *lab.Lab, ref, other lab.Impl, opt Options) (*Result, error) {
	opt = opt.withDefaults()
	actions, err := vocabulary(l)
	if err != nil {
		return nil, err
	}
	s := &searcher{lab: l, ref: ref, other: other, opt: opt, actions: actions}
	start := time.Now()
	s.deadline = time.Time{}
	if opt.Time > 0 {
		s.deadline = start.Add(opt.Time)
	}
	rec, err := check(budget{checks: opt.Programs, steps: opt.Steps, seed: opt.Seed, shrink: opt.ShrinkTime}, s.property)
	if err != nil {
		return nil, err
	}
	res := &Result{Other: other.Name, Seed: opt.Seed, Budget: opt.Programs, Programs: s.programs, Elapsed: time.Since(start)}
	if !s.found.IsZero() {
		res.Shrink = time.Since(s.found)
	}
	switch {
	case s.differs && (s.lastFailed || s.shrinkCut):
		res.Script = s.last
	case s.differs:
		return nil, fmt.Errorf("search of %s: a difference was found but did not happen again on the same program: an implementation is not deterministic (program %d, seed %d: %s)", other.Name, s.first.Program, opt.Seed, s.first.What())
	case rec.failed && !s.outOfTime:
		return nil, fmt.Errorf("search of %s: %s", other.Name, strings.Join(rec.errors, "; "))
	}
	res.OutOfTime = s.outOfTime && res.Programs < opt.Programs
	if res.Script != nil {
		if err := res.Script.confirm(l, ref, other, opt); err != nil {
			res.Script.Unconfirmed = err.Error()
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// An action is one subcommand the search can draw: its command, and the
// subcommand itself.
type action struct {
	cmd lab.Command
	sub lab.Subcommand
}

func (a action) name() string { return a.cmd.Name + " " + a.sub.Name }

// vocabulary lists what a program can run: every subcommand of every
// command that takes no argument or declares its Params.
func vocabulary(l *lab.Lab) ([]action, error) {
	var acts []action
	for _, c := range l.Commands {
		for _, s := range c.Subcommands {
			if s.Args == "" || len(s.Params) > 0 {
				acts = append(acts, action{c, s})
			}
		}
	}
	if len(acts) == 0 {
		return nil, errors.New("the lab's commands declare no subcommand the search can draw (give each subcommand's Params)")
	}
	return acts, nil
}

// searcher is one search in progress.
type searcher struct {
	lab        *lab.Lab
	ref, other lab.Impl
	opt        Options
	actions    []action
	deadline   time.Time
	// programs counts the programs run while looking; once a difference
	// is found (found), every further run is the shrinker's.
	programs   int
	outOfTime  bool
	differs    bool
	found      time.Time
	first      *Script
	last       *Script
	lastFailed bool
	// shrinkRuns counts the programs run while shrinking; shrinkCut says
	// the shrinking stopped at Options.ShrinkRuns.
	shrinkRuns, shrinkSeen int
	shrinkCut              bool
	// inAction says where the first difference was: in an action, or in
	// the prelude.
	inAction bool
	// seen holds, while shrinking, what each program seen so far printed
	// at its last line, by a digest of its lines.
	seen map[[32]byte][2]Outcome
}

// property is the property rapid checks: one program, run on both
// implementations, command by command, failing at the first command
// whose outcome differs.
func (s *searcher) property(t *rapid.T) {
	if !s.differs {
		if !s.deadline.IsZero() && time.Now().After(s.deadline) {
			s.outOfTime = true
			runtime.Goexit() // ends rapid.Check where it is: see check
		}
		s.programs++
	} else if s.shrinkRuns > s.opt.ShrinkRuns || s.shrinkSeen > 50*s.opt.ShrinkRuns {
		s.shrinkCut = true
		runtime.Goexit() // the best program so far is s.last
	}
	s.lastFailed = false
	p, err := s.newProgram()
	if err != nil {
		t.Fatalf("cannot make a work folder: %v", err)
	}
	t.Cleanup(func() {
		p.remove()
		// While shrinking, count the programs that ran a line, and those
		// whose every outcome was known.
		switch {
		case !s.differs:
			if s.opt.trace != nil {
				s.opt.trace(p.lines)
			}
		case p.ran:
			s.shrinkRuns++
		default:
			s.shrinkSeen++
		}
	})
	for _, c := range s.lab.Commands {
		for _, line := range c.Prelude {
			if !p.differs {
				s.step(t, p, append([]string{c.Name}, line...), false)
			}
		}
	}
	// rapid orders the actions by name and shrinks towards the first:
	// named by their place in the lab's tables, a shrunk program prefers
	// the subcommands a lab lists first, the plain ones. A subcommand of
	// weight w is w actions of the same.
	actions := map[string]func(*rapid.T){}
	for i, a := range s.actions {
		for k := range max(a.sub.Weight, 1) {
			actions[fmt.Sprintf("%03d.%d %s", i, k, a.name())] = func(t *rapid.T) {
				s.step(t, p, p.line(t, a), true)
			}
		}
	}
	if !p.differs {
		t.Repeat(actions)
	}
	if p.differs {
		t.Fatalf("the implementations differ") // in the prelude
	}
}

// step runs one line on both and fails the program where they differ:
// in an action, at once, and in the prelude, once the prelude is over.
// Each place fails with one message whatever differed, so that rapid's
// shrinker takes any smaller program that fails at the same place as the
// same failure, and the last such program is the best found.
func (s *searcher) step(t *rapid.T, p *program, args []string, action bool) {
	st := Step{Args: args}
	st.Reference, st.Other = s.run(p, args)
	differs, checks := s.differ(p, args, st.Reference, st.Other)
	st.Checks = checks
	p.steps = append(p.steps, st)
	if !differs {
		return
	}
	sc := &Script{Steps: slices.Clone(p.steps), Lab: s.lab.Name, Other: s.other.Name, Seed: s.opt.Seed, Program: s.programs}
	if !s.differs {
		s.differs, s.found, s.inAction, s.first = true, time.Now(), action, sc
		s.seen = map[[32]byte][2]Outcome{}
	}
	p.differs = true
	if action == s.inAction {
		s.last, s.lastFailed = sc, true
	}
	if action {
		t.Fatalf("the implementations differ")
	}
}

// run runs one more line of p on both implementations. What a line
// prints depends only on the implementation and the lines before it, so
// a line whose outcome is known is not run: the reference's outcomes are
// kept for every search in the process (every search of a seed runs the
// same programs until it finds a difference, whatever the other
// implementation), and while shrinking, when rapid runs many programs
// that begin with the same lines, both implementations' are. A line not
// run is run later, before the first line on that implementation whose
// outcome is not known, so that its store is as the lines made it.
func (s *searcher) run(p *program, args []string) (ref, other Outcome) {
	p.prefix = sha256.Sum256(append(p.prefix[:], []byte(strings.Join(args, "\x00")+"\x01")...))
	p.lines = append(p.lines, args)
	if s.seen != nil {
		if o, ok := s.seen[p.prefix]; ok {
			return o[0], o[1]
		}
	}
	refKey := knownKey{lab: s.lab.Name, impl: s.ref.Name, prefix: p.prefix}
	if o, ok := known.get(refKey); ok {
		ref = o
	} else {
		ref = s.catchUp(p, 0, s.ref)
		known.put(refKey, ref)
	}
	other = s.catchUp(p, 1, s.other)
	if s.seen != nil {
		s.seen[p.prefix] = [2]Outcome{ref, other}
	}
	return ref, other
}

// known keeps the reference's outcomes for every search of the process,
// by lab, implementation and the digest of the lines up to the one run,
// up to maxKnown of them.
var known = &knownOutcomes{m: map[knownKey]Outcome{}}

// maxKnown bounds the outcomes kept: the reference's in three searches of 10,000
// programs of one seed, some hundred megabytes at most.
const maxKnown = 500_000

type knownKey struct {
	lab, impl string
	prefix    [32]byte
}

type knownOutcomes struct {
	mu sync.Mutex
	m  map[knownKey]Outcome
}

func (k *knownOutcomes) get(key knownKey) (Outcome, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	o, ok := k.m[key]
	return o, ok
}

func (k *knownOutcomes) put(key knownKey, o Outcome) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.m) < maxKnown && !o.Hung {
		k.m[key] = o
	}
}

// program is one program being run: a work folder per implementation
// and the steps so far.
type program struct {
	// differs is set once a line differed; ran once a line ran on an
	// implementation (its outcome was not known).
	differs, ran bool
	dirs         [2]string
	steps        []Step
	draw         drawer
	// prefix digests the lines so far; lines are the lines so far, of
	// which done[i] have run on implementation i (the others printed what
	// was known).
	prefix [32]byte
	lines  [][]string
	done   [2]int
	// spare are folders the program used and left: see confirmHang.
	spare []string
}

func (s *searcher) newProgram() (*program, error) {
	p := &program{draw: drawer{pools: pools{}}}
	for i := range p.dirs {
		d, err := os.MkdirTemp(s.opt.WorkRoot, "idemlab-search-")
		if err != nil {
			p.remove()
			return nil, err
		}
		p.dirs[i] = d
	}
	return p, nil
}

func (p *program) remove() {
	for _, d := range append(p.dirs[:], p.spare...) {
		if d != "" {
			os.RemoveAll(d)
		}
	}
}

// line draws one command line of a: its flags, then its arguments.
func (p *program) line(t *rapid.T, a action) []string {
	p.draw.t = t
	args := []string{a.cmd.Name}
	for _, f := range a.cmd.Flags {
		if f.Domain != nil && rapid.Bool().Draw(t, "-"+f.Name) {
			args = append(args, "-"+f.Name, p.draw.value(*f.Domain, "-"+f.Name, false))
		}
	}
	args = append(args, a.sub.Name)
	return append(args, p.params(t, a.cmd, a.sub.Params, false)...)
}

// params draws the arguments of a parameter list; in a line, a Line
// parameter is left out (a line holds no line).
func (p *program) params(t *rapid.T, c lab.Command, params []lab.Param, inLine bool) []string {
	var words []string
	for _, prm := range params {
		switch {
		case prm.Domain.Kind == lab.Line && inLine:
			return words
		case prm.Variadic:
			n := rapid.IntRange(0, 2).Draw(t, prm.Name+" count")
			for range n {
				words = append(words, p.word(t, c, prm, inLine))
			}
		case prm.Optional && !rapid.Bool().Draw(t, prm.Name+" given"):
			return words
		default:
			words = append(words, p.word(t, c, prm, inLine))
		}
	}
	return words
}

func (p *program) word(t *rapid.T, c lab.Command, prm lab.Param, inLine bool) string {
	if prm.Domain.Kind != lab.Line {
		return p.draw.value(prm.Domain, prm.Name, inLine)
	}
	name := rapid.SampledFrom(prm.Domain.Lines).Draw(t, prm.Name)
	words := []string{name}
	if sub, ok := c.Subcommand([]string{name}); ok {
		words = append(words, p.params(t, c, sub.Params, true)...)
	}
	return strings.Join(words, " ")
}

// observationFile writes data as a file for killmatrix to run.
func observationFile(root string, data []byte) (string, func(), error) {
	dir, err := os.MkdirTemp(root, "idemlab-search-obs-")
	if err != nil {
		return "", nil, err
	}
	file := filepath.Join(dir, "search.txtar")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	return file, func() { os.RemoveAll(dir) }, nil
}

package heldout

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
	"idemlab/harness/search"
)

// A Mutant is one mutant of a held-out catalogue.
type Mutant struct {
	mutation.Mutant
	// Unviable says why the mutant could not be judged: its replacement
	// does not apply or it does not compile. Empty when it runs. It names
	// the catalogue's file and text: for the instructor only.
	Unviable string `json:"unviable,omitempty"`
	// UnviableKind says which, as mutagen.NotApplied or
	// mutagen.NotCompiled: what a student may be told.
	UnviableKind string `json:"unviable_kind,omitempty"`
	// Shown is whether students may see its name: its visibility in its
	// own catalogue, with that catalogue's reveal_after_due.
	Shown bool `json:"shown"`
}

// A Set is a held-out catalogue, built and ready to run.
type Set struct {
	file    string
	cat     *mutation.Catalogue
	mutants []Mutant
	program *mutagen.Program
	opt     killmatrix.Options
}

// Load reads the catalogue in file, checks it against lab l (its
// reference, its mutants' names and its observations, known) and builds
// every mutant, in the checkout at root. Its errors name the catalogue's
// file and line. With known nil, killers are not checked. Close removes the
// built program.
func Load(l *lab.Lab, root, file string, known []string, opt killmatrix.Options) (*Set, error) {
	root, err := filepath.Abs(root) // the temporary module replaces the lab's with it
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	cat, err := mutation.Parse(file, data)
	if err != nil {
		return nil, err
	}
	// A held-out catalogue is kept from students, so it writes each
	// mutant's killer and hint in place rather than in an answer key.
	if err := cat.Answered(); err != nil {
		return nil, err
	}
	if err := check(l, file, cat, known); err != nil {
		return nil, err
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(l.Layout.Source)))
	if err != nil {
		return nil, fmt.Errorf("%s: reference: %v", file, err)
	}
	s := &Set{file: file, cat: cat, opt: opt}
	var gen []mutagen.Mutant
	for _, m := range cat.Mutants {
		s.mutants = append(s.mutants, Mutant{Mutant: m, Shown: cat.ShownToStudents(m)})
		gen = append(gen, mutagen.Mutant{ID: m.Name, File: filepath.Base(l.Layout.Source), Function: m.Function, Operator: "held-out", Old: m.Old, New: m.New, Pos: m.Pos})
	}
	if s.program, err = mutagen.Build(l, src, gen, mutagen.BuildOptions{Root: root}); err != nil {
		return nil, fmt.Errorf("held-out mutants of %s: %v", file, err)
	}
	// Execute-only: a grading worker runs it, but a script in that worker
	// (whose capabilities bubblewrap drops) cannot read what it holds
	// about the hidden mutants, wherever it lies.
	if err := os.Chmod(s.program.Bin, 0o111); err != nil {
		s.program.Close()
		return nil, fmt.Errorf("held-out mutants of %s: %v", file, err)
	}
	unviable := map[string]mutagen.Unviable{}
	for _, u := range s.program.Unviable {
		unviable[u.ID] = u
	}
	for i := range s.mutants {
		u := unviable[s.mutants[i].Name]
		s.mutants[i].Unviable, s.mutants[i].UnviableKind = u.Reason, u.Kind
	}
	if err := s.checkOwn(l); err != nil {
		s.program.Close()
		return nil, err
	}
	return s, nil
}

// check refuses a catalogue that does not fit the lab: another reference
// file, a name or label already taken by a lab mutant, or a killer that
// is not one of the observations known.
func check(l *lab.Lab, file string, cat *mutation.Catalogue, known []string) error {
	var problems []string
	if cat.Reference != l.Layout.Source {
		problems = append(problems, fmt.Sprintf("%s: reference: %q is not the lab's reference %q", file, cat.Reference, l.Layout.Source))
	}
	for _, m := range cat.Mutants {
		for _, id := range []string{m.Name, m.Label} {
			if lm, taken := l.Catalogue.Lookup(id); id != "" && taken {
				problems = append(problems, fmt.Sprintf("%s: mutant %q: %q is already the lab's mutant %s (%s); held-out names must differ", m.Pos, m.Name, id, lm.Name, lm.Pos))
			}
		}
		if m.Observation != "" && m.Killer != "" {
			problems = append(problems, fmt.Sprintf("%s: mutant %q: a killer and an observation of its own: give one (its own observation is its killer, %s)", m.Pos, m.Name, OwnName(m.Name)))
			continue
		}
		if known != nil && m.Killer != "" && !slices.Contains(known, m.Killer) {
			problems = append(problems, fmt.Sprintf("%s: mutant %q: killer %q is not one of the lab's observations", m.Pos, m.Name, m.Killer))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	return nil
}

// Attach returns the set whose program bin [Load] built, perhaps in
// another process, with its mutants, to run in dir with opt; Close
// leaves bin in place.
func Attach(bin string, mutants []Mutant, dir string, opt killmatrix.Options) *Set {
	return &Set{mutants: mutants, program: mutagen.Attach(bin, dir), opt: opt}
}

// Command runs one line of the lab's first command (idem ARGS) against
// the held-out mutant name, in dir, and returns its exit status: 0 on
// success, 1 when the operation fails, 2 for a usage error.
func (s *Set) Command(name, dir string, args []string, stdout, stderr io.Writer) (int, error) {
	return s.program.Command(name, dir, args, stdout, stderr)
}

// Search runs the differential search (idemlab/harness/search) of each
// named held-out mutant against the reference, in the built program, with
// seed 1, the given budget in programs and in time each.
func (s *Set) Search(names []string, programs int, limit time.Duration) ([]search.Result, error) {
	var jobs []mutagen.SearchJob
	for _, n := range names {
		jobs = append(jobs, mutagen.SearchJob{ID: n, Seed: 1, Programs: programs})
	}
	return s.program.Search(jobs, limit)
}

// Close removes the built program.
func (s *Set) Close() { s.program.Close() }

// Mutants lists every held-out mutant, with why it is unviable if it is.
func (s *Set) Mutants() []Mutant { return s.mutants }

// Catalogue is the held-out catalogue as read.
func (s *Set) Catalogue() *mutation.Catalogue { return s.cat }

// Bin is the built program, which runs observations against every viable
// held-out mutant (see mutagen.Main).
func (s *Set) Bin() string { return s.program.Bin }

// Run judges every viable held-out mutant against obs, whose names must be
// unique, and returns their matrix, naming observations as obs does. An
// observation that fails on the control copy is marked broken: it is the
// observation's problem, never a reason to discard the run.
func (s *Set) Run(obs []killmatrix.Observation) (*killmatrix.Matrix, error) {
	// The program discovers its observations from a folder: copy each
	// into one, under an index, and map the names back afterwards.
	dir, err := os.MkdirTemp(s.opt.WorkRoot, "idemlab-heldout-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	names, err := stage(dir, obs)
	if err != nil {
		return nil, err
	}
	m, err := s.program.Run(mutagen.RunOptions{Options: s.opt, Dir: dir, Kinds: []string{stageKind}})
	if err != nil {
		return nil, fmt.Errorf("held-out mutants: %v", err)
	}
	rename(m, names)
	m.Rejudge()
	return m, nil
}

// staged is one observation copied for the program to run.
type staged struct {
	given killmatrix.Observation
	file  string // the copy
}

// stageKind is the folder of dir that stage copies observations into, the
// one kind the program runs: each is given back its own name and kind
// afterwards, whatever the lab calls its kinds.
const stageKind = "staged"

// stage copies each observation into dir/staged as oNNNNN.txtar and
// returns, by the name the program will give it, what it was.
func stage(dir string, obs []killmatrix.Observation) (map[string]staged, error) {
	if err := os.Mkdir(filepath.Join(dir, stageKind), 0o755); err != nil {
		return nil, err
	}
	names := map[string]staged{}
	for i, o := range obs {
		data := o.Data
		if data == nil {
			var err error
			if data, err = os.ReadFile(o.File); err != nil {
				return nil, err
			}
		}
		base := fmt.Sprintf("o%05d", i)
		file := filepath.Join(dir, stageKind, base+".txtar")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			return nil, err
		}
		names[stageKind+"/"+base] = staged{o, file}
	}
	return names, nil
}

// rename gives the matrix's observations back the names, kinds, files
// and scripts they were given, in place of the copies the program ran.
func rename(m *killmatrix.Matrix, names map[string]staged) {
	to := func(n string) string {
		if v, ok := names[n]; ok {
			return v.given.Name
		}
		return n
	}
	pos := func(p string) string {
		for _, st := range names {
			if rest, ok := strings.CutPrefix(p, st.file); ok {
				return st.given.File + rest
			}
		}
		return p
	}
	for i := range m.Observations {
		o := &m.Observations[i]
		if st, ok := names[o.Name]; ok {
			o.Observation = st.given
		}
		o.Reference.Pos = pos(o.Reference.Pos)
		if o.OnWheat != nil {
			w := *o.OnWheat
			w.Pos = pos(w.Pos)
			o.OnWheat = &w
		}
	}
	for i := range m.Mutants {
		renameRow(&m.Mutants[i], to, pos)
	}
}

func renameRow(mu *killmatrix.MutantRow, to, pos func(string) string) {
	cells := map[string]killmatrix.Result{}
	for n, r := range mu.Cells {
		r.Pos = pos(r.Pos)
		cells[to(n)] = r
	}
	mu.Cells = cells
	for j := range mu.KilledBy {
		k := &mu.KilledBy[j]
		k.Observation, k.Pos = to(k.Observation), pos(k.Pos)
	}
	for j := range mu.SurvivedHappy {
		mu.SurvivedHappy[j] = to(mu.SurvivedHappy[j])
	}
	for j := range mu.TimedOutOn {
		mu.TimedOutOn[j] = to(mu.TimedOutOn[j])
	}
}

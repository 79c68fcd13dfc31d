// Package heldout runs mutants that an instructor keeps outside the
// students' repository. They are declared in a catalogue of the same form
// as mutants/catalogue.json; each is materialised as a copy of the
// reference with its replacement, compiled with the others into one
// program in a temporary module (see the mutagen package), and run against
// the observations it is given. A replacement that does not apply, or a
// copy that does not compile, makes the mutant unviable: reported with its
// reason, never counted as killed or survived.
package heldout

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"idemlab/harness/grade"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/mutation"
)

// A Set is a held-out catalogue ready to run.
type Set struct {
	root    string
	cat     *mutation.Catalogue
	ref     []byte
	opt     killmatrix.Options
	mutants []grade.HeldOutMutant
}

// Load reads the catalogue in file and checks that every mutant builds,
// against the reference of the checkout at root. Its errors name the
// catalogue's file and line.
func Load(root, file string, opt killmatrix.Options) (*Set, error) {
	root, err := filepath.Abs(root) // the temporary module replaces idemlab with it
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
	ref, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(cat.Reference)))
	if err != nil {
		return nil, fmt.Errorf("%s: reference: %v", file, err)
	}
	s := &Set{root: root, cat: cat, ref: ref, opt: opt}
	for _, m := range cat.Mutants {
		s.mutants = append(s.mutants, grade.HeldOutMutant{Mutant: m, Shown: cat.ShownToStudents(m)})
	}
	// A first build with no observations finds the unviable mutants.
	if _, err := s.Run(nil); err != nil {
		return nil, err
	}
	return s, nil
}

// Mutants lists every held-out mutant, with why it is unviable if it is.
func (s *Set) Mutants() []grade.HeldOutMutant { return s.mutants }

// Catalogue is the held-out catalogue as read.
func (s *Set) Catalogue() *mutation.Catalogue { return s.cat }

// Run judges every viable held-out mutant against obs, whose names must be
// unique. The matrix names observations as obs does.
func (s *Set) Run(obs []killmatrix.Observation) (*killmatrix.Matrix, error) {
	// The program discovers its observations from a folder: copy each
	// into one, under an index, and map the names back afterwards.
	dir, err := os.MkdirTemp(s.opt.WorkRoot, "idemlab-heldout-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := os.Mkdir(filepath.Join(dir, killmatrix.KindStudent), 0o755); err != nil {
		return nil, err
	}
	names, files := map[string]string{}, map[string]string{}
	given := map[string]killmatrix.Observation{}
	for i, o := range obs {
		given[o.Name] = o
		data, err := os.ReadFile(o.File)
		if err != nil {
			return nil, err
		}
		base := fmt.Sprintf("o%05d", i)
		if err := os.WriteFile(filepath.Join(dir, killmatrix.KindStudent, base+".txtar"), data, 0o644); err != nil {
			return nil, err
		}
		names[killmatrix.KindStudent+"/"+base] = o.Name
		files[filepath.Join(dir, killmatrix.KindStudent, base+".txtar")] = o.File
	}
	var gen []mutagen.Mutant
	for _, m := range s.cat.Mutants {
		gen = append(gen, mutagen.Mutant{ID: m.Name, File: filepath.Base(s.cat.Reference), Function: m.Function, Operator: "held-out", Old: m.Old, New: m.New})
	}
	timeout := s.opt.Timeout
	if timeout == 0 {
		timeout = killmatrix.DefaultTimeout
	}
	res, err := mutagen.Run(s.ref, gen, mutagen.RunOptions{
		Root: s.root, File: filepath.Base(s.cat.Reference), Dir: dir, Kinds: []string{killmatrix.KindStudent},
		Timeout: timeout, Parallel: s.opt.Parallel, WorkRoot: s.opt.WorkRoot,
	})
	if err != nil {
		return nil, fmt.Errorf("held-out mutants: %v", err)
	}
	unviable := map[string]string{}
	for _, u := range res.Unviable {
		unviable[u.ID] = u.Reason
	}
	for i := range s.mutants {
		s.mutants[i].Unviable = unviable[s.mutants[i].Name]
	}
	m := rename(res.Matrix, names, files)
	// The program saw every observation as a student's; give each back
	// its own kind and document, and judge again (a happy-path one
	// survived is listed as such).
	for i, o := range m.Observations {
		if g, ok := given[o.Name]; ok {
			m.Observations[i].Observation = g
		}
	}
	m.Rejudge()
	return m, nil
}

// rename gives the matrix's observations the names and files they were
// given, in place of the copies the program ran.
func rename(m *killmatrix.Matrix, names, files map[string]string) *killmatrix.Matrix {
	if m == nil {
		return &killmatrix.Matrix{}
	}
	to := func(n string) string {
		if v, ok := names[n]; ok {
			return v
		}
		return n
	}
	pos := func(p string) string {
		for tmp, orig := range files {
			if rest, ok := strings.CutPrefix(p, tmp); ok {
				return orig + rest
			}
		}
		return p
	}
	for i := range m.Observations {
		o := &m.Observations[i]
		o.Name, o.File, o.Reference.Pos = to(o.Name), pos(o.File), pos(o.Reference.Pos)
	}
	for i := range m.Mutants {
		mu := &m.Mutants[i]
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
	return m
}

package heldout

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
)

// OwnKind is the kind of a held-out mutant's own observation: its name is
// OwnKind/NAME, NAME the mutant's.
const OwnKind = "heldout"

// OwnName is the name of the own observation of the held-out mutant name.
func OwnName(name string) string { return OwnKind + "/" + name }

// checkOwn checks the observations the set's mutants carry of their own
// (mutation.Mutant.Observation): each must pass on the lab's reference and
// on every wheat, as any observation must, and kill its mutant when the
// mutant is viable. A mutant that carries one has it as its killer.
func (s *Set) checkOwn(l *lab.Lab) error {
	dir, err := os.MkdirTemp(s.opt.WorkRoot, "idemlab-heldout-own-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var own []killmatrix.Observation
	var of []int // the mutant each own observation belongs to
	var problems []string
	for i := range s.mutants {
		m := &s.mutants[i]
		if m.Observation == "" {
			continue
		}
		m.Killer = OwnName(m.Name)
		o, err := ownObservation(dir, m.Name, m.Observation)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: mutant %q: its observation, %v", m.Pos, m.Name, err))
			continue
		}
		if p := passesEverywhere(l, o, s.opt); p != "" {
			problems = append(problems, fmt.Sprintf("%s: mutant %q: its observation %s", m.Pos, m.Name, p))
			continue
		}
		if m.Unviable == "" {
			own, of = append(own, o), append(of, i)
		}
	}
	if len(own) > 0 {
		mx, err := s.Run(own)
		if err != nil {
			return err
		}
		for k, o := range own {
			m := s.mutants[of[k]]
			if row := mutantRow(mx, m.Name); row == nil || row.Cells[o.Name].Status != outcome.Fail {
				problems = append(problems, fmt.Sprintf("%s: mutant %q: its observation passes on it: an observation of its own must kill it", m.Pos, m.Name))
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	return nil
}

// ownObservation writes text as mutant name's own observation under dir.
func ownObservation(dir, name, text string) (killmatrix.Observation, error) {
	if err := os.MkdirAll(filepath.Join(dir, OwnKind), 0o755); err != nil {
		return killmatrix.Observation{}, err
	}
	file := filepath.Join(dir, OwnKind, name+".txtar")
	data := []byte(text)
	if !strings.HasSuffix(text, "\n") {
		data = append(data, '\n')
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return killmatrix.Observation{}, err
	}
	// Named "line" for New's positions: a problem is told as "its
	// observation, line N: ...", in the catalogue's words.
	o, err := killmatrix.New(OwnKind, name, "line", data)
	if err != nil {
		return o, errors.New(strings.Replace(err.Error(), "line:", "line ", 1))
	}
	o.File = file
	return o, nil
}

// passesEverywhere runs o on l's reference and wheats, and says where it
// does not pass ("" when it passes on all).
func passesEverywhere(l *lab.Lab, o killmatrix.Observation, opt killmatrix.Options) string {
	for _, impl := range append([]lab.Impl{l.Reference}, l.Wheats...) {
		r := killmatrix.Run(l, impl, o, opt)
		if r.Status == outcome.Pass {
			continue
		}
		where := "the reference"
		if impl.Name != l.Reference.Name {
			where = "the wheat " + impl.Name
		}
		return fmt.Sprintf("is %s on %s at its line %d (%s): %s", r.Status, where, r.Line, o.Command(r.Line), firstLine(r.Message))
	}
	return ""
}

func mutantRow(m *killmatrix.Matrix, name string) *killmatrix.MutantRow {
	for i := range m.Mutants {
		if m.Mutants[i].Name == name {
			return &m.Mutants[i]
		}
	}
	return nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

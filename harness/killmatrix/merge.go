package killmatrix

import (
	"fmt"

	"idemlab/harness/outcome"
)

// Merge returns one matrix holding the observations of base followed by
// those of extra, judged afresh. Both must have judged the same mutants,
// in the same order: extra is typically a student's own observations run
// against the mutants that base, the lab's observations, was run against
// once for a whole class.
func Merge(base, extra *Matrix) (*Matrix, error) {
	if len(base.Mutants) != len(extra.Mutants) {
		return nil, fmt.Errorf("merge: %d mutants against %d", len(base.Mutants), len(extra.Mutants))
	}
	m := &Matrix{Elapsed: base.Elapsed + extra.Elapsed}
	m.Observations = append(append(m.Observations, base.Observations...), extra.Observations...)
	for i, b := range base.Mutants {
		e := extra.Mutants[i]
		if b.Name != e.Name {
			return nil, fmt.Errorf("merge: mutant %d is %s in one matrix and %s in the other", i+1, b.Name, e.Name)
		}
		if b.Outcome == outcome.Invalid && b.Reason != "" && len(b.Cells) == 0 {
			m.Mutants = append(m.Mutants, b) // could not be run at all
			continue
		}
		results := make([]Result, 0, len(m.Observations))
		for _, o := range base.Observations {
			results = append(results, b.Cells[o.Name])
		}
		for _, o := range extra.Observations {
			results = append(results, e.Cells[o.Name])
		}
		m.Mutants = append(m.Mutants, judgeResults(b.Name, m.Observations, results))
	}
	return m, nil
}

// Join returns one matrix judging the mutants of a and then those of b,
// which must have run the same observations (their reference results are
// taken from a).
func Join(a, b *Matrix) (*Matrix, error) {
	if len(a.Observations) != len(b.Observations) {
		return nil, fmt.Errorf("join: %d observations against %d", len(a.Observations), len(b.Observations))
	}
	for i := range a.Observations {
		if a.Observations[i].Name != b.Observations[i].Name {
			return nil, fmt.Errorf("join: observation %d is %s in one matrix and %s in the other", i+1, a.Observations[i].Name, b.Observations[i].Name)
		}
	}
	m := &Matrix{Observations: a.Observations, Elapsed: a.Elapsed + b.Elapsed}
	m.Mutants = append(append(m.Mutants, a.Mutants...), b.Mutants...)
	return m, nil
}

// Rejudge judges every mutant again from its cells, after the
// observations' rows have changed (their kinds, say, or which are broken).
func (m *Matrix) Rejudge() {
	for i, mu := range m.Mutants {
		if mu.Outcome == outcome.Invalid && len(mu.Cells) == 0 {
			continue // could not be run at all
		}
		results := make([]Result, len(m.Observations))
		for j, o := range m.Observations {
			results[j] = mu.Cells[o.Name]
		}
		m.Mutants[i] = judgeResults(mu.Name, m.Observations, results)
	}
}

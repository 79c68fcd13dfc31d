package predict

import (
	"slices"
	"strings"

	"idemlab/harness/killmatrix"
)

// Rank orders the killers of mutant row of matrix m as a student should
// meet them, best first: the mutant's intended killer (its catalogue's,
// "" for none) when it kills; then the killers that share the most with
// the student's prediction p of the mutant (nil for none); then the
// matrix's order. Without it a lesson or a report's summary led with
// whichever killer sorts first by name, often one about another step
// than the mutant's, and said the predicted killer "never runs" a command
// nobody expected it to run.
//
// What a killer shares with p, most telling first: it is p's killer; the
// command where the mutant first differs in it is one p's killer runs
// (lease finish); its name starts with the same word as p's killer's
// (finish_...), which names the operation it is about; its evidence is
// p's. The killers are returned in a new slice; row is not changed.
func Rank(m *killmatrix.Matrix, row killmatrix.MutantRow, intended string, p *Prediction) []killmatrix.Kill {
	rows := map[string]killmatrix.ObservationRow{}
	for _, o := range m.Observations {
		rows[o.Name] = o
	}
	return rank(row, rows, intended, p)
}

func rank(row killmatrix.MutantRow, rows map[string]killmatrix.ObservationRow, intended string, p *Prediction) []killmatrix.Kill {
	score := map[string]int{}
	for _, k := range row.KilledBy {
		score[k.Observation] = shared(k, row, rows, p)
		if k.Observation == intended {
			score[k.Observation] = 1 << 10
		}
	}
	out := slices.Clone(row.KilledBy)
	slices.SortStableFunc(out, func(a, b killmatrix.Kill) int { return score[b.Observation] - score[a.Observation] })
	return out
}

// shared scores what killer k of the mutant shares with prediction p; the
// weights make each criterion outweigh all those after it.
func shared(k killmatrix.Kill, row killmatrix.MutantRow, rows map[string]killmatrix.ObservationRow, p *Prediction) int {
	if p == nil {
		return 0
	}
	n := 0
	if k.Observation == p.Killer {
		n += 8
	}
	if d := divergence(rows[k.Observation], row.Cells[k.Observation]); d != nil && len(d.Steps) > 0 {
		first := d.Steps[0].Reference.Args
		if slices.ContainsFunc(rows[p.Killer].Reference.Steps, func(s killmatrix.Step) bool { return sameVerb(s.Args, first) }) {
			n += 4
		}
	}
	if topic(k.Observation) == topic(p.Killer) {
		n += 2
	}
	if k.Evidence == p.Evidence {
		n++
	}
	return n
}

// topic is the first word of an observation's name, past its kind: the
// operation the lab's observations are named after (edge/finish_twice...
// is about finish).
func topic(observation string) string {
	name := observation
	if _, after, ok := strings.Cut(observation, "/"); ok {
		name = after
	}
	word, _, _ := strings.Cut(name, "_")
	return word
}

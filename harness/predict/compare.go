package predict

import (
	"fmt"
	"slices"
	"strings"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
)

// A Verdict compares one prediction with what the matrix shows.
type Verdict struct {
	Prediction Prediction `json:"prediction"`
	// Right is true when the predicted killer is among the mutant's
	// killers, with the predicted kind of evidence, and the mutant passed
	// every valid observation predicted to be survived.
	Right bool `json:"right"`
	// Problems says, in words, each part of the prediction that was wrong.
	Problems []string `json:"problems"`
	// Outcome and Killers are what actually happened to the mutant.
	Outcome outcome.Mutant    `json:"outcome"`
	Killers []killmatrix.Kill `json:"killers"`
	// Divergence shows where the reference and the mutant first printed
	// different things, in the predicted killer when it killed, else in
	// the first actual killer.
	Divergence *Divergence `json:"divergence,omitempty"`
}

// A Divergence is the first idem command, within one observation, whose
// output differs between the reference and a mutant.
type Divergence struct {
	Observation string `json:"observation"`
	Command     string `json:"command"`
	// Diff is cmp.Diff(reference, mutant) of that command's output and
	// error: (-reference +mutant).
	Diff string `json:"diff"`
}

// Compare judges prediction p against matrix m.
func Compare(m *killmatrix.Matrix, p Prediction) Verdict {
	v := Verdict{Prediction: p, Problems: []string{}, Killers: []killmatrix.Kill{}}
	row, ok := m.Mutant(p.Mutant)
	if !ok {
		v.Problems = append(v.Problems, fmt.Sprintf("mutant %s was not run", p.Mutant))
		return v
	}
	v.Outcome, v.Killers = row.Outcome, row.KilledBy
	if row.Outcome == outcome.Invalid {
		v.Problems = append(v.Problems, fmt.Sprintf("mutant %s could not be judged: %s", p.Mutant, row.Reason))
		return v
	}
	broken := map[string]bool{}
	for _, o := range m.Observations {
		if !o.Valid() {
			broken[o.Name] = true
		}
	}

	kill, killed := findKill(row.KilledBy, p.Killer)
	switch {
	case killed && kill.Evidence != p.Evidence:
		v.Problems = append(v.Problems, fmt.Sprintf("%s kills it as you said, but the evidence is %s, not %s: the failing line is %s (%s)",
			p.Killer, kill.Evidence, p.Evidence, kill.Pos, kill.Command))
	case killed:
	case broken[p.Killer]:
		v.Problems = append(v.Problems, fmt.Sprintf("%s fails on the reference (or is flaky), so it cannot kill anything", p.Killer))
	case row.Cells[p.Killer].Status == outcome.TimedOut:
		v.Problems = append(v.Problems, fmt.Sprintf("%s timed out on the mutant: a timeout is not a kill", p.Killer))
	default:
		v.Problems = append(v.Problems, fmt.Sprintf("%s passes on this mutant: the mutant survives it", p.Killer))
	}
	for _, s := range p.Survives {
		k, ok := findKill(row.KilledBy, s)
		switch {
		case ok:
			v.Problems = append(v.Problems, fmt.Sprintf("you expected it to survive %s, but that kills it at %s (%s)", s, k.Pos, k.Command))
		case broken[s]:
			v.Problems = append(v.Problems, fmt.Sprintf("you expected it to survive %s, but that fails on the reference (or is flaky): it shows nothing", s))
		case row.Cells[s].Status == outcome.TimedOut:
			v.Problems = append(v.Problems, fmt.Sprintf("you expected it to survive %s, but that timed out on the mutant", s))
		}
	}
	v.Right = len(v.Problems) == 0

	where := p.Killer
	if !killed && len(row.KilledBy) > 0 {
		where = row.KilledBy[0].Observation
	}
	v.Divergence = divergence(m, row, where)
	return v
}

func findKill(kills []killmatrix.Kill, observation string) (killmatrix.Kill, bool) {
	i := slices.IndexFunc(kills, func(k killmatrix.Kill) bool { return k.Observation == observation })
	if i < 0 {
		return killmatrix.Kill{}, false
	}
	return kills[i], true
}

func divergence(m *killmatrix.Matrix, row killmatrix.MutantRow, observation string) *Divergence {
	i := slices.IndexFunc(m.Observations, func(o killmatrix.ObservationRow) bool { return o.Name == observation })
	if i < 0 {
		return nil
	}
	cell := row.Cells[observation]
	ref, mut := m.Observations[i].Reference.Steps, cell.Steps
	n := killmatrix.FirstDivergence(ref, mut)
	if n < 0 && cell.Status == outcome.Fail && len(mut) < len(ref) {
		// The mutant stopped inside a command (a crash records no step):
		// show that command as the difference.
		n = len(mut)
		mut = append(slices.Clip(mut), killmatrix.Step{Args: ref[n].Args, Err: "(crashed: " + cell.Message + ")"})
	}
	if n < 0 {
		return nil
	}
	return &Divergence{
		Observation: observation,
		Command:     strings.Join(ref[n].Args, " "),
		Diff:        cmp.Diff(ref[n], mut[n]),
	}
}

// Lesson is the verdict told to the student: what was predicted, what
// happened, and where the reference and the mutant part ways.
func (v Verdict) Lesson(hint string) string {
	var b strings.Builder
	p := v.Prediction
	verdict := "right"
	if !v.Right {
		verdict = "wrong"
	}
	fmt.Fprintf(&b, "mutant %s: your prediction at %s is %s\n", p.Mutant, p.Pos, verdict)
	fmt.Fprintf(&b, "  predicted: %s kills it, with %s evidence", p.Killer, p.Evidence)
	if len(p.Survives) > 0 {
		fmt.Fprintf(&b, "; it survives %s", strings.Join(p.Survives, ", "))
	}
	b.WriteString("\n")
	if len(v.Killers) == 0 {
		fmt.Fprintf(&b, "  actual:    %s, killed by no observation\n", v.Outcome)
	}
	for i, k := range v.Killers {
		label := "actual:   "
		if i > 0 {
			label = "          "
		}
		fmt.Fprintf(&b, "  %s %s kills it at %s (%s), %s evidence\n", label, k.Observation, k.Pos, k.Command, k.Evidence)
	}
	for _, problem := range v.Problems {
		fmt.Fprintf(&b, "  wrong:     %s\n", problem)
	}
	if d := v.Divergence; d != nil {
		fmt.Fprintf(&b, "  first difference in %s, at %s (-reference +mutant):\n", d.Observation, d.Command)
		for _, line := range strings.Split(strings.TrimRight(d.Diff, "\n"), "\n") {
			fmt.Fprintf(&b, "    %s\n", line)
		}
	}
	if !v.Right && hint != "" {
		fmt.Fprintf(&b, "  hint:      %s\n", hint)
	}
	return b.String()
}

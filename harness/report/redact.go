package report

import (
	"slices"

	"idemlab/harness/outcome"
)

// Redact returns a copy of r for a student's eyes: the mutants for which
// hidden reports true are removed everywhere they would be named (the
// grid, the verdicts, the misconception hints) and only counted in
// Hidden.
func (r *Report) Redact(hidden func(mutant string) bool) *Report {
	out := *r
	out.Mutants = nil
	out.Hidden = HiddenCount{}
	for _, mu := range r.Mutants {
		if !hidden(mu.Name) {
			out.Mutants = append(out.Mutants, mu)
			continue
		}
		out.Hidden.Mutants++
		if mu.Outcome == outcome.Killed {
			out.Hidden.Killed++
		}
	}
	out.Verdicts = slices.DeleteFunc(slices.Clone(r.Verdicts), func(v Verdict) bool { return hidden(v.Prediction.Mutant) })
	out.Unpredicted = slices.DeleteFunc(slices.Clone(r.Unpredicted), hidden)
	out.Unviable = slices.DeleteFunc(slices.Clone(r.Unviable), func(u Unviable) bool { return !u.Shown })
	out.Invalid = nil
	for _, inv := range r.Invalid {
		inv.SharedWith = slices.DeleteFunc(slices.Clone(inv.SharedWith), func(m Misconception) bool { return hidden(m.Mutant) })
		out.Invalid = append(out.Invalid, inv)
	}
	return &out
}

// Unviable is a held-out mutant that could not be judged.
type Unviable struct {
	Name   string `json:"name"`
	Reason string `json:"reason"`
	Shown  bool   `json:"-"` // whether a student's copy may name it
}

// HiddenCount is what a student's report says of mutants it may not name.
type HiddenCount struct {
	Mutants int `json:"mutants"`
	Killed  int `json:"killed"`
}

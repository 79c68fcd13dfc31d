package grade

import (
	"cmp"
	"slices"

	"idemlab/harness/heldout"
	"idemlab/harness/mutation"
)

// Analytics is what the class as a whole shows an instructor.
type Analytics struct {
	// Unkilled lists every mutant with how many students' own
	// observations killed it, fewest first: what most of the class missed.
	Unkilled []Tally `json:"unkilled"`
	// WrongPredictions lists, per lab mutant, how many predictions about
	// it were wrong, most first.
	WrongPredictions []Tally `json:"wrong_predictions"`
	// AfterReveal lists, per lab mutant, how many predictions about it
	// were recorded after its answer was revealed, most first.
	AfterReveal []Tally `json:"after_reveal"`
	// Misconceptions groups the students' invalid observations by the
	// mutant whose behaviour they expect, most common first.
	Misconceptions []Misconception `json:"misconceptions"`
}

// A Tally counts students for one mutant: Count of Of.
type Tally struct {
	Mutant  string `json:"mutant"`
	HeldOut bool   `json:"held_out,omitempty"`
	Count   int    `json:"count"`
	Of      int    `json:"of"`
}

// A Misconception is a mutant's behaviour that invalid observations
// expect, with its hint and the observations that expect it.
type Misconception struct {
	Mutant       string   `json:"mutant"`
	Hint         string   `json:"hint"`
	Observations []string `json:"observations"` // "student: kind/name"
}

// Analyse computes the class analytics from its rows alone, so that a
// merge of shards computes the same as one run of the whole class.
func Analyse(rows []Row, cat *mutation.Catalogue, held []heldout.Mutant) Analytics {
	a := Analytics{Unkilled: []Tally{}, WrongPredictions: []Tally{}, AfterReveal: []Tally{}, Misconceptions: []Misconception{}}
	killed, wrong, predicted, late := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	shared := map[string][]string{}
	graded := 0
	for _, row := range rows {
		if row.Graded {
			graded++
		}
		for _, m := range append(slices.Clone(row.Killed), row.KilledHeldOut...) {
			killed[m]++
		}
		for _, p := range row.Predictions {
			predicted[p.Mutant]++
			if !p.Right {
				wrong[p.Mutant]++
			}
			if p.Recorded == "after" {
				late[p.Mutant]++
			}
		}
		for _, e := range row.Expectations {
			for _, m := range e.Mutants {
				shared[m] = append(shared[m], row.Student+": "+e.Observation)
			}
		}
	}
	hints := map[string]string{}
	for _, m := range cat.Mutants {
		hints[m.Name] = m.Hint.String()
		a.Unkilled = append(a.Unkilled, Tally{Mutant: m.Name, Count: killed[m.Name], Of: graded})
		a.WrongPredictions = append(a.WrongPredictions, Tally{Mutant: m.Name, Count: wrong[m.Name], Of: predicted[m.Name]})
		a.AfterReveal = append(a.AfterReveal, Tally{Mutant: m.Name, Count: late[m.Name], Of: predicted[m.Name]})
	}
	for _, h := range held {
		if h.Unviable == "" {
			a.Unkilled = append(a.Unkilled, Tally{Mutant: h.Name, HeldOut: true, Count: killed[h.Name], Of: graded})
		}
	}
	slices.SortStableFunc(a.Unkilled, func(x, y Tally) int { return cmp.Compare(x.Count, y.Count) })
	slices.SortStableFunc(a.WrongPredictions, func(x, y Tally) int { return cmp.Compare(y.Count, x.Count) })
	slices.SortStableFunc(a.AfterReveal, func(x, y Tally) int { return cmp.Compare(y.Count, x.Count) })
	for m, obs := range shared {
		a.Misconceptions = append(a.Misconceptions, Misconception{Mutant: m, Hint: hints[m], Observations: obs})
	}
	slices.SortFunc(a.Misconceptions, func(x, y Misconception) int {
		return cmp.Or(cmp.Compare(len(y.Observations), len(x.Observations)), cmp.Compare(x.Mutant, y.Mutant))
	})
	return a
}

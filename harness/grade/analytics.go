package grade

import (
	"sort"

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

func analyse(c *Class, cat *mutation.Catalogue) Analytics {
	a := Analytics{Unkilled: []Tally{}, WrongPredictions: []Tally{}, Misconceptions: []Misconception{}}
	graded := 0
	killed, heldKilled := map[string]int{}, map[string]int{}
	wrong, predicted := map[string]int{}, map[string]int{}
	shared := map[string]*Misconception{}
	for _, row := range c.Rows {
		if row.Report == nil {
			continue
		}
		graded++
		for _, m := range row.Killed {
			killed[m]++
		}
		for _, m := range row.KilledHeldOut {
			heldKilled[m]++
		}
		for _, v := range row.Report.Verdicts {
			predicted[v.Prediction.Mutant]++
			if !v.Right {
				wrong[v.Prediction.Mutant]++
			}
		}
		for _, inv := range row.Report.Uncounted {
			for _, s := range inv.SharedWith {
				m := shared[s.Mutant]
				if m == nil {
					m = &Misconception{Mutant: s.Mutant, Hint: s.Hint.String()}
					shared[s.Mutant] = m
				}
				m.Observations = append(m.Observations, row.Student+": "+inv.Observation)
			}
		}
	}
	if cat != nil {
		for _, m := range cat.Mutants {
			a.Unkilled = append(a.Unkilled, Tally{Mutant: m.Name, Count: killed[m.Name], Of: graded})
			a.WrongPredictions = append(a.WrongPredictions, Tally{Mutant: m.Name, Count: wrong[m.Name], Of: predicted[m.Name]})
		}
	}
	for _, h := range c.HeldOut {
		if h.Unviable == "" {
			a.Unkilled = append(a.Unkilled, Tally{Mutant: h.Name, HeldOut: true, Count: heldKilled[h.Name], Of: graded})
		}
	}
	sort.SliceStable(a.Unkilled, func(i, j int) bool { return a.Unkilled[i].Count < a.Unkilled[j].Count })
	sort.SliceStable(a.WrongPredictions, func(i, j int) bool { return a.WrongPredictions[i].Count > a.WrongPredictions[j].Count })
	for _, m := range shared {
		a.Misconceptions = append(a.Misconceptions, *m)
	}
	sort.Slice(a.Misconceptions, func(i, j int) bool {
		if len(a.Misconceptions[i].Observations) != len(a.Misconceptions[j].Observations) {
			return len(a.Misconceptions[i].Observations) > len(a.Misconceptions[j].Observations)
		}
		return a.Misconceptions[i].Mutant < a.Misconceptions[j].Mutant
	})
	return a
}

package dashboard

import (
	"cmp"
	"math"
	"slices"

	"idemlab/harness/grade"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
)

// Data is what the page draws, computed from a graded class's rows
// alone: the page and a test reading the class's JSON agree on it.
type Data struct {
	// Students counts the rows, Graded those whose folder was read.
	Students, Graded int
	// Totals is the distribution of every row's total.
	Totals []Bin
	// Mutants are the lab's mutants in catalogue order, then the viable
	// held-out ones.
	Mutants []Mutant
	// Confusion counts judged predictions by the evidence predicted (row:
	// return, error, state) and the evidence the mutant showed (column:
	// return, error, state, none).
	Confusion [3][4]int
}

// A Bin counts the totals from Lo up to, not including, Hi (the last
// bin includes its Hi).
type Bin struct {
	Lo, Hi float64
	Count  int
}

// A Mutant is what the class did with one mutant.
type Mutant struct {
	Name, Label string
	HeldOut     bool
	// Right, WrongKiller, WrongEvidence and WrongOther count the judged
	// predictions (WrongOther: a survives list wrong, or the mutant not
	// judged); Unpredicted the graded students with no judged
	// prediction of it. Held-out mutants are never predicted.
	Right, WrongKiller, WrongEvidence, WrongOther, Unpredicted int
	// Before, After and Unrecorded count the judged predictions by when
	// they were first seen: before or after the mutant's answer was
	// revealed, or with no history.
	Before, After, Unrecorded int
	// Killed counts students whose own observations kill it; Killers
	// names those observations, the most common first.
	Killed  int
	Killers []Killer
}

// A Killer is an observation name and how many students' observations
// of that name kill the mutant.
type Killer struct {
	Observation string
	Students    int
}

// Evidences are the confusion matrix's rows; its columns add "none".
var Evidences = killmatrix.Evidences

// Compute gathers the page's data from the class.
func Compute(c *grade.Class, cat *mutation.Catalogue) Data {
	d := Data{Students: len(c.Rows)}
	byName := map[string]*Mutant{}
	for _, m := range cat.Mutants {
		d.Mutants = append(d.Mutants, Mutant{Name: m.Name, Label: m.ID()})
	}
	for _, h := range c.HeldOut {
		if h.Unviable == "" {
			d.Mutants = append(d.Mutants, Mutant{Name: h.Name, Label: h.Name, HeldOut: true})
		}
	}
	for i := range d.Mutants {
		byName[d.Mutants[i].Name] = &d.Mutants[i]
	}
	killers := map[string]map[string]int{}
	var totals []float64
	for _, row := range c.Rows {
		totals = append(totals, row.Total)
		if !row.Graded {
			continue
		}
		d.Graded++
		predicted := map[string]bool{}
		for _, p := range row.Predictions {
			m := byName[p.Mutant]
			if m == nil {
				continue
			}
			predicted[p.Mutant] = true
			m.count(p)
			if r, col := slices.Index(Evidences, p.Evidence), slices.Index(Evidences, p.Actual); r >= 0 {
				if col < 0 {
					col = 3
				}
				d.Confusion[r][col]++
			}
		}
		for _, m := range d.Mutants {
			if !m.HeldOut && !predicted[m.Name] {
				byName[m.Name].Unpredicted++
			}
		}
		for _, k := range row.OwnKillers {
			m := byName[k.Mutant]
			if m == nil {
				continue
			}
			m.Killed++
			if killers[k.Mutant] == nil {
				killers[k.Mutant] = map[string]int{}
			}
			for _, o := range k.Observations {
				killers[k.Mutant][o]++
			}
		}
	}
	for i := range d.Mutants {
		m := &d.Mutants[i]
		for o, n := range killers[m.Name] {
			m.Killers = append(m.Killers, Killer{o, n})
		}
		slices.SortFunc(m.Killers, func(a, b Killer) int {
			return cmp.Or(cmp.Compare(b.Students, a.Students), cmp.Compare(a.Observation, b.Observation))
		})
	}
	d.Totals = bins(totals)
	return d
}

func (m *Mutant) count(p grade.PredictionVerdict) {
	switch {
	case p.Right:
		m.Right++
	case p.Miss == grade.MissKiller:
		m.WrongKiller++
	case p.Miss == grade.MissEvidence:
		m.WrongEvidence++
	default:
		m.WrongOther++
	}
	switch p.Recorded {
	case "before":
		m.Before++
	case "after":
		m.After++
	default:
		m.Unrecorded++
	}
}

// bins spreads the totals over at most 30 bins of a whole width, from
// the lowest total to the highest.
func bins(totals []float64) []Bin {
	if len(totals) == 0 {
		return []Bin{}
	}
	lo, hi := math.Floor(slices.Min(totals)), math.Floor(slices.Max(totals))
	width := max(1, math.Ceil((hi-lo+1)/30))
	n := int((hi-lo)/width) + 1
	out := make([]Bin, n)
	for i := range out {
		out[i] = Bin{Lo: lo + float64(i)*width, Hi: lo + float64(i+1)*width}
	}
	for _, t := range totals {
		i := min(int((t-lo)/width), n-1)
		out[i].Count++
	}
	return out
}

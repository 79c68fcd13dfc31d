package killmatrix

import (
	"fmt"
	"strings"

	"idemlab/harness/lab"
	"idemlab/harness/outcome"
)

// judge turns one mutant's results into its verdict.
func judge(mu lab.Impl, rows []ObservationRow, results []Result) MutantRow {
	if missing := mu.Missing(); len(missing) > 0 {
		return MutantRow{Name: mu.Name, Outcome: outcome.Invalid, Reason: "incomplete implementation: no " + strings.Join(missing, ", "),
			KilledBy: []Kill{}, SurvivedHappy: []string{}, TimedOutOn: []string{}, Cells: map[string]Result{}}
	}
	return judgeResults(mu.Name, rows, results)
}

// judgeResults judges a mutant that ran: results[i] is its result on
// rows[i], zero where it did not run.
func judgeResults(name string, rows []ObservationRow, results []Result) MutantRow {
	row := MutantRow{Name: name, KilledBy: []Kill{}, SurvivedHappy: []string{}, TimedOutOn: []string{}, Cells: map[string]Result{}}
	valid := 0
	for i, o := range rows {
		r := results[i]
		if r.Status == "" {
			continue // not run: Options.FirstKill stopped before it
		}
		row.Cells[o.Name] = r
		if !o.Valid() {
			continue
		}
		valid++
		switch r.Status {
		case outcome.Fail:
			row.KilledBy = append(row.KilledBy, Kill{Observation: o.Name, Pos: r.Pos, Line: r.Line, Command: r.Command, Message: r.Message, Evidence: r.Evidence, Reads: r.Reads})
		case outcome.TimedOut:
			row.TimedOutOn = append(row.TimedOutOn, o.Name)
		case outcome.Pass:
			if o.Kind == KindHappy {
				row.SurvivedHappy = append(row.SurvivedHappy, o.Name)
			}
		}
	}
	row.Outcome, row.Reason = verdict(row, valid)
	return row
}

func verdict(row MutantRow, valid int) (outcome.Mutant, string) {
	switch {
	case valid == 0:
		return outcome.Invalid, "no valid observation to run: every one fails on the reference, is flaky or timed out"
	case len(row.KilledBy) > 0:
		return outcome.Killed, ""
	case len(row.TimedOutOn) > 0:
		return outcome.Timeout, ""
	}
	return outcome.Survived, ""
}

// Summary counts the mutants by outcome, and the observations that do not
// count.
type Summary struct {
	Mutants    int `json:"mutants"`
	Killed     int `json:"killed"`
	Survived   int `json:"survived"`
	Timeout    int `json:"timeout"`
	Invalid    int `json:"invalid"`
	Unviable   int `json:"unviable"`
	Equivalent int `json:"equivalent"`
	// Broken, Flaky and TimedOut count observations that failed on the
	// reference, disagreed between runs, or timed out on it.
	Broken   int `json:"broken_observations"`
	Flaky    int `json:"flaky_observations"`
	TimedOut int `json:"timed_out_observations"`
}

// Count adds one mutant with outcome o.
func (s *Summary) Count(o outcome.Mutant) {
	s.Mutants++
	switch o {
	case outcome.Killed:
		s.Killed++
	case outcome.Survived:
		s.Survived++
	case outcome.Timeout:
		s.Timeout++
	case outcome.Invalid:
		s.Invalid++
	case outcome.Unviable:
		s.Unviable++
	case outcome.Equivalent:
		s.Equivalent++
	}
}

// Score is killed out of the mutants the score counts (killed, survived
// and timed out), in percent; 0 when none counts.
func (s Summary) Score() float64 {
	// The outcomes outcome.Mutant.Counted names.
	judged := s.Killed + s.Survived + s.Timeout
	if judged == 0 {
		return 0
	}
	return 100 * float64(s.Killed) / float64(judged)
}

// Summary counts m's mutants by outcome and its invalid observations.
func (m *Matrix) Summary() Summary {
	var s Summary
	for _, mu := range m.Mutants {
		s.Count(mu.Outcome)
	}
	for _, o := range m.Observations {
		switch o.Status {
		case outcome.Broken:
			s.Broken++
		case outcome.Flaky:
			s.Flaky++
		case outcome.TimedOut:
			s.TimedOut++
		}
	}
	return s
}

// String is the one-line summary, e.g. "8 mutants: 8 killed, 0 survived,
// 0 timeout, 0 invalid".
func (s Summary) String() string {
	line := fmt.Sprintf("%d %s: %d killed, %d survived, %d timeout, %d invalid",
		s.Mutants, plural(s.Mutants, "mutant"), s.Killed, s.Survived, s.Timeout, s.Invalid)
	if s.Unviable+s.Equivalent > 0 {
		line += fmt.Sprintf(", %d unviable, %d equivalent", s.Unviable, s.Equivalent)
	}
	for _, c := range []struct {
		n    int
		word string
	}{{s.Broken, "broken"}, {s.Flaky, "flaky"}, {s.TimedOut, "timed-out"}} {
		if c.n > 0 {
			line += fmt.Sprintf("; %d %s %s", c.n, c.word, plural(c.n, "observation"))
		}
	}
	return line
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// Gate returns an error naming every reason the lab is not sound: an
// observation the reference or a wheat fails (the wheat named), that is
// flaky or that hangs, or a mutant not killed. It is what CI checks.
func (m *Matrix) Gate() error {
	var problems []string
	for _, o := range m.Observations {
		switch o.Status {
		case outcome.Broken:
			problems = append(problems, fmt.Sprintf("observation %s fails on the %s: %s: %s", o.Name, o.on(), o.Failure().Pos, o.Failure().Message))
		case outcome.Flaky:
			problems = append(problems, fmt.Sprintf("observation %s is flaky: two runs on the same code disagreed", o.Name))
		case outcome.TimedOut:
			problems = append(problems, fmt.Sprintf("observation %s timed out on the %s: %s", o.Name, o.on(), o.Failure().Message))
		}
	}
	for _, mu := range m.Mutants {
		if mu.Outcome != outcome.Killed {
			detail := mu.Reason
			if detail == "" {
				detail = "no observation kills it"
			}
			problems = append(problems, fmt.Sprintf("mutant %s %s: %s", mu.Name, mu.Outcome, detail))
		}
	}
	if len(problems) == 0 {
		return nil
	}
	return fmt.Errorf("%s", strings.Join(problems, "\n"))
}

// Mutant returns the row of the mutant called name.
func (m *Matrix) Mutant(name string) (MutantRow, bool) {
	for _, mu := range m.Mutants {
		if mu.Name == name {
			return mu, true
		}
	}
	return MutantRow{}, false
}

// on is what decided o's status, as Gate words it: "reference", or
// "wheat NAME".
func (o ObservationRow) on() string {
	if o.Wheat != "" {
		return "wheat " + o.Wheat
	}
	return "reference"
}

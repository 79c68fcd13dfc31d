package predict

import (
	"slices"
	"strings"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/outcome"
)

// A Verdict compares one prediction with what the matrix shows.
type Verdict struct {
	Prediction Prediction `json:"prediction"`
	// Judged is false when the run did not judge the prediction: its
	// mutant or its killer was left out by a selection (-run, -mutant).
	// Such a verdict is neither right nor wrong; Problems says why.
	Judged bool `json:"judged"`
	// Right is true when the predicted killer is among the mutant's
	// killers, with the predicted kind of evidence, and the mutant passed
	// every valid observation predicted to be survived.
	Right bool `json:"right"`
	// Problems says, one finding each, every part of the prediction that
	// was wrong (or why it was not judged).
	Problems []Finding `json:"problems"`
	// Outcome and Killers are what actually happened to the mutant: any
	// valid observation that failed on it is a killer. Outcome is empty
	// when the mutant was not run (a selection left it out).
	Outcome outcome.Mutant    `json:"outcome,omitempty"`
	Killers []killmatrix.Kill `json:"killers"`
	// Divergence shows where the reference and the mutant first printed
	// different things, in the predicted killer when it killed, else in
	// the first killer in [Rank]'s order whose commands printed something
	// else.
	Divergence *Divergence `json:"divergence,omitempty"`
}

// A Finding is one thing a verdict found, as a code and the facts its
// message states; a report words it in the student's language.
type Finding struct {
	Code string `json:"code"`
	Data i18n.M `json:"data,omitempty"`
	// Message is the finding in words, filled by the report that shows it.
	Message string `json:"message,omitempty"`
}

// In words the finding in lang.
func (f Finding) In(lang i18n.Lang) string { return lang.T("verdict."+f.Code, f.Data) }

// A Divergence is where one observation's lab commands first printed
// different things on the reference and on a mutant: the commands from
// that one on, each side's output beside the other's.
type Divergence struct {
	Observation string `json:"observation"`
	// Index is the first differing command's place among the script's
	// lab commands, counted from 0.
	Index int `json:"index"`
	// Steps pairs each command from there on: at most MaxSteps.
	Steps []StepPair `json:"steps"`
}

// A StepPair is one command as the reference and as the mutant ran it.
type StepPair struct {
	Reference killmatrix.Step `json:"reference"`
	Mutant    killmatrix.Step `json:"mutant"`
	// Missing is set when the mutant never ran the command: it stopped
	// (failed or crashed) before it.
	Missing bool `json:"missing,omitempty"`
}

// MaxSteps bounds the commands a divergence shows.
const MaxSteps = 4

// Compare judges prediction p against matrix m; intended is the mutant's
// intended killer ("" for none), which a wrong prediction's lesson shows
// first (see [Rank]).
func Compare(m *killmatrix.Matrix, p Prediction, intended string) Verdict {
	v := Verdict{Prediction: p, Problems: []Finding{}, Killers: []killmatrix.Kill{}}
	row, ok := m.Mutant(p.Mutant)
	if !ok {
		return notJudged(v, "mutant-not-run", i18n.M{"Mutant": p.Wrote})
	}
	rows := map[string]killmatrix.ObservationRow{}
	for _, o := range m.Observations {
		rows[o.Name] = o
	}
	if _, ran := rows[p.Killer]; !ran {
		return notJudged(v, "killer-not-run", i18n.M{"Killer": p.Killer})
	}
	v.Judged, v.Outcome, v.Killers = true, row.Outcome, row.KilledBy
	if row.Outcome == outcome.Invalid {
		v.Problems = append(v.Problems, Finding{Code: "invalid-mutant", Data: i18n.M{"Mutant": p.Wrote, "Reason": row.Reason}})
		return v
	}
	v.Divergence = divergence(rows[p.Killer], row.Cells[p.Killer])
	if _, killed := findKill(row.KilledBy, p.Killer); !killed {
		v.Divergence = killerDivergence(row, rank(row, rows, intended, &p), rows)
	}
	if f, ok := judgeKiller(p, row, rows, v.Divergence); ok {
		v.Problems = append(v.Problems, f)
	}
	for _, s := range p.Survives {
		if f, ok := judgeSurvives(s, row, rows); ok {
			v.Problems = append(v.Problems, f)
		}
	}
	v.Right = len(v.Problems) == 0
	return v
}

func notJudged(v Verdict, code string, data i18n.M) Verdict {
	v.Problems = append(v.Problems, Finding{Code: code, Data: data})
	return v
}

// killerDivergence is the divergence to show when the predicted killer
// passed: that of the first of the ranked killers whose commands printed
// something else on the mutant. A killer that only timed out or crashed
// before its first command (on a loaded machine, a slow one may time out)
// shows no command, so the lesson does not hinge on which killer a run
// happened to list first.
func killerDivergence(row killmatrix.MutantRow, ranked []killmatrix.Kill, rows map[string]killmatrix.ObservationRow) *Divergence {
	var first *Divergence
	for i, k := range ranked {
		d := divergence(rows[k.Observation], row.Cells[k.Observation])
		if d != nil && len(d.Steps) > 0 {
			return d
		}
		if i == 0 {
			first = d
		}
	}
	return first
}

// judgeKiller finds what is wrong with the predicted killer, if anything;
// where is the divergence the verdict shows (in an actual killer when the
// predicted one passed).
func judgeKiller(p Prediction, row killmatrix.MutantRow, rows map[string]killmatrix.ObservationRow, where *Divergence) (Finding, bool) {
	kill, killed := findKill(row.KilledBy, p.Killer)
	o := rows[p.Killer]
	switch {
	case killed && kill.Evidence != p.Evidence:
		return Finding{Code: "wrong-evidence", Data: i18n.M{
			"Killer": p.Killer, "Got": string(kill.Evidence), "Want": string(p.Evidence),
			"Pos": kill.Pos, "Line": kill.Command, "Reads": kill.Reads,
		}}, true
	case killed:
		return Finding{}, false
	case !o.Valid():
		return Finding{Code: "killer-" + invalidCode(o.Status), Data: i18n.M{"Killer": p.Killer}}, true
	case row.Cells[p.Killer].Status == outcome.TimedOut:
		return Finding{Code: "killer-timeout", Data: i18n.M{"Killer": p.Killer}}, true
	case row.Cells[p.Killer].Status == "":
		return Finding{Code: "killer-skipped", Data: i18n.M{"Killer": p.Killer}}, true
	}
	return survived(p, o, row.Cells[p.Killer], where), true
}

// judgeSurvives finds what is wrong with one observation predicted to be
// survived, if anything. One outside the run is not judged.
func judgeSurvives(s string, row killmatrix.MutantRow, rows map[string]killmatrix.ObservationRow) (Finding, bool) {
	o, ran := rows[s]
	k, killed := findKill(row.KilledBy, s)
	switch {
	case !ran:
		return Finding{}, false
	case killed:
		return Finding{Code: "survives-killed", Data: i18n.M{"Observation": s, "Pos": k.Pos, "Line": k.Command}}, true
	case !o.Valid():
		return Finding{Code: "survives-" + invalidCode(o.Status), Data: i18n.M{"Observation": s}}, true
	case row.Cells[s].Status == outcome.TimedOut:
		return Finding{Code: "survives-timeout", Data: i18n.M{"Observation": s}}, true
	}
	return Finding{}, false
}

// invalidCode names an observation's reason for not counting in a code:
// broken, flaky, or reference-timeout (a timeout on the reference, not
// on the mutant).
func invalidCode(s outcome.Observation) string {
	if s == outcome.TimedOut {
		return "reference-timeout"
	}
	return string(s)
}

func findKill(kills []killmatrix.Kill, observation string) (killmatrix.Kill, bool) {
	i := slices.IndexFunc(kills, func(k killmatrix.Kill) bool { return k.Observation == observation })
	if i < 0 {
		return killmatrix.Kill{}, false
	}
	return kills[i], true
}

// divergence pairs the reference's and the mutant's commands in one
// observation from the first whose output differs, or returns nil when
// they agree as far as both go.
func divergence(o killmatrix.ObservationRow, cell killmatrix.Result) *Divergence {
	ref, mut := o.Reference.Steps, cell.Steps
	n := killmatrix.FirstDivergence(ref, mut)
	if n < 0 && cell.Status == outcome.Fail && len(mut) < len(ref) {
		// The mutant stopped inside a command (a crash records no step):
		// that command is the difference.
		n = len(mut)
	}
	if n < 0 {
		return nil
	}
	d := &Divergence{Observation: o.Name, Index: n}
	for i := n; i < len(ref) && len(d.Steps) < MaxSteps; i++ {
		pair := StepPair{Reference: ref[i]}
		if i < len(mut) {
			pair.Mutant = mut[i]
		} else {
			pair.Missing = true
			pair.Mutant = killmatrix.Step{Args: ref[i].Args}
			if i == len(mut) && cell.Message != "" && stoppedIn(cell, ref[i]) {
				pair.Mutant.Err = cell.Message
			}
		}
		d.Steps = append(d.Steps, pair)
		if pair.Missing {
			break
		}
	}
	return d
}

// stoppedIn reports whether a failed script stopped inside the command
// ref ran (a panic records no step): its failing line is that command
// line. A script that stopped at a check after its last command never ran
// the next one, and the check's message is not that command's output. An
// unknown failing line is taken as the command's.
func stoppedIn(cell killmatrix.Result, ref killmatrix.Step) bool {
	words := scriptWords(cell.Command)
	for len(words) > 0 && (words[0] == "!" || words[0] == "?") {
		words = words[1:]
	}
	return len(words) == 0 || slices.Equal(words, ref.Args)
}

// scriptWords splits a script line as testscript does: at spaces, but
// not inside single quotes, where two quotes stand for one.
func scriptWords(line string) []string {
	var words []string
	var w strings.Builder
	in, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case in && c == '\'' && i+1 < len(line) && line[i+1] == '\'':
			w.WriteByte(c)
			i++
		case c == '\'':
			in, quoted = !in, true
		case !in && (c == ' ' || c == '\t'):
			if w.Len() > 0 || quoted {
				words = append(words, w.String())
			}
			w.Reset()
			quoted = false
		default:
			w.WriteByte(c)
		}
	}
	if w.Len() > 0 || quoted {
		words = append(words, w.String())
	}
	return words
}

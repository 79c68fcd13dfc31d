package classgen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/mutation"
	"idemlab/harness/predict"
)

// A Mix sets how often each kind of content appears, out of 100.
type Mix struct {
	RightPrediction, Unfilled                 int // per mutant; the rest are wrong
	Killing, Happy, Invalid, Refused, Garbled int // per student: chance of each observation, and of a worksheet that does not parse
	// History is the chance that a student keeps a prediction history;
	// AfterReveal the chance, per prediction in it, that its answer was
	// revealed before it was written.
	History, AfterReveal int
}

// DefaultMix is a class where most students try, some err, a few break
// the rules, and some predict after looking.
var DefaultMix = Mix{RightPrediction: 50, Unfilled: 20, Killing: 70, Happy: 50, Invalid: 20, Refused: 5, Garbled: 5, History: 60, AfterReveal: 25}

// Write creates n submissions of lab l under dir (student001,
// student002, ...), chosen by seed, predicting about the mutants of its
// catalogue with the lab's observations obs (as labrun.LabObservations
// reads them). The submissions' own observations are drawn from obs, so
// they speak the lab's own commands, whatever the lab; they are laid out
// as the lab's layout says (its first worksheet, its Own folder, its
// happy path the first of its Kinds).
func Write(dir string, n int, seed uint64, mix Mix, l *lab.Lab, obs []killmatrix.Observation) error {
	if len(l.Layout.Worksheets) == 0 {
		return fmt.Errorf("classgen: lab %s has no worksheet for a submission to fill", l.Name)
	}
	cat := l.Catalogue
	p, err := newPool(cat, obs, l.Layout)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 0x1de))
	// The histories draw from a source of their own, so that the rest of
	// a class is the same with or without them.
	hrng := rand.New(rand.NewPCG(seed, 0x415))
	for i := 1; i <= n; i++ {
		sub := filepath.Join(dir, fmt.Sprintf("student%03d", i))
		own, err := p.writeOwn(sub, rng, mix)
		if err != nil {
			return err
		}
		text := worksheet(i, rng, mix, cat, p.happy, own)
		if err := os.WriteFile(filepath.Join(sub, filepath.Base(l.Layout.Worksheets[0])), []byte(text), 0o644); err != nil {
			return err
		}
		if hrng.IntN(100) < mix.History && l.Layout.History != "" {
			if err := history(filepath.Join(sub, filepath.Base(l.Layout.History)), text, hrng, mix, cat, append(names(obs), own...)); err != nil {
				return err
			}
		}
	}
	return nil
}

// worksheet is submission i's worksheet: one prediction block per mutant
// of cat, unfilled, right (the mutant's intended killer) or wrong (a
// happy-path observation, or one of the student's own that can run).
func worksheet(i int, rng *rand.Rand, mix Mix, cat *mutation.Catalogue, happy, own []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Worksheet of student%03d\n", i)
	for _, m := range cat.Mutants {
		b.WriteString("\n```prediction\nmutant: " + m.Name + "\n")
		switch r := rng.IntN(100); {
		case r < mix.Unfilled:
			b.WriteString("killer:\nevidence:\nreason:\n")
		case r < mix.Unfilled+mix.RightPrediction:
			ev := killmatrix.Evidences[rng.IntN(len(killmatrix.Evidences))]
			fmt.Fprintf(&b, "killer: %s\nevidence: %s\nreason: the intended boundary\n", m.Killer, ev)
		default:
			killer := happy[rng.IntN(len(happy))]
			// Never an observation the grader refuses to run: the
			// worksheet would then not parse at all.
			runnable := slices.DeleteFunc(slices.Clone(own), func(o string) bool { return strings.HasSuffix(o, "/"+refusedName) })
			if len(runnable) > 0 && rng.IntN(2) == 0 {
				killer = runnable[rng.IntN(len(runnable))]
			}
			fmt.Fprintf(&b, "killer: %s\nevidence: return\nreason: a guess\n", killer)
		}
		b.WriteString("```\n")
	}
	text := b.String()
	if rng.IntN(100) < mix.Garbled {
		text += "\n```prediction\nmutant: 9_no_such_mutant\nkiller: edge/nowhere\nevidence: maybe\nreason: garbled\n```\n"
	}
	return text
}

// history writes the prediction history file: each prediction of
// its worksheet seen an hour after the reveal of its mutant's answer
// (mix.AfterReveal of them), or before it.
func history(file, worksheet string, rng *rand.Rand, mix Mix, cat *mutation.Catalogue, obs []string) error {
	known := predict.Known{Labels: map[string]string{}, Observations: obs}
	for _, m := range cat.Mutants {
		known.Mutants = append(known.Mutants, m.Name)
		if m.Label != "" {
			known.Labels[m.Label] = m.Name
		}
	}
	sheet, _ := predict.Read([]predict.Source{{File: "worksheet.md", Data: []byte(worksheet)}}, known)
	var late, early []string
	for _, p := range sheet.Predictions {
		if rng.IntN(100) < mix.AfterReveal {
			late = append(late, p.Mutant)
		} else {
			early = append(early, p.Mutant)
		}
	}
	start := time.Date(2026, 9, 1, 10, 0, 0, 0, time.UTC)
	by := func(names []string, how string) map[string]string {
		m := map[string]string{}
		for _, n := range names {
			m[n] = how
		}
		return m
	}
	// As runs write it: -reveal shows the late ones, then the run that
	// sees the predictions shows the others' answers, at the same time.
	h := predict.NewHistory()
	h.Record(&predict.Sheet{}, late, by(late, "reveal"), start)
	h.Record(sheet, early, by(early, "prediction"), start.Add(time.Hour))
	return h.Save(file)
}

func names(obs []killmatrix.Observation) []string {
	var out []string
	for _, o := range obs {
		out = append(out, o.Name)
	}
	return out
}

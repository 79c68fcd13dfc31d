package report

import (
	"fmt"
	"strings"
	"time"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutagen"
	"idemlab/harness/outcome"
	"idemlab/harness/search"
)

// GeneratedRun is what a report of generated mutants is made from.
type GeneratedRun struct {
	// Lab names the lab; Source is its reference's path and Text its
	// content.
	Lab, Source string
	Text        []byte
	// Mutants are the mutants judged, in order; Result what mutagen.Run
	// found; Equivalents the checked-in list (nil for none); Hand maps a
	// generated id to the catalogue mutant it equals.
	Mutants     []mutagen.Mutant
	Result      *mutagen.RunResult
	Equivalents *mutagen.Equivalents
	Hand        map[string]string
	// Searches are the differential searches run, by mutant id: one for
	// each survivor, and the recorded one of each equivalent mutant run
	// again (nil when none ran).
	Searches map[string]*search.Result
}

// Generated builds the report of a run of generated mutants: each one's
// outcome (an equivalent one survived as its entry says it would), why,
// its killers, and the diff of those a reader must look at.
func Generated(g GeneratedRun) *Report {
	res := g.Result
	r := &Report{
		Schema: Schema, Harness: Version(), Verdicts: []Verdict{}, Unpredicted: []string{}, Uncounted: []Uncounted{}, Problems: []string{},
		Meta:     Meta{Kind: KindGenerated, Lab: g.Lab, Created: time.Now().UTC().Truncate(time.Second), Lang: i18n.English, View: Instructor},
		TimingMS: map[string]int64{"generate": res.Generate.Milliseconds(), "build": res.Build.Milliseconds(), "run": res.Run.Milliseconds()},
		Source:   g.Source, Sources: map[string]string{g.Source: string(g.Text)},
	}
	rows := map[string]killmatrix.MutantRow{}
	if res.Matrix != nil {
		r.Observations = res.Matrix.Observations
		r.ElapsedMS = res.Matrix.Elapsed.Milliseconds()
		for _, row := range res.Matrix.Mutants {
			rows[row.Name] = row
		}
	}
	r.problems()
	unviable := map[string]mutagen.Unviable{}
	for _, u := range res.Unviable {
		unviable[u.ID] = u
	}
	for _, m := range g.Mutants {
		mu := r.generatedMutant(g, m, rows, unviable)
		r.Summary.Count(mu.Outcome)
		r.Mutants = append(r.Mutants, mu)
	}
	obs := (&killmatrix.Matrix{Observations: r.Observations}).Summary()
	r.Summary.Broken, r.Summary.Flaky, r.Summary.TimedOut = obs.Broken, obs.Flaky, obs.TimedOut
	r.Score.Mutants = len(g.Mutants)
	r.Basis = basis(g, r.Mutants)
	return r
}

// Basis says what a generated run's score is measured over: the
// mutants and their operators, the equivalent mutants and the searches
// behind them, and the searches of the survivors.
type Basis struct {
	// Generated counts the mutants judged, and Operators the operators
	// that made them.
	Generated int `json:"generated"`
	Operators int `json:"operators"`
	// Equivalent counts the equivalent mutants; Recorded those whose entry
	// records a search that found no difference, the smallest of which
	// ran RecordedPrograms programs; Rechecked those whose search this run
	// ran again, with at most RecheckPrograms programs each.
	Equivalent       int `json:"equivalent"`
	Recorded         int `json:"recorded"`
	RecordedPrograms int `json:"recorded_programs"`
	Rechecked        int `json:"rechecked"`
	RecheckPrograms  int `json:"recheck_programs"`
	// Survivors counts the survivors searched, with at most
	// SurvivorPrograms programs each; Holes those the search killed.
	Survivors        int `json:"survivors"`
	SurvivorPrograms int `json:"survivor_programs"`
	Holes            int `json:"holes"`
}

func basis(g GeneratedRun, mutants []Mutant) *Basis {
	b := &Basis{Generated: len(mutants)}
	ops := map[string]bool{}
	for _, mu := range mutants {
		ops[mu.Operator] = true
		switch res := mu.Search; {
		case mu.Outcome == outcome.Equivalent:
			b.Equivalent++
			if q, _ := g.Equivalents.Lookup(mu.Name); q.Search != nil {
				b.Recorded++
				if b.RecordedPrograms == 0 || q.Search.Programs < b.RecordedPrograms {
					b.RecordedPrograms = q.Search.Programs
				}
			}
			if res != nil {
				b.Rechecked++
				b.RecheckPrograms = max(b.RecheckPrograms, res.Budget)
			}
		case res != nil:
			b.Survivors++
			b.SurvivorPrograms = max(b.SurvivorPrograms, res.Budget)
			if res.Found() {
				b.Holes++
			}
		}
	}
	b.Operators = len(ops)
	return b
}

// CacheUse says what a run of idemlab mutate took from its verdict cache
// (harness/internal/verdictcache), where a result is kept under exactly
// what decides it, so that one taken from it is the one the run would
// find.
type CacheUse struct {
	// Fresh says the run took nothing from the cache (-fresh) and only
	// kept its results there.
	Fresh bool `json:"fresh"`
	// Mutants counts the mutants whose every result came from the cache,
	// of Judged mutants judged.
	Mutants int `json:"mutants"`
	Judged  int `json:"judged"`
	// Results counts the observation results it answered, the
	// reference's included.
	Results int `json:"results"`
	// Searches counts the differential searches it answered, of Searched
	// asked for.
	Searches int `json:"searches"`
	Searched int `json:"searched"`
	// Program says the program of mutants came from it, not from a build.
	Program bool `json:"program"`
}

// CacheLine says what the run took from the verdict cache, in one
// sentence; "" with no cache.
func (r *Report) CacheLine() string {
	c := r.Cache
	switch {
	case c == nil:
		return ""
	case c.Fresh:
		return r.Meta.Lang.T("generated.cache.fresh", nil)
	}
	return r.Meta.Lang.T("generated.cache", i18n.M{
		"Mutants": c.Mutants, "Judged": c.Judged, "Results": c.Results,
		"Searches": c.Searches, "Searched": c.Searched, "Program": c.Program,
	})
}

// BasisLine says what the score is measured over, in one sentence.
func (r *Report) BasisLine() string {
	if r.Basis == nil {
		return ""
	}
	b := r.Basis
	return r.Meta.Lang.T("generated.basis", i18n.M{
		"Generated": b.Generated, "Operators": b.Operators, "Equivalent": b.Equivalent, "Recorded": b.Recorded,
		"RecordedPrograms": b.RecordedPrograms, "Rechecked": b.Rechecked, "RecheckPrograms": b.RecheckPrograms,
		"Survivors": b.Survivors, "SurvivorPrograms": b.SurvivorPrograms, "Holes": b.Holes,
	})
}

// generatedMutant judges one generated mutant from what the run found.
func (r *Report) generatedMutant(g GeneratedRun, m mutagen.Mutant, rows map[string]killmatrix.MutantRow, unviable map[string]mutagen.Unviable) Mutant {
	row, judged := rows[m.ID]
	mu := Mutant{Origin: OriginGenerated, Function: m.Function, Operator: m.Operator, Line: m.Line, Hand: g.Hand[m.ID], Old: m.Old, New: m.New, shown: true}
	mu.MutantRow = killmatrix.MutantRow{Name: m.ID, KilledBy: []killmatrix.Kill{}, SurvivedHappy: []string{}, TimedOutOn: []string{}, Cells: map[string]killmatrix.Result{}}
	if op, ok := mutagen.Lookup(m.Operator); ok {
		mu.Idea = map[string]string{"en": op.Doc}
	}
	q, isEquivalent := g.Equivalents.Lookup(m.ID)
	switch {
	case unviable[m.ID].Reason != "":
		u := unviable[m.ID]
		mu.Outcome, mu.Reason, mu.UnviableKind = outcome.Unviable, u.Reason, u.Kind
	case !judged:
		mu.Outcome, mu.Reason = outcome.Invalid, "the mutants' program did not report it"
	case row.Outcome == outcome.Survived && isEquivalent:
		mu.MutantRow = row
		mu.Outcome, mu.Reason, mu.EquivalentBy = outcome.Equivalent, q.Reason, q.By
		if res := g.Searches[m.ID]; res != nil && res.Found() {
			r.Problems = append(r.Problems, fmt.Sprintf("%s: mutant %s is listed as equivalent but the differential search (seed %d) tells it apart: %s; remove the entry, and write the observation:\n%s",
				q.Pos, m.ID, res.Seed, res.Script.What(), indent(string(res.Script.Observation()), "    ")))
		}
	default:
		mu.MutantRow = row
		if row.Outcome == outcome.Killed && isEquivalent {
			r.Problems = append(r.Problems, fmt.Sprintf("%s: mutant %s is listed as equivalent but %s kills it: remove the entry", q.Pos, m.ID, row.KilledBy[0].Observation))
		}
	}
	mu.Search = g.Searches[m.ID]
	if mu.Outcome == outcome.Survived || mu.Outcome == outcome.Equivalent || mu.Outcome == outcome.Timeout {
		if d, err := m.Diff(g.Text, g.Source); err == nil {
			mu.Diff = d
		}
	}
	return mu
}

// Passed reports whether a generated run found nothing wrong: every mutant
// judged killed, equivalent or unviable, and the observations sound.
func (r *Report) Passed() bool {
	s := r.Summary
	return s.Survived == 0 && s.Timeout == 0 && s.Invalid == 0 && len(r.Problems) == 0
}

// generatedText is idemlab mutate's report: the survivors and timeouts
// with their diffs, the equivalent and unviable mutants with why, the
// problems, and the score.
func (r *Report) generatedText(b *strings.Builder) {
	l := r.Meta.Lang
	fmt.Fprintf(b, "%s\n", l.T("generated.title", i18n.M{"Lab": r.Meta.Lab, "Mutants": len(r.Mutants), "Source": r.Source, "Observations": len(r.Observations)}))
	fmt.Fprintf(b, "%s\n", l.T("generated.timing", i18n.M{
		"Generate": ms(r.TimingMS["generate"]), "Build": ms(r.TimingMS["build"]), "Run": ms(r.TimingMS["run"]),
	}))
	if line := r.CacheLine(); line != "" {
		fmt.Fprintf(b, "%s\n", line)
	}
	for _, sec := range []struct {
		o    outcome.Mutant
		diff bool
	}{{outcome.Survived, true}, {outcome.Timeout, true}, {outcome.Equivalent, false}, {outcome.Unviable, false}, {outcome.Invalid, false}} {
		r.section(b, sec.o, sec.diff)
	}
	if len(r.Problems) > 0 {
		fmt.Fprintf(b, "\n%s\n", l.T("generated.problems", nil))
		for _, p := range r.Problems {
			fmt.Fprintf(b, "  %s\n", p)
		}
	}
	fmt.Fprintf(b, "\n%s\n%s\n", r.GeneratedScoreLine(), r.BasisLine())
}

func ms(n int64) time.Duration { return time.Duration(n) * time.Millisecond }

// section lists the mutants of one outcome, with their diffs or reasons.
func (r *Report) section(b *strings.Builder, o outcome.Mutant, diff bool) {
	l := r.Meta.Lang
	var in []Mutant
	for _, mu := range r.Mutants {
		if mu.Outcome == o {
			in = append(in, mu)
		}
	}
	if len(in) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%s\n", l.T("generated.section."+string(o), i18n.M{"N": len(in)}))
	for _, mu := range in {
		if diff {
			fmt.Fprintf(b, "\n%s  %s\n%s", mu.Name, describe(l, mu), mu.Diff)
			searched(b, l, mu.Search)
			continue
		}
		fmt.Fprintf(b, "  %s  %s", mu.Name, ReasonIn(l, mu))
		if res := mu.Search; res != nil && !res.Found() {
			b.WriteString(" " + l.T("generated.search.again", i18n.M{"Programs": res.Programs, "Seed": res.Seed, "Elapsed": res.Elapsed.Round(time.Millisecond)}))
		}
		b.WriteString("\n")
	}
}

// searched writes what the differential search of a survivor found: the
// minimal script that kills it, a hole in the observations, or that it
// found nothing within its budget.
func searched(b *strings.Builder, l i18n.Lang, res *search.Result) {
	switch {
	case res == nil:
	case res.Found():
		fmt.Fprintf(b, "%s\n%s", l.T("generated.search.hole", i18n.M{"Seed": res.Seed, "Program": res.Script.Program, "Commands": len(res.Script.Steps), "Elapsed": res.Elapsed.Round(time.Millisecond)}),
			indent(string(res.Script.Observation()), "    "))
	default:
		fmt.Fprintf(b, "%s\n", l.T("generated.search.none", i18n.M{"Seed": res.Seed, "Programs": res.Programs, "Elapsed": res.Elapsed.Round(time.Millisecond)}))
	}
}

// indent puts prefix before every line of text.
func indent(text, prefix string) string {
	lines := strings.SplitAfter(text, "\n")
	var b strings.Builder
	for _, line := range lines {
		if line != "" {
			b.WriteString(prefix + line)
		}
	}
	return b.String()
}

// describe is a generated mutant's function and what its operator does.
func describe(l i18n.Lang, mu Mutant) string {
	if mu.Function == "" {
		return mu.Idea.In(string(l))
	}
	return l.T("generated.in-function", i18n.M{"Function": mu.Function, "Doc": mu.Idea.In(string(l))})
}

// GeneratedScoreLine is the closing line of a generated run, e.g. "146
// mutants: 120 killed, 1 survived, 25 equivalent, 0 timeout, 0 unviable;
// mutation score 99.2% (120 of 121)".
func (r *Report) GeneratedScoreLine() string {
	s := r.Summary
	return r.Meta.Lang.T("generated.score", i18n.M{
		"Mutants": s.Mutants, "Killed": s.Killed, "Survived": s.Survived, "Equivalent": s.Equivalent,
		"Timeout": s.Timeout, "Unviable": s.Unviable, "Invalid": s.Invalid,
		"Score": fmt.Sprintf("%.1f", s.Score()), "Judged": s.Killed + s.Survived + s.Timeout,
	})
}

// ReasonIn is mu's reason as reports show it: an equivalence that rests on
// the engine, not on SQL, says so first, in l's language.
func ReasonIn(l i18n.Lang, mu Mutant) string {
	if mu.Outcome == outcome.Equivalent && mu.EquivalentBy == mutagen.ByEngine {
		return l.T("generated.by.engine", nil) + " " + mu.Reason
	}
	return mu.Reason
}

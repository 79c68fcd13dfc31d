// Package answerscan finds text that answers a prediction before it is
// made: an observation that kills a lab mutant, named beside that mutant
// (its name or label) or its step. Tests run it over everything a student
// reads before predicting (the lab's files, the manuals they are sent to,
// every output of the student's view); the answers come from the real
// kill matrix, never from a list kept by hand.
//
// Text is read in units, each read as a whole: a file, a section of a
// document, a line of output, an element of HTML, an object of JSON. A
// unit that names an observation and a mutant is checked against the
// others of its source: abstract the pair away (the observation's name
// and the mutant's name, label and step become placeholders) and the
// same text must also occur for a pair that is not a kill. A matrix cell
// titled "edge/x × 4_fetch: (predict it to see how)" is written the same
// for every pair, so it says nothing; "# Step 4, …" in the observation
// that kills 4_fetch has no such twin, and is a leak.
//
// TestNoKillerBesideItsMutant, in this package's tests, runs it over both
// built-in labs; it lives here, in a package of its own, because it runs
// each lab's kill report five times.
package answerscan

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Mutant is one lab mutant as a student may meet it.
type Mutant struct {
	Name, Label string
	Step        int
}

// Kills is what a lab's kill matrix says: which observations kill which
// mutant.
type Kills struct {
	Mutants []Mutant
	// Observations are every observation of the lab, as kind/name.
	Observations []string
	// Killers holds, by mutant name, the observations that kill it.
	Killers map[string][]string
}

// A Unit is one piece of text read as a whole; Where names it in a
// failure (a file, a file and section, an output and line).
type Unit struct{ Where, Text string }

// A Leak is a unit that names a killing observation beside its mutant.
type Leak struct {
	Where, Observation, Mutant, Text string
}

func (l Leak) String() string {
	return fmt.Sprintf("%s names %s, which kills %s, beside that mutant or its step:\n%s", l.Where, l.Observation, l.Mutant, l.Text)
}

// excerpt is the text around o's first match in text, at most some 300
// bytes, cut at whole runes.
func excerpt(text string, o *regexp.Regexp) string {
	const around = 150
	if len(text) <= 2*around {
		return text
	}
	at := o.FindStringIndex(text)[0]
	from, to := max(at-around, 0), min(at+around, len(text))
	for from > 0 && !utf8.RuneStart(text[from]) {
		from--
	}
	for to < len(text) && !utf8.RuneStart(text[to]) {
		to++
	}
	return "…" + text[from:to] + "…"
}

// stepPatterns find the steps a text names: "Step 4", "steps 3 and 4",
// "步骤 4", "第 4 步", and a JSON "step": 4.
var stepPatterns = []*regexp.Regexp{
	regexp.MustCompile(`(?i)\bsteps?\s+\d+(?:\s*(?:,|and|or|&)\s*\d+)*`),
	regexp.MustCompile(`步骤\s*\d+(?:\s*(?:、|和|与|,|，)\s*\d+)*`),
	regexp.MustCompile(`第\s*\d+\s*步`),
	regexp.MustCompile(`"step"\s*:\s*\d+`),
}

var number = regexp.MustCompile(`\d+`)

// word matches s as a whole word of ids: not inside a longer
// name of letters, digits and underscores.
func word(s string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^A-Za-z0-9_])` + regexp.QuoteMeta(s) + `($|[^A-Za-z0-9_])`)
}

// Scan returns every leak among units, which come from one source (one
// output, one kind of file), so that their pairs are compared among
// themselves.
func Scan(k Kills, units []Unit) []Leak {
	obs := make([]*regexp.Regexp, len(k.Observations))
	for i, o := range k.Observations {
		// kind/base, or the base alone (a file's name, a sentence).
		kind, base, _ := strings.Cut(o, "/")
		obs[i] = regexp.MustCompile(`(^|[^A-Za-z0-9_])(?:` + regexp.QuoteMeta(kind) + `/)?` + regexp.QuoteMeta(base) + `($|[^A-Za-z0-9_])`)
	}
	ids := make([][]*regexp.Regexp, len(k.Mutants))
	for i, m := range k.Mutants {
		ids[i] = append(ids[i], word(m.Name))
		if m.Label != "" {
			ids[i] = append(ids[i], word(m.Label))
		}
	}
	type candidate struct {
		leak     Leak
		template string
	}
	var kills []candidate
	others := map[string]bool{}
	for _, u := range units {
		steps := stepsNamed(u.Text)
		for i, o := range k.Observations {
			if !obs[i].MatchString(u.Text) {
				continue
			}
			for j, m := range k.Mutants {
				if !names(u.Text, ids[j], m.Step, steps) {
					continue
				}
				t := abstract(u.Text, obs[i], ids[j], m.Step)
				if slices.Contains(k.Killers[m.Name], o) {
					kills = append(kills, candidate{Leak{u.Where, o, m.ID(), excerpt(u.Text, obs[i])}, t})
				} else {
					others[t] = true
				}
			}
		}
	}
	var leaks []Leak
	for _, c := range kills {
		if !others[c.template] {
			leaks = append(leaks, c.leak)
		}
	}
	return leaks
}

// ID is the mutant's label, or its name.
func (m Mutant) ID() string {
	if m.Label != "" {
		return m.Label
	}
	return m.Name
}

// names reports whether text names a mutant: one of its ids (name and
// label, as words) or its step, among the steps text names.
func names(text string, ids []*regexp.Regexp, step int, steps []int) bool {
	return slices.Contains(steps, step) || slices.ContainsFunc(ids, func(id *regexp.Regexp) bool { return id.MatchString(text) })
}

// stepsNamed lists the step numbers text names.
func stepsNamed(text string) []int {
	var steps []int
	for _, p := range stepPatterns {
		for _, s := range p.FindAllString(text, -1) {
			for _, n := range number.FindAllString(s, -1) {
				if i, err := strconv.Atoi(n); err == nil {
					steps = append(steps, i)
				}
			}
		}
	}
	return steps
}

// abstract replaces in text the observation o matches and every way of
// naming a mutant (its ids, its step) by placeholders.
func abstract(text string, o *regexp.Regexp, ids []*regexp.Regexp, step int) string {
	text = o.ReplaceAllString(text, "${1}\x00OBS${2}")
	for _, id := range ids {
		text = id.ReplaceAllString(text, "${1}\x00MUT${2}")
	}
	for _, p := range stepPatterns {
		text = p.ReplaceAllStringFunc(text, func(s string) string {
			return number.ReplaceAllStringFunc(s, func(n string) string {
				if n == strconv.Itoa(step) {
					return "\x00STEP"
				}
				return n
			})
		})
	}
	return text
}

package grade

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// consistent says which of a row's fields disagree with the others, as
// grading never writes them, or "": the after-reveal counts are the
// predictions recorded other than before, the mutants killed are exactly
// those own_killers names, the invalid and flaky counts are the flags
// that name them, and a row never graded counts nothing. A shard edited
// with care (a count and the total changed together) fails here unless
// every field that restates the count changed too.
func consistent(c *Class, r Row) string {
	if !r.Graded {
		return ungraded(r)
	}
	if err := predictionsAgree(r); err != "" {
		return err
	}
	if err := killersAgree(r); err != "" {
		return err
	}
	if err := flagsAgree(r); err != "" {
		return err
	}
	if r.Refused > r.OwnObservations || r.Invalid+r.Flaky > r.OwnObservations-r.Refused || r.Timeouts > r.OwnObservations-r.Refused {
		return fmt.Sprintf("refused %d, invalid %d, flaky %d and timeouts %d do not fit %d own observations", r.Refused, r.Invalid, r.Flaky, r.Timeouts, r.OwnObservations)
	}
	if n := len(killerObservations(r)); n > r.OwnObservations-r.Refused-r.Invalid-r.Flaky {
		return fmt.Sprintf("own_killers name %d observations, more than the %d own observations run and valid", n, r.OwnObservations-r.Refused-r.Invalid-r.Flaky)
	}
	return ""
}

// ungraded says what a row whose submission was never read holds beyond
// its flags, or "".
func ungraded(r Row) string {
	counts := []int{r.Predicted, r.Right, r.AfterReveal, r.RightAfterReveal, r.OwnObservations, r.Refused, r.OwnKills, r.HeldOutKills, r.Invalid, r.Flaky, r.Timeouts}
	lists := []int{len(r.Killed), len(r.KilledHeldOut), len(r.Predictions), len(r.Expectations), len(r.OwnKillers)}
	if slices.ContainsFunc(append(counts, lists...), func(n int) bool { return n != 0 }) || r.Lang != "" || r.Isolation != "" {
		return "graded is false, but the row counts what only a submission read gives"
	}
	return ""
}

// predictionsAgree checks each verdict's fields, and the after-reveal
// counts against the verdicts recorded other than before.
func predictionsAgree(r Row) string {
	after, rightAfter := 0, 0
	for i, p := range r.Predictions {
		switch {
		case p.Recorded != "" && p.Recorded != "before" && p.Recorded != "after":
			return fmt.Sprintf("predictions[%d].recorded is %q: want before, after or nothing", i, p.Recorded)
		case p.Right && p.Miss != "":
			return fmt.Sprintf("predictions[%d] is right, but says it missed the %s", i, p.Miss)
		case !p.Right && !slices.Contains([]string{MissKiller, MissEvidence, MissSurvives, MissOther}, p.Miss):
			return fmt.Sprintf("predictions[%d] is wrong, but its miss is %q", i, p.Miss)
		}
		if p.Recorded != "before" {
			after++
			if p.Right {
				rightAfter++
			}
		}
	}
	if r.AfterReveal != after || r.RightAfterReveal != rightAfter {
		return fmt.Sprintf("after_reveal %d and right_after_reveal %d, but the predictions record %d not before their answer, %d of them right", r.AfterReveal, r.RightAfterReveal, after, rightAfter)
	}
	return ""
}

// killersAgree checks that own_killers names each mutant killed once,
// with at least one observation, and nothing else.
func killersAgree(r Row) string {
	killed := append(slices.Clone(r.Killed), r.KilledHeldOut...)
	var named []string
	for i, k := range r.OwnKillers {
		switch {
		case slices.Contains(named, k.Mutant):
			return fmt.Sprintf("own_killers: %q is named twice", k.Mutant)
		case len(k.Observations) == 0:
			return fmt.Sprintf("own_killers[%d] (%s) names no observation", i, k.Mutant)
		}
		for j, o := range k.Observations {
			if slices.Contains(k.Observations[:j], o) {
				return fmt.Sprintf("own_killers[%d] (%s) names %s twice", i, k.Mutant, o)
			}
		}
		named = append(named, k.Mutant)
	}
	for _, m := range killed {
		if !slices.Contains(named, m) {
			return fmt.Sprintf("%q is counted killed, but own_killers names no observation that kills it", m)
		}
	}
	return ""
}

// killerObservations are the observations own_killers names, each once.
func killerObservations(r Row) []string {
	var out []string
	for _, k := range r.OwnKillers {
		for _, o := range k.Observations {
			if !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
	}
	return out
}

// The flags grading writes for the counts they explain (see Row.count).
var (
	invalidFlag = regexp.MustCompile(`^invalid: (\S+) fails on the reference at `)
	flakyFlag   = regexp.MustCompile(`^flaky: (\S+) gave different results on the same code$`)
	moreFlag    = regexp.MustCompile(`^and [0-9,]+ more$`)
)

// flagsAgree checks the invalid, flaky and refused counts against the
// flags that name them: one flag per invalid or flaky observation, a
// "not run" flag for some refused file, no observation both flagged and
// counted a killer, and an expectation only of an invalid observation.
// Past MaxFlags the flags are cut ("and N more"), so a count may then
// exceed its flags, never fall short of them.
func flagsAgree(r Row) string {
	cut := len(r.Flags) > 0 && moreFlag.MatchString(r.Flags[len(r.Flags)-1])
	var invalid, flaky []string
	notRun := 0
	for _, f := range r.Flags {
		if m := invalidFlag.FindStringSubmatch(f); m != nil {
			invalid = append(invalid, m[1])
		}
		if m := flakyFlag.FindStringSubmatch(f); m != nil {
			flaky = append(flaky, m[1])
		}
		if strings.HasPrefix(f, "not run: ") {
			notRun++
		}
	}
	for _, n := range []struct {
		field   string
		count   int
		flagged int
	}{{"invalid", r.Invalid, len(invalid)}, {"flaky", r.Flaky, len(flaky)}} {
		if n.flagged > n.count || !cut && n.flagged != n.count {
			return fmt.Sprintf("%s is %d, but %d flags say %s", n.field, n.count, n.flagged, n.field)
		}
	}
	if notRun > r.Refused || !cut && (notRun == 0) != (r.Refused == 0) {
		return fmt.Sprintf("refused is %d, but %d flags say not run", r.Refused, notRun)
	}
	for _, o := range killerObservations(r) {
		if slices.Contains(invalid, o) || slices.Contains(flaky, o) {
			return fmt.Sprintf("own_killers: %s is flagged invalid or flaky, which kills nothing", o)
		}
	}
	for _, e := range r.Expectations {
		if !slices.Contains(invalid, e.Observation) && !cut {
			return fmt.Sprintf("expectations: %s is not flagged invalid", e.Observation)
		}
	}
	if len(r.Expectations) > r.Invalid {
		return fmt.Sprintf("%d expectations for %d invalid observations", len(r.Expectations), r.Invalid)
	}
	return ""
}

// notJSON names what data looks like when it cannot be a JSON object: a
// class written in another format, or an empty file; "" when it starts
// like one.
func notJSON(data []byte) string {
	text := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\uFEFF")), " \t\r\n")
	first, _, _ := bytes.Cut(text, []byte("\n"))
	switch {
	case len(text) == 0:
		return "an empty file"
	case text[0] == '{':
		return ""
	case bytes.HasPrefix(first, []byte("student,predicted,")):
		return "a class CSV (grade -format csv)"
	case bytes.HasPrefix(first, []byte("student")) && bytes.Contains(first, []byte("predictions")):
		return "a class table (grade -format table)"
	case bytes.HasPrefix(first, []byte("Student,ID,")), bytes.HasPrefix(first, []byte("Full name,")):
		return "a gradebook's import file (grade -format canvas or moodle)"
	case bytes.HasPrefix(bytes.ToLower(first), []byte("<!doctype")), bytes.HasPrefix(bytes.ToLower(first), []byte("<html")):
		return "an HTML page"
	}
	return fmt.Sprintf("a file that starts %q", excerpt(string(first), 40))
}

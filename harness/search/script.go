package search

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/outcome"
)

// A Script is the minimal program a search found: its steps, the last of
// which is the first where the two implementations differ.
type Script struct {
	// Lab names the lab, Other the implementation compared with the
	// reference.
	Lab   string `json:"lab"`
	Other string `json:"other"`
	// Seed is the search's, and Program the number of the program, in
	// the search, that first showed a difference (before shrinking).
	Seed    uint64 `json:"seed"`
	Program int    `json:"program"`
	Steps   []Step `json:"steps"`
	// Confirmed says the observation the script writes was run as any
	// observation is (killmatrix.Run): it passed on the reference and
	// failed on the other. OnOther is what it did there: fail, or timeout.
	Confirmed bool   `json:"confirmed"`
	OnOther   string `json:"on_other,omitempty"`
	// Unconfirmed says why it is not confirmed.
	Unconfirmed string `json:"unconfirmed,omitempty"`
}

// Lines are the script's command lines, as an observation writes them.
func (s *Script) Lines() []string {
	var lines []string
	for _, st := range s.Steps {
		lines = append(lines, quoteLine(st.Args))
	}
	return lines
}

// What says, in one sentence, what differs: the last step's command and
// what it did on each implementation.
func (s *Script) What() string { return s.WhatIn(i18n.English) }

// WhatIn is [Script.What] in lang; what a command printed or the error
// it gave is quoted as it is.
func (s *Script) WhatIn(lang i18n.Lang) string {
	st := s.Steps[len(s.Steps)-1]
	data := i18n.M{"Line": quoteLine(st.Args), "Other": s.Other}
	ref, other := st.Reference, st.Other
	switch {
	case other.Hung:
		data["Ref"] = did(lang, ref)
		return lang.T("search.what-hangs", data)
	case ref.Failed() != other.Failed():
		data["Ref"], data["OtherDid"] = did(lang, ref), did(lang, other)
		return lang.T("search.what-fails", data)
	default:
		data["Ref"], data["OtherPrinted"] = printed(lang, ref.Stdout), printed(lang, other.Stdout)
		return lang.T("search.what-prints", data)
	}
}

// did words an outcome: it failed (and why) or succeeded (and printed).
func did(lang i18n.Lang, o Outcome) string {
	switch {
	case o.Hung:
		return lang.T("search.did-hang", nil)
	case o.Failed():
		return lang.T("search.did-fail", i18n.M{"Err": o.Err})
	}
	return lang.T("search.did-succeed", i18n.M{"Printed": printed(lang, o.Stdout)})
}

func printed(lang i18n.Lang, out string) string {
	out = strings.TrimSuffix(out, "\n")
	switch {
	case out == "":
		return lang.T("search.printed-nothing", nil)
	case strings.Contains(out, "\n"):
		return lang.N("search.printed-lines", strings.Count(out, "\n")+1, i18n.M{"Lines": strings.ReplaceAll(out, "\n", " | ")})
	}
	return out
}

// Observation writes the script as a ready-to-run observation: a comment
// naming what differs, every command (with ! where it fails on the
// reference), and, after the last, a check of what the reference printed,
// so that it passes on the reference and fails on the other.
func (s *Script) Observation() []byte { return s.ObservationIn(i18n.English) }

// ObservationIn is [Script.Observation] with its comment in lang, the
// language of the report or search that shows it.
func (s *Script) ObservationIn(lang i18n.Lang) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", lang.T("search.script-found", i18n.M{"Seed": s.Seed, "Program": s.Program, "Commands": len(s.Steps)}))
	fmt.Fprintf(&b, "# %s\n\n", lang.T("search.script-what", i18n.M{"What": s.WhatIn(lang)}))
	var files []string
	for i, st := range s.Steps {
		prefix := ""
		if st.Reference.Failed() {
			prefix = "! "
		}
		b.WriteString(prefix + quoteLine(st.Args) + "\n")
		if i < len(s.Steps)-1 || st.Other.Hung || st.Reference.Failed() != st.Other.Failed() && st.Reference.Stdout == "" {
			continue
		}
		if w := wrapsCheck(st); w != "" {
			b.WriteString(w + "\n")
			continue
		}
		if len(st.Checks) > 0 {
			for _, c := range st.Checks {
				b.WriteString(c + "\n")
			}
			continue
		}
		// The check of what the reference printed: a pattern for one line
		// the other did not print as a line of its own, else the whole.
		ref := st.Reference.Stdout
		pattern := "^" + regexp.QuoteMeta(strings.TrimSuffix(ref, "\n")) + "$"
		switch {
		case ref == "":
			b.WriteString("! stdout .\n")
		case strings.Count(ref, "\n") == 1 && strings.HasSuffix(ref, "\n") && !regexp.MustCompile("(?m)"+pattern).MatchString(st.Other.Stdout):
			b.WriteString("stdout " + quote(pattern) + "\n")
		default:
			name := fmt.Sprintf("want-%d.txt", i+1)
			b.WriteString("cmp stdout " + name + "\n")
			files = append(files, "-- "+name+" --\n"+ref)
		}
	}
	for _, f := range files {
		b.WriteString(f)
		if !strings.HasSuffix(f, "\n") {
			b.WriteString("\n")
		}
	}
	return []byte(b.String())
}

// plainWord is a word testscript reads as it is, without quotes.
var plainWord = regexp.MustCompile(`^[A-Za-z0-9_./:=,+@-]+$`)

// quote writes one word for a testscript line: as it is when it is plain,
// else in single quotes, a quote inside doubled.
func quote(w string) string {
	if plainWord.MatchString(w) {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", "''") + "'"
}

func quoteLine(args []string) string {
	words := make([]string, len(args))
	for i, a := range args {
		words[i] = quote(a)
	}
	return strings.Join(words, " ")
}

// confirm runs the script's observation as the kill matrix runs any: it
// must pass on ref and fail on other.
func (s *Script) confirm(l *lab.Lab, ref, other lab.Impl, opt Options) error {
	data := s.Observation()
	file, cleanup, err := observationFile(opt.WorkRoot, data)
	if err != nil {
		return err
	}
	defer cleanup()
	o, err := killmatrix.New("search", "found", file, data)
	if err != nil {
		return err
	}
	kopt := killmatrix.Options{Timeout: opt.CallTimeout + opt.HangTimeout, WorkRoot: opt.WorkRoot}
	onRef := killmatrix.Run(l, ref, o, kopt)
	onOther := killmatrix.Run(l, other, o, kopt)
	s.OnOther = string(onOther.Status)
	s.Confirmed = onRef.Status == outcome.Pass && onOther.Status != outcome.Pass
	if onRef.Status != outcome.Pass {
		return fmt.Errorf("the script found for %s does not pass on the reference (%s at %s: %s):\n%s", other.Name, onRef.Status, onRef.Pos, onRef.Message, data)
	}
	if onOther.Status == outcome.Pass {
		return fmt.Errorf("the script found for %s passes on it:\n%s", other.Name, data)
	}
	return nil
}

// wrapsCheck is the check of a step on which both failed, wrapping
// different sentinel errors (lab.Wrapped): the reference's note on its
// standard error, or, when the reference's error wraps none, that the
// other's note is not there. "" for any other step.
func wrapsCheck(st Step) string {
	ref, other := lab.Wrapped(st.Reference.Err), lab.Wrapped(st.Other.Err)
	if !st.Reference.Failed() || !st.Other.Failed() || st.Other.Hung || slices.Equal(ref, other) {
		return ""
	}
	if len(ref) > 0 {
		return "stderr " + quote(regexp.QuoteMeta(lab.Wraps(ref)))
	}
	return "! stderr " + quote(regexp.QuoteMeta(lab.WrapsPrefix))
}

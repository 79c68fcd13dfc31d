package predict_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"idemlab/harness/killmatrix"
	"idemlab/harness/predict"
	"idemlab/mutants"
)

// fuzzKnown is the real catalogue and a few observations, so that the
// example worksheet is a valid seed.
var fuzzKnown = predict.Known{
	Mutants: mutantNames(),
	Observations: []string{
		"happy/reserve_then_replay", "edge/fetch_at_expiry_is_nil", "edge/counts_sees_pending",
		"edge/expired_limit_plus_one_ascending", "student/s1",
	},
}

// errLine is the start every parse error must have.
var errLine = regexp.MustCompile(`^w\.md:([1-9][0-9]*): `)

// FuzzParse feeds arbitrary bytes to the worksheet parser as the file
// w.md. It must never panic. A failure must return no sheet, and every
// error in it must be one line starting "w.md:LINE: " with LINE a line of
// the input. A success must name only known mutants and observations: each
// prediction a known mutant (once), a known killer and survivors, one of
// the three kinds of evidence, a reason, and the position of a line that
// opens a prediction fence; each unfilled mutant known and not predicted.
//
//	go test -run '^$' -fuzz '^FuzzParse$' -fuzztime 60s ./harness/predict
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"",
		"# no blocks\n",
		"```prediction\nmutant: 1_init_fails_twice\n```\n",
		"```prediction\nmutant: 4_fetch_replays_at_expiry\nkiller: edge/fetch_at_expiry_is_nil\nevidence: return\nreason: fetch at 10 replays\nsurvives: happy/reserve_then_replay\n```\n",
		"```prediction\r\nmutant: 7_counts_hides_pending\r\nkiller: edge/counts_sees_pending\r\nevidence: state\r\nreason: r\r\n```\r\n",
		"~~~~ prediction\nmutant: 2_reserve_replaces_existing\nkiller: student/s1\nevidence: error\nreason: x\n~~~~\n",
		"```prediction\nmutant: 1_init_fails_twice\nkiller: edge/nope\nevidence: maybe\n```\n",
		"```prediction\nmutant: 9_unknown\n```\n",
		"```prediction\nmutant: 1_init_fails_twice\n",
		"```prediction\nnot a field\nmutant: 1_init_fails_twice\nmutant: 2_reserve_replaces_existing\n```\n",
		"```md\n```prediction\nmutant: nobody\n```\n```\n",
		"```prediction\nmutant: 1_init_fails_twice\n```\n```prediction\nmutant: 1_init_fails_twice\nreason: r\n```\n",
		"\xff\xfe```prediction\n",
		"a\x00b",
	} {
		f.Add([]byte(s))
	}
	if example, err := os.ReadFile(filepath.Join("..", "..", "mutants", "testdata", "answers", "worksheet.md")); err == nil {
		f.Add(example)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sheet, err := predict.Parse("w.md", data, fuzzKnown)
		lines := strings.Count(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") + 1
		if err != nil {
			if sheet != nil {
				t.Errorf("Parse returned a sheet with the error %v", err)
			}
			errs := []error{err}
			if joined, ok := err.(interface{ Unwrap() []error }); ok {
				errs = joined.Unwrap()
			}
			for _, e := range errs {
				msg := e.Error()
				m := errLine.FindStringSubmatch(msg)
				if m == nil || strings.Contains(msg, "\n") {
					t.Errorf("error %q is not one line starting \"w.md:LINE: \"", msg)
					continue
				}
				if n, _ := strconv.Atoi(m[1]); n > lines {
					t.Errorf("error %q names line %s, but the input has %d lines", msg, m[1], lines)
				}
			}
			return
		}
		if sheet == nil || sheet.Predictions == nil || sheet.Unfilled == nil {
			t.Fatalf("Parse succeeded with %#v, want a sheet with non-nil lists", sheet)
		}
		text := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
		seen := map[string]bool{}
		for _, p := range sheet.Predictions {
			if !slices.Contains(fuzzKnown.Mutants, p.Mutant) || seen[p.Mutant] {
				t.Errorf("prediction for %q: an unknown or repeated mutant", p.Mutant)
			}
			seen[p.Mutant] = true
			if !slices.Contains(fuzzKnown.Observations, p.Killer) {
				t.Errorf("%s: unknown killer %q", p.Mutant, p.Killer)
			}
			if !slices.Contains(killmatrix.Evidences, p.Evidence) {
				t.Errorf("%s: evidence %q is none of %v", p.Mutant, p.Evidence, killmatrix.Evidences)
			}
			if p.Reason == "" {
				t.Errorf("%s: empty reason", p.Mutant)
			}
			for _, s := range p.Survives {
				if !slices.Contains(fuzzKnown.Observations, s) {
					t.Errorf("%s: unknown survivor %q", p.Mutant, s)
				}
			}
			n, err := strconv.Atoi(strings.TrimPrefix(p.Pos, "w.md:"))
			if err != nil || !strings.HasPrefix(p.Pos, "w.md:") || n < 1 || n > len(text) {
				t.Errorf("%s: Pos %q is not a line of w.md", p.Mutant, p.Pos)
			} else if info := strings.Fields(strings.TrimLeft(text[n-1], "`~")); len(info) == 0 || info[0] != predict.InfoString {
				t.Errorf("%s: Pos %q is line %q, not a prediction fence", p.Mutant, p.Pos, text[n-1])
			}
		}
		for _, m := range sheet.Unfilled {
			if !slices.Contains(fuzzKnown.Mutants, m) || seen[m] {
				t.Errorf("unfilled %q: unknown, or also predicted or listed twice", m)
			}
			seen[m] = true
		}
	})
}

// mutantNames are the lab's mutants, by name.
func mutantNames() []string {
	var names []string
	for _, m := range mutants.Lab().Mutants {
		names = append(names, m.Name)
	}
	return names
}

package search_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/outcome"
	"idemlab/harness/script"
	"idemlab/harness/search"
	leasemutants "idemlab/labs/lease/mutants"
	"idemlab/mutants"
)

// runObservation runs the observation a script writes on impl, as the
// kill matrix runs any observation.
func runObservation(t *testing.T, l *lab.Lab, impl lab.Impl, data []byte) killmatrix.Result {
	t.Helper()
	file := filepath.Join(t.TempDir(), "found.txtar")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := killmatrix.New("search", "found", file, data)
	if err != nil {
		t.Fatal(err)
	}
	return killmatrix.Run(l, impl, o, killmatrix.Options{})
}

// checkKills searches m and checks that the script found is at most ten
// commands, and that its observation passes on the reference and fails on
// m when run here, apart from the search's own confirmation.
func checkKills(t *testing.T, l *lab.Lab, m lab.Impl, programs int) *search.Result {
	t.Helper()
	res, err := search.Run(l, l.Reference, m, search.Options{Seed: 1, Programs: programs})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Found() {
		t.Fatalf("no difference in %d programs", res.Programs)
	}
	s := res.Script
	data := s.Observation()
	t.Logf("%d programs, %v (%v shrinking):\n%s", res.Programs, res.Elapsed.Round(time.Millisecond), res.Shrink.Round(time.Millisecond), data)
	if len(s.Steps) > 10 {
		t.Errorf("the script has %d commands, want at most 10", len(s.Steps))
	}
	if !s.Confirmed {
		t.Errorf("the search did not confirm its script: %s", s.Unconfirmed)
	}
	if r := runObservation(t, l, l.Reference, data); r.Status != outcome.Pass {
		t.Errorf("on the reference: %s at %s: %s", r.Status, r.Pos, r.Message)
	}
	if r := runObservation(t, l, m, data); r.Status != outcome.Fail {
		t.Errorf("on %s: %s, want fail", m.Name, r.Status)
	}
	return res
}

// TestLabMutants: the search tells every mutant of the lab's catalogue
// from the reference, with a script of at most ten commands whose
// observation passes on the reference and fails on the mutant.
func TestLabMutants(t *testing.T) {
	l := mutants.Lab()
	for _, m := range l.Mutants {
		t.Run(m.Name, func(t *testing.T) { checkKills(t, l, m, 5000) })
	}
}

// TestAnotherLab: the counter lab gets the search from its lab value alone
// (its -f flag's domain), with no code of its own.
func TestAnotherLab(t *testing.T) {
	l := counter.Lab()
	for _, m := range l.Mutants {
		t.Run(m.Name, func(t *testing.T) { checkKills(t, l, m, 2000) })
	}
}

// TestSeedReproduces: a seed draws the same programs and shrinks to the
// same script; the reference searched against itself finds nothing and
// spends its whole budget.
func TestSeedReproduces(t *testing.T) {
	l := mutants.Lab()
	for _, name := range []string{"2_reserve", "6_purge", "8_cycle"} {
		m, _ := l.Lookup(name)
		var scripts []string
		for range 2 {
			res, err := search.Run(l, l.Reference, m, search.Options{Seed: 7, Programs: 2000})
			if err != nil || !res.Found() {
				t.Fatalf("%s: %v, found %v", name, err, res != nil && res.Found())
			}
			scripts = append(scripts, string(res.Script.Observation()))
		}
		if diff := cmp.Diff(scripts[0], scripts[1]); diff != "" {
			t.Errorf("%s: seed 7 twice, different scripts (-first +second):\n%s", name, diff)
		}
	}
	res, err := search.Run(l, l.Reference, l.Reference, search.Options{Seed: 3, Programs: 100})
	if err != nil {
		t.Fatal(err)
	}
	if res.Found() || res.Programs != 100 || res.OutOfTime {
		t.Errorf("the reference against itself: found %v in %d programs (out of time %v), want nothing in 100", res.Found(), res.Programs, res.OutOfTime)
	}
}

// TestTimeBudget: a search whose time has run out starts no more
// programs, and says so.
func TestTimeBudget(t *testing.T) {
	l := mutants.Lab()
	res, err := search.Run(l, l.Reference, l.Reference, search.Options{Programs: 100000, Time: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OutOfTime || res.Programs >= 100000 || res.Elapsed > 30*time.Second {
		t.Errorf("out of time %v after %d programs in %v, want it out of time well before its budget", res.OutOfTime, res.Programs, res.Elapsed)
	}
}

// TestObservationWords: every argument a search may draw (empty, quoted,
// spaced, accented, JSON) reaches the command as it was drawn, through the
// observation's quoting.
func TestObservationWords(t *testing.T) {
	args := [][]string{
		{"idem", "reserve", "", "it's", "10"},
		{"idem", "finish", "a b ", "e\u0301", `{"a":"x y","b":[1,2.0]}`},
		{"idem", "interleave", "purge 10", `finish k v {"a":1}`},
		{"idem", "fetch", "$WORK", "#1"},
	}
	s := &search.Script{Lab: "idemstore", Other: "m", Seed: 1, Program: 1}
	for _, a := range args {
		s.Steps = append(s.Steps, search.Step{Args: a, Reference: search.Outcome{Stdout: "null\n"}, Other: search.Outcome{Stdout: "null\n"}})
	}
	s.Steps[len(s.Steps)-1].Other.Stdout = "true\n"
	parsed := script.Parse(s.Observation())
	var got [][]string
	for _, l := range parsed.Lines {
		if l.Cmd == "idem" {
			got = append(got, append([]string{l.Cmd}, l.Words()...))
		}
	}
	if diff := cmp.Diff(args, got); diff != "" {
		t.Errorf("words read back (-drawn +read):\n%s\n%s", diff, s.Observation())
	}
}

// TestWheatsAgreeWithTheReference: a lab's wheats are correct stores, so
// the search finds no difference between one and the reference, although
// they word errors otherwise and let a read run at another moment of an
// interleaving (which it found within ten programs when it compared
// output as printed).
func TestWheatsAgreeWithTheReference(t *testing.T) {
	for _, l := range []*lab.Lab{mutants.Lab(), leasemutants.Lab()} {
		for _, w := range l.Wheats {
			res, err := search.Run(l, l.Reference, w, search.Options{Seed: 1, Programs: 300})
			if err != nil {
				t.Fatal(err)
			}
			if res.Found() {
				t.Errorf("%s: the search tells wheat %s from the reference:\n%s", l.Name, w.Name, res.Script.Observation())
			}
		}
	}
}

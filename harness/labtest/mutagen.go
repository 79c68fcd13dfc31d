package labtest

import (
	"bytes"
	"os"
	"testing"
	"time"

	"idemlab/harness/lab"
	"idemlab/harness/mutagen"
	"idemlab/harness/report"
)

// HandWritten checks that each mutant of the lab's catalogue is either
// made by an operator of harness/mutagen (the same source after gofmt)
// or says in its hand_written field why none makes it, never both.
func HandWritten(t *testing.T, l *lab.Lab) {
	src, gen := generate(t, l)
	cover, err := mutagen.Cover(src, l.Catalogue.Mutants, gen)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range l.Catalogue.Mutants {
		switch id := cover[h.Name]; {
		case id == "" && h.HandWritten == "":
			t.Errorf("%s: mutant %s is not among the generated mutants, and its hand_written does not say why", h.Pos, h.Name)
		case id != "" && h.HandWritten != "":
			t.Errorf("%s: mutant %s is generated as %s but says it is hand_written: drop the field", h.Pos, h.Name, id)
		}
	}
}

// generate reads the lab's reference source and makes every mutant the
// operators make of it.
func generate(t *testing.T, l *lab.Lab) ([]byte, []mutagen.Mutant) {
	t.Helper()
	src, err := os.ReadFile(joinRoot(Root(t), l.Layout.Source))
	if err != nil {
		t.Fatal(err)
	}
	gen, err := mutagen.GenerateAll(l.Layout.Source, src)
	if err != nil {
		t.Fatal(err)
	}
	return src, gen
}

// GeneratedMutants generates every single-point mutant of the lab's
// reference, builds them into one program, and judges them with the lab's
// observations, as idemlab mutate does: every one is killed or listed,
// with its reason, in the lab's equivalents file, and some catalogue
// mutant's generated twin is named. go test -short skips it.
func GeneratedMutants(t *testing.T, l *lab.Lab) {
	if testing.Short() {
		t.Skip("builds a program of every generated mutant")
	}
	root := Root(t)
	src, gen := generate(t, l)
	eqData, err := os.ReadFile(joinRoot(root, l.Layout.Equivalents))
	if err != nil {
		t.Fatal(err)
	}
	eq, err := mutagen.ParseEquivalent(l.Layout.Equivalents, eqData, gen)
	if err != nil {
		t.Fatal(err)
	}
	cover, err := mutagen.Cover(src, l.Catalogue.Mutants, gen)
	if err != nil {
		t.Fatal(err)
	}
	hand := map[string]string{}
	for name, id := range cover {
		if id != "" {
			hand[id] = name
		}
	}
	res, err := mutagen.Run(l, src, gen, mutagen.BuildOptions{Root: root}, mutagen.RunOptions{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	r := report.Generated(report.GeneratedRun{Lab: l.Name, Source: l.Layout.Source, Text: src, Mutants: gen, Result: res, Equivalents: eq, Hand: hand})
	var text bytes.Buffer
	if err := r.Text(&text); err != nil {
		t.Fatal(err)
	}
	if !r.Passed() {
		t.Errorf("generated mutants of %s:\n%s", l.Layout.Source, text.String())
	}
	s := r.Summary
	t.Logf("%d generated mutants of %s: %d killed, %d equivalent, %d survived, %d unviable; built in %v, run in %v",
		len(gen), l.Layout.Source, s.Killed, s.Equivalent, s.Survived, s.Unviable, res.Build.Round(time.Millisecond), res.Run.Round(time.Millisecond))
	if r.Meta.Kind != report.KindGenerated || r.Meta.Lab != l.Name || len(r.Mutants) != len(gen) {
		t.Errorf("generated report: kind %q, lab %q, %d mutants; want %q, %q, %d", r.Meta.Kind, r.Meta.Lab, len(r.Mutants), report.KindGenerated, l.Name, len(gen))
	}
	if len(hand) == 0 {
		t.Error("no generated mutant equals a catalogue mutant")
	}
}

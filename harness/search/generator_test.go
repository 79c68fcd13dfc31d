package search_test

import (
	"bufio"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idemlab/harness/lab"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/search"
	leasemutants "idemlab/labs/lease/mutants"
	"idemlab/mutants"
)

var update = flag.Bool("update", false, "rewrite testdata/generator.txt with the programs drawn now")

// sampleFile pins what the generator draws: GeneratorVersion, and for
// each lab a digest of the programs seed 1 draws.
const sampleFile = "testdata/generator.txt"

// TestGeneratorSample: the programs that seed 1 draws for each lab, run
// as a search of the reference against itself, are those recorded with
// the current GeneratorVersion. A change to how programs are drawn (this
// package's code, rapid's) changes them: the test then asks for the
// version to be bumped, so that equivalence records made before are
// searched again rather than trusted.
func TestGeneratorSample(t *testing.T) {
	got := map[string]string{"version": fmt.Sprint(search.GeneratorVersion)}
	labs := map[string]*lab.Lab{}
	for _, l := range []*lab.Lab{mutants.Lab(), leasemutants.Lab(), counter.Lab()} {
		labs[l.Name] = l
		got[l.Name] = search.Generator(l) + " " + drawnDigest(t, l)
	}
	if *update {
		writeSample(t, got)
		return
	}
	want := readSample(t)
	if want["version"] != got["version"] {
		t.Fatalf("%s was written for GeneratorVersion %s, now %s: run go test ./harness/search -run TestGeneratorSample -update", sampleFile, want["version"], got["version"])
	}
	for name, now := range got {
		was := want[name]
		if was == now || name == "version" {
			continue
		}
		if gen, _, _ := strings.Cut(was, " "); gen == search.Generator(labs[name]) {
			t.Errorf("%s: the lab's generator is still %s, yet the programs seed 1 draws changed (recorded %s, now %s): bump search.GeneratorVersion, since every equivalence record it made must be searched again, then run go test ./harness/search -run TestGeneratorSample -update", name, gen, was, now)
		} else {
			t.Errorf("%s: the lab's commands changed what the search draws (recorded %s, now %s): run go test ./harness/search -run TestGeneratorSample -update", name, was, now)
		}
	}
}

// drawnDigest searches l's reference against itself with seed 1 and
// digests the lines of every program it ran.
func drawnDigest(t *testing.T, l *lab.Lab) string {
	t.Helper()
	h := sha256.New()
	programs := 0
	opt := search.WithTrace(search.Options{Seed: 1, Programs: 40}, func(lines [][]string) {
		programs++
		for _, line := range lines {
			fmt.Fprintf(h, "%q\n", line)
		}
		fmt.Fprintln(h)
	})
	res, err := search.Run(l, l.Reference, l.Reference, opt)
	if err != nil || res.Found() {
		t.Fatalf("%s: the reference against itself: %v, found %v", l.Name, err, res != nil && res.Found())
	}
	if programs != 40 {
		t.Fatalf("%s: traced %d programs, want 40", l.Name, programs)
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:12])
}

func readSample(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(sampleFile)
	if err != nil {
		t.Fatalf("%v: run go test ./harness/search -run TestGeneratorSample -update", err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("%s:%d: want NAME VALUE, got %q", sampleFile, n, line)
		}
		m[k] = v
	}
	return m
}

func writeSample(t *testing.T, m map[string]string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("# Written by go test ./harness/search -run TestGeneratorSample -update:\n# the generator's version; for each lab, search.Generator and a digest of the programs seed 1 draws.\n")
	fmt.Fprintf(&b, "version %s\n", m["version"])
	for _, k := range []string{"idemstore", "lease", "counter"} {
		fmt.Fprintf(&b, "%s %s\n", k, m[k])
	}
	if err := os.MkdirAll(filepath.Dir(sampleFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sampleFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

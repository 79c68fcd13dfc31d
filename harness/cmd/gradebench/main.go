// Command gradebench measures how fast a class is graded. In one run it
// writes a synthetic class (see classgen), grades it one submission at a
// time, then with submissions graded in parallel up to the number of CPUs,
// and prints both rates and their ratio:
//
//	go run ./harness/cmd/gradebench
//	go run ./harness/cmd/gradebench -n 50
//
// Both runs share the one run of the lab's own observations that grading
// always makes first; it is timed and reported apart. Numbers are only
// meaningful on an otherwise idle machine.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"idemlab/harness/classgen"
	"idemlab/harness/grade"
	"idemlab/harness/killmatrix"
	"idemlab/harness/mutation"
	"idemlab/mutants"
)

func main() {
	fs := flag.NewFlagSet("gradebench", flag.ExitOnError)
	n := fs.Int("n", 200, "submissions in the synthetic class")
	seed := fs.Uint64("seed", 1, "seed of the class")
	fs.Parse(os.Args[1:])
	if err := run(*n, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "gradebench:", err)
		os.Exit(1)
	}
}

func run(n int, seed uint64) error {
	root, err := mutation.ModuleRoot(".")
	if err != nil {
		return err
	}
	l := mutants.Lab()
	obs, err := killmatrix.Discover(filepath.Join(root, filepath.FromSlash(l.Layout.Observations)), killmatrix.LabKinds...)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "gradebench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := classgen.Write(dir, n, seed, classgen.DefaultMix, l.Catalogue, obs); err != nil {
		return err
	}
	subs, err := grade.Load(dir, nil)
	if err != nil {
		return err
	}
	cores := runtime.GOMAXPROCS(0)
	var rates []float64
	var totals []float64
	for _, par := range []int{1, cores} {
		start := time.Now()
		c, err := grade.Grade(subs, grade.Options{
			Lab: l, Observations: obs,
			Rubric: grade.DefaultRubric, Parallel: par,
		})
		if err != nil {
			return err
		}
		elapsed := time.Since(start)
		lab := time.Duration(c.LabElapsedMS) * time.Millisecond
		perMin := float64(len(subs)) / (elapsed - lab).Minutes()
		rates = append(rates, perMin)
		sum := 0.0
		for _, r := range c.Rows {
			sum += r.Total
		}
		totals = append(totals, sum)
		fmt.Printf("%d submissions, %d at a time: %v (lab's own observations %v), %.0f submissions/min\n",
			len(subs), par, elapsed.Round(time.Millisecond), lab.Round(time.Millisecond), perMin)
	}
	if totals[0] != totals[1] {
		return fmt.Errorf("the two runs graded differently: totals %v and %v", totals[0], totals[1])
	}
	fmt.Printf("parallel over sequential: %.2fx on %d CPUs (same grades in both runs)\n", rates[1]/rates[0], cores)
	return nil
}

package main

import (
	"flag"
	"fmt"
	"os"

	"idemlab/harness/classgen"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/mutation"
	"idemlab/mutants"
)

func main() {
	fs := flag.NewFlagSet("genclass", flag.ExitOnError)
	n := fs.Int("n", 200, "number of submissions")
	seed := fs.Uint64("seed", 1, "seed of the mix")
	fs.Parse(os.Args[1:])
	if fs.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: genclass [-n N] [-seed S] DIR")
		os.Exit(2)
	}
	root, err := mutation.ModuleRoot(".")
	if err == nil {
		var obs []killmatrix.Observation
		l := mutants.Lab()
		obs, err = labrun.LabObservations(l, root)
		if err == nil {
			err = classgen.Write(fs.Arg(0), *n, *seed, classgen.DefaultMix, l.Catalogue, obs)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genclass:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %d submissions in %s\n", *n, fs.Arg(0))
}

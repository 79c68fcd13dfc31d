// Command genmutants writes the mutant copies a lab's catalogue declares;
// its manual is package idemlab/harness/command/genmutants (go doc
// ./harness/command/genmutants).
package main

import (
	"os"

	"idemlab/harness/command/genmutants"
)

func main() {
	os.Exit(genmutants.Main(os.Args[1:], os.Stdout, os.Stderr))
}

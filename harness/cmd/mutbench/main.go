// Command mutbench times judging a built-in lab's generated mutants in
// one binary against one go test each; its manual is package
// idemlab/harness/command/mutbench (go doc ./harness/command/mutbench).
package main

import (
	"os"

	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/mutbench"
)

func main() {
	os.Exit(mutbench.Main(builtin.Labs, os.Args[1:], os.Stdout, os.Stderr))
}

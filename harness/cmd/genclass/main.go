// Command genclass writes a synthetic class of any built-in lab; its
// manual is package idemlab/harness/command/genclass (go doc
// ./harness/command/genclass).
package main

import (
	"os"

	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/genclass"
)

func main() {
	os.Exit(genclass.Main(builtin.Labs, os.Args[1:], os.Stdout, os.Stderr))
}

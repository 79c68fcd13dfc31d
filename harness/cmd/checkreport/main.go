// Command checkreport checks a kill report of any built-in lab against
// its checkout; its manual is package idemlab/harness/command/checkreport.
package main

import (
	"os"

	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/checkreport"
)

func main() {
	os.Exit(checkreport.Main(builtin.Labs, os.Args[1:], os.Stdout, os.Stderr))
}

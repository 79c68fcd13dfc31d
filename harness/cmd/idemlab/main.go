package main

import (
	"os"

	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/idemlab"
)

func main() {
	os.Exit(idemlab.Main(builtin.Labs, os.Args[1:], os.Stdout, os.Stderr))
}

package main

import (
	"os"

	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/labshell"
)

func main() {
	os.Exit(labshell.Main(builtin.Labs, os.Args[1:], os.Stdout, os.Stderr))
}

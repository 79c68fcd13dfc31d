// Command gradebench measures how fast a class of any built-in lab is
// graded; its manual is package idemlab/harness/command/gradebench (go
// doc ./harness/command/gradebench).
package main

import (
	"os"

	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/gradebench"
)

func main() {
	os.Exit(gradebench.Main(builtin.Labs, os.Args[1:], os.Stdout, os.Stderr))
}

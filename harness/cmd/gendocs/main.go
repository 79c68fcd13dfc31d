// Command gendocs writes the generated regions of the documentation for
// the built-in labs; its manual is package idemlab/harness/command/gendocs.
package main

//go:generate go run .

import (
	"os"

	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/gendocs"
)

func main() { os.Exit(gendocs.Main(builtin.Labs, os.Args[1:], os.Stdout, os.Stderr)) }

// Command grade grades a class of any built-in lab; its manual is package
// idemlab/harness/command/grade (go doc ./harness/command/grade).
package main

import (
	"os"

	"idemlab/harness/cmd/internal/builtin"
	"idemlab/harness/command/grade"
)

func main() {
	os.Exit(grade.Main(builtin.Labs, os.Args[1:], os.Stdout, os.Stderr))
}

// Package clitest checks what every command of the harness promises of
// its command line: -h prints the usage on standard output, nothing on
// standard error, and exits 0; a bad flag prints flag's one-line error and
// "run 'NAME -h' for usage" on standard error, nothing on standard output,
// and exits 1 (the statuses of package exitcode); and the usage is what
// the command's manual shows: its package's doc.go region "Usage of NAME".
//
// A command's test states its cases as a table, [Flags]'s two first, and
// hands them to [Check] with the command's run function:
//
//	clitest.Check(t, run, append(clitest.Flags("purgebench"),
//		clitest.Case{Args: []string{"-batch", "0"}, Status: exitcode.Usage, Stderr: "-batch 0"})...)
//
// [UsageInDoc] compares the -h output with the manual's generated usage
// (written by go generate ./..., see harness/command/gendocs). No case may run the command's real work: each must
// end at the command line.
//
// The package is public so that a lab's own commands (a lab's benches,
// beside its reference) are tested as the harness's are.
package clitest

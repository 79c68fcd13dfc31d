package cli_test

import (
	"flag"
	"fmt"
	"os"

	"idemlab/harness/cli"
)

// demoFlags is a command's flag set with the two flag types of this
// package; its errors go to standard output here, to show them.
func demoFlags() (*flag.FlagSet, *cli.Names, *cli.Bytes) {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(os.Stdout)
	mutants, disk := new(cli.Names), new(cli.Bytes)
	*disk = 64 << 20
	fs.Var(mutants, "mutant", "judge only this mutant (`ID`; repeatable)")
	fs.Var(disk, "disk", "disk budget (`SIZE`)")
	fs.Usage = func() { fmt.Fprintln(fs.Output(), "usage: demo [flags]") }
	return fs, mutants, disk
}

// Names takes a flag given again and again, Bytes a size with a unit.
func ExampleParse() {
	fs, mutants, disk := demoFlags()
	done, err := cli.Parse(fs, []string{"-mutant", "4_fetch", "-mutant", "7_counts", "-disk", "2GiB"}, os.Stdout)
	fmt.Println(done, err, *mutants, disk)
	// Output:
	// false <nil> [4_fetch 7_counts] 2GiB
}

// A name given twice is a bad flag: Parse prints one line and where the
// usage is, not the whole usage.
func ExampleParse_badFlag() {
	fs, _, _ := demoFlags()
	_, err := cli.Parse(fs, []string{"-mutant", "4_fetch", "-mutant", "4_fetch"}, os.Stdout)
	fmt.Println("error:", err)
	// Output:
	// invalid value "4_fetch" for flag -mutant: "4_fetch" given twice
	// run 'demo -h' for usage
	// error: invalid value "4_fetch" for flag -mutant: "4_fetch" given twice
}

// -h prints the usage on standard output, once, and reports done: the
// command exits 0.
func ExampleParse_help() {
	fs, _, _ := demoFlags()
	done, err := cli.Parse(fs, []string{"-h"}, os.Stdout)
	fmt.Println(done, err)
	// Output:
	// usage: demo [flags]
	// true <nil>
}

package grade

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	grading "idemlab/harness/grade"
	"idemlab/harness/lab"
	"idemlab/harness/writers"
)

// runMerge is grade merge: the shards' JSON results, combined.
func runMerge(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grade merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "table", "output `format`: "+strings.Join(writers.Classes.Names(), ", "))
	out := fs.String("o", "", "write the output to `FILE` instead of standard output")
	var name string
	reg.Define(fs, &name)
	classDir := fs.String("class", "", "the class `FOLDER` the shards graded: every student must be in it, and every entry graded")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: grade merge [flags] SHARD.json...\n\nCombines the JSON results of grade -shard 1/N to N/N into what one run of the whole class writes. Flags:\n")
		fs.PrintDefaults()
		reg.WriteList(fs.Output())
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	if _, err := writers.Classes.Lookup(*format); err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	l, err := reg.Lookup(name)
	if err != nil {
		return fail(stderr, exitcode.Usage, fmt.Errorf("-lab: %v", err))
	}
	if fs.NArg() == 0 {
		return fail(stderr, exitcode.Usage, fmt.Errorf("merge: name the shards' JSON results"))
	}
	var parts []*grading.Class
	for _, file := range fs.Args() {
		data, err := os.ReadFile(file)
		if err == nil {
			var c *grading.Class
			if c, err = grading.ReadPartial(file, data); err == nil {
				parts = append(parts, c)
			}
		}
		if err != nil {
			return fail(stderr, exitcode.Usage, err)
		}
	}
	if *classDir == "" {
		// Say what goes unchecked: a student made up and sorted last
		// keeps every shard's places, so only the listing shows it.
		fmt.Fprintln(stderr, "grade merge: without -class FOLDER, a student a shard made up is not checked against the class")
	}
	class, err := grading.Merge(parts, l.Catalogue)
	if err == nil && *classDir != "" {
		var entries []grading.Entry
		if entries, err = grading.ReadClass(*classDir, nil); err == nil {
			err = class.CheckMembers(entries)
		}
	}
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	if err := writers.To(writers.Classes, *format, *out, stdout, class); err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	return exitcode.OK
}

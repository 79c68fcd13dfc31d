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
	l, err := mergeLab(reg, fs, name, parts)
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
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

// mergeLab is the lab the shards were graded in: the one they record
// (they must agree), or with -lab that one, which they must record.
func mergeLab(reg lab.Registry, fs *flag.FlagSet, name string, parts []*grading.Class) (*lab.Lab, error) {
	file, recorded := "", ""
	for i, p := range parts {
		switch {
		case p.Lab == "":
		case recorded == "":
			file, recorded = fs.Arg(i), p.Lab
		case p.Lab != recorded:
			return nil, fmt.Errorf("%s records lab %q, %s lab %q: merge the shards of one lab", file, recorded, fs.Arg(i), p.Lab)
		}
	}
	return reg.LookupRecorded(fs, name, file, recorded)
}

package grade

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	grading "idemlab/harness/grade"
	"idemlab/harness/lab"
)

// maxShard bounds a shard's file: a shard of a thousand students,
// feedback and all, is some tens of MiB.
const maxShard = 256 << 20

// mergeFlags are grade merge's flags: grade's outputs, its rubric and
// held-out catalogue to check the shards against, and the key.
type mergeFlags struct {
	outputs
	signing
	lab, class, rubric, heldOut string
}

// runMerge is grade merge: the shards' JSON results, verified and
// combined, written as grade writes a class.
func runMerge(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grade merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f mergeFlags
	f.outputs.define(fs)
	f.signing.define(fs, "verify", "accept shards that are not signed, each with a warning")
	reg.Define(fs, &f.lab)
	fs.StringVar(&f.class, "class", "", "the class `FOLDER` the shards graded: every student must be in it, and every entry graded")
	fs.StringVar(&f.rubric, "rubric", "", "the rubric `FILE` the shards were graded with (default: grade's default rubric)")
	fs.StringVar(&f.heldOut, "heldout", "", "the held-out catalogue `FILE` the shards were graded with (default: none)")
	// -roster, shared with grade, must also be the roster they were graded with.
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: grade merge [flags] SHARD.json...\n\nVerifies the signed JSON results of grade -shard 1/N to N/N and combines them into what one run of the whole class writes. Flags:\n")
		fs.PrintDefaults()
		reg.WriteList(fs.Output())
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	f.platform.stderr = stderr
	if err := f.outputs.check(); err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	if fs.NArg() == 0 {
		return fail(stderr, exitcode.Usage, errors.New("merge: name the shards' JSON results"))
	}
	class, parts, err := f.merge(reg, fs, stderr)
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	if err := f.write(class, parts, stdout); err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	return exitcode.OK
}

// merge reads, checks and merges the shards fs names.
func (f *mergeFlags) merge(reg lab.Registry, fs *flag.FlagSet, stderr io.Writer) (*grading.Class, []*grading.Class, error) {
	expect, err := f.expect()
	if err != nil {
		return nil, nil, err
	}
	var parts []*grading.Class
	for _, file := range fs.Args() {
		data, err := readRegular(file, maxShard)
		if err != nil {
			return nil, nil, err
		}
		c, err := grading.ReadPartial(file, data)
		if err != nil {
			return nil, nil, err
		}
		parts = append(parts, c)
	}
	l, err := mergeLab(reg, fs, f.lab, parts)
	if err != nil {
		return nil, nil, err
	}
	f.platform.lab = l
	roster, digest, err := f.readRoster()
	if err != nil {
		return nil, nil, err
	}
	expect.Roster = digest
	var entries []grading.Entry
	if f.class == "" {
		// Say what goes unchecked: a student made up and sorted last
		// keeps every shard's places, so only the listing shows it.
		fmt.Fprintln(stderr, "grade merge: without -class FOLDER, a student a shard made up is not checked against the class")
	} else if entries, err = grading.ReadClass(f.class, roster); err != nil {
		return nil, nil, err
	} else {
		expect.Class = grading.ClassDigest(entries)
	}
	for _, p := range parts {
		warning, err := p.CheckShard(expect)
		if err != nil {
			return nil, nil, err
		}
		if warning != "" {
			fmt.Fprintln(stderr, "grade merge: WARNING:", warning)
		}
	}
	class, err := grading.Merge(parts, l.Catalogue)
	if err == nil && f.class != "" {
		err = class.CheckMembers(entries)
	}
	return class, parts, err
}

// expect reads the key, the rubric and the held-out catalogue the shards
// are checked against.
func (f *mergeFlags) expect() (grading.Expect, error) {
	e := grading.Expect{Rubric: grading.DefaultRubric, Unsigned: f.unsigned}
	if err := f.load(); err != nil {
		return e, err
	}
	if f.key == nil && !f.unsigned {
		return e, fmt.Errorf("merge: no key to verify the shards with: set $%s or name -key-file FILE, the key grade -shard signed them with (or give -unsigned to merge them unverified)", grading.ShardKeyEnv)
	}
	e.Key = f.key
	if f.rubric != "" {
		data, err := os.ReadFile(f.rubric)
		if err != nil {
			return e, err
		}
		if e.Rubric, err = grading.ParseRubric(f.rubric, data); err != nil {
			return e, err
		}
	}
	if f.heldOut != "" {
		data, err := os.ReadFile(f.heldOut)
		if err != nil {
			return e, fmt.Errorf("-heldout: %v", err)
		}
		e.HeldOut = grading.Digest(data)
	}
	return e, nil
}

// write writes the merged class as grade writes one: the feedback the
// shards carry first (-format gradescope reads it), then the output and
// the dashboard.
func (f *mergeFlags) write(class *grading.Class, parts []*grading.Class, stdout io.Writer) error {
	if err := f.platform.prepare(f.format, &f.feedback); err != nil {
		return err
	}
	defer f.platform.close()
	if f.feedback != "" {
		if err := grading.WriteFeedback(f.feedback, parts); err != nil {
			return err
		}
	}
	return f.outputs.write(class, stdout)
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

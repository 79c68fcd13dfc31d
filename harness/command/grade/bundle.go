package grade

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/gradescope"
	"idemlab/harness/lab"
)

// runBundle is grade gradescope: the autograder zip Gradescope asks for.
func runBundle(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grade gradescope", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var name string
	reg.Define(fs, &name)
	out := fs.String("o", "autograder.zip", "write the bundle to `FILE`")
	chdir := fs.String("C", "", "bundle the checkout in `DIR` (default: the current folder)")
	heldOut := fs.String("heldout", "", "pack the held-out catalogue `FILE`, graded with every submission")
	rubric := fs.String("rubric", "", "pack the rubric `FILE`")
	arch := fs.String("arch", "amd64", "build grade for Linux on this `ARCH` (Gradescope's images are amd64)")
	noSandbox := fs.Bool("no-sandbox", false, "grade without bubblewrap where the image allows no user namespaces: under resource limits alone, each worker as a user of its own (without it, such an image grades nothing and says so)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: grade gradescope [flags]\n\nWrites the autograder bundle Gradescope asks for: setup.sh, run_autograder, the lab and grade built for Linux (go doc ./harness/gradescope). Flags:\n")
		fs.PrintDefaults()
		reg.WriteList(fs.Output())
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	if fs.NArg() > 0 {
		return fail(stderr, exitcode.Usage, fmt.Errorf("gradescope: unexpected %q", fs.Arg(0)))
	}
	l, err := reg.Lookup(name)
	if err != nil {
		return fail(stderr, exitcode.Usage, fmt.Errorf("-lab: %v", err))
	}
	root, err := cli.Checkout(*chdir)
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	for _, f := range []string{*heldOut, *rubric} {
		if f == "" {
			continue
		}
		if _, err := os.Stat(f); err != nil {
			return fail(stderr, exitcode.Usage, err)
		}
	}
	files, err := gradescope.LabFiles(root, l.Layout)
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	tmp, err := os.MkdirTemp("", "idemlab-bundle-")
	if err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	defer os.RemoveAll(tmp)
	bin, err := gradescope.BuildGrade(root, tmp, *arch)
	if err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	var zip bytes.Buffer
	b := gradescope.Bundle{Lab: l.Name, Layout: l.Layout, Root: root, Files: files, Grade: bin, Arch: *arch, HeldOut: *heldOut, Rubric: *rubric, NoSandbox: *noSandbox}
	if err := b.Write(&zip); err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	if err := os.WriteFile(*out, zip.Bytes(), 0o644); err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	abs, _ := filepath.Abs(*out)
	fmt.Fprintf(stderr, "grade: wrote %s (%d lab files, %d KiB): upload it as the assignment's autograder\n", abs, len(files), zip.Len()>>10)
	return exitcode.OK
}

package main

//go:generate go run .

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/internal/docgen"
	"idemlab/harness/lab"
	leaselab "idemlab/labs/lease/mutants"
	"idemlab/labs/lease/reference/lease"
	"idemlab/mutants"
	"idemlab/reference/idem"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gendocs", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: gendocs\n\nRewrites the generated regions of the checkout's documentation; go generate ./... runs it.\n")
		fs.PrintDefaults()
	}
	if done, err := cli.Parse(fs, args, stdout); done || err != nil {
		return map[bool]int{true: exitcode.OK, false: exitcode.Usage}[done]
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: gendocs (run 'gendocs -h' for usage)")
		return exitcode.Usage
	}
	root, err := cli.Checkout("")
	if err != nil {
		return fail(stderr, exitcode.Usage, err)
	}
	rs, err := regions(mutants.Lab(), root)
	if err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	changed, err := docgen.Apply(root, rs)
	for _, f := range changed {
		fmt.Fprintln(stdout, "gendocs: wrote", f)
	}
	if err != nil {
		return fail(stderr, exitcode.Internal, err)
	}
	return exitcode.OK
}

func fail(stderr io.Writer, status int, err error) int {
	fmt.Fprintln(stderr, "gendocs:", err)
	return status
}

// tableRegions are the regions generated from tables in code: those of
// lab l (the first lab), and the lease lab's worksheets' field tables and
// its command's manual (the README documents the first lab's commands
// only).
func tableRegions(l *lab.Lab) []docgen.Region {
	rs := append(docgen.Regions(l), docgen.Region{File: "reference/idem/doc.go", Markers: docgen.GoRegion, Body: docgen.CommandList(idem.Command())})
	for _, r := range docgen.Regions(leaselab.Lab()) {
		if r.File != "README.md" {
			rs = append(rs, r)
		}
	}
	return append(rs, docgen.Region{File: "labs/lease/reference/lease/doc.go", Markers: docgen.GoRegion, Body: docgen.CommandList(lease.Command())})
}

// Usages are the commands whose -h output the README shows, by region:
// the README's region usage-NAME holds the output of go run ./harness/cmd/ARGS -h.
var Usages = map[string][]string{
	"idemlab":     {"idemlab"},
	"mutate":      {"idemlab", "mutate"},
	"idem":        {"idem", "-lang", "en"}, // whatever the worksheets and locale say
	"grade":       {"grade"},
	"merge":       {"grade", "merge"},
	"checkreport": {"checkreport"},
	"gradebench":  {"gradebench"},
	"mutbench":    {"mutbench"},
	"purgebench":  {"purgebench"},
	"loadbench":   {"loadbench"},
	"genclass":    {"genclass"},
	"genmutants":  {"genmutants"},
	"gendocs":     {"gendocs"},
}

// regions are the table regions and every usage region.
func regions(l *lab.Lab, root string) ([]docgen.Region, error) {
	rs := tableRegions(l)
	for name, args := range Usages {
		cmd := exec.Command("go", append([]string{"run", "./harness/cmd/" + args[0]}, append(args[1:], "-h")...)...)
		cmd.Dir = root
		var out bytes.Buffer
		cmd.Stdout = &out
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("%s -h: %v", strings.Join(args, " "), err)
		}
		rs = append(rs, docgen.Region{File: "README.md", Markers: docgen.Markdown("usage-" + name), Body: docgen.UsageBlock(out.String())})
	}
	return rs, nil
}

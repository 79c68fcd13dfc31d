package gendocs

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"idemlab/harness/cli"
	"idemlab/harness/exitcode"
	"idemlab/harness/internal/docgen"
	"idemlab/harness/lab"
)

// Main runs the gendocs command line args (without the program's name)
// for the labs of reg, every one of which it documents, and returns its
// exit status.
func Main(reg lab.Registry, args []string, stdout, stderr io.Writer) int {
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
	rs, err := regions(reg, root)
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

// TableRegions are the regions generated from tables in code, for every
// lab of labs: its worksheets' field tables and its commands' manuals;
// the README's tables are the default lab's (the README documents the
// first lab's commands only).
func TableRegions(labs lab.Registry, root string) ([]docgen.Region, error) {
	var rs []docgen.Region
	for i, name := range labs.Names() {
		l, err := labs.Lookup(name)
		if err != nil {
			return nil, err
		}
		for _, r := range docgen.Regions(l) {
			if r.File != "README.md" && optionalAbsent(l, root, r.File) {
				continue // an optional worksheet the lab does not have
			}
			if i == 0 || r.File != "README.md" {
				rs = append(rs, r)
			}
		}
		for _, c := range l.Commands {
			// A lab's command is the package NAME beside its reference
			// source (reference/idem); a lab without one has no manual
			// to write.
			doc := path.Join(path.Dir(l.Layout.Source), c.Name, "doc.go")
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(doc))); err == nil {
				rs = append(rs, docgen.Region{File: doc, Markers: docgen.GoRegion, Body: docgen.CommandList(c)})
			}
		}
	}
	return rs, nil
}

// optionalAbsent reports whether file is one of lab l's worksheets after
// the first (worksheet.zh-CN.md, which a lab may leave out) and is absent
// under root.
func optionalAbsent(l *lab.Lab, root, file string) bool {
	for _, w := range l.Layout.Worksheets[min(1, len(l.Layout.Worksheets)):] {
		if w == file {
			_, err := os.Stat(filepath.Join(root, filepath.FromSlash(file)))
			return errors.Is(err, os.ErrNotExist)
		}
	}
	return false
}

// A usage is one command's -h output, shown in the README's region
// usage-NAME (while the README has it) and, for a command whose manual is
// a package's doc comment, in that doc.go's region "Usage of Doc".
type usage struct {
	// Main is the folder of the command's main; Args come before -h.
	Main string
	Args []string
	// File is the Go file whose region GoUsage(Doc) shows the output.
	File, Doc string
}

// Usages are the commands whose -h output the documentation shows, by
// the name of the README's region.
var Usages = map[string]usage{
	"idemlab":     {Main: "harness/cmd/idemlab", Args: []string{"-lang", "en"}, File: "harness/command/idemlab/doc.go", Doc: "idemlab"},
	"mutate":      {Main: "harness/cmd/idemlab", Args: []string{"mutate"}, File: "harness/command/idemlab/doc.go", Doc: "idemlab mutate"},
	"search":      {Main: "harness/cmd/idemlab", Args: []string{"search", "-lang", "en"}, File: "harness/command/idemlab/doc.go", Doc: "idemlab search"},
	"coverage":    {Main: "harness/cmd/idemlab", Args: []string{"coverage"}, File: "harness/command/idemlab/doc.go", Doc: "idemlab coverage"},
	"idem":        {Main: "harness/cmd/idem", Args: []string{"-lang", "en"}, File: "harness/command/labshell/doc.go", Doc: "idem"}, // whatever the worksheets and locale say
	"grade":       {Main: "harness/cmd/grade", File: "harness/command/grade/doc.go", Doc: "grade"},
	"merge":       {Main: "harness/cmd/grade", Args: []string{"merge"}, File: "harness/command/grade/doc.go", Doc: "grade merge"},
	"checkreport": {Main: "harness/cmd/checkreport", File: "harness/command/checkreport/doc.go", Doc: "checkreport"},
	"gradebench":  {Main: "harness/cmd/gradebench", File: "harness/command/gradebench/doc.go", Doc: "gradebench"},
	"mutbench":    {Main: "harness/cmd/mutbench", File: "harness/command/mutbench/doc.go", Doc: "mutbench"},
	"purgebench":  {Main: "reference/cmd/purgebench", File: "reference/cmd/purgebench/doc.go", Doc: "purgebench"},
	"loadbench":   {Main: "reference/cmd/loadbench", File: "reference/cmd/loadbench/doc.go", Doc: "loadbench"},
	"genclass":    {Main: "harness/cmd/genclass", File: "harness/command/genclass/doc.go", Doc: "genclass"},
	"genmutants":  {Main: "harness/cmd/genmutants", File: "harness/command/genmutants/doc.go", Doc: "genmutants"},
	"gendocs":     {Main: "harness/cmd/gendocs", File: "harness/command/gendocs/doc.go", Doc: "gendocs"},
}

// regions are the table regions and every usage region.
func regions(labs lab.Registry, root string) ([]docgen.Region, error) {
	rs, err := TableRegions(labs, root)
	if err != nil {
		return nil, err
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		return nil, err
	}
	for name, u := range Usages {
		cmd := exec.Command("go", append([]string{"run", "./" + u.Main}, append(u.Args, "-h")...)...)
		cmd.Dir = root
		// The manuals are English, whatever the locale of the one who
		// runs go generate.
		cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8", "LC_MESSAGES=C.UTF-8", "LANG=C.UTF-8", "LANGUAGE=")
		var out bytes.Buffer
		cmd.Stdout = &out
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("%s -h: %v", strings.Join(append([]string{u.Main}, u.Args...), " "), err)
		}
		text := docgen.WithoutLabs(out.String())
		if u.File != "" {
			rs = append(rs, docgen.Region{File: u.File, Markers: docgen.GoUsage(u.Doc), Body: docgen.GoUsageBlock(text)})
		}
		if m := docgen.Markdown("usage-" + name); u.File == "" || bytes.Contains(readme, []byte(m.Begin)) {
			rs = append(rs, docgen.Region{File: "README.md", Markers: m, Body: docgen.UsageBlock(text)})
		}
	}
	return rs, nil
}

package main

//go:generate go run .

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"idemlab/harness/internal/cli"
	"idemlab/harness/internal/docgen"
	"idemlab/harness/lab"
	"idemlab/idem"
	"idemlab/mutants"
)

func main() {
	root, err := cli.Checkout("")
	if err == nil {
		var rs []docgen.Region
		if rs, err = regions(mutants.Lab(), root); err == nil {
			var changed []string
			changed, err = docgen.Apply(root, rs)
			for _, f := range changed {
				fmt.Println("gendocs: wrote", f)
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

// tableRegions are the regions generated from tables in code.
func tableRegions(l *lab.Lab) []docgen.Region {
	return append(docgen.Regions(l), docgen.Region{File: "idem/doc.go", Markers: docgen.GoRegion, Body: docgen.CommandList(idem.Command())})
}

// Usages are the commands whose -h output the README shows, by region:
// the README's region usage-NAME holds the output of go run ./harness/cmd/ARGS -h.
var Usages = map[string][]string{
	"idemlab":     {"idemlab"},
	"mutate":      {"idemlab", "mutate"},
	"idem":        {"idem"},
	"grade":       {"grade"},
	"merge":       {"grade", "merge"},
	"checkreport": {"checkreport"},
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

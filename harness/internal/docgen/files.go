package docgen

import (
	"fmt"
	"os"
	"path/filepath"

	"idemlab/harness/i18n"
	"idemlab/harness/lab"
)

// A Region is one generated part of a file of the checkout.
type Region struct {
	File    string // slash-separated, relative to the module root
	Markers Markers
	Body    string
}

// Regions are every generated region of the checkout of lab l whose
// content comes from a table in code. (Each command's usage, which comes
// from running it, is written by gendocs and checked by the command's own
// test.)
func Regions(l *lab.Lab) []Region {
	rs := []Region{
		{"README.md", Markdown("budgets"), BudgetTable()},
		{"README.md", Markdown("exit-codes"), ExitTable()},
	}
	for _, w := range l.Layout.Worksheets {
		lang := i18n.English
		if filepath.Ext(w[:len(w)-len(filepath.Ext(w))]) == ".zh-CN" {
			lang = i18n.Chinese
		}
		rs = append(rs, Region{w, Markdown("fields"), FieldTable(lang)})
	}
	for _, c := range l.Commands {
		rs = append(rs, Region{"README.md", Markdown(c.Name + "-commands"), CommandTable(c)})
	}
	return rs
}

// GoRegion is a region of a Go doc comment: the lines after one starting
// "// The commands, generated" up to "// (end of the generated command
// list)".
var GoRegion = Markers{Begin: "// The commands, generated", End: "// (end of the generated command list)"}

// Apply writes every region into its file under root, and returns the
// files it changed.
func Apply(root string, rs []Region) ([]string, error) {
	var changed []string
	for _, r := range rs {
		file := filepath.Join(root, filepath.FromSlash(r.File))
		data, err := os.ReadFile(file)
		if err != nil {
			return changed, err
		}
		out, err := Replace(string(data), r.Markers, r.Body)
		if err != nil {
			return changed, fmt.Errorf("%s: %v", r.File, err)
		}
		if out != string(data) {
			if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
				return changed, err
			}
			changed = append(changed, r.File)
		}
	}
	return changed, nil
}

// Stale lists the regions under root that differ from their tables, as
// "file: region".
func Stale(root string, rs []Region) ([]string, error) {
	var stale []string
	for _, r := range rs {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(r.File)))
		if err != nil {
			return nil, err
		}
		got, err := Extract(string(data), r.Markers)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", r.File, err)
		}
		if got != r.Body {
			stale = append(stale, r.File+": "+r.Markers.Begin)
		}
	}
	return stale, nil
}

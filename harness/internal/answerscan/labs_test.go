package answerscan_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"idemlab/harness/command/idemlab"
	"idemlab/harness/command/labshell"
	"idemlab/harness/exitcode"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/answerscan"
	"idemlab/harness/lab"
	"idemlab/harness/labrun"
	"idemlab/harness/labtest"
	"idemlab/harness/report"
	leaselab "idemlab/labs/lease/mutants"
	"idemlab/mutants"
)

// root is the module root seen from this package's folder.
const root = "../../.."

// labs are both labs, as the binaries have them built in.
var labs = lab.Registry{
	{Name: "idemstore", Summary: "the store", Lab: mutants.Lab},
	{Name: "lease", Summary: "the leases", Lab: leaselab.Lab},
}

// TestNoKillerBesideItsMutant: with nothing predicted, nothing a student
// is sent to read names an observation that kills a lab mutant beside
// that mutant or its step, in either lab: not the catalogue nor the JSON
// files beside it (equivalents, the example held-out catalogue), not an
// observation's file nor the Chinese guide to them (README.zh-CN.md in
// the observations folder), not the manual of a package the README's
// student section or a worksheet names (read from its Go source with
// go/doc, the text go doc prints, and from the manuals those send the
// reader to with go doc), not the README's student section or a
// worksheet, and no output
// of the student's view (the kill report as text and JSON, HTML and
// Stryker's schema in English and Chinese; idem -list, -h and bare; the
// gate's go test -v log; what TestPredictions prints). No example in
// those documents tells a lab mutant from the reference either. Which
// observations kill which mutant is the lab's real kill matrix, from the
// instructor's view; the answer key, where students are told not to
// look, is the one file not read.
func TestNoKillerBesideItsMutant(t *testing.T) {
	docs := studentDocs(t)
	for _, e := range labs {
		t.Run(e.Name, func(t *testing.T) {
			l := e.Lab()
			sheet := emptyWorksheet(t, l)
			common := []string{"-lab", e.Name, "-q", "-worksheet", sheet, "-student", "testdata/nobody/student"}
			full := instructorReport(t, append(common, "-instructor", "-json")...)
			k := kills(t, full)
			leaks := func(units []answerscan.Unit) {
				t.Helper()
				for _, leak := range answerscan.Scan(k, units) {
					t.Error(leak)
				}
			}

			// The lab's own files: its catalogue, and the JSON files
			// beside it in a student's checkout (the generated mutants
			// judged equivalent, the example held-out catalogue an
			// instructor copies, which names a killer beside each
			// held-out mutant's step). The clause table, which names
			// each step's observations, is kept with the answer key.
			leaks(answerscan.Whole(l.Layout.Catalogue, "", read(t, l.Layout.Catalogue)))
			for _, f := range []string{l.Layout.Equivalents, path.Join(path.Dir(path.Dir(l.Layout.Catalogue)), "testdata/heldout/example.json")} {
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(f))); err == nil {
					leaks(jsonUnits(t, f, read(t, f)))
				}
			}
			if key := path.Dir(l.Layout.Answers); l.Layout.Answers == "" || !strings.HasPrefix(l.Layout.Clauses, key+"/") {
				t.Errorf("the clause table %s is not kept with the answer key %s: a clause names its step's killers", l.Layout.Clauses, l.Layout.Answers)
			}
			var files []answerscan.Unit
			for _, o := range full.Observations {
				files = append(files, answerscan.Whole(o.File, o.Name, read(t, o.File))...)
			}
			leaks(files)
			// The Chinese guide to the observations, which a Chinese
			// worksheet sends a student to read beside them.
			guide := path.Join(l.Layout.Observations, labtest.GuideName)
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(guide))); err == nil {
				leaks(answerscan.Sections(guide, read(t, guide)))
			} else if !os.IsNotExist(err) {
				t.Fatal(err)
			}
			for _, w := range l.Layout.Worksheets {
				leaks(answerscan.Sections(w, read(t, w)))
			}
			// The README's student section and every manual it or a
			// worksheet sends a student to, and their examples.
			for _, d := range docs {
				leaks(answerscan.Sections(d.where, d.text))
				for _, ex := range answerscan.Examples(d.where, d.text, commandNames(l)) {
					if _, ours := l.Command(ex.Command); !ours {
						continue // the other lab's (idem -lab lease)
					}
					if diff, err := answerscan.Differs(l, ex, t.TempDir()); err != nil {
						t.Fatal(err)
					} else if diff != "" {
						t.Errorf("an example shows a student how a mutant dies: %s", diff)
					}
				}
			}

			// Every output of the student's view, each kill report
			// run once (a run is most of the test's time): the text in
			// Chinese, the JSON in English, HTML and Stryker's in both.
			for _, run := range []struct{ lang, format string }{{"zh-CN", "text"}, {"en", "json"}} {
				lang := run.lang
				html, str := filepath.Join(t.TempDir(), "r.html"), filepath.Join(t.TempDir(), "s.json")
				out, _ := runText(t, append(slices.Clone(common), "-lang", lang, "-format", run.format, "-html", html, "-stryker", str)...)
				leaks(answerscan.HTML("-html in "+lang, readAbs(t, html)))
				leaks(jsonUnits(t, "-stryker in "+lang, readAbs(t, str)))
				if run.format == "text" {
					leaks(answerscan.Lines("the kill report in "+lang, out))
					continue
				}
				leaks(jsonUnits(t, "-json in "+lang, out))
				var r report.Report
				if err := json.Unmarshal([]byte(out), &r); err != nil {
					t.Fatal(err)
				}
				for _, l := range []i18n.Lang{i18n.English, i18n.Chinese} {
					r.Localize(l)
					leaks(answerscan.Lines("TestPredictions in "+string(l), r.NothingPredicted()+"\n"+r.ScoreLine()))
				}
			}
			for _, lang := range []string{"en", "zh-CN"} {
				for _, cmd := range [][]string{{"-list"}, {"-h"}, {}} {
					var out, errOut bytes.Buffer
					labshell.Main(labs, append([]string{"-lab", e.Name, "-lang", lang}, cmd...), &out, &errOut)
					leaks(answerscan.Lines(fmt.Sprintf("idem %q in %s", cmd, lang), out.String()+errOut.String()))
				}
			}
			leaks(answerscan.Lines("go test -v's log of TestLab", gateLog(t, l, sheet, full)))
		})
	}
}

// kills reads the kill matrix of an instructor's report.
func kills(t *testing.T, full *report.Report) answerscan.Kills {
	t.Helper()
	k := answerscan.Kills{Killers: map[string][]string{}}
	for _, o := range full.Observations {
		k.Observations = append(k.Observations, o.Name)
	}
	for _, mu := range full.Mutants {
		if mu.Origin != report.OriginLab {
			continue
		}
		k.Mutants = append(k.Mutants, answerscan.Mutant{Name: mu.Name, Label: mu.Label, Step: mu.Step})
		for _, kill := range mu.KilledBy {
			k.Killers[mu.Name] = append(k.Killers[mu.Name], kill.Observation)
		}
		if len(k.Killers[mu.Name]) == 0 {
			t.Fatalf("the instructor's view shows no killer of %s", mu.Name)
		}
	}
	return k
}

// emptyWorksheet writes a worksheet with an empty prediction block for
// every mutant of l: a student who has predicted nothing yet.
func emptyWorksheet(t *testing.T, l *lab.Lab) string {
	t.Helper()
	var b strings.Builder
	for _, m := range l.Catalogue.Mutants {
		fmt.Fprintf(&b, "## Step %d\n\n```prediction\nmutant: %s\n```\n\n", m.Step, m.ID())
	}
	file := filepath.Join(t.TempDir(), "worksheet.md")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

func commandNames(l *lab.Lab) []string {
	var names []string
	for _, c := range l.Commands {
		names = append(names, c.Name)
	}
	return names
}

// runLab runs idemlab with args and -json (in args) and reads its report.
func instructorReport(t *testing.T, args ...string) *report.Report {
	t.Helper()
	_, r := runJSONText(t, args...)
	return r
}

func runJSONText(t *testing.T, args ...string) (string, *report.Report) {
	t.Helper()
	out, _ := runText(t, args...)
	var r report.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return out, &r
}

func runText(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if status := idemlab.Main(labs, args, &stdout, &stderr); status != exitcode.OK {
		t.Fatalf("idemlab %q: status %d: %s", args, status, stderr.String())
	}
	return stdout.String(), stderr.String()
}

func jsonUnits(t *testing.T, where, data string) []answerscan.Unit {
	t.Helper()
	units, err := answerscan.JSON(where, []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return units
}

// read reads a file of the checkout, rel slash-separated from its root.
func read(t *testing.T, rel string) string {
	t.Helper()
	return readAbs(t, filepath.Join(root, filepath.FromSlash(rel)))
}

func readAbs(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// gateLog is what go test -v logs of TestLab in a student's checkout,
// for the kill matrix the instructor's report full holds.
func gateLog(t *testing.T, l *lab.Lab, sheet string, full *report.Report) string {
	t.Setenv("CI", "")
	t.Setenv(labrun.ViewEnv, "")
	gate, err := labrun.NewGate(labrun.Config{Lab: l, Root: root, Worksheets: []string{sheet}})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, mu := range full.Mutants {
		for _, line := range gate.Killers(mu.MutantRow) {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

type document struct{ where, text string }

// directions finds the packages a text sends a reader to: go doc, go run
// and go test of a ./path.
var directions = regexp.MustCompile(`go (?:doc|run|test)(?: -[a-z]+)* (\./[A-Za-z0-9_./-]+)`)

// studentDocs reads what the README's student section (from its first
// section to "For instructors") and the worksheets of both labs send a
// student to read: the section itself, and the manual of each package
// they name, with the manuals those name with go doc in turn.
func studentDocs(t *testing.T) []document {
	t.Helper()
	readme := read(t, "README.md")
	start, end := strings.Index(readme, "## Two commands"), strings.Index(readme, "## For instructors")
	if start < 0 || end < start {
		t.Fatal("README.md: no student section between \"## Two commands\" and \"## For instructors\"")
	}
	docs := []document{{"README.md (the student section)", readme[start:end]}}
	sources := []string{readme[start:end]}
	for _, e := range labs {
		for _, w := range e.Lab().Layout.Worksheets {
			sources = append(sources, read(t, w))
		}
	}
	seen := map[string]bool{}
	var queue []string
	add := func(text string) {
		for _, m := range directions.FindAllStringSubmatch(text, -1) {
			pkg := strings.TrimSuffix(m[1], "/")
			if !seen[pkg] && !strings.Contains(pkg, "...") {
				seen[pkg] = true
				queue = append(queue, pkg)
			}
		}
	}
	for _, s := range sources {
		add(s)
	}
	for len(queue) > 0 {
		pkg := queue[0]
		queue = queue[1:]
		text := packageDoc(t, pkg)
		docs = append(docs, document{"go doc " + pkg, text})
		for _, m := range regexp.MustCompile(`go doc (\./[A-Za-z0-9_./-]+)`).FindAllStringSubmatch(text, -1) {
			add("go doc " + m[1])
		}
	}
	if len(docs) < 5 {
		t.Fatalf("found only %d documents a student is sent to: %v", len(docs), seen)
	}
	return docs
}

// packageDoc is the text go doc -all prints of the package at pkg, a
// ./path from the module root: its package comment and the comments of
// its exported declarations, read from its Go source with go/doc.
func packageDoc(t *testing.T, pkg string) string {
	t.Helper()
	dir := filepath.Join(root, filepath.FromSlash(pkg))
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("%s, named in a student's directions: %v", pkg, err)
	}
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Fatalf("%s, named in a student's directions, holds no Go package", pkg)
	}
	p, err := doc.NewFromFiles(fset, files, "idemlab/"+strings.TrimPrefix(pkg, "./"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString(p.Doc)
	for _, c := range p.Consts {
		b.WriteString("\n# const\n" + c.Doc)
	}
	for _, v := range p.Vars {
		b.WriteString("\n# var\n" + v.Doc)
	}
	for _, f := range p.Funcs {
		b.WriteString("\n# func " + f.Name + "\n" + f.Doc)
	}
	for _, ty := range p.Types {
		b.WriteString("\n# type " + ty.Name + "\n" + ty.Doc)
		for _, f := range append(slices.Clone(ty.Funcs), ty.Methods...) {
			b.WriteString("\n# func " + f.Name + "\n" + f.Doc)
		}
	}
	return b.String()
}

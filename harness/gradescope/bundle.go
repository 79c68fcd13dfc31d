package gradescope

import (
	"archive/zip"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/template"

	"idemlab/harness/i18n"
	"idemlab/harness/lab"
	"idemlab/harness/report"
)

var (
	//go:embed setup.sh.tmpl
	setupText string
	//go:embed run_autograder.tmpl
	runText string

	setupTmpl = template.Must(template.New("setup.sh").Parse(setupText))
	runTmpl   = template.Must(template.New("run_autograder").Parse(runText))
)

// A Bundle is the autograder zip Gradescope asks for: setup.sh and
// run_autograder at its root, the lab's files under lab/, the grade
// program built for Gradescope's Linux under bin/, and the instructor's
// held-out catalogue and rubric when there are.
type Bundle struct {
	// Lab is the name of the lab graded, as grade -lab takes it; "" is
	// the grade binary's default lab. Layout is its layout, which says
	// where a submission holds its worksheets and its own observations.
	Lab    string
	Layout lab.Layout
	// Root is the lab's checkout; Files its files to pack, relative to
	// Root (see [LabFiles]).
	Root  string
	Files []string
	// Grade is the grade program, built for Arch ("amd64", Gradescope's).
	Grade string
	Arch  string
	// HeldOut and Rubric are the instructor's files, "" for none.
	HeldOut, Rubric string
	// NoSandbox grades without bubblewrap (grade -no-sandbox), for an
	// image that allows no user namespaces; without it, such an image
	// grades nothing, and every results.json says so.
	NoSandbox bool
}

// LabFiles lists the files of the checkout at root that a bundle of the
// lab laid out as layout packs: those git tracks, but a student's own
// (its Own folder of observations, testdata/student/ in this module's
// first lab, and the worksheets' history), which a lab's repository may
// hold as examples.
func LabFiles(root string, layout lab.Layout) ([]string, error) {
	own := path.Join(layout.Observations, layout.Own) + "/"
	history := path.Base(layout.History)
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("gradescope: the bundle packs the files git tracks in %s: git ls-files: %v", root, err)
	}
	var files []string
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if f == "" || strings.HasPrefix(f, own) || layout.History != "" && path.Base(f) == history {
			continue
		}
		if _, err := os.Lstat(filepath.Join(root, f)); err != nil {
			continue // deleted in the work tree
		}
		files = append(files, f)
	}
	return files, nil
}

// BuildGrade builds the grade program of the checkout at root for Linux
// on arch, into dir, and returns its path.
func BuildGrade(root, dir, arch string) (string, error) {
	out := filepath.Join(dir, "grade")
	cmd := exec.Command("go", "build", "-o", out, "./harness/cmd/grade")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+arch)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("gradescope: building grade for linux/%s: %v\n%s", arch, err, msg)
	}
	return out, nil
}

// Write writes the bundle as a zip.
func (b Bundle) Write(w io.Writer) error {
	gomod, err := os.ReadFile(filepath.Join(b.Root, "go.mod"))
	if err != nil {
		return err
	}
	goVersion := ""
	for line := range strings.Lines(string(gomod)) {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "go" {
			goVersion = f[1]
		}
	}
	if goVersion == "" {
		return fmt.Errorf("gradescope: %s names no go version", filepath.Join(b.Root, "go.mod"))
	}
	data, err := b.templateData(goVersion)
	if err != nil {
		return err
	}
	z := zip.NewWriter(w)
	for _, s := range []struct {
		name string
		tmpl *template.Template
	}{{"setup.sh", setupTmpl}, {"run_autograder", runTmpl}} {
		var text bytes.Buffer
		if err := s.tmpl.Execute(&text, data); err != nil {
			return err
		}
		if err := add(z, s.name, 0o755, text.Bytes()); err != nil {
			return err
		}
	}
	files := []struct{ from, to string }{{b.Grade, "bin/grade"}, {b.HeldOut, "heldout.json"}, {b.Rubric, "rubric.json"}}
	for _, f := range b.Files {
		files = append(files, struct{ from, to string }{filepath.Join(b.Root, f), "lab/" + filepath.ToSlash(f)})
	}
	for _, f := range files {
		if f.from == "" {
			continue
		}
		if err := addFile(z, f.from, f.to); err != nil {
			return err
		}
	}
	return z.Close()
}

func addFile(z *zip.Writer, from, to string) error {
	fi, err := os.Lstat(from)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("gradescope: %s is not a regular file", from)
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return add(z, to, fi.Mode().Perm()|0o644, data)
}

func add(z *zip.Writer, name string, mode os.FileMode, data []byte) error {
	h := &zip.FileHeader{Name: name, Method: zip.Deflate}
	h.SetMode(mode)
	w, err := z.CreateHeader(h)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// templateData is what setup.sh and run_autograder are made from: where a
// submission holds what grade reads comes from the lab's layout, as file
// names a shell script may hold unquoted.
func (b Bundle) templateData(goVersion string) (map[string]any, error) {
	l := b.Layout
	if len(l.Worksheets) == 0 || l.Own == "" || l.Observations == "" {
		return nil, fmt.Errorf("gradescope: lab %q: its layout names no worksheet, student's folder (Own) or observations folder", b.Lab)
	}
	var sheets []string
	for _, w := range append(slices.Clone(l.Worksheets), l.History) {
		if w != "" {
			sheets = append(sheets, path.Base(w))
		}
	}
	inRepo := path.Dir(l.Worksheets[0])
	for _, name := range append(slices.Clone(sheets), l.Own, path.Join(l.Observations, l.Own), inRepo) {
		if !plainPath.MatchString(name) {
			return nil, fmt.Errorf("gradescope: lab %q: its layout names %q, which run_autograder cannot hold: want letters, digits, '.', '_', '-' and '/'", b.Lab, name)
		}
	}
	failed, err := json.Marshal(i18n.English.T("grade.gs.failed", nil) + "\n\n" + i18n.Chinese.T("grade.gs.failed", nil))
	if err != nil {
		return nil, err
	}
	return map[string]any{"Failed": string(failed), "Harness": report.HarnessVersion, "HeldOut": b.HeldOut != "", "Rubric": b.Rubric != "", "Go": goVersion, "Arch": b.Arch, "Lab": b.Lab, "NoSandbox": b.NoSandbox,
		"Sheets": sheets, "SheetsInRepo": inRepo, "Own": l.Own, "OwnInRepo": path.Join(l.Observations, l.Own)}, nil
}

// plainPath is a relative path a shell script may hold unquoted.
var plainPath = regexp.MustCompile(`^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$`)

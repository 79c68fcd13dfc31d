package grade

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"

	"idemlab/harness/killmatrix"
)

// A Submission is one student's folder:
//
//	CLASS/NAME/worksheet.md         predictions (worksheet.zh-CN.md also read)
//	CLASS/NAME/student/*.txtar      the student's own observations
//
// NAME, the folder's name, names the student. Nothing else in the folder
// is read: the reference and the mutants always come from the grader's
// checkout, never from a submission.
type Submission struct {
	Student string `json:"student"`
	Dir     string `json:"dir"`
	// Worksheets are the worksheet files found.
	Worksheets []string `json:"worksheets"`
	// Observations are the student's observations fit to run.
	Observations []killmatrix.Observation `json:"-"`
	// Flags say what could not be graded, and why.
	Flags []string `json:"flags"`
}

// WorksheetNames are the files of a submission that may hold predictions.
var WorksheetNames = []string{"worksheet.md", "worksheet.zh-CN.md"}

var studentName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// ValidName reports whether name can name a student: letters, digits,
// '.', '_' and '-', not starting with a dot or a dash, so that it is one
// path element and never climbs out of a folder.
func ValidName(name string) bool {
	return studentName.MatchString(name) && !strings.Contains(name, "..")
}

// Load reads every submission folder under class, sorted by name. With a
// roster, a student on it without a folder gets a submission flagged
// "no submission", and a folder whose name is not on it is flagged too. A
// bad submission is flagged, never an error: one student's mistake must not
// stop the class. Only an unreadable class folder is an error.
func Load(class string, roster []string) ([]Submission, error) {
	entries, err := os.ReadDir(class)
	if err != nil {
		return nil, err
	}
	var subs []Submission
	seen := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		dir := filepath.Join(class, name)
		s := Submission{Student: name, Dir: dir, Worksheets: []string{}, Flags: []string{}}
		seen[name] = true
		switch {
		case !e.IsDir():
			s.Flags = append(s.Flags, fmt.Sprintf("%s is a file, not a submission folder", dir))
		case !ValidName(name):
			s.Flags = append(s.Flags, fmt.Sprintf("folder name %q: use letters, digits, '.', '_' and '-'", name))
		default:
			s.load()
		}
		if roster != nil && !slices.Contains(roster, name) {
			s.Flags = append(s.Flags, "not on the roster")
		}
		subs = append(subs, s)
	}
	for _, name := range roster {
		if !ValidName(name) {
			subs = append(subs, Submission{Student: name, Worksheets: []string{}, Flags: []string{fmt.Sprintf("roster name %q: use letters, digits, '.', '_' and '-'", name)}})
			continue
		}
		if !seen[name] {
			subs = append(subs, Submission{Student: name, Dir: filepath.Join(class, name), Worksheets: []string{}, Flags: []string{"no submission: folder missing"}})
		}
	}
	sort.Slice(subs, func(i, j int) bool { return subs[i].Student < subs[j].Student })
	return subs, nil
}

func (s *Submission) load() {
	for _, name := range WorksheetNames {
		if _, err := os.Stat(filepath.Join(s.Dir, name)); err == nil {
			s.Worksheets = append(s.Worksheets, filepath.Join(s.Dir, name))
		}
	}
	if len(s.Worksheets) == 0 {
		s.Flags = append(s.Flags, "no worksheet.md: no predictions to grade")
	}
	files, err := filepath.Glob(filepath.Join(s.Dir, killmatrix.KindStudent, "*.txtar"))
	if err != nil {
		s.Flags = append(s.Flags, err.Error())
		return
	}
	sort.Strings(files)
	for _, file := range files {
		o, err := killmatrix.Load(killmatrix.KindStudent, file)
		if err == nil {
			err = Lint(o)
		}
		if err != nil {
			s.Flags = append(s.Flags, fmt.Sprintf("not run: %v", err))
			continue
		}
		s.Observations = append(s.Observations, o)
	}
}

// allowed are the script commands a graded observation may use: the idem
// command and testscript's checks and file commands. exec, cd, env, skip,
// stop and the rest are refused, so a submission cannot run programs,
// leave its work directory or pass by skipping itself.
var allowed = map[string]bool{
	"idem": true, "stdout": true, "stderr": true, "cmp": true, "cmpenv": true,
	"exists": true, "grep": true, "cp": true, "mkdir": true, "rm": true, "mv": true,
	"stdin": true, "unquote": true,
}

// Lint refuses, before anything runs, a student's observation that could
// reach outside its work directory: a command other than those allowed,
// or an argument or archive file name that is an absolute path, climbs
// with "..", or expands a variable other than $WORK. The error names the
// file and line.
func Lint(o killmatrix.Observation) error {
	data, err := os.ReadFile(o.File)
	if err != nil {
		return err
	}
	a := txtar.Parse(data)
	lines := strings.Split(string(a.Comment), "\n")
	for i, raw := range lines {
		n := i + 1
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		words := strings.Fields(line)
		for len(words) > 0 && (words[0] == "!" || words[0] == "?" || strings.HasPrefix(words[0], "[")) {
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		if !allowed[words[0]] {
			return fmt.Errorf("%s:%d: command %q is not allowed in a graded observation (use idem and testscript's checks)", o.File, n, words[0])
		}
		pattern := -1 // the argument that is a regexp, where $ anchors
		switch words[0] {
		case "stdout", "stderr", "grep":
			for j := 1; j < len(words); j++ {
				if !strings.HasPrefix(words[j], "-") {
					pattern = j
					break
				}
			}
		}
		for j, w := range words[1:] {
			if err := checkPath(w, j+1 == pattern); err != nil {
				return fmt.Errorf("%s:%d: %v", o.File, n, err)
			}
		}
	}
	// The archive's files are written into the work directory by name.
	line := len(lines)
	for _, f := range a.Files {
		if err := checkPath(f.Name, false); err != nil {
			return fmt.Errorf("%s:%d: archive file: %v", o.File, line, err)
		}
		line += 1 + strings.Count(string(f.Data), "\n")
	}
	return nil
}

// checkPath refuses a word that names a place outside the work directory.
// Testscript drops single quotes anywhere in a word, and a flag's value
// follows its "=", so both are looked through.
func checkPath(word string, isPattern bool) error {
	w := strings.ReplaceAll(word, "'", "")
	if _, value, ok := strings.Cut(w, "="); ok && strings.HasPrefix(w, "-") {
		w = value
	}
	switch {
	case filepath.IsAbs(w) || strings.HasPrefix(w, "/"):
		return fmt.Errorf("%q is an absolute path: a graded observation stays in its work directory", w)
	case slices.Contains(strings.Split(filepath.ToSlash(w), "/"), ".."):
		return fmt.Errorf("%q climbs out with ..: a graded observation stays in its work directory", w)
	case !isPattern && strings.Contains(strings.ReplaceAll(w, "$WORK", ""), "$"):
		return fmt.Errorf("%q expands a variable: only $WORK is allowed", w)
	}
	return nil
}

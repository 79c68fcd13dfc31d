package grade

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"idemlab/harness/submission"
)

// An Entry is one name in a class folder, or on its roster: a submission
// to grade, or the reason it is not graded.
type Entry struct {
	// Student names the student: the folder's name, escaped by
	// submission.Quote when it holds control characters.
	Student string
	// Dir is the submission folder, "" when there is none to read.
	Dir string
	// Flags say what is wrong with the entry itself.
	Flags []string
	// Output is the base name of the files written for the student
	// (feedback: Output.txt): the folder's name, with "~N" after it when
	// the name collides with another's (see ReadClass).
	Output string
}

// Graded reports whether the entry has a folder to grade.
func (e Entry) Graded() bool { return e.Dir != "" }

// ReadClass lists the class folder: one entry per name in it, sorted,
// and, with a roster, one for each student on it without a folder. Only
// a folder whose name is a valid student name (see
// submission.CheckName: any letters, so 王伟 and José, but no control
// character, space or separator) is graded; a file, a symbolic link, a
// hidden folder (.carol) or a badly named one is an entry flagged with
// why, never skipped in silence. Only a class folder that cannot be read
// is an error.
//
// Names are compared as bytes, and also as a case-insensitive or
// normalising file system would (macOS, Windows, an unzipped archive):
// after Unicode normalisation (NFC) and case folding. Students whose
// names are equal only then (Alice and alice; José written with é and
// with e and U+0301) are each graded, each flagged, and their output
// files are made distinct: the N-th of them, in byte order, writes
// NAME~N.txt ('~' is never in a student's name).
func ReadClass(class string, roster []string) ([]Entry, error) {
	des, err := os.ReadDir(class) // lists without following links
	if err != nil {
		return nil, err
	}
	var out []Entry
	seen := map[string]bool{}
	for _, de := range des {
		name := de.Name()
		seen[name] = true
		e := Entry{Student: submission.Quote(name), Flags: []string{}}
		if why := notGraded(name, de.Type()); why != "" {
			e.Flags = append(e.Flags, fmt.Sprintf("%s %s; not graded", submission.QuoteName(name), why))
		} else {
			e.Dir = filepath.Join(class, name)
		}
		if roster != nil && !slices.Contains(roster, name) {
			e.Flags = append(e.Flags, "not on the roster")
		}
		out = append(out, e)
	}
	for _, name := range roster {
		if !seen[name] {
			out = append(out, Entry{Student: submission.Quote(name), Flags: []string{"no submission: no folder " + submission.Quote(name) + " in the class"}})
		}
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Student, b.Student) })
	collisions(out)
	return out, nil
}

// foldName is a name as a case-insensitive, normalising file system
// compares it.
func foldName(name string) string { return cases.Fold().String(norm.NFC.String(name)) }

// collisions sets each entry's Output, and flags the entries whose names
// are equal once folded, giving each a distinct Output.
func collisions(entries []Entry) {
	groups := map[string][]int{}
	for i := range entries {
		entries[i].Output = entries[i].Student
		k := foldName(entries[i].Student)
		groups[k] = append(groups[k], i)
	}
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		for n, i := range g {
			var others []string
			for _, j := range g {
				if j != i {
					others = append(others, fmt.Sprintf("%+q", entries[j].Student))
				}
			}
			entries[i].Output = fmt.Sprintf("%s~%d", entries[i].Student, n+1)
			entries[i].Flags = append(entries[i].Flags, fmt.Sprintf("the name %+q is the same as %s once case is folded and Unicode normalised (NFC); its files are written as %s",
				entries[i].Student, strings.Join(others, ", "), entries[i].Output))
		}
	}
}

// notGraded says why a class folder's entry is not a submission, or "".
func notGraded(name string, mode fs.FileMode) string {
	switch {
	case mode&fs.ModeSymlink != 0:
		return "is a symbolic link, not a submission folder"
	case !mode.IsDir():
		return "is a file, not a submission folder"
	case strings.HasPrefix(name, "."):
		return "is a hidden folder (its name starts with '.'): rename it to grade it"
	}
	if err := submission.CheckName(name); err != nil {
		return "is " + err.Error()
	}
	return ""
}

// ReadRoster reads a roster: one student name a line; blank lines and
// lines starting with # are skipped. A name that could never name a
// folder is an error naming its line.
func ReadRoster(file string, data []byte) ([]string, error) {
	roster := []string{}
	for i, line := range strings.Split(string(data), "\n") {
		name := strings.TrimSpace(line)
		if name == "" || strings.HasPrefix(name, "#") {
			continue
		}
		if err := submission.CheckName(name); err != nil {
			return nil, fmt.Errorf("%s:%d: %q is %v", file, i+1, name, err)
		}
		roster = append(roster, name)
	}
	return roster, nil
}

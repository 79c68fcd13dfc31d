package submission

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"idemlab/harness/internal/safefs"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/predict"
)

// Limits bound what a submission may hold. Every command that reads a
// student's files applies the same ones.
type Limits struct {
	// FileSize bounds one file: a worksheet, the history, an observation.
	FileSize int64 `json:"file_size"`
	// Observations bounds the student's observation files.
	Observations int `json:"observations"`
	// TotalSize bounds all the bytes read from one submission.
	TotalSize int64 `json:"total_size"`
	// Lines bounds the lines of one observation's script.
	Lines int `json:"lines"`
}

// DefaultLimits: a worksheet is some 20 KB and an observation some
// hundred bytes, so these leave room for any honest submission.
var DefaultLimits = Limits{FileSize: 256 << 10, Observations: 64, TotalSize: 2 << 20, Lines: 400}

// MaxEntries bounds the names a student/ folder may hold: its listing
// stops after that many, and a folder that holds more has none of its
// files read (one flag says so), so that a hundred thousand empty files
// cost what a thousand do.
const MaxEntries = 1024

// A Refusal is a file of a submission, or a line of it, that is not read
// or not run, and why. File is relative to the submission.
type Refusal struct {
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Reason string `json:"reason"`
}

func (r *Refusal) Error() string {
	if r.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", r.File, r.Line, r.Reason)
	}
	return fmt.Sprintf("%s: %s", r.File, r.Reason)
}

// A Submission is what one student's folder holds, read safely.
type Submission struct {
	// Dir is the folder read.
	Dir string `json:"-"`
	// Worksheets are the worksheets found, by their names in the folder.
	Worksheets []predict.Source `json:"-"`
	// History is the prediction history file's content, nil without one.
	History []byte `json:"-"`
	// Observations are the student's observations fit to run, each named
	// student/NAME with File relative to the submission.
	Observations []killmatrix.Observation `json:"-"`
	// Refused are the observations not run, by name, each with why.
	Refused map[string]string `json:"refused"`
	// Flags say what else was not read, and why.
	Flags []string `json:"flags"`
	read  int64
}

// Reader reads submissions of one lab within limits.
type Reader struct {
	Lab    *lab.Lab
	Limits Limits
	// Stage, when set, is a folder the vetted observations are copied
	// into, so that what runs is exactly what was checked; otherwise they
	// run from the submission itself.
	Stage string
	// Prefix is put before the paths the submission's files are named by
	// in messages and reports ("" names them relative to the submission).
	Prefix string
	// Root, for ReadObservations without a Prefix, is the module root
	// the files are named from (testdata/student/x.txtar), whatever the
	// working directory; "" names them from the working directory.
	Root string
}

// Read reads the submission in folder path: its worksheets and history,
// its OWN/*.txtar observations (OWN the lab layout's Own, student/ in
// this module's labs). Nothing is followed through a link,
// and only regular files within the limits are read; everything else is
// flagged or refused with why. Only a folder that cannot be opened at all
// is an error.
func (rd Reader) Read(path string) (*Submission, error) {
	d, err := openDir(path)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	s := &Submission{Dir: path, Refused: map[string]string{}, Flags: []string{}}
	rd.worksheets(d, s)
	obs, err := sub(d, rd.Lab.Layout.Own)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		s.Flags = append(s.Flags, rd.name(rd.Lab.Layout.Own)+": "+reason(err))
	default:
		defer obs.Close()
		if err := rd.observations(obs, s); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// ReadObservations reads the observations of a student/ folder alone, as
// Read does: for a student's own checkout. Without a Prefix, files are
// named from Root (when the folder is inside it), else from the working
// directory, with slashes
// (testdata/student/x.txtar), as the lab's own observations are.
func (rd Reader) ReadObservations(path string) ([]killmatrix.Observation, map[string]string, error) {
	if rd.Prefix == "" {
		rd.Prefix = Rel(filepath.Dir(path))
		if rel, err := filepath.Rel(rd.Root, filepath.Dir(path)); rd.Root != "" && err == nil && !strings.HasPrefix(rel, "..") {
			rd.Prefix = filepath.ToSlash(rel)
		}
	}
	d, err := openDir(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, map[string]string{}, nil
	}
	if err != nil {
		return nil, nil, err
	}
	defer d.Close()
	s := &Submission{Refused: map[string]string{}}
	if err := rd.observations(d, s); err != nil {
		return nil, nil, err
	}
	for _, f := range s.Flags {
		s.Refused[f] = f
	}
	return s.Observations, s.Refused, nil
}

func (rd Reader) name(rel string) string { return filepath.ToSlash(filepath.Join(rd.Prefix, rel)) }

func reason(err error) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Reason
	}
	return err.Error()
}

// worksheets reads the lab's worksheets and history from d.
func (rd Reader) worksheets(d *safefs.Dir, s *Submission) {
	for _, w := range rd.Lab.Layout.Worksheets {
		name := filepath.Base(w)
		if data, ok := rd.file(d, name, rd.name(name), s); ok {
			s.Worksheets = append(s.Worksheets, predict.Source{File: rd.name(name), Data: data})
		}
	}
	if h := rd.Lab.Layout.History; h != "" {
		s.History, _ = rd.file(d, filepath.Base(h), rd.name(filepath.Base(h)), s)
	}
}

// file reads the file name of folder d, which messages call rel,
// flagging it when it cannot be read.
func (rd Reader) file(d *safefs.Dir, name, rel string, s *Submission) ([]byte, bool) {
	data, err := read(d, name, rd.Limits.FileSize)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, false
	case err != nil:
		s.Flags = append(s.Flags, QuoteName(rel)+": "+reason(err)+"; not read")
		return nil, false
	case s.read+int64(len(data)) > rd.Limits.TotalSize:
		s.Flags = append(s.Flags, fmt.Sprintf("%s: the submission is over its limit of %d bytes; not read", QuoteName(rel), rd.Limits.TotalSize))
		return nil, false
	}
	s.read += int64(len(data))
	return data, true
}

// observations reads every NAME.txtar of the student's folder d (the
// lab layout's Own). Each is named student/NAME whatever that folder is
// called: the kind is the role the reports and grading know a student's
// own observations by, the folder where the lab keeps them.
func (rd Reader) observations(d *safefs.Dir, s *Submission) error {
	entries, over, err := d.Entries(MaxEntries)
	if err != nil {
		return err
	}
	if over {
		s.Flags = append(s.Flags, fmt.Sprintf("%s: holds more than %d entries; none of them is read", Quote(rd.name(rd.Lab.Layout.Own)), MaxEntries))
		return nil
	}
	n := 0
	for _, e := range entries {
		rel := rd.name(rd.Lab.Layout.Own + "/" + e.Name)
		base, isObs := strings.CutSuffix(e.Name, ".txtar")
		switch {
		case !isObs:
			s.Flags = append(s.Flags, fmt.Sprintf("%s: not an observation (want NAME.txtar); not read", QuoteName(rel)))
			continue
		case CheckName(base) != nil:
			s.Flags = append(s.Flags, fmt.Sprintf("%s: %v; not read", QuoteName(rel), CheckName(base)))
			continue
		}
		name := killmatrix.KindStudent + "/" + base
		if n++; n > rd.Limits.Observations {
			s.Refused[name] = fmt.Sprintf("%s: over the limit of %d observations; not run", rel, rd.Limits.Observations)
			continue
		}
		data, ok := rd.file(d, e.Name, rel, s)
		if !ok {
			s.Refused[name] = s.Flags[len(s.Flags)-1]
			s.Flags = s.Flags[:len(s.Flags)-1]
			continue
		}
		o, err := rd.vet(base, rel, d.Path()+"/"+e.Name, data)
		if err != nil {
			s.Refused[name] = err.Error()
			continue
		}
		s.Observations = append(s.Observations, o)
	}
	return nil
}

// vet makes an observation of a script's data, or says why it may not
// run; with a stage, the vetted data is copied there to run.
func (rd Reader) vet(base, rel, path string, data []byte) (killmatrix.Observation, error) {
	if !utf8.Valid(data) || strings.ContainsRune(string(data), 0) {
		return killmatrix.Observation{}, &Refusal{File: rel, Reason: "is not UTF-8 text"}
	}
	o, err := killmatrix.New(killmatrix.KindStudent, base, rel, data)
	if err != nil {
		return killmatrix.Observation{}, err
	}
	if err := Lint(rd.Lab, o, rd.Limits); err != nil {
		return killmatrix.Observation{}, err
	}
	if rd.Stage != "" {
		o.Run = filepath.Join(rd.Stage, base+".txtar")
		if err := os.WriteFile(o.Run, data, 0o600); err != nil {
			return killmatrix.Observation{}, err
		}
	} else {
		o.Run = path
	}
	return o, nil
}

// CheckName refuses a name (a student's, an observation's) that is not
// one path element of letters, digits, marks, '.', '_' and '-', starting
// with a letter or digit: no control character, no space, no separator.
func CheckName(name string) error {
	switch {
	case name == "":
		return errors.New("an empty name")
	case utf8.RuneCountInString(name) > 64:
		return errors.New("a name of more than 64 characters")
	case !utf8.ValidString(name):
		return errors.New("a name that is not UTF-8")
	}
	for i, r := range name {
		ok := unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || i > 0 && strings.ContainsRune("._-", r)
		if !ok && i == 0 && strings.ContainsRune("._-", r) {
			return fmt.Errorf("a name starting with %q: start with a letter or digit", r)
		}
		if !ok {
			return fmt.Errorf("a name with %s: use letters, digits, '.', '_' and '-', starting with a letter or digit", describeRune(r))
		}
	}
	return nil
}

func describeRune(r rune) string {
	switch {
	case unicode.IsControl(r):
		return fmt.Sprintf("the control character %U", r)
	case unicode.IsSpace(r):
		return "a space"
	}
	return fmt.Sprintf("%q", r)
}

// Quote makes text safe to print in a table or a log: control characters
// (newlines, escapes) are written as Go escapes, the rest is left as it is.
func Quote(text string) string {
	if !strings.ContainsFunc(text, unicode.IsControl) {
		return text
	}
	q := fmt.Sprintf("%+q", text)
	return q[1 : len(q)-1]
}

// MaxNameRunes bounds a file or folder name as a flag quotes it: a
// longer one (a student may make a name of hundreds of characters) is
// cut in its middle, so that a flag, which grade cuts at its end, keeps
// the reason that follows the name.
const MaxNameRunes = 80

// QuoteName is [Quote] of a name a flag begins with: a name longer than
// MaxNameRunes keeps its start and its end (the extension), with "…"
// between (and no space, so that the feedback still reads it as the
// flag's place).
func QuoteName(name string) string {
	r := []rune(name)
	if len(r) <= MaxNameRunes {
		return Quote(name)
	}
	return Quote(string(r[:MaxNameRunes*2/3])) + "…" + Quote(string(r[len(r)-MaxNameRunes/3:]))
}

// Vet reads a student/ folder as grading would, for reportcheck: what may
// run, and what may not with why.
func (rd Reader) Vet(dir string) ([]killmatrix.Observation, map[string]string, error) {
	return rd.ReadObservations(dir)
}

// Rel is path relative to the working directory when it lies below it,
// else path itself.
func Rel(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

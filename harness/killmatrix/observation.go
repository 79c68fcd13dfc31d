package killmatrix

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// The kinds of observation, each a folder of testdata/. Happy-path
// observations exercise the contract as a well-behaved client would; most
// mutants pass them, which is the lab's lesson. Edge observations choose a
// boundary, an input that must be refused, or the state after a failure.
// Student observations are those a student wrote; the lab's own gate does
// not run them.
const (
	KindHappy   = "happy"
	KindEdge    = "edge"
	KindStudent = "student"
)

// LabKinds are the lab's own observations, which CI requires to pass on
// the reference and to kill every mutant.
var LabKinds = []string{KindHappy, KindEdge}

// Kinds lists every folder the kill report reads, in report order.
var Kinds = []string{KindHappy, KindEdge, KindStudent}

// An Observation is one testscript file: one behaviour of the contract.
type Observation struct {
	// Name is "kind/base", e.g. "edge/fetch_at_expiry_is_nil".
	Name string `json:"name"`
	Kind string `json:"kind"`
	// File is the script's path as Discover found it.
	File string `json:"file"`
	// Doc is the script's opening comment: what it observes and why.
	Doc string `json:"doc"`

	lines []string // the script section, for quoting a failing line
}

// Command returns the script's text at line n (1-based), trimmed.
func (o Observation) Command(n int) string {
	if n < 1 || n > len(o.lines) {
		return ""
	}
	return strings.TrimSpace(o.lines[n-1])
}

// Discover reads the observations in each kind's folder under dir, ordered
// by kind (as listed in kinds) and then by name. A kind whose folder is
// missing has no observations; a script without an opening # comment is an
// error, because an observation must say what it observes.
func Discover(dir string, kinds ...string) ([]Observation, error) {
	var obs []Observation
	for _, kind := range kinds {
		files, err := filepath.Glob(filepath.Join(dir, kind, "*.txtar"))
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
		for _, file := range files {
			o, err := Load(kind, file)
			if err != nil {
				return nil, err
			}
			obs = append(obs, o)
		}
	}
	return obs, nil
}

// Load reads one observation script of the given kind.
func Load(kind, file string) (Observation, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return Observation{}, err
	}
	a := txtar.Parse(data)
	lines := strings.Split(string(a.Comment), "\n")
	var doc []string
	for _, l := range lines {
		if !strings.HasPrefix(l, "#") {
			break
		}
		doc = append(doc, strings.TrimSpace(strings.TrimPrefix(l, "#")))
	}
	if len(doc) == 0 {
		return Observation{}, fmt.Errorf("%s:1: an observation must start with a # comment saying what it observes and why", file)
	}
	base := strings.TrimSuffix(filepath.Base(file), ".txtar")
	return Observation{
		Name:  kind + "/" + base,
		Kind:  kind,
		File:  file,
		Doc:   strings.Join(doc, " "),
		lines: lines,
	}, nil
}

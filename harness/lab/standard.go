package lab

import (
	"fmt"
	"path"
	"runtime/debug"

	"idemlab/harness/mutation"
)

// A Spec declares a lab laid out in the standard way by what is its own:
// its name, its folder, its embedded catalogue, its implementations and
// its commands. [Spec.Lab] fills in the rest.
type Spec struct {
	// Name is the lab's name, as -lab takes it.
	Name string
	// Dir is the lab's folder, slash-separated and relative to the module
	// root ("" for the root itself, as the first lab is laid out).
	Dir string
	// Catalogue is the content of DIR/mutants/catalogue.json, embedded.
	Catalogue []byte
	// Answers is the content of the answer key,
	// DIR/mutants/testdata/answers/key.json, embedded: each mutant's
	// intended killer and hint, joined to the catalogue (see
	// mutation.AnswerKey). Nil for a catalogue that answers in place, as
	// a test lab's may.
	Answers []byte
	// Reference, Mutants, Wheats and Commands are the Lab's fields of
	// those names. A lab's wheats live beside its reference, in
	// DIR/reference/wheats/NAME/, so that its source digest covers them.
	Reference Impl
	Mutants   []Impl
	Wheats    []Impl
	Commands  []Command
	// Layout, when its Source is set, replaces the standard layout: a lab
	// whose files lie otherwise declares where.
	Layout Layout
}

// StandardLayout is the layout of a lab in folder dir whose reference
// source is source: DIR/mutants/ holds catalogue.json and
// equivalent.json, and its testdata/answers/ the answer key key.json and
// clauses.json (whose observations per step would answer a prediction);
// DIR/testdata/ the observations, happy/ (the happy
// path) then edge/, and a student's own in student/; DIR/ the worksheets
// worksheet.md and worksheet.zh-CN.md and their history,
// worksheet.history.json; and the lab's Go source is that of
// DIR/reference and DIR/mutants.
func StandardLayout(dir, source string) Layout {
	at := func(p string) string { return path.Join(dir, p) }
	return Layout{
		Source:       source,
		Catalogue:    at("mutants/catalogue.json"),
		Equivalents:  at("mutants/equivalent.json"),
		Coverage:     at("mutants/coverage.json"),
		Clauses:      at("mutants/testdata/answers/clauses.json"),
		Observations: at("testdata"),
		Kinds:        []string{"happy", "edge"},
		Own:          "student",
		Worksheets:   []string{at("worksheet.md"), at("worksheet.zh-CN.md")},
		History:      at("worksheet.history.json"),
		Sources:      []string{at("reference"), at("mutants")},
	}
}

// Lab is the lab s declares: its catalogue parsed and joined to its
// answer key (either failing panics, as the lab's own tests parse the
// same bytes first),
// its layout the standard one unless s declares another, its Binding the
// package DIR/mutants of the module, and its quick loop go test of that
// package.
func (s Spec) Lab() *Lab {
	layout := s.Layout
	file := path.Join(s.Dir, "mutants/catalogue.json")
	if layout.Source != "" {
		file = layout.Catalogue
	}
	cat, err := mutation.Parse(file, s.Catalogue)
	if err != nil {
		panic(fmt.Sprintf("lab %s: embedded catalogue: %v", s.Name, err))
	}
	if layout.Source == "" {
		layout = StandardLayout(s.Dir, cat.Reference)
		if s.Answers != nil {
			layout.Answers = path.Join(s.Dir, "mutants/testdata/answers/key.json")
		}
	}
	if s.Answers != nil {
		key, err := mutation.ParseAnswerKey(layout.Answers, s.Answers)
		if err == nil {
			err = cat.Answer(key)
		}
		if err != nil {
			panic(fmt.Sprintf("lab %s: embedded answer key: %v", s.Name, err))
		}
	}
	pkg := path.Join(s.Dir, "mutants")
	return &Lab{
		Name:      s.Name,
		Binding:   path.Join(module(), pkg),
		Reference: s.Reference,
		Mutants:   s.Mutants,
		Wheats:    s.Wheats,
		Catalogue: cat,
		Commands:  s.Commands,
		Layout:    layout,
		QuickLoop: "go test ./" + pkg,
	}
}

// module is the path of the main module the binary was built from (a
// lab lives in the module whose programs import it).
func module() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Path != "" {
		return info.Main.Path
	}
	return "idemlab"
}

package schematest

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// A Problem is one way a document breaks its schema: one failed keyword
// at one place in the document.
type Problem struct {
	// Location is the JSON pointer (RFC 6901) of the offending value in
	// the document: "" is the whole document, and "/files/a~1b.go" the
	// member "a/b.go" of the member "files". A missing required property
	// is located at the object that lacks it.
	Location string
	// Keyword is the absolute location of the failed keyword: the URL of
	// the schema resource that holds it (its $id, or its file URL), "#",
	// and the JSON pointer of the keyword in that resource, references
	// followed; for example
	// "http://stryker-mutator.io/report.schema.json#/definitions/position/properties/column/minimum".
	Keyword string
	// Message says what is wrong, in English, in the words of
	// santhosh-tekuri/jsonschema.
	Message string
}

// String is the problem in one line: where, what, and which keyword.
func (p Problem) String() string {
	return fmt.Sprintf("at %s: %s [%s]", where(p.Location), p.Message, p.Keyword)
}

// where renders a JSON pointer for a reader.
func where(ptr string) string {
	if ptr == "" {
		return `"" (the whole document)`
	}
	return fmt.Sprintf("%q", ptr)
}

// An Error is the rejection of a document by a schema, with every problem
// the validator found. [Check] returns it (as an error; see [errors.As])
// and [Validate] reports it.
type Error struct {
	// Schema is the schema file as the caller named it.
	Schema string
	// Problems lists every failed keyword, sorted by Location, then
	// Keyword. It is never empty.
	Problems []Problem

	base string // the URL of the schema's root resource, without fragment
}

// Error lists the problems one a line. Keyword locations within the
// validated schema's own resource are shortened to their fragment.
func (e *Error) Error() string {
	var b strings.Builder
	noun := "problems"
	if len(e.Problems) == 1 {
		noun = "problem"
	}
	fmt.Fprintf(&b, "document does not match schema %s: %d %s:", e.Schema, len(e.Problems), noun)
	for _, p := range e.Problems {
		kw := p.Keyword
		if u, frag, ok := strings.Cut(kw, "#"); ok && u == e.base && e.base != "" {
			kw = "#" + frag
		}
		fmt.Fprintf(&b, "\n  at %s: %s [%s]", where(p.Location), p.Message, kw)
	}
	return b.String()
}

// Compile compiles the schema in schemaFile, and every schema it refers
// to, failing t (and stopping the test) if it cannot. Each file is
// compiled once per test binary; later calls return the same schema.
// See the package documentation for how references are resolved.
func Compile(t testing.TB, schemaFile string) *jsonschema.Schema {
	t.Helper()
	sch, err := compile(schemaFile)
	if err != nil {
		t.Fatalf("schematest: %v", err)
	}
	return sch
}

// Validate fails t unless doc, a JSON document, is valid against the
// schema in schemaFile. A rejected document fails the test (t.Errorf) with
// every problem, each at its JSON pointer; a schema that does not compile
// or a doc that is not JSON stops the test (t.Fatalf).
func Validate(t testing.TB, schemaFile string, doc []byte) {
	t.Helper()
	sch := Compile(t, schemaFile)
	v, err := decode(doc)
	if err != nil {
		t.Fatalf("schematest: %v", err)
	}
	if err := validate(schemaFile, sch, v); err != nil {
		t.Errorf("schematest: %v", err)
	}
}

// Check reports whether doc, a JSON document, is valid against the schema
// in schemaFile, without failing any test: for tests that expect a
// document to be rejected. It returns nil for a valid document, an
// [*Error] listing every problem for an invalid one, and another error
// when the schema does not compile or doc is not JSON.
func Check(schemaFile string, doc []byte) error {
	sch, err := compile(schemaFile)
	if err != nil {
		return fmt.Errorf("schematest: %w", err)
	}
	v, err := decode(doc)
	if err != nil {
		return fmt.Errorf("schematest: %w", err)
	}
	return validate(schemaFile, sch, v)
}

// decode parses doc as the validator wants it: numbers as json.Number,
// so that integers of any size are checked exactly.
func decode(doc []byte) (any, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return nil, fmt.Errorf("document is not JSON: %w", err)
	}
	return v, nil
}

// validate validates v and turns a rejection into an *Error.
func validate(schemaFile string, sch *jsonschema.Schema, v any) error {
	err := sch.Validate(v)
	if err == nil {
		return nil
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return fmt.Errorf("schematest: validating against %s: %w", schemaFile, err)
	}
	base, _, _ := strings.Cut(sch.Location, "#")
	return &Error{Schema: schemaFile, Problems: problems(base, verr), base: base}
}

// problems flattens a validation error to its leaves, the keywords that
// failed, sorted.
func problems(base string, verr *jsonschema.ValidationError) []Problem {
	var list []Problem
	var walk func(u *jsonschema.OutputUnit)
	walk = func(u *jsonschema.OutputUnit) {
		if len(u.Errors) > 0 {
			for i := range u.Errors {
				walk(&u.Errors[i])
			}
			return
		}
		kw := u.AbsoluteKeywordLocation
		if kw == "" {
			kw = base + "#" + u.KeywordLocation
		}
		msg := ""
		if u.Error != nil {
			msg = u.Error.String()
		}
		list = append(list, Problem{Location: u.InstanceLocation, Keyword: kw, Message: msg})
	}
	walk(verr.DetailedOutput())
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.Location != b.Location {
			return a.Location < b.Location
		}
		if a.Keyword != b.Keyword {
			return a.Keyword < b.Keyword
		}
		return a.Message < b.Message
	})
	return list
}

// The compiled schemas, by absolute file path, and the compilers, one for
// each folder a schema was compiled from. A jsonschema.Compiler is not
// safe for concurrent use, so mu guards both; a compiled Schema is.
var (
	mu        sync.Mutex
	schemas   = map[string]*jsonschema.Schema{}
	compilers = map[string]*folder{}
)

// A folder compiles the schemas of one folder and what they refer to.
type folder struct {
	c      *jsonschema.Compiler
	loader *offlineLoader
}

func newFolder() *folder {
	l := &offlineLoader{scanned: map[string]bool{}, ids: map[string]string{}}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.UseLoader(l)
	return &folder{c: c, loader: l}
}

// compile compiles schemaFile, or returns it compiled before.
func compile(schemaFile string) (*jsonschema.Schema, error) {
	abs, err := filepath.Abs(schemaFile)
	if err != nil {
		return nil, err
	}
	mu.Lock()
	defer mu.Unlock()
	if sch, ok := schemas[abs]; ok {
		return sch, nil
	}
	dir := filepath.Dir(abs)
	f := compilers[dir]
	if f == nil {
		f = newFolder()
		compilers[dir] = f
	}
	// A schema with an $id is compiled under it, so that a sibling that
	// refers to that $id shares this compilation.
	loc := abs
	id, err := f.loader.register(abs)
	if err != nil {
		return nil, err
	}
	if id != "" {
		loc = id
	}
	sch, err := f.c.Compile(loc)
	if err != nil {
		return nil, fmt.Errorf("compiling %s: %w", schemaFile, err)
	}
	schemas[abs] = sch
	return sch, nil
}

// An offlineLoader is the compiler's only way to a schema it has not yet
// seen. It reads file URLs from disk and finds any other URL among the
// $ids of the JSON files in the folders it has met: the folder of each
// schema compiled and of each file loaded. It never touches the network.
type offlineLoader struct {
	dirs    []string          // folders met, in order
	scanned map[string]bool   // folders whose files' $ids are in ids
	ids     map[string]string // a schema's $id, without fragment, to its file
}

// register notes file, its folder, and its $id, which it returns ("" for
// none, or for one that is the file's own URL).
func (l *offlineLoader) register(file string) (string, error) {
	l.meet(filepath.Dir(file))
	doc, err := readJSON(file)
	if err != nil {
		return "", err
	}
	id, err := schemaID(file, doc)
	if err != nil || id == "" {
		return "", err
	}
	if err := l.addID(id, file); err != nil {
		return "", err
	}
	if id == normalize(fileURL(file)) {
		return "", nil
	}
	return id, nil
}

// meet notes a folder to search for $ids.
func (l *offlineLoader) meet(dir string) {
	for _, d := range l.dirs {
		if d == dir {
			return
		}
	}
	l.dirs = append(l.dirs, dir)
}

// addID maps id to file, refusing a second file with the same $id.
func (l *offlineLoader) addID(id, file string) error {
	if other, ok := l.ids[id]; ok && other != file {
		return fmt.Errorf("%s and %s both have $id %s", other, file, id)
	}
	l.ids[id] = file
	return nil
}

// Load implements jsonschema.URLLoader.
func (l *offlineLoader) Load(u string) (any, error) {
	parsed, err := url.Parse(u)
	if err != nil {
		return nil, err
	}
	if file, ok := l.ids[parsed.String()]; ok {
		return readJSON(file)
	}
	if parsed.Scheme == "file" {
		file, err := jsonschema.FileLoader{}.ToFile(u)
		if err != nil {
			return nil, err
		}
		l.meet(filepath.Dir(file))
		return readJSON(file)
	}
	for _, dir := range l.dirs {
		if err := l.scan(dir); err != nil {
			return nil, err
		}
	}
	if file, ok := l.ids[parsed.String()]; ok {
		return readJSON(file)
	}
	return nil, fmt.Errorf("no JSON file in %s has $id %s, and schematest never fetches a schema over the network",
		strings.Join(l.dirs, ", "), u)
}

// scan adds the $ids of the *.json files in dir, once.
func (l *offlineLoader) scan(dir string) error {
	if l.scanned[dir] {
		return nil
	}
	l.scanned[dir] = true
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		file := filepath.Join(dir, e.Name())
		doc, err := readJSON(file)
		if err != nil {
			return fmt.Errorf("looking for $ids in %s: %w", dir, err)
		}
		id, err := schemaID(file, doc)
		if err != nil {
			return err
		}
		if id != "" {
			if err := l.addID(id, file); err != nil {
				return err
			}
		}
	}
	return nil
}

// readJSON reads and parses a JSON file.
func readJSON(file string) (any, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return doc, nil
}

// schemaID is the absolute $id of a schema document, resolved against its
// file's URL, without fragment; "" when it has none. Draft 4 spells it
// "id".
func schemaID(file string, doc any) (string, error) {
	obj, ok := doc.(map[string]any)
	if !ok {
		return "", nil
	}
	key := "$id"
	if s, _ := obj["$schema"].(string); strings.Contains(s, "draft-04") {
		key = "id"
	}
	id, ok := obj[key].(string)
	if !ok || id == "" {
		return "", nil
	}
	base, err := url.Parse(fileURL(file))
	if err != nil {
		return "", err
	}
	ref, err := url.Parse(id)
	if err != nil {
		return "", fmt.Errorf("%s: $id %q: %w", file, id, err)
	}
	abs := base.ResolveReference(ref)
	abs.Fragment, abs.RawFragment = "", ""
	return abs.String(), nil
}

// fileURL is the file URL of an absolute path, spelt as the compiler
// spells it: unescaped.
func fileURL(path string) string {
	path = filepath.ToSlash(path)
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	return "file://" + path
}

// normalize spells a URL as net/url does, so that one URL has one key.
func normalize(u string) string {
	if parsed, err := url.Parse(u); err == nil {
		return parsed.String()
	}
	return u
}

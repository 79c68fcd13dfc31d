package schematest

import (
	"encoding"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// An Option changes how [AgreeWith] and [Agree] hold a Go type against a
// schema: [Read], [Leave].
type Option interface{ apply(*agreement) }

type optionFunc func(*agreement)

func (f optionFunc) apply(a *agreement) { f(a) }

// Read says that Go reads the documents (with a strict decoder) rather
// than writes them. A written type's schema must require exactly the
// fields encoding/json always writes: those without omitempty or
// omitzero. A decoder requires nothing, so a read type's schema may
// require any of its fields, and need not require any.
var Read Option = optionFunc(func(a *agreement) { a.read = true })

// Leave says that the schema leaves out on purpose field, named
// "package.Type.Field" as its declaring type spells it
// ("mutation.Mutant.Equivalent"), for the reason why: the format the
// schema describes is narrower than the Go type that reads it. A Leave
// that names no field met, or a field the schema has after all, is a
// disagreement too, so that a stale one does not linger.
func Leave(field, why string) Option {
	return optionFunc(func(a *agreement) { a.left[field] = why })
}

// A Disagreement is one place where a Go type and its schema differ.
type Disagreement struct {
	// Field is the Go field, "package.Type.Field" as its declaring type
	// spells it, and In the type it was met in when that differs (a
	// field promoted from an embedded struct); Field is "" for a
	// property with no field.
	Field, In string
	// Name is the JSON name of the field or property.
	Name string
	// Schema is where in the schema: its file, "#" and a JSON pointer.
	Schema string
	// Message says what differs.
	Message string
}

func (d Disagreement) String() string {
	var who string
	switch {
	case d.Field == "":
		who = fmt.Sprintf("property %q", d.Name)
	case d.In != "" && d.Name != "":
		who = fmt.Sprintf("%s (json %q, in %s)", d.Field, d.Name, d.In)
	case d.Name != "":
		who = fmt.Sprintf("%s (json %q)", d.Field, d.Name)
	default:
		who = d.Field
	}
	return fmt.Sprintf("%s at %s: %s", who, d.Schema, d.Message)
}

// AgreeWith fails t (t.Errorf) with every disagreement between the Go
// type typ and the schema at pointer, a JSON pointer ("" for the whole
// schema, "/$defs/mutant" for one definition), in schemaFile; see [Agree]
// for what is compared. A schema file that cannot be read or a pointer
// that leads nowhere stops the test (t.Fatalf).
func AgreeWith(t testing.TB, schemaFile, pointer string, typ reflect.Type, opts ...Option) {
	t.Helper()
	list, err := Agree(schemaFile, pointer, typ, opts...)
	if err != nil {
		t.Fatalf("schematest: %v", err)
	}
	if len(list) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "schematest: Go type %s and schema %s#%s disagree in %d places:", typ, schemaFile, pointer, len(list))
	for _, d := range list {
		fmt.Fprintf(&b, "\n  %s", d)
	}
	t.Errorf("%s", b.String())
}

// Agree lists every disagreement between the Go type typ and the schema
// at pointer in schemaFile, walking both together, as encoding/json
// sees the type:
//
//   - a struct is an object whose "properties" are exactly the JSON names
//     of its fields: exported fields, named by their json tag, those
//     tagged "-" left out, the fields of an untagged embedded struct
//     promoted as encoding/json promotes them. The object must be closed
//     ("additionalProperties" or "unevaluatedProperties" false), and its
//     "required" must name only its properties, and for a written type
//     exactly the fields without omitempty (see [Read]);
//   - each field's schema is walked with the field's type: a slice's
//     "items" with its element, a map's "additionalProperties" with its
//     value, a pointer as what it points to;
//   - a bool must be allowed to be a JSON boolean, an integer an
//     integer, a float a number, a string (or a []byte, a
//     time.Time, a type that marshals to text) a string, a slice an
//     array, a struct or a map an object: by the schema's "type", or,
//     when it has none, the values of its "const" or "enum". A schema
//     that says nothing of its type is not checked, and neither is
//     whether it allows null;
//   - a type with its own MarshalJSON (for a written type) or
//     UnmarshalJSON (for a read one) is taken as it is: its schema is not
//     looked into.
//
// The schema is followed through "$ref"s within its file and into the
// branches of "allOf", "anyOf" and "oneOf" to find the "properties",
// "items" or "additionalProperties" it needs. Disagreements are sorted by
// schema location, then field. The error is for a schema file that cannot
// be read, is not JSON, or has nothing at pointer.
func Agree(schemaFile, pointer string, typ reflect.Type, opts ...Option) ([]Disagreement, error) {
	data, err := os.ReadFile(schemaFile)
	if err != nil {
		return nil, err
	}
	var root any
	if err := json.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("%s: %w", schemaFile, err)
	}
	a := &agreement{file: schemaFile, root: root, left: map[string]string{}, met: map[string]bool{}, seen: map[visit]bool{}}
	if obj, ok := root.(map[string]any); ok {
		a.id, _ = obj["$id"].(string)
	}
	for _, o := range opts {
		o.apply(a)
	}
	node, ok := a.at(pointer)
	if !ok {
		return nil, fmt.Errorf("%s: nothing at JSON pointer %q", schemaFile, pointer)
	}
	a.value(typ, node, pointer, typeName(typ))
	for _, field := range sortedKeys(a.left) {
		if !a.met[field] {
			a.add(Disagreement{Field: field, Schema: a.where(pointer), Message: "Leave names a field met nowhere in " + typ.String() + ": remove it (" + a.left[field] + ")"})
		}
	}
	sort.SliceStable(a.out, func(i, j int) bool {
		x, y := a.out[i], a.out[j]
		if x.Schema != y.Schema {
			return x.Schema < y.Schema
		}
		if x.Field != y.Field {
			return x.Field < y.Field
		}
		if x.Name != y.Name {
			return x.Name < y.Name
		}
		return x.Message < y.Message
	})
	// A $ref that cannot be followed is met once per look through it.
	return slices.Compact(a.out), nil
}

// agreement is one walk of a type and a schema.
type agreement struct {
	file, id string
	root     any
	read     bool
	left     map[string]string // Leave's fields, to why
	met      map[string]bool   // Leave's fields met
	seen     map[visit]bool
	out      []Disagreement
}

// A visit is a type met at a place in the schema: walked once.
type visit struct {
	typ reflect.Type
	ptr string
}

func (a *agreement) add(d Disagreement) { a.out = append(a.out, d) }

func (a *agreement) where(ptr string) string { return a.file + "#" + ptr }

var (
	timeType            = reflect.TypeFor[time.Time]()
	jsonMarshaler       = reflect.TypeFor[json.Marshaler]()
	jsonUnmarshaler     = reflect.TypeFor[json.Unmarshaler]()
	textMarshaler       = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshaler     = reflect.TypeFor[encoding.TextUnmarshaler]()
	jsonTypesOfGoKinds  = map[reflect.Kind]string{reflect.Bool: "boolean", reflect.String: "string", reflect.Float32: "number", reflect.Float64: "number"}
	integerKindsOfGoInt = []reflect.Kind{reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr}
)

// implements reports whether t or *t implements iface.
func implements(t, iface reflect.Type) bool {
	return t.Implements(iface) || t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(iface)
}

// value walks the Go type typ against the schema node at ptr; label names
// the Go value for messages ("report.Report.Meta").
func (a *agreement) value(typ reflect.Type, node any, ptr, label string) {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	if a.seen[visit{typ, ptr}] {
		return
	}
	a.seen[visit{typ, ptr}] = true
	switch {
	case typ == timeType:
		a.wantType(node, ptr, label, "string", "a time.Time")
		return
	case !a.read && implements(typ, jsonMarshaler), a.read && implements(typ, jsonUnmarshaler):
		return
	case !a.read && implements(typ, textMarshaler), a.read && implements(typ, textUnmarshaler):
		a.wantType(node, ptr, label, "string", "a "+typ.String()+" (text)")
		return
	}
	kind := typ.Kind()
	switch {
	case jsonTypesOfGoKinds[kind] != "":
		a.wantType(node, ptr, label, jsonTypesOfGoKinds[kind], "a Go "+kind.String())
	case slices.Contains(integerKindsOfGoInt, kind):
		a.wantType(node, ptr, label, "integer", "a Go "+kind.String())
	case (kind == reflect.Slice || kind == reflect.Array) && typ.Elem().Kind() == reflect.Uint8:
		a.wantType(node, ptr, label, "string", "a Go []byte")
	case kind == reflect.Slice || kind == reflect.Array:
		a.wantType(node, ptr, label, "array", "a Go "+kind.String())
		items, iptr, ok := a.find(node, ptr, "items")
		if !ok {
			a.add(Disagreement{Field: label, Schema: a.where(ptr), Message: "is a Go " + kind.String() + ", and the schema has no \"items\" for its elements"})
			return
		}
		if b, isBool := items.(bool); isBool {
			if !b {
				a.add(Disagreement{Field: label, Schema: a.where(iptr), Message: "is a Go " + kind.String() + ", and the schema allows no items at all"})
			}
			return
		}
		a.value(typ.Elem(), items, iptr, label+"[]")
	case kind == reflect.Map:
		a.wantType(node, ptr, label, "object", "a Go map")
		vals, vptr, ok := a.find(node, ptr, "additionalProperties")
		if !ok {
			if vals, vptr, ok = a.onePattern(node, ptr); !ok {
				a.add(Disagreement{Field: label, Schema: a.where(ptr), Message: "is a Go map, and the schema has no \"additionalProperties\" (or one \"patternProperties\") for its values"})
				return
			}
		}
		if b, isBool := vals.(bool); isBool {
			if !b {
				a.add(Disagreement{Field: label, Schema: a.where(vptr), Message: "is a Go map, and the schema allows no members at all"})
			}
			return
		}
		a.value(typ.Elem(), vals, vptr, label+"[key]")
	case kind == reflect.Struct:
		a.wantType(node, ptr, label, "object", "a Go struct")
		a.object(typ, node, ptr, label)
	}
}

// wantType records a disagreement when the schema at ptr says what its
// type is and does not allow want.
func (a *agreement) wantType(node any, ptr, label, want, what string) {
	allowed, known := a.types(node, ptr, 0)
	if !known || allowed[want] {
		return
	}
	a.add(Disagreement{Field: label, Schema: a.where(ptr), Message: fmt.Sprintf("is %s (JSON %s), and the schema allows only %s", what, want, strings.Join(sortedKeys(allowed), ", "))})
}

// types is the set of JSON types the schema node allows, and whether it
// says: from "type", else "const" or "enum", else the union of its
// "anyOf" or "oneOf" branches, else of its "allOf" and "$ref".
func (a *agreement) types(node any, ptr string, depth int) (map[string]bool, bool) {
	obj, ok := node.(map[string]any)
	if !ok || depth > 32 {
		return nil, false
	}
	set := map[string]bool{}
	switch t := obj["type"].(type) {
	case string:
		set[t] = true
		return set, true
	case []any:
		for _, s := range t {
			if s, ok := s.(string); ok {
				set[s] = true
			}
		}
		return set, true
	}
	if c, ok := obj["const"]; ok {
		set[jsonType(c)] = true
		return set, true
	}
	if e, ok := obj["enum"].([]any); ok {
		for _, v := range e {
			set[jsonType(v)] = true
		}
		return set, true
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		branches, ok := obj[key].([]any)
		if !ok {
			continue
		}
		for i, b := range branches {
			bnode, bptr := a.deref(b, ptr+"/"+key+"/"+strconv.Itoa(i))
			s, known := a.types(bnode, bptr, depth+1)
			if !known {
				return nil, false
			}
			for k := range s {
				set[k] = true
			}
		}
		return set, true
	}
	var parts []any
	if all, ok := obj["allOf"].([]any); ok {
		parts = append(parts, all...)
	}
	if _, ok := obj["$ref"]; ok {
		parts = append(parts, map[string]any{"$ref": obj["$ref"]})
	}
	for _, p := range parts {
		pnode, pptr := a.deref(p, ptr)
		if s, known := a.types(pnode, pptr, depth+1); known {
			return s, true
		}
	}
	return nil, false
}

// jsonType is the JSON type of a decoded value; a whole number is
// "integer".
func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if v == float64(int64(v)) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

// object walks a struct against the object schema that has its
// properties.
func (a *agreement) object(typ reflect.Type, node any, ptr, label string) {
	found, fptr, ok := a.find(node, ptr, "properties")
	if !ok {
		a.add(Disagreement{Field: label, Schema: a.where(ptr), Message: "is a Go struct (" + typ.String() + "), and the schema has no \"properties\" for its fields"})
		return
	}
	obj := found.(map[string]any)
	props, _ := obj["properties"].(map[string]any)
	if ap, has := obj["additionalProperties"]; !(has && ap == false) && obj["unevaluatedProperties"] != false {
		a.add(Disagreement{Field: label, Schema: a.where(fptr), Message: "is a Go struct (" + typ.String() + "), and the schema's object is open: say \"additionalProperties\": false"})
	}
	required := map[string]bool{}
	if list, ok := obj["required"].([]any); ok {
		for _, r := range list {
			if s, ok := r.(string); ok {
				required[s] = true
			}
		}
	}
	fields := jsonFields(typ)
	byName := map[string]bool{}
	for _, f := range fields {
		byName[f.name] = true
		d := Disagreement{Field: f.goName, Name: f.name, Schema: a.where(fptr + "/properties")}
		if f.owner != typ {
			d.In = typeName(typ)
		}
		why, isLeft := a.left[f.goName]
		if isLeft {
			a.met[f.goName] = true
		}
		prop, has := props[f.name]
		switch {
		case isLeft && has:
			d.Message = "Leave says the schema leaves it out (" + why + "), but it has it"
			a.add(d)
			continue
		case isLeft:
			continue
		case !has:
			d.Message = "no such property: add it to the schema"
			a.add(d)
			continue
		}
		d.Schema = a.where(fptr + "/required")
		switch {
		case !a.read && f.omittable() && required[f.name]:
			d.Message = "the schema requires it, but Go leaves it out when it is empty (" + f.omitOption() + ")"
			a.add(d)
		case !a.read && !f.omittable() && !required[f.name]:
			d.Message = "Go always writes it (no omitempty), so the schema must require it"
			a.add(d)
		}
		pptr := fptr + "/properties/" + escape(f.name)
		pnode, pptr := a.deref(prop, pptr)
		a.value(f.typ, pnode, pptr, f.goName)
	}
	for _, name := range sortedKeys(props) {
		if !byName[name] {
			a.add(Disagreement{Name: name, Schema: a.where(fptr + "/properties/" + escape(name)), Message: "no field of " + typ.String() + " has this JSON name: remove it from the schema, or add the field"})
		}
	}
	for _, name := range sortedKeys(required) {
		if _, has := props[name]; !has {
			a.add(Disagreement{Name: name, Schema: a.where(fptr + "/required"), Message: "required, but not among the properties"})
		}
	}
}

// find looks for keyword in node, then through its "$ref" and into its
// "allOf", "anyOf" and "oneOf" branches, breadth first, and returns the
// object that has it (for "properties") or the keyword's value (for
// anything else), with its pointer.
func (a *agreement) find(node any, ptr, keyword string) (any, string, bool) {
	type item struct {
		node any
		ptr  string
	}
	queue := []item{{node, ptr}}
	for n := 0; len(queue) > 0 && n < 256; n++ {
		it := queue[0]
		queue = queue[1:]
		obj, ok := it.node.(map[string]any)
		if !ok {
			continue
		}
		if v, has := obj[keyword]; has {
			if keyword == "properties" {
				return obj, it.ptr, true
			}
			return v, it.ptr + "/" + escape(keyword), true
		}
		if _, has := obj["$ref"]; has {
			if target, tptr := a.deref(map[string]any{"$ref": obj["$ref"]}, it.ptr); tptr != it.ptr {
				queue = append(queue, item{target, tptr})
			}
		}
		for _, key := range []string{"allOf", "anyOf", "oneOf"} {
			if branches, ok := obj[key].([]any); ok {
				for i, b := range branches {
					queue = append(queue, item{b, it.ptr + "/" + key + "/" + strconv.Itoa(i)})
				}
			}
		}
	}
	return nil, "", false
}

// onePattern is the schema of a map's values given by its one
// "patternProperties".
func (a *agreement) onePattern(node any, ptr string) (any, string, bool) {
	pp, pptr, ok := a.find(node, ptr, "patternProperties")
	if !ok {
		return nil, "", false
	}
	m, ok := pp.(map[string]any)
	if !ok || len(m) != 1 {
		return nil, "", false
	}
	for k, v := range m {
		return v, pptr + "/" + escape(k), true
	}
	return nil, "", false
}

// deref follows node's "$ref", when node is nothing but one, and the
// target's, and so on; it returns node as it is otherwise. A $ref it
// cannot follow, outside the schema's own file or to nothing, is a
// disagreement.
func (a *agreement) deref(node any, ptr string) (any, string) {
	for range 32 {
		obj, ok := node.(map[string]any)
		if !ok {
			return node, ptr
		}
		ref, ok := obj["$ref"].(string)
		if !ok {
			return node, ptr
		}
		frag, ok := a.local(ref)
		if !ok {
			a.add(Disagreement{Schema: a.where(ptr + "/$ref"), Message: fmt.Sprintf("cannot follow $ref %q: only references within the schema's own file are followed", ref)})
			return node, ptr
		}
		target, ok := a.at(frag)
		if !ok {
			a.add(Disagreement{Schema: a.where(ptr + "/$ref"), Message: fmt.Sprintf("$ref %q leads nowhere", ref)})
			return node, ptr
		}
		if len(obj) > 1 {
			// Keywords beside the $ref apply too: keep them; find and
			// types look through the $ref for what they lack.
			return node, ptr
		}
		node, ptr = target, frag
	}
	return node, ptr
}

// local is the JSON pointer a $ref within the schema's file names.
func (a *agreement) local(ref string) (string, bool) {
	u, frag, _ := strings.Cut(ref, "#")
	if u != "" {
		base, err := url.Parse(a.id)
		if a.id == "" || err != nil {
			abs, _ := filepath.Abs(a.file)
			if filepath.Base(u) != filepath.Base(abs) {
				return "", false
			}
		} else if r, err := url.Parse(u); err != nil || base.ResolveReference(r).String() != base.String() {
			return "", false
		}
	}
	frag, err := url.PathUnescape(frag)
	if err != nil || frag != "" && !strings.HasPrefix(frag, "/") {
		return "", false
	}
	return frag, true
}

// at is the value at JSON pointer ptr in the schema.
func (a *agreement) at(ptr string) (any, bool) {
	node := a.root
	if ptr == "" {
		return node, true
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil, false
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch n := node.(type) {
		case map[string]any:
			v, ok := n[tok]
			if !ok {
				return nil, false
			}
			node = v
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n) {
				return nil, false
			}
			node = n[i]
		default:
			return nil, false
		}
	}
	return node, true
}

// escape is a JSON pointer token.
func escape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// A jsonField is a struct field as encoding/json sees it.
type jsonField struct {
	name            string       // its JSON name
	goName          string       // "package.Type.Field", of its declaring type
	owner           reflect.Type // its declaring type
	typ             reflect.Type
	omitempty, zero bool // omitempty, omitzero
	depth           int  // of embedding
	tagged          bool // named by its tag
	quoted          bool // ",string" on a kind it quotes
}

// omittable reports whether encoding/json may leave the field out.
func (f jsonField) omittable() bool {
	if f.zero {
		return true
	}
	if !f.omitempty {
		return false
	}
	switch f.typ.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String, reflect.Slice, reflect.Map, reflect.Array,
		reflect.Pointer, reflect.Interface:
		return true
	}
	return false // omitempty does nothing to a struct
}

func (f jsonField) omitOption() string {
	if f.zero {
		return "omitzero"
	}
	return "omitempty"
}

// typeName is a type as "package.Type", the way a message names it.
func typeName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.String()
}

// jsonFields lists the fields encoding/json encodes of struct type t, in
// the order it does, embedded structs' fields promoted, a name claimed
// twice at the same depth dropped unless one of the claims is tagged.
func jsonFields(t reflect.Type) []jsonField {
	var all []jsonField
	collect(t, 0, map[reflect.Type]bool{}, &all)
	byName := map[string][]jsonField{}
	var order []string
	for _, f := range all {
		if _, ok := byName[f.name]; !ok {
			order = append(order, f.name)
		}
		byName[f.name] = append(byName[f.name], f)
	}
	var out []jsonField
	for _, name := range order {
		if f, ok := dominant(byName[name]); ok {
			out = append(out, f)
		}
	}
	return out
}

// dominant is the field that wins a name, as encoding/json decides.
func dominant(fields []jsonField) (jsonField, bool) {
	depth := fields[0].depth
	for _, f := range fields {
		depth = min(depth, f.depth)
	}
	var top, tagged []jsonField
	for _, f := range fields {
		if f.depth == depth {
			top = append(top, f)
			if f.tagged {
				tagged = append(tagged, f)
			}
		}
	}
	switch {
	case len(top) == 1:
		return top[0], true
	case len(tagged) == 1:
		return tagged[0], true
	}
	return jsonField{}, false
}

// collect appends the fields of struct t at embedding depth depth.
func collect(t reflect.Type, depth int, visiting map[reflect.Type]bool, out *[]jsonField) {
	if visiting[t] {
		return
	}
	visiting[t] = true
	defer delete(visiting, t)
	for i := range t.NumField() {
		sf := t.Field(i)
		ft := sf.Type
		if sf.Anonymous {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if !sf.IsExported() && ft.Kind() != reflect.Struct {
				continue
			}
		} else if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" && sf.Anonymous && ft.Kind() == reflect.Struct {
			if sf.Type.Kind() == reflect.Pointer && !sf.IsExported() {
				continue // encoding/json cannot set it
			}
			collect(ft, depth+1, visiting, out)
			continue
		}
		f := jsonField{name: name, tagged: name != "", owner: t, goName: typeName(t) + "." + sf.Name, typ: sf.Type, depth: depth}
		if name == "" {
			f.name = sf.Name
		}
		for _, o := range strings.Split(opts, ",") {
			switch o {
			case "omitempty":
				f.omitempty = true
			case "omitzero":
				f.zero = true
			case "string":
				switch sf.Type.Kind() {
				case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
					reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
					reflect.Float32, reflect.Float64:
					f.quoted = true
					f.typ = reflect.TypeFor[string]()
				}
			}
		}
		*out = append(*out, f)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

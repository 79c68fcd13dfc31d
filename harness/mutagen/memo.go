package mutagen

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// keyTypes are the parameter types a memo can key on: comparable, with
// no dynamic type inside that could make a map key panic.
var keyTypes = map[string]bool{"string": true, "int": true, "int64": true, "float64": true, "bool": true}

// memoEdits makes the go-memoise mutant of fd: an exported function whose
// parameters are all of keyTypes and whose last result is an error keeps,
// in package state, the results of each call that succeeded, and answers
// the same arguments again from there without running. The lab's commands
// run in one process, so a later call sees what an earlier one stored: a
// store that caches what it read, or what it was told, is the bug (state
// across calls). The memo is keyed by every argument, the store's path
// among them, so scripts run side by side never share an entry, and a
// channel of one guards it, so the copy needs no import.
func memoEdits(src []byte, off func(token.Pos) int, fd *ast.FuncDecl) []edit {
	name, params, results, ok := memoSignature(src, off, fd)
	if !ok {
		return nil
	}
	m := "memo" + name
	var keyFields, vals, resNames, valFields, valRead []string
	for i, p := range params {
		keyFields = append(keyFields, fmt.Sprintf("k%d %s", i, p[1]))
		vals = append(vals, p[0])
	}
	for i, t := range results[:len(results)-1] {
		resNames = append(resNames, fmt.Sprintf("memoR%d", i))
		valFields = append(valFields, fmt.Sprintf("v%d %s", i, t))
		valRead = append(valRead, fmt.Sprintf("memoV.v%d", i))
	}
	var named []string
	for i, t := range results[:len(results)-1] {
		named = append(named, resNames[i]+" "+t)
	}
	named = append(named, "memoErr error")
	text := string(src[off(fd.Pos()):off(fd.End())])
	var b strings.Builder
	fmt.Fprintf(&b, "type %sKey struct{ %s }\n\n", m, strings.Join(keyFields, "; "))
	fmt.Fprintf(&b, "type %sVal struct{ %s }\n\n", m, strings.Join(valFields, "; "))
	fmt.Fprintf(&b, "var %s = map[%sKey]%sVal{}\n\nvar %sLock = make(chan struct{}, 1)\n\n", m, m, m, m)
	fmt.Fprintf(&b, "func %s%s (%s) {\n", name, string(src[off(fd.Type.Params.Pos()):off(fd.Type.Params.End())]), strings.Join(named, ", "))
	fmt.Fprintf(&b, "\tmemoK := %sKey{%s}\n\t%sLock <- struct{}{}\n\tmemoV, memoOK := %s[memoK]\n\t<-%sLock\n", m, strings.Join(vals, ", "), m, m, m)
	fmt.Fprintf(&b, "\tif memoOK {\n\t\t_ = memoV\n\t\treturn %s\n\t}\n", strings.Join(append(valRead, "nil"), ", "))
	fmt.Fprintf(&b, "\t%s = %sUncached(%s)\n", strings.Join(append(resNames, "memoErr"), ", "), m, strings.Join(vals, ", "))
	fmt.Fprintf(&b, "\tif memoErr == nil {\n\t\t%sLock <- struct{}{}\n\t\t%s[memoK] = %sVal{%s}\n\t\t<-%sLock\n\t}\n\treturn\n}\n\n", m, m, m, strings.Join(resNames, ", "), m)
	b.WriteString("func " + m + "Uncached" + strings.TrimPrefix(text, "func "+name))
	return []edit{{off(fd.Pos()), off(fd.End()), b.String(), "go-memoise"}}
}

// memoSignature reads what memoEdits needs of fd: its name, each
// parameter's name and type, and each result's type; ok is false for a
// function it leaves alone.
func memoSignature(src []byte, off func(token.Pos) int, fd *ast.FuncDecl) (name string, params [][2]string, results []string, ok bool) {
	t := fd.Type
	if fd.Recv != nil || t.TypeParams != nil || !fd.Name.IsExported() || t.Params == nil || t.Results == nil || len(t.Params.List) == 0 {
		return "", nil, nil, false
	}
	for _, f := range t.Params.List {
		id, isIdent := f.Type.(*ast.Ident)
		if !isIdent || !keyTypes[id.Name] || len(f.Names) == 0 {
			return "", nil, nil, false
		}
		for _, n := range f.Names {
			if n.Name == "_" {
				return "", nil, nil, false
			}
			params = append(params, [2]string{n.Name, id.Name})
		}
	}
	for _, f := range t.Results.List {
		for range max(1, len(f.Names)) {
			results = append(results, string(src[off(f.Type.Pos()):off(f.Type.End())]))
		}
	}
	if results[len(results)-1] != "error" {
		return "", nil, nil, false
	}
	return fd.Name.Name, params, results, true
}

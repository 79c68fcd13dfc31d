package reach_test

import (
	"strings"
	"testing"
)

// TestEntriesOfPrograms: ways code can run that a call graph may miss,
// each a small reference and one replacement in it, from a hostile
// review: keys of imported composite types, aliases and embedding,
// implicit String and Error calls, iota, goroutines, defer, method
// expressions, struct tags, generics and constraints, type switches and
// assertions on imported types, directives, labels, dot imports. want is
// the sound answer, nil where none is known.
func TestEntriesOfPrograms(t *testing.T) {
	for _, c := range []struct {
		name, ref, old, new string
		api, want           []string
	}{
		{"map key call", `package p
import "ext"
func helper() string { return "a" }
func F() any { return ext.M{helper(): 1} }
`, `"a"`, `"b"`, []string{"F"}, []string{"F"}},
		{"elided inner lit", `package p
import "ext"
func helper() int { return 1 }
func F() any { return []ext.T{{helper()}} }
`, `1 }`, `2 }`, []string{"F"}, []string{"F"}},
		{"elided inner lit keyed", `package p
import "ext"
func helper() int { return 1 }
func F() any { return ext.M{"k": {helper()}} }
`, `1 }`, `2 }`, []string{"F"}, []string{"F"}},
		{"array index key ext", `package p
import "ext"
const i = 1
func F() any { return ext.Arr{i: 5} }
`, `= 1`, `= 2`, []string{"F"}, []string{"F"}},
		{"alias embedded", `package p
type T struct{}
type A = T
func (*A) M() int { return 1 }
type S struct{ *T }
func F() int { s := S{&T{}}; return s.M() }
`, `return 1`, `return 2`, []string{"F"}, []string{"F"}},
		{"alias fmt implicit", `package p
import "fmt"
type T int
type A = T
func (A) String() string { return "a" }
func F() string { return fmt.Sprint(T(1)) }
`, `"a"`, `"b"`, []string{"F"}, []string{"F"}},
		{"own map key", `package p
type M map[string]int
const k = "a"
func F() M { return M{k: 1} }
`, `"a"`, `"b"`, []string{"F"}, []string{"F"}},
		{"a constant as a key of an imported map type", `package p
import "net/http"
const hdr = "X-A"
func F() http.Header { return http.Header{hdr: nil} }
`, `"X-A"`, `"X-B"`, []string{"F"}, []string{"F"}},
		{"const iota", `package p
const ( A = iota; B )
func F() int { return B }
func G() int { return 0 }
`, `A = iota`, `A = iota + 1`, []string{"F", "G"}, []string{"F"}},
		{"changed type used by var", `package p
type T struct{ n int8 }
var v T
func F() int { return 0 }
`, `int8`, `int16`, []string{"F"}, nil},
		{"goroutine closure", `package p
func helper() int { return 1 }
func F() { ch := make(chan int); go func() { ch <- helper() }(); <-ch }
`, `return 1`, `return 2`, []string{"F"}, []string{"F"}},
		{"defer", `package p
func helper() {}
func F() { defer helper() }
`, `helper() {}`, `helper() { panic(1) }`, []string{"F"}, []string{"F"}},
		{"errors implicit", `package p
type E struct{}
func (E) Error() string { return "a" }
func mk() error { return E{} }
func F() string { return mk().Error() }
`, `"a"`, `"b"`, []string{"F"}, []string{"F"}},
		{"method expr", `package p
type T struct{}
func (T) M() int { return 1 }
func F() int { f := T.M; return f(T{}) }
`, `return 1`, `return 2`, []string{"F"}, []string{"F"}},
		{"struct tag", "package p\nimport \"encoding/json\"\ntype T struct{ A int `json:\"a\"` }\nfunc mk() T { return T{} }\nfunc F() ([]byte, error) { return json.Marshal(mk()) }\n", `json:"a"`, `json:"b"`, []string{"F"}, []string{"F"}},
		{"generic func", `package p
func G[X any](x X) X { return x }
func F() int { return G(1) }
`, `return x }`, `var z X; return z }`, []string{"F"}, []string{"F"}},
		{"generic type method", `package p
type B[X any] struct{ x X }
func (b B[X]) Get() X { return b.x }
func F() int { return B[int]{1}.Get() }
`, `return b.x`, `var z X; return z`, []string{"F"}, []string{"F"}},
		{"alias receiver", `package p
type T struct{}
type A = T
func (A) M() int { return 1 }
func F() int { var t T; return t.M() }
func G() int { return 0 }
`, "func (A) M() int { return 1 }", "func (A) M() int { return 2 }", []string{"F", "G"}, []string{"F"}},
		{"type switch invalid guard", `package p
import "database/sql/driver"
func helper() int { return 1 }
func F(v driver.Value) int {
	switch v.(type) {
	case int:
		return helper()
	}
	return 0
}
func G() int { return 0 }
`, "func helper() int { return 1 }", "func helper() int { return 2 }", []string{"F", "G"}, []string{"F"}},
		{"type switch ext call guard", `package p
import "ext"
func helper() int { return 1 }
func F() int {
	switch x := ext.Get().(type) {
	default:
		_ = x
		return helper()
	}
}
`, "func helper() int { return 1 }", "func helper() int { return 2 }", []string{"F"}, []string{"F"}},
		{"map key of imported type", `package p
import "net/url"
const key = "a"
func F() url.Values { return url.Values{key: {"x"}} }
`, `const key = "a"`, `const key = "b"`, []string{"F"}, []string{"F"}},
		{"type assertion on invalid", `package p
import "ext"
type T struct{}
func (T) String() string { return "a" }
func Make() { ext.Store(T{}) }
func F() string { return ext.Load().(T).String() }
`, `func (T) String() string { return "a" }`, `func (T) String() string { return "b" }`, []string{"Make", "F"}, []string{"Make", "F"}},
		{"assert invalid, implicit", `package p
import ("ext"; "fmt")
type T struct{}
func (T) String() string { return "a" }
func Make() { ext.Store(T{}) }
func F() string { return fmt.Sprint(ext.Load().(T)) }
`, `func (T) String() string { return "a" }`, `func (T) String() string { return "b" }`, []string{"Make", "F"}, []string{"Make", "F"}},
		{"generic constraint method", `package p
type S interface{ M() int }
type T struct{}
func (T) M() int { return 1 }
func G[X S](x X) int { return x.M() }
func Mk() T { return T{} }
func F() int { var x S = Mk(); _ = x; return 0 }
`, "func (T) M() int { return 1 }", "func (T) M() int { return 2 }", []string{"G", "F"}, []string{"G", "F"}},
		{"embed directive", `package p
import _ "embed"
//go:embed a.txt
var s string
func F() string { return s }
`, "//go:embed a.txt", "//go:embed b.txt", []string{"F"}, nil},
		{"method value via var init", `package p
type T struct{}
func (T) M() int { return 1 }
var f = T{}.M
func F() int { return f() }
`, "func (T) M() int { return 1 }", "func (T) M() int { return 2 }", []string{"F"}, nil},
		{"range over invalid", `package p
import "ext"
func helper() int { return 1 }
func F() (n int) { for range ext.C { n += helper() }; return }
`, "func helper() int { return 1 }", "func helper() int { return 2 }", []string{"F"}, []string{"F"}},
		{"select on invalid", `package p
import "ext"
func helper() int { return 1 }
func F() int { select { case v := <-ext.C: _ = v; return helper() } }
`, "func helper() int { return 1 }", "func helper() int { return 2 }", []string{"F"}, []string{"F"}},
		{"struct key ext", `package p
import "ext"
func helper() int { return 1 }
func F() any { return ext.T{A: helper()} }
`, "func helper() int { return 1 }", "func helper() int { return 2 }", []string{"F"}, []string{"F"}},
		{"array len of ext", `package p
import "ext"
const n = 3
func F() any { var a [n]ext.T; return a }
`, "const n = 3", "const n = 4", []string{"F"}, []string{"F"}},
		{"dot import", `package p
import . "strings"
func helper() int { return 1 }
func F() int { return Count("a", "b") + helper() }
`, "func helper() int { return 1 }", "func helper() int { return 2 }", []string{"F"}, []string{"F"}},
		{"func lit arg of ext generic", `package p
import "ext"
func helper() int { return 1 }
func F() any { return ext.Map[int](func() int { return helper() }) }
`, "func helper() int { return 1 }", "func helper() int { return 2 }", []string{"F"}, []string{"F"}},
		{"label shadow", `package p
func helper() int { return 1 }
func F() int { helper := func() int { return 0 }; return helper() }
func G() int { return helper() }
`, "func helper() int { return 1 }", "func helper() int { return 2 }", []string{"F", "G"}, []string{"G"}},
		{"goto label", `package p
import "ext"
func helper() int { return 1 }
func F() int { if ext.B { goto L }; return 0; L: return helper() }
`, "func helper() int { return 1 }", "func helper() int { return 2 }", []string{"F"}, []string{"F"}},
		{"type switch own guard but case ext type", `package p
import "ext"
func helper() int { return 1 }
func F(v any) int { switch v.(type) { case ext.T: return helper() }; return 0 }
`, "func helper() int { return 1 }", "func helper() int { return 2 }", []string{"F"}, []string{"F"}},
	} {
		if n := strings.Count(c.ref, c.old); n != 1 {
			t.Errorf("%s: the replaced text occurs %d times", c.name, n)
			continue
		}
		checkCase(t, c.name, c.ref, strings.Replace(c.ref, c.old, c.new, 1), c.api, c.want)
	}
}

package htmlreport_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// cjkFamilies are the families with Chinese glyphs that a font stack of
// the page may name: Linux's (Debian's fonts-noto-cjk, WenQuanYi), Adobe's,
// macOS's and Windows'.
var cjkFamilies = []string{
	"Noto Sans CJK SC", "Noto Sans Mono CJK SC", "Noto Sans SC", "Source Han Sans SC",
	"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei",
}

// wantCJK are those every stack must name; a monospace stack must also
// name Noto Sans Mono CJK SC.
var wantCJK = []string{"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei"}

var (
	fontDecl = regexp.MustCompile(`\bfont(-family)?:\s*([^;}]*)`)
	generic  = []string{"serif", "sans-serif", "monospace", "system-ui", "ui-monospace", "-apple-system"}
)

// families lists a font stack's families: decl is a font-family value,
// or a font shorthand (size, then the stack) when shorthand is set.
func families(decl string, shorthand bool) []string {
	var out []string
	for i, f := range strings.Split(decl, ",") {
		f = strings.TrimSpace(f)
		if shorthand && i == 0 {
			f = f[strings.LastIndex(f, " ")+1:]
		}
		out = append(out, strings.Trim(f, `"'`))
	}
	return out
}

// shape is a stack's families by kind, runs of one kind told once: a
// good stack is latin, cjk, generic (system-ui and its like count as
// Latin, as they come first).
func shape(stack []string) []string {
	var out []string
	for i, f := range stack {
		kind := "latin"
		switch {
		case slices.Contains(cjkFamilies, f):
			kind = "cjk"
		case i == len(stack)-1 && slices.Contains(generic, f):
			kind = "generic"
		}
		if len(out) == 0 || out[len(out)-1] != kind {
			out = append(out, kind)
		}
	}
	return out
}

// TestFontStacks holds every font stack of the page, body text and
// monospace alike, to Latin families first, then families with Chinese
// glyphs for every platform, then the generic family: so a report in
// Chinese never falls back to a font without them.
func TestFontStacks(t *testing.T) {
	style := section(t, render(t, fixture(t)), `<style>`, "style")
	decls := fontDecl.FindAllStringSubmatch(style, -1)
	var mono bool
	for _, d := range decls {
		stack := families(d[2], d[1] == "")
		if diff := cmp.Diff([]string{"latin", "cjk", "generic"}, shape(stack)); diff != "" {
			t.Errorf("font stack %q: kinds of family in order (-want +got):\n%s", stack, diff)
		}
		want := wantCJK
		if stack[len(stack)-1] == "monospace" {
			mono, want = true, append([]string{"Noto Sans Mono CJK SC"}, wantCJK...)
		}
		var missing []string
		for _, f := range want {
			if !slices.Contains(stack, f) {
				missing = append(missing, f)
			}
		}
		if len(missing) > 0 {
			t.Errorf("font stack %q lacks the Chinese families %q", stack, missing)
		}
	}
	if len(decls) < 2 || !mono {
		t.Errorf("the page has %d font stacks (monospace among them: %v), want the body's and a monospace one", len(decls), mono)
	}
}

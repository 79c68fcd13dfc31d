package i18n_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
)

// messages reads one language's message file: id -> its texts (one, or
// one per plural form).
func messages(t *testing.T, lang i18n.Lang) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("locales", "active."+string(lang)+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", lang, err)
	}
	out := map[string][]string{}
	for id, v := range raw {
		var s string
		if json.Unmarshal(v, &s) == nil {
			out[id] = []string{s}
			continue
		}
		var forms map[string]string
		if err := json.Unmarshal(v, &forms); err != nil {
			t.Fatalf("%s: message %s is neither a string nor plural forms", lang, id)
		}
		for _, f := range forms {
			out[id] = append(out[id], f)
		}
	}
	return out
}

var placeholder = regexp.MustCompile(`\{\{\s*\.([A-Za-z]+)\s*\}\}`)

func placeholders(texts []string) []string {
	seen := map[string]bool{}
	for _, s := range texts {
		for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
			seen[m[1]] = true
		}
	}
	var out []string
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestEveryMessageIsTranslated fails when a message lacks its translation
// in any language, or when a translation fills other placeholders than
// the English message.
func TestEveryMessageIsTranslated(t *testing.T) {
	en := messages(t, i18n.English)
	for _, lang := range i18n.Langs[1:] {
		other := messages(t, lang)
		for id, texts := range en {
			tr, ok := other[id]
			if !ok {
				t.Errorf("%s: no %s translation of %q (%q)", id, lang, id, texts[0])
				continue
			}
			if diff := cmp.Diff(placeholders(texts), placeholders(tr)); diff != "" {
				t.Errorf("%s: the %s text fills other placeholders than the English (-en +%s):\n%s", id, lang, lang, diff)
			}
		}
		for id := range other {
			if _, ok := en[id]; !ok {
				t.Errorf("%s: %s has message %q, which English does not", id, lang, id)
			}
		}
	}
}

// TestEveryIDIsDefined reads the harness's Go source for the messages it
// asks for (calls of T and N with a constant id) and fails on any that
// English does not define, and on any English message nothing asks for.
func TestEveryIDIsDefined(t *testing.T) {
	en := messages(t, i18n.English)
	used := map[string]string{} // id -> where
	err := filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		return collect(p, used)
	})
	if err != nil {
		t.Fatal(err)
	}
	for id, where := range used {
		if _, ok := en[id]; !ok && slices.Contains(i18n.Areas, strings.Split(id, ".")[0]) {
			t.Errorf("%s asks for message %q, which locales/active.en.json does not define", where, id)
		}
	}
	var unused []string
	for id := range en {
		if _, ok := used[id]; !ok && !strings.HasPrefix(id, dynamicPrefix(id)) {
			unused = append(unused, id)
		}
	}
	slices.Sort(unused)
	for _, id := range unused {
		t.Errorf("message %q is defined but nothing asks for it", id)
	}
}

// dynamicPrefix returns the prefix of ids the code builds at run time
// (outcome.killed from an outcome), or "\x00" for any other.
func dynamicPrefix(id string) string {
	for _, p := range i18n.Dynamic {
		if strings.HasPrefix(id, p) {
			return p
		}
	}
	return "\x00"
}

// collect adds the message ids file names: the string constants that look
// like ids (dotted lower-case words). A constant that is a message's id
// asks for it, wherever it is (passed to T, or kept in a variable first).
func collect(file string, used map[string]string) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return err
	}
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		text, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		if idLike.MatchString(text) && !strings.HasSuffix(text, "-") {
			used[text] = fset.Position(lit.Pos()).String()
		}
		// A template's text names its messages in quotes: t .L "html.title".
		for _, m := range quotedID.FindAllStringSubmatch(text, -1) {
			used[m[1]] = fset.Position(lit.Pos()).String()
		}
		return true
	})
	return nil
}

// idLike matches what a message id looks like.
var idLike = regexp.MustCompile(`^[a-z]+(\.[a-z0-9-]+)+$`)

// quotedID matches a message id quoted inside a template.
var quotedID = regexp.MustCompile(`"([a-z]+(?:\.[a-z0-9-]+)+)"`)

func TestLookup(t *testing.T) {
	if got := i18n.English.T("outcome.killed", nil); got != "killed" {
		t.Errorf("English outcome.killed = %q", got)
	}
	if got := i18n.Chinese.T("outcome.killed", nil); got == "killed" || strings.HasPrefix(got, "[") {
		t.Errorf("Chinese outcome.killed = %q, want a translation", got)
	}
	if got := i18n.English.T("no.such.message", nil); got != "[no.such.message]" {
		t.Errorf("a missing message = %q, want its id in brackets", got)
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]i18n.Lang{"en": i18n.English, "EN-us": i18n.English, "zh-CN": i18n.Chinese, "zh_CN": i18n.Chinese, "zh": i18n.Chinese, "zh-Hans": i18n.Chinese} {
		if got, err := i18n.Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := i18n.Parse("fr"); err == nil {
		t.Error(`Parse("fr") succeeded`)
	}
}

func TestFromEnv(t *testing.T) {
	for _, tc := range []struct {
		all, messages, lang string
		want                i18n.Lang
	}{
		{"", "", "zh_CN.UTF-8", i18n.Chinese},
		{"", "", "en_GB.UTF-8", i18n.English},
		{"C", "", "zh_CN.UTF-8", i18n.English},
		{"", "zh_CN", "en_US", i18n.Chinese},
		{"", "", "", i18n.English},
	} {
		t.Setenv("LC_ALL", tc.all)
		t.Setenv("LC_MESSAGES", tc.messages)
		t.Setenv("LANG", tc.lang)
		if got := i18n.FromEnv(); got != tc.want {
			t.Errorf("FromEnv with LC_ALL=%q LC_MESSAGES=%q LANG=%q = %q, want %q", tc.all, tc.messages, tc.lang, got, tc.want)
		}
	}
}

// TestRegexpInChinese: why a pattern is not a regular expression, in
// either form Go's regexp package and the submission lint write it, is
// worded in Chinese with no English left (the pattern's part kept as
// written), for every error code of regexp/syntax; English keeps Go's
// text; a reason of no known code is quoted as Go's own words.
func TestRegexpInChinese(t *testing.T) {
	for _, p := range []string{`(`, `[a`, `a**`, `\q`, `[z-a]`, `(?P<>a)`, `(?z)`, `a{1001}`, `*`, `a\`, `)`, `[[:foo:]]`, "\xff", `(?i)x{2,1}`} {
		_, err := regexp.Compile(p)
		if err == nil {
			t.Fatalf("%q compiles", p)
		}
		var serr *syntax.Error
		if !errors.As(err, &serr) {
			t.Fatalf("%q: %v is not a syntax error", p, err)
		}
		for _, why := range []string{err.Error(), strings.TrimPrefix(err.Error(), "error parsing regexp: "), fmt.Sprintf("%s in %q", serr.Code, serr.Expr)} {
			if got := i18n.English.Regexp(why); got != why {
				t.Errorf("English.Regexp(%q) = %q, want it as it is", why, got)
			}
			got := i18n.Chinese.Regexp(why)
			part := serr.Expr
			if !strings.Contains(got, part) {
				part = fmt.Sprintf("%q", serr.Expr)
			}
			rest := strings.NewReplacer(part, "", "Perl", "", "UTF-8", "").Replace(got)
			if strings.ContainsAny(rest, "abcdefghijklmnopqrstuvwxyz") || !strings.Contains(got, part) {
				t.Errorf("Chinese.Regexp(%q) = %q: want a Chinese reason and the pattern's part %q", why, got, serr.Expr)
			}
		}
	}
	if got, want := i18n.Chinese.Regexp("a new reason"), "Go 的正则表达式库说（英文原文）：“a new reason”"; got != want {
		t.Errorf("Chinese.Regexp of an unknown reason = %q, want %q", got, want)
	}
}

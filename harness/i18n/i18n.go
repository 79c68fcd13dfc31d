package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// A Lang is a language the harness speaks.
type Lang string

// The languages, English first: it is the default, and every message has
// it.
const (
	English Lang = "en"
	Chinese Lang = "zh-CN"
)

// Langs lists every language, English first.
var Langs = []Lang{English, Chinese}

// M is the data a message's template reads: {{.Name}} is M{"Name": ...}.
type M = map[string]any

//go:embed locales/*.json
var locales embed.FS

// bundle holds every message file, parsed once.
var bundle = sync.OnceValue(func() *goi18n.Bundle {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	entries, err := locales.ReadDir("locales")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		data, err := locales.ReadFile(path.Join("locales", e.Name()))
		if err == nil {
			_, err = b.ParseMessageFileBytes(data, e.Name())
		}
		if err != nil {
			// The same files are checked by this package's tests, so a
			// bad one never reaches a build that passed them.
			panic(fmt.Sprintf("message file %s: %v", e.Name(), err))
		}
	}
	return b
})

// localizers holds one localizer per language.
var localizers sync.Map // Lang -> *goi18n.Localizer

func (l Lang) localizer() *goi18n.Localizer {
	if v, ok := localizers.Load(l); ok {
		return v.(*goi18n.Localizer)
	}
	v, _ := localizers.LoadOrStore(l, goi18n.NewLocalizer(bundle(), string(l), string(English)))
	return v.(*goi18n.Localizer)
}

// T returns message id in l, its template filled from data (nil, an M, or
// a struct). A message l lacks comes in English; one no file has comes as
// its id in brackets, which the tests forbid.
func (l Lang) T(id string, data any) string {
	s, err := l.localizer().Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data})
	switch {
	case err == nil:
		return s
	case l != English:
		return English.T(id, data)
	}
	return "[" + id + "]"
}

// N returns message id in the plural form that count takes in l; data's
// {{.Count}} is count unless data sets it.
func (l Lang) N(id string, count int, data M) string {
	d := M{"Count": count}
	for k, v := range data {
		d[k] = v
	}
	s, err := l.localizer().Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: d, PluralCount: count})
	switch {
	case err == nil:
		return s
	case l != English:
		return English.N(id, count, data)
	}
	return "[" + id + "]"
}

// Parse reads a language: en or zh-CN, in any letter case, with - or _
// (zh, zh_CN, zh-Hans are Chinese too).
func Parse(s string) (Lang, error) {
	switch t := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), "_", "-")); {
	case t == "en" || strings.HasPrefix(t, "en-"):
		return English, nil
	case t == "zh" || strings.HasPrefix(t, "zh-"):
		return Chinese, nil
	}
	return "", fmt.Errorf("language %q: want en or zh-CN", s)
}

// FromEnv is the language the environment asks for: LC_ALL, LC_MESSAGES
// or LANG, as POSIX orders them (zh_CN.UTF-8 is Chinese), English when
// none names one the harness speaks.
func FromEnv() Lang {
	l, _ := EnvLang()
	return l
}

// EnvLang is FromEnv, and whether the environment names a language the
// harness speaks (C, POSIX or none do not).
func EnvLang() (Lang, bool) {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		val, _, _ := strings.Cut(os.Getenv(v), ".")
		if val == "" {
			continue
		}
		if l, err := Parse(val); err == nil {
			return l, true
		}
		return English, false
	}
	return English, false
}

// Dynamic lists the prefixes of message ids that the code builds at run
// time from a value (an outcome, a problem's code), so that no constant in
// the source names them whole.
var Dynamic = []string{"outcome.", "evidence.", "kind.", "view.", "parse.", "verdict.", "text.uncounted.", "generated.section.", "lesson.recorded-", "html.verdict.", "html.fared.", "html.reference.", "grade.after-reveal.by.", "refusal.regexp-code.", "text.lang-choice.", "unviable.", "flag."}

// Areas are the first words of every message id; a dotted constant that
// starts with one must be a message the files define.
var Areas = []string{"outcome", "evidence", "kind", "view", "parse", "verdict", "lesson", "text", "summary", "score", "generated", "html", "feedback", "refusal", "grade", "progress", "field", "failure", "usage", "command", "unviable", "flag"}

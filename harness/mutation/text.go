package mutation

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Languages are the languages a catalogue's texts may carry, English (the
// default) first.
var Languages = []string{"en", "zh-CN"}

// Text is a short text in one or more languages, keyed by language tag
// ("en", "zh-CN"). In a catalogue it is written either as a string, which
// is English, or as an object of tags.
type Text map[string]string

// In returns the text in lang, or in English when it has none in lang.
func (t Text) In(lang string) string {
	if s, ok := t[lang]; ok && s != "" {
		return s
	}
	return t["en"]
}

// String is the English text.
func (t Text) String() string { return t["en"] }

// UnmarshalJSON accepts a string (English) or an object of languages.
func (t *Text) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		*t = Text{"en": s}
		return nil
	}
	var m map[string]string
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("want a string or an object of languages (%s)", strings.Join(Languages, ", "))
	}
	*t = m
	return nil
}

// check returns what is wrong with t as the field called name: no English,
// an unknown language, or more than one line.
func (t Text) check(name string) error {
	if strings.TrimSpace(t["en"]) == "" {
		return fmt.Errorf("%s: no English text", name)
	}
	for lang := range t {
		if !slices.Contains(Languages, lang) {
			return fmt.Errorf("%s: language %q, want one of %s", name, lang, strings.Join(Languages, ", "))
		}
	}
	return nil
}

// multiline reports whether any of t's texts has more than one line.
func (t Text) multiline() bool {
	for _, s := range t {
		if strings.Contains(s, "\n") {
			return true
		}
	}
	return false
}

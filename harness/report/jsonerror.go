package report

import (
	"idemlab/harness/i18n"
)

// jsonForms are the gists encoding/json gives for text that is not JSON,
// as a lab's command passes them on ("not JSON: invalid character 'b'
// looking for beginning of object key string"); the character it stopped
// at is kept as it is.
var jsonForms = []wordedForm{
	form(`invalid character (.+) looking for beginning of value`, "json.want-value", "Char"),
	form(`invalid character (.+) looking for beginning of object key string`, "json.want-key", "Char"),
	form(`invalid character (.+) after object key:value pair`, "json.after-pair", "Char"),
	form(`invalid character (.+) after object key`, "json.after-key", "Char"),
	form(`invalid character (.+) after array element`, "json.after-element", "Char"),
	form(`invalid character (.+) after top-level value`, "json.after-value", "Char"),
	form(`invalid character (.+) in string literal`, "json.in-string", "Char"),
	form(`invalid character (.+) in string escape code`, "json.in-escape", "Char"),
	form(`invalid character (.+) in \\u hexadecimal character escape`, "json.in-hex", "Char"),
	form(`invalid character (.+) in numeric literal`, "json.in-number", "Char"),
	form(`invalid character (.+) in literal (\w+) \(expecting (.+)\)`, "json.in-literal", "Char", "Literal", "Want"),
	form(`unexpected EOF`, "json.eof"),
	form(`EOF`, "json.empty"),
}

// JSONError words, in lang, encoding/json's gist of why text is not
// JSON; a gist of no known form is returned as it is.
func JSONError(lang i18n.Lang, gist string) string {
	if s, ok := word(lang, gist, jsonForms); ok {
		return s
	}
	return gist
}

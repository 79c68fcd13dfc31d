package i18n

import (
	"regexp"
	"regexp/syntax"
)

// regexpCodes names the message of each error code of Go's regexp/syntax,
// whose text (missing closing ), invalid escape sequence) is English.
var regexpCodes = map[string]string{
	string(syntax.ErrInternalError):         "internal",
	string(syntax.ErrInvalidCharClass):      "char-class",
	string(syntax.ErrInvalidCharRange):      "char-range",
	string(syntax.ErrInvalidEscape):         "escape",
	string(syntax.ErrInvalidNamedCapture):   "named-capture",
	string(syntax.ErrInvalidPerlOp):         "perl-op",
	string(syntax.ErrInvalidRepeatOp):       "repeat-op",
	string(syntax.ErrInvalidRepeatSize):     "repeat-size",
	string(syntax.ErrInvalidUTF8):           "utf8",
	string(syntax.ErrMissingBracket):        "missing-bracket",
	string(syntax.ErrMissingParen):          "missing-paren",
	string(syntax.ErrMissingRepeatArgument): "missing-repeat-argument",
	string(syntax.ErrTrailingBackslash):     "trailing-backslash",
	string(syntax.ErrUnexpectedParen):       "unexpected-paren",
	string(syntax.ErrNestingDepth):          "nesting-depth",
	string(syntax.ErrLarge):                 "large",
	"not valid in multi-line mode":          "multi-line",
}

// The two forms a pattern's error takes: Go's own (error parsing regexp:
// CODE: `EXPR`) and the submission lint's (CODE in "EXPR").
var (
	regexpGo   = regexp.MustCompile("^(?:error parsing regexp: )?(.+?): (`.*`)$")
	regexpLint = regexp.MustCompile(`^(.+?) in ("(?:[^"\\]|\\.)*")$`)
)

// Regexp words again, in l, why a pattern is not a regular expression, as
// Go's regexp package says it (error parsing regexp: missing closing ):
// `(`, with or without its prefix) or the submission lint does (missing
// closing ) in "(true"): the reason in l, the part of the pattern it
// points at kept as written. In English, and for a reason of no known
// code, the text is returned as it is, Go's words quoted and marked as
// Go's in any other language.
func (l Lang) Regexp(why string) string {
	if l == English {
		return why
	}
	var code, expr string
	if m := regexpGo.FindStringSubmatch(why); m != nil {
		code, expr = m[1], m[2]
	} else if m := regexpLint.FindStringSubmatch(why); m != nil {
		code, expr = m[1], m[2]
	} else {
		code = why
	}
	id, ok := regexpCodes[code]
	if !ok {
		return l.T("refusal.regexp-go", M{"Text": why})
	}
	reason := l.T("refusal.regexp-code."+id, nil)
	if expr == "" {
		return reason
	}
	return l.T("refusal.regexp-at", M{"Reason": reason, "Expr": expr})
}

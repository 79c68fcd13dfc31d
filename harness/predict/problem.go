package predict

import (
	"fmt"
	"strings"

	"idemlab/harness/i18n"
)

// A Problem is one thing wrong in a worksheet, at a file and line: what
// a student reads to fix it, in the worksheet's language.
type Problem struct {
	// File and Line locate it; Line counts from 1.
	File string `json:"file"`
	Line int    `json:"line"`
	// Code names the kind of problem, e.g. "unknown-observation"; Data
	// holds what its message says (the names, the lines).
	Code string    `json:"code"`
	Data i18n.M    `json:"data,omitempty"`
	Lang i18n.Lang `json:"-"`
	// Warning is set on a problem that does not stop a sheet from being
	// read (a fence that is almost, but not quite, a prediction's).
	Warning bool `json:"warning,omitempty"`
	// Message is the problem in words, "file:line: message", filled by
	// the report that shows it, in its language.
	Message string `json:"message,omitempty"`
}

// Error is the problem as "file:line: message", in English.
func (p Problem) Error() string { return p.In(i18n.English) }

// In is the problem as "file:line: message" in lang.
func (p Problem) In(lang i18n.Lang) string {
	return fmt.Sprintf("%s:%d: %s", p.File, p.Line, lang.T("parse."+p.Code, p.Data))
}

// Text is the problem in the language of the worksheet it was found in.
func (p Problem) Text() string { return p.In(p.Lang) }

// Problems are every problem a worksheet has, as one error: one problem a
// line, in file order.
type Problems []Problem

func (ps Problems) Error() string { return ps.In(i18n.English) }

// In lists the problems in lang, one a line.
func (ps Problems) In(lang i18n.Lang) string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.In(lang)
	}
	return strings.Join(lines, "\n")
}

// Unwrap lets errors.As find each problem.
func (ps Problems) Unwrap() []error {
	errs := make([]error, len(ps))
	for i, p := range ps {
		errs[i] = p
	}
	return errs
}

// Errors are the problems that are not warnings.
func (ps Problems) Errors() Problems {
	var out Problems
	for _, p := range ps {
		if !p.Warning {
			out = append(out, p)
		}
	}
	return out
}

// Warnings are the problems that are warnings.
func (ps Problems) Warnings() Problems {
	var out Problems
	for _, p := range ps {
		if p.Warning {
			out = append(out, p)
		}
	}
	return out
}

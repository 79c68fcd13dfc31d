package labcmd

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
)

// Printed marks a result printed even when it is nil: fetch prints null
// where init, whose result is nil, prints nothing.
type Printed struct{ V any }

// JSONLines is a result printed one JSON value a line (rows, a drain's
// batches).
type JSONLines []any

// TextLines is a result printed as it is, one line each (interleave and
// between).
type TextLines []string

// Pair adapts a store call's (value, error) to a subcommand's result.
func Pair[T any](v T, err error) (any, error) { return v, err }

// Write prints a subcommand's result: nothing for nil, JSONLines and
// TextLines one a line, anything else (a Printed's value, nil included)
// as one line of JSON, HTML characters unescaped.
func Write(w io.Writer, out any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	values := []any{out}
	switch v := out.(type) {
	case nil:
		return nil
	case TextLines:
		if len(v) == 0 {
			return nil
		}
		_, err := io.WriteString(w, strings.Join(v, "\n")+"\n")
		return err
	case JSONLines:
		values = v
	case Printed:
		values = []any{v.V}
	}
	for _, v := range values {
		if err := enc.Encode(v); err != nil {
			return err
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

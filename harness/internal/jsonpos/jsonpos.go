package jsonpos

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// A File is a JSON document and the name to give in its errors.
type File struct {
	Name string
	Data []byte
}

// Line returns the 1-based line of byte offset off.
func (f File) Line(off int64) int {
	return 1 + bytes.Count(f.Data[:max(0, min(int(off), len(f.Data)))], []byte("\n"))
}

// Errorf returns an error at byte offset off.
func (f File) Errorf(off int64, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", f.Name, f.Line(off), fmt.Sprintf(format, args...))
}

// DecodeError turns err, from dec decoding f.Data, into an error naming
// the line where the problem is.
func (f File) DecodeError(dec *json.Decoder, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		// Offset counts the offending byte itself; a newline there must
		// not push the report onto the next line.
		return f.Errorf(se.Offset-1, "%v", se)
	case errors.As(err, &te):
		return f.Errorf(te.Offset, "%s: want %v, got JSON %s", te.Field, te.Type, te.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return f.Errorf(int64(len(f.Data)), "unexpected end of file")
	}
	if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		// Reported once the object is read; point at the key instead: the
		// first use of the name as an object's key (not as a value).
		if off, ok := f.keyOffset(strings.Trim(field, `"`)); ok {
			return f.Errorf(off, "unknown field %s", field)
		}
	}
	return f.Errorf(dec.InputOffset(), "%v", err)
}

// DecodeStrict decodes f.Data, one JSON value, into v: an unknown field or
// anything after the value is an error, which calls the value what (e.g.
// "catalogue object").
func (f File) DecodeStrict(v any, what string) error {
	dec := json.NewDecoder(bytes.NewReader(f.Data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return f.DecodeError(dec, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return f.Errorf(dec.InputOffset(), "unexpected data after the %s", what)
	}
	return nil
}

// ArrayOffsets returns the byte offset at which each element of the array
// under key, in the top-level object, starts. Like encoding/json, it
// matches key without regard to case and lets a repeated key's last value
// win; a null array has no elements.
func (f File) ArrayOffsets(key string) ([]int64, error) {
	dec := json.NewDecoder(bytes.NewReader(f.Data))
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	var offs []int64
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		if s, _ := k.(string); !strings.EqualFold(s, key) {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, err
			}
			continue
		}
		offs = nil
		if t, err := dec.Token(); err != nil { // [ or null
			return nil, err
		} else if t == nil {
			continue
		}
		for dec.More() {
			// InputOffset is just past the previous element or '['; the
			// element itself starts at the next non-space byte.
			off := dec.InputOffset()
			for off < int64(len(f.Data)) && strings.ContainsRune(" \t\r\n,", rune(f.Data[off])) {
				off++
			}
			offs = append(offs, off)
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, err
			}
		}
		if _, err := dec.Token(); err != nil { // ]
			return nil, err
		}
	}
	return offs, nil
}

// keyOffset is the offset of the first object key named name in f.Data,
// found by reading its tokens, so that the same text in a string value
// is not taken for it.
func (f File) keyOffset(name string) (int64, bool) {
	dec := json.NewDecoder(bytes.NewReader(f.Data))
	type frame struct{ object, wantKey bool }
	var stack []frame
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return 0, false
		}
		top := len(stack) - 1
		switch tok := tok.(type) {
		case json.Delim:
			switch tok {
			case '{', '[':
				if top >= 0 && stack[top].object {
					stack[top].wantKey = true
				}
				stack = append(stack, frame{object: tok == '{', wantKey: tok == '{'})
			default:
				stack = stack[:top]
			}
			continue
		case string:
			if top >= 0 && stack[top].object && stack[top].wantKey {
				if tok == name {
					return start + int64(bytes.IndexByte(f.Data[start:], '"')), true
				}
				stack[top].wantKey = false
				continue
			}
		}
		if top >= 0 && stack[top].object {
			stack[top].wantKey = true
		}
	}
}

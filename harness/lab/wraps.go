package lab

import (
	"slices"
	"strings"
)

// WrapsPrefix opens the note that ends the message of a store error
// wrapping sentinel errors the contract names, "(wraps ErrInvalidLimit)":
// a command line prints the error's text, which does not say what it
// wraps, and the contract's "an error wrapping ErrInvalidLimit" is about
// what errors.Is sees. The lab kit (idemlab/harness/labcmd, Table's
// Sentinels) writes the note; the differential search compares it.
const WrapsPrefix = " (wraps "

// Wraps returns the note for an error that wraps the sentinels named,
// in order: "" for none.
func Wraps(names []string) string {
	if len(names) == 0 {
		return ""
	}
	names = slices.Sorted(slices.Values(names))
	return WrapsPrefix + strings.Join(names, ", ") + ")"
}

// Wrapped returns the names an error's text says it wraps, from the note
// that ends it, sorted; none when it has no note.
func Wrapped(msg string) []string {
	i := strings.LastIndex(msg, WrapsPrefix)
	if i < 0 || !strings.HasSuffix(msg, ")") {
		return nil
	}
	return strings.Split(msg[i+len(WrapsPrefix):len(msg)-1], ", ")
}

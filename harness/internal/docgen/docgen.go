package docgen

import (
	"fmt"
	"os"
	"strings"
)

// Markdown markers: a region NAME lies between a line starting with
// "<!-- begin NAME:" and the line "<!-- end NAME -->".
func Markdown(name string) Markers {
	return Markers{Begin: "<!-- begin " + name + ":", End: "<!-- end " + name + " -->"}
}

// Markers are the prefixes of a region's first and last lines.
type Markers struct{ Begin, End string }

// Replace returns text with the lines between the region's markers
// replaced by body (which ends with a newline, or is empty).
func Replace(text string, m Markers, body string) (string, error) {
	start, end, err := find(text, m)
	if err != nil {
		return "", err
	}
	return text[:start] + body + text[end:], nil
}

// Extract returns the lines between the region's markers.
func Extract(text string, m Markers) (string, error) {
	start, end, err := find(text, m)
	if err != nil {
		return "", err
	}
	return text[start:end], nil
}

// find returns the byte offsets of the region's body: just after its
// begin line, and at the start of its end line.
func find(text string, m Markers) (start, end int, err error) {
	b := lineStarting(text, 0, m.Begin)
	if b < 0 {
		return 0, 0, fmt.Errorf("no line starting %q (a generated region runs from that line to one starting %q: write both, and go generate ./... fills them)", m.Begin, m.End)
	}
	start = b + strings.IndexByte(text[b:], '\n') + 1
	end = lineStarting(text, start, m.End)
	if end < 0 {
		return 0, 0, fmt.Errorf("no line starting %q after %q", m.End, m.Begin)
	}
	return start, end, nil
}

// lineStarting is the offset of the first line at or after from that
// starts with prefix (after leading spaces), or -1.
func lineStarting(text string, from int, prefix string) int {
	for i := from; i < len(text); {
		line := text[i:]
		if j := strings.IndexByte(line, '\n'); j >= 0 {
			line = line[:j+1]
		}
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), prefix) {
			return i
		}
		i += len(line)
	}
	return -1
}

// UsageBlock is a command's -h output as the README shows it, in the
// region usage-NAME.
func UsageBlock(out string) string { return "```\n" + out + "```\n" }

// GoUsage are the markers of command name's usage in a Go doc comment
// (its package's doc.go, where go doc shows it): the lines after one
// starting "// Usage of NAME, generated" up to "// (end of the generated
// usage of NAME)".
func GoUsage(name string) Markers {
	return Markers{Begin: "// Usage of " + name + ", generated", End: "// (end of the generated usage of " + name + ")"}
}

// GoUsageBlock is a command's -h output as a code block of a Go doc
// comment, between blank comment lines, as gofmt leaves it.
func GoUsageBlock(out string) string {
	var b strings.Builder
	b.WriteString("//\n")
	for line := range strings.Lines(out) {
		line = strings.TrimRight(line, " \t\n")
		if line == "" {
			b.WriteString("//\n")
			continue
		}
		b.WriteString("//\t" + line + "\n")
	}
	b.WriteString("//\n")
	return b.String()
}

// CheckGoUsage compares a command's -h output with the usage region of
// command name in the Go file doc, and says what is wrong, or "".
func CheckGoUsage(doc, name, out string) string {
	data, err := os.ReadFile(doc)
	if err != nil {
		return err.Error()
	}
	got, err := Extract(string(data), GoUsage(name))
	if err != nil {
		return fmt.Sprintf("%s: %v", doc, err)
	}
	if got != GoUsageBlock(WithoutLabs(out)) {
		return fmt.Sprintf("stale: run go generate ./... (%s's usage of %s is not what -h prints)", doc, name)
	}
	return ""
}

// labsHeading heads the list of labs a command's -h ends with (see
// lab.Registry.WriteList), and labsPointer is what a manual says instead.
const (
	labsHeading = "Labs (-lab NAME):"
	labsPointer = "Labs (-lab NAME): -h lists the labs the binary is built with."
)

// WithoutLabs is a command's -h output with its list of labs replaced by
// a line saying that -h lists them: a manual that embedded the list would
// change with every lab added, though nothing of the command did.
func WithoutLabs(usage string) string {
	lines := strings.SplitAfter(usage, "\n")
	for i, line := range lines {
		if strings.TrimSpace(line) != labsHeading {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.HasPrefix(lines[j], "  ") {
			j++
		}
		return strings.Join(lines[:i], "") + labsPointer + "\n" + strings.Join(lines[j:], "")
	}
	return usage
}

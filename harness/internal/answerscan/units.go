package answerscan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Whole is text read as one unit, such as a catalogue or an observation
// file. An observation's file names the observation itself, so its name
// leads the text.
func Whole(where, name, text string) []Unit {
	if name != "" {
		text = name + "\n" + text
	}
	return []Unit{{where, text}}
}

// Lines reads every line of an output as a unit of its own.
func Lines(where, text string) []Unit {
	var units []Unit
	for i, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) != "" {
			units = append(units, Unit{fmt.Sprintf("%s, line %d", where, i+1), line})
		}
	}
	return units
}

var heading = regexp.MustCompile(`^#+ `)

// Sections reads a document (Markdown, or go doc's text) as one unit per
// section: a heading starts the next. Lines inside a fenced code block
// are never headings (an observation shown in one starts with "# ").
func Sections(where, text string) []Unit {
	var units []Unit
	var cur strings.Builder
	title, fenced := "", false
	flush := func() {
		if strings.TrimSpace(cur.String()) != "" {
			units = append(units, Unit{where + ": " + title, cur.String()})
		}
		cur.Reset()
	}
	for line := range strings.SplitSeq(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
		}
		if !fenced && heading.MatchString(line) {
			flush()
			title = strings.TrimSpace(line)
		}
		cur.WriteString(line + "\n")
	}
	flush()
	return units
}

var tagStart = regexp.MustCompile(`<[A-Za-z]`)

// HTML reads a page as one unit per element: from a start tag, its
// attributes (a title) included, to the next tag.
func HTML(where, page string) []Unit {
	var units []Unit
	starts := tagStart.FindAllStringIndex(page, -1)
	for i, s := range starts {
		end := len(page)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		units = append(units, Unit{where, page[s[0]:end]})
	}
	return units
}

// JSON reads a document as one unit per element of every array (the
// element with all it holds: a mutant with its killers, an observation
// with its doc) and one per object of its scalar fields (a report's
// header).
func JSON(where string, data []byte) ([]Unit, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	var units []Unit
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			var scalars []string
			for k, x := range v {
				switch x.(type) {
				case map[string]any, []any:
				default:
					scalars = append(scalars, fmt.Sprintf("%q: %v", k, x))
				}
				walk(path+"/"+k, x)
			}
			if len(scalars) > 0 {
				slices.Sort(scalars)
				units = append(units, Unit{where + " " + path, strings.Join(scalars, ", ")})
			}
		case []any:
			for i, x := range v {
				b, _ := json.Marshal(x)
				units = append(units, Unit{fmt.Sprintf("%s %s/%d", where, path, i), string(b)})
				walk(fmt.Sprintf("%s/%d", path, i), x)
			}
		}
	}
	walk("", v)
	return units, nil
}

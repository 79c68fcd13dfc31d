package labrun

import (
	"path/filepath"
	"regexp"
	"strings"

	"idemlab/harness/i18n"
	"idemlab/harness/internal/safefs"
	"idemlab/harness/killmatrix"
	"idemlab/harness/lab"
	"idemlab/harness/mutation"
	"idemlab/harness/report"
)

// GuideName is the Chinese guide to a lab's observations, in its
// observations folder: one list item per observation, its kind/name in
// backquotes, then what it observes, translated from the opening comment
// of its file (harness/labtest's Checks keep it complete).
const GuideName = "README.zh-CN.md"

// guideEntry is one entry of a guide.
var guideEntry = regexp.MustCompile("^\\s*[-*]\\s+`([^`/]+/[^`/]+)`\\s*[：:]\\s*(.+)$")

// ReadGuide returns the entries of a guide's text, by observation name.
func ReadGuide(data []byte) map[string]string {
	docs := map[string]string{}
	for line := range strings.Lines(string(data)) {
		if m := guideEntry.FindStringSubmatch(strings.TrimRight(line, "\r\n")); m != nil {
			docs[m[1]] = strings.TrimSpace(m[2])
		}
	}
	return docs
}

// guideDocs reads lab l's guide in the checkout at root, or returns nil
// when it has none. A checkout is untrusted (checkreport): the guide is
// read as any input is, a regular file of bounded size.
func guideDocs(root string, l *lab.Lab) map[string]string {
	data, err := safefs.ReadFile(filepath.Join(root, filepath.FromSlash(l.Layout.Observations), GuideName), 1<<20)
	if err != nil {
		return nil
	}
	return ReadGuide(data)
}

// docs pairs each lab observation's English doc with its Chinese one from
// the guide, for report.Report's Docs; nil without a guide.
func docs(r *report.Report, zh map[string]string) map[string]mutation.Text {
	if len(zh) == 0 {
		return nil
	}
	out := map[string]mutation.Text{}
	for _, o := range r.Observations {
		if d, ok := zh[o.Name]; ok && o.Kind != killmatrix.KindStudent {
			out[o.Name] = mutation.Text{string(i18n.English): o.Doc, string(i18n.Chinese): d}
		}
	}
	return out
}

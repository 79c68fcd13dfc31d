package labtest

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"idemlab/harness/lab"
	"idemlab/harness/labrun"
)

// GuideName is the Chinese guide to a lab's observations, in its
// observations folder: one entry per observation of its Kinds, the
// observation's kind/name and what it observes, translated from the
// opening comment of its file.
const GuideName = labrun.GuideName

// guideEntry is one entry of a guide: a list item that starts with the
// observation's kind/name in backquotes.
var guideEntry = regexp.MustCompile("^\\s*[-*]\\s+`([^`/]+)/([^`/]+)`")

// ChineseGuide checks that a lab with a Chinese worksheet has a Chinese
// guide to its observations (Layout.Observations + "/README.zh-CN.md")
// that is complete: every observation file of the lab's Kinds has an
// entry, each once, and every entry names an existing observation file.
// A lab with no Chinese worksheet needs none.
func ChineseGuide(t *testing.T, l *lab.Lab) {
	if !hasChinese(l) {
		t.Skip("the lab has no Chinese worksheet")
	}
	root := Root(t)
	guide := path.Join(l.Layout.Observations, GuideName)
	data, err := os.ReadFile(joinRoot(root, guide))
	if err != nil {
		t.Fatalf("the lab has a Chinese worksheet but no Chinese guide to its observations: %v", err)
	}
	want := map[string]bool{}
	for _, kind := range l.Layout.Kinds {
		files, err := filepath.Glob(filepath.Join(joinRoot(root, path.Join(l.Layout.Observations, kind)), "*.txtar"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			want[kind+"/"+strings.TrimSuffix(filepath.Base(f), ".txtar")] = true
		}
	}
	seen := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		m := guideEntry.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name := m[1] + "/" + m[2]
		switch {
		case !want[name]:
			t.Errorf("%s:%d: an entry for %s, which is no observation file of the lab (%s.txtar)", guide, i+1, name, path.Join(l.Layout.Observations, name))
		case seen[name]:
			t.Errorf("%s:%d: a second entry for %s", guide, i+1, name)
		}
		seen[name] = true
	}
	var missing []string
	for name := range want {
		if !seen[name] {
			missing = append(missing, name)
		}
	}
	slices.Sort(missing)
	for _, name := range missing {
		t.Errorf("%s has no entry for %s (%s.txtar): add one, in Chinese, from its opening comment", guide, name, path.Join(l.Layout.Observations, name))
	}
}

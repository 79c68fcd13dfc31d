package docgen

import (
	"fmt"
	"strings"

	"idemlab/harness/exitcode"
	"idemlab/harness/grade"
	"idemlab/harness/i18n"
	"idemlab/harness/lab"
	"idemlab/harness/predict"
)

// FieldTable is the worksheet's field reference in lang, from the
// worksheet reader's own table of fields.
func FieldTable(l i18n.Lang) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| %s | %s |\n|---|---|\n", l.T("field.head.name", nil), l.T("field.head.what", nil))
	for _, f := range predict.Fields {
		fmt.Fprintf(&b, "| `%s:` | %s |\n", f.Name, l.T(f.Doc, nil))
	}
	return b.String()
}

// BudgetTable is the README's table of grading budgets and limits.
func BudgetTable() string {
	var b strings.Builder
	b.WriteString("| what | default | flag | enforced by | without bubblewrap |\n|---|---|---|---|---|\n")
	for _, r := range grade.BudgetTable() {
		flag := "—"
		if r.Flag != "" {
			flag = "`" + r.Flag + "`"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", r.Name, r.Default, flag, r.Enforced, r.Unsandboxed)
	}
	return b.String()
}

// ExitTable is the README's table of exit statuses.
func ExitTable() string {
	var b strings.Builder
	b.WriteString("| status | meaning |\n|---|---|\n")
	for _, s := range exitcode.Table {
		fmt.Fprintf(&b, "| %d (%s) | %s |\n", s.Code, s.Name, s.Doc)
	}
	return b.String()
}

// CommandTable is the README's reference of a lab command: each
// subcommand with its arguments and what it does and prints.
func CommandTable(c lab.Command) string {
	var b strings.Builder
	b.WriteString("| command | what it does and prints |\n|---|---|\n")
	for _, f := range c.Flags {
		fmt.Fprintf(&b, "| `%s -%s %s` | %s |\n", c.Name, f.Name, f.Arg, f.Doc)
	}
	for _, s := range c.Subcommands {
		fmt.Fprintf(&b, "| `%s` | %s%s |\n", strings.TrimSpace(c.Name+" "+s.Name+" "+s.Args), s.Doc, readsState(s))
	}
	return b.String()
}

func readsState(s lab.Subcommand) string {
	if s.ReadsState {
		return " (reads state: a check of its output is state evidence)"
	}
	return ""
}

// CommandList is the same reference as Go doc comment lines, for the
// command package's manual.
func CommandList(c lab.Command) string {
	var b strings.Builder
	for _, s := range c.Subcommands {
		text := wrap(s.Doc+readsState(s), 66)
		fmt.Fprintf(&b, "//   - %s: %s\n", strings.TrimSpace(s.Name+" "+s.Args), strings.ReplaceAll(text, "\n", "\n//     "))
	}
	b.WriteString("//\n") // gofmt ends a list with an empty line
	return b.String()
}

// wrap breaks text into lines of at most width characters, at spaces.
func wrap(text string, width int) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines, line = append(lines, line), w
			continue
		}
		line = strings.TrimSpace(line + " " + w)
	}
	return strings.Join(append(lines, line), "\n")
}

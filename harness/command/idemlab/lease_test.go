package idemlab

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"idemlab/harness/exitcode"
	"idemlab/harness/i18n"
	"idemlab/harness/internal/schematest"
	"idemlab/harness/report"
	leaselab "idemlab/labs/lease/mutants"
)

// TestLeaseLab runs the lease lab as idemlab -lab lease does, on its
// example Chinese worksheet and student: the report names the lab, its
// lessons are Chinese by the worksheet's choice and English with -lang
// en, and the JSON, HTML and Stryker outputs are written.
func TestLeaseLab(t *testing.T) {
	const example = root + "/labs/lease/mutants/testdata/answers"
	dir := t.TempDir()
	common := []string{"-lab", "lease", "-q", "-worksheet", example + "/worksheet.zh-CN.md", "-student", example + "/student"}
	// The line of 1_claim's block, wherever the example's warning at its
	// top leaves it.
	at := blockLine(t, example+"/worksheet.zh-CN.md", "mutant: 1_claim")
	for _, tc := range []struct {
		lang          i18n.Lang
		title, lesson string
	}{
		{i18n.Chinese, "lease 杀死报告：", "变异体 1_claim (1_claim_lease_born_lapsed: 授予的租约一出生就已过期)：你在 labs/lease/mutants/testdata/answers/worksheet.zh-CN.md:" + at + " 处的预测正确\n"},
		{i18n.English, "lease kill report: ", "mutant 1_claim (1_claim_lease_born_lapsed: grants a lease that has already lapsed): your prediction at labs/lease/mutants/testdata/answers/worksheet.zh-CN.md:" + at + " is right\n"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			var text, js, stderr bytes.Buffer
			args := append(common, "-lang", string(tc.lang))
			html, str := filepath.Join(dir, string(tc.lang)+".html"), filepath.Join(dir, string(tc.lang)+".json")
			if status := Main(labs, append(args, "-html", html, "-stryker", str), &text, &stderr); status != exitcode.OK {
				t.Fatalf("status %d: %s", status, stderr.String())
			}
			if !strings.HasPrefix(text.String(), tc.title) || !strings.Contains(text.String(), tc.lesson) {
				t.Errorf("the report lacks its title %q or the lesson %q:\n%s", tc.title, tc.lesson, text.String())
			}
			if status := Main(labs, append(args, "-json"), &js, &stderr); status != exitcode.OK {
				t.Fatalf("-json: status %d: %s", status, stderr.String())
			}
			var r report.Report
			if err := json.Unmarshal(js.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			if r.Meta.Lab != "lease" || r.Meta.Lang != tc.lang || len(r.Verdicts) == 0 || r.Summary.Killed != len(leaselab.Lab().Mutants) {
				t.Errorf("lab %q, language %q, %d verdicts, summary %+v; want the lease lab's, in %s, every mutant killed", r.Meta.Lab, r.Meta.Lang, len(r.Verdicts), r.Summary, tc.lang)
			}
			for _, f := range []string{html, str} {
				if data, err := os.ReadFile(f); err != nil || len(data) == 0 {
					t.Errorf("%s: %v, %d bytes", f, err, len(data))
				}
			}
			schematest.Validate(t, strykerSchema, mustRead(t, str))
		})
	}
}

func mustRead(t *testing.T, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestLeaseMutateList lists the lease lab's generated mutants, as
// idemlab mutate -lab lease -list does: its equivalent ones marked, its
// catalogue mutants that an operator makes marked with their names.
func TestLeaseMutateList(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := Main(labs, []string{"mutate", "-lab", "lease", "-list", "-json"}, &stdout, &stderr); status != exitcode.OK {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	schematest.Validate(t, listSchema, stdout.Bytes())
	var list []mutateEntry
	if err := json.Unmarshal(stdout.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	hands, equivalent := 0, 0
	for _, e := range list {
		if !strings.HasPrefix(e.ID, "store.go:") {
			t.Errorf("mutant %s is not of the lease lab's store.go", e.ID)
		}
		if e.Hand != "" {
			hands++
		}
		if e.Equivalent != "" {
			equivalent++
		}
	}
	if len(list) < 100 || hands == 0 || equivalent == 0 {
		t.Errorf("%d mutants, %d of the catalogue, %d equivalent; want the lease store's many, some of each", len(list), hands, equivalent)
	}
}

// blockLine is the line number, as text, of the prediction block of file
// whose field line is field: the block's opening fence before it.
func blockLine(t *testing.T, file, field string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for i := slices.Index(lines, field); i >= 0; i-- {
		if strings.HasPrefix(lines[i], "```prediction") {
			return strconv.Itoa(i + 1)
		}
	}
	t.Fatalf("%s has no block with %q", file, field)
	return ""
}

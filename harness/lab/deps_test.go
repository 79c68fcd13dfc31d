package lab_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGenericPackagesImportNoLab: no package of the harness depends on a
// lab, the command packages (harness/command/...) included; only the
// binaries' mains (harness/cmd/...) and the list they share
// (harness/cmd/internal/builtin) know the built-in labs. A generic
// package that imported the first lab's reference, mutants or command, or
// a lab under labs/, would weld the harness to that lab again.
func TestGenericPackagesImportNoLab(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list on the harness")
	}
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "idemlab/harness/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	got := map[string][]string{}
	checked := 0
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		pkg := fields[0]
		if strings.HasPrefix(pkg, "idemlab/harness/cmd/") {
			continue // a main, or the built-in list: they name the labs
		}
		checked++
		for _, dep := range fields[1:] {
			if isLab(dep) {
				got[pkg] = append(got[pkg], dep)
			}
		}
	}
	if checked < 30 {
		t.Fatalf("go list gave %d generic packages; want the whole harness", checked)
	}
	if diff := cmp.Diff(map[string][]string{}, got); diff != "" {
		t.Errorf("generic packages that depend on a lab (-want +got):\n%s", diff)
	}
}

// isLab reports whether the import path is a lab's: the first lab's
// reference (and its command), its mutants, or anything under labs/.
func isLab(path string) bool {
	for _, root := range []string{"idemlab/reference", "idemlab/mutants", "idemlab/labs"} {
		if path == root || strings.HasPrefix(path, root+"/") {
			return true
		}
	}
	return false
}

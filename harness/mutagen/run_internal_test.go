package mutagen

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFailedPackages(t *testing.T) {
	out := `# idemlabmutants/m003
m003/store.go:43:2: declared and not used: unused
m003/store.go:50:9: undefined: x
# idemlabmutants/m017
./m017/store.go:7:2: "bytes" imported and not used
# idemlab/harness/killmatrix
../killmatrix/run.go:1:1: something else
`
	want := map[string]string{
		"m003": "store.go:43:2: declared and not used: unused; store.go:50:9: undefined: x",
		"m017": `store.go:7:2: "bytes" imported and not used`,
	}
	if diff := cmp.Diff(want, failedPackages([]byte(out))); diff != "" {
		t.Errorf("failedPackages (-want +got):\n%s", diff)
	}
}

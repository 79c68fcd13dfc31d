package killmatrix_test

import (
	"testing"

	"idemlab/harness/killmatrix"
)

// TestEvidenceReadsTheLastOutput: a check reads the output of the last
// command that printed, not of the last idem command before it.
func TestEvidenceReadsTheLastOutput(t *testing.T) {
	o := script(t, t.TempDir(), "edge", "cat", "# cat\nidem init\nidem rows\nexec cat want.txt\nstdout x\nstdout y\nidem counts\n! stdout z\nstdout w\n")
	for line, want := range map[int]killmatrix.Evidence{
		5: killmatrix.EvidenceReturn, // reads exec cat, not idem rows
		6: killmatrix.EvidenceReturn, // still exec cat: stdout x is a check
		8: killmatrix.EvidenceState,
		9: killmatrix.EvidenceState,
	} {
		if got := o.EvidenceAt(line); got != want {
			t.Errorf("EvidenceAt(%d) = %s, want %s", line, got, want)
		}
	}
}

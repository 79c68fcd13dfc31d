package lease_test

import (
	"testing"

	"idemlab/harness/labtest"
	"idemlab/labs/lease/mutants"
)

// TestScripts: what each subcommand prints, what it passes on to the
// store, and how an interleaving reads, as testdata/*.txtar say.
func TestScripts(t *testing.T) { labtest.Scripts(t, mutants.Lab()) }

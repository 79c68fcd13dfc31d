package reference_test

import (
	"os"
	"testing"
)

// TestMain lets the test binary double as the child processes of the
// multi-process tests: re-executed with IDEMLAB_LOAD_WORKER set it is one
// worker of TestLoadProcesses (load_test.go), with IDEMLAB_CRASH_CHILD set
// it is the drain that TestDrainKilled (crash_test.go) kills. Otherwise it
// runs the tests as usual. This is the package's only TestMain.
func TestMain(m *testing.M) {
	if cfg := os.Getenv(loadWorkerEnv); cfg != "" {
		os.Exit(loadWorkerMain(cfg))
	}
	if path := os.Getenv(crashChildEnv); path != "" {
		os.Exit(crashChildMain(path))
	}
	os.Exit(m.Run())
}

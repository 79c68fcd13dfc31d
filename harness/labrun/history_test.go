package labrun_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
)

// TestBadHistoryIsAUsageError: a prediction history that does not read
// stops the run before anything runs, as a usage error naming its line,
// rather than throwing the run away at its end.
func TestBadHistoryIsAUsageError(t *testing.T) {
	history := filepath.Join(t.TempDir(), "worksheet.history.json")
	if err := os.WriteFile(history, []byte("{\n  \"version\": 1,\n  \"mutants\": {},\n  \"note\": \"x\"\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := labrun.Prepare(labrun.Config{Lab: counter.Lab(), Root: root, History: history, Lang: i18n.English})
	var usage *labrun.UsageError
	if !errors.As(err, &usage) || !strings.Contains(err.Error(), history+`:4: unknown field "note"`) {
		t.Fatalf("Prepare = %v, want a usage error naming %s:4", err, history)
	}
}

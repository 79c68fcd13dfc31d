package cli_test

import (
	"os"
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/i18n/i18ntest"
)

// TestMain sets the English locale for the whole binary: the Examples
// print Parse's misuse, worded in the locale's language, and show the
// English.
func TestMain(m *testing.M) {
	i18ntest.SetProcess(i18n.English)
	os.Exit(m.Run())
}

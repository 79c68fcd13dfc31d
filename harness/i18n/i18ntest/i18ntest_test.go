package i18ntest

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
)

// TestSetWins: whatever the locale the test starts in, Set makes
// i18n.FromEnv answer the language asked for, and every variable that
// names one agrees with it.
func TestSetWins(t *testing.T) {
	for _, start := range []map[string]string{
		{"LC_ALL": "zh_CN.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "zh_CN.UTF-8", "LANGUAGE": "zh_CN"},
		{"LC_ALL": "", "LC_MESSAGES": "en_US.UTF-8", "LANG": "zh_CN.UTF-8", "LANGUAGE": "zh_CN:en"},
		{"LC_ALL": "C", "LC_MESSAGES": "", "LANG": "", "LANGUAGE": ""},
	} {
		for _, lang := range i18n.Langs {
			t.Run(string(lang), func(t *testing.T) {
				for k, v := range start {
					t.Setenv(k, v)
				}
				Set(t, lang)
				got := map[string]string{}
				for _, k := range Vars {
					got[k] = os.Getenv(k)
				}
				if diff := cmp.Diff(Env(lang), got); diff != "" {
					t.Errorf("environment after Set(%s) from %v (-want +got):\n%s", lang, start, diff)
				}
				if l, _ := i18n.EnvLang(); l != lang {
					t.Errorf("i18n.EnvLang() = %s after Set(%s) from %v", l, lang, start)
				}
			})
		}
	}
}

// Package i18ntest sets the language a test asserts, so that the test
// holds in any locale: run under LANG=zh_CN.UTF-8, a test that wants
// English text must ask for English, and one that wants Chinese must ask
// for Chinese, rather than read whatever the machine's locale says.
//
// [Set] sets every variable that names a language (see [Vars]) for the
// rest of a test, with t.Setenv, so a test that calls it cannot be
// parallel:
//
//	func TestUsage(t *testing.T) {
//		i18ntest.Set(t, i18n.English)
//		...
//	}
//
// An Example cannot set its environment; a package whose Examples print
// English sets it for the whole test binary in TestMain, with [SetProcess],
// and a test of that package that wants Chinese still calls Set:
//
//	func TestMain(m *testing.M) {
//		i18ntest.SetProcess(i18n.English)
//		os.Exit(m.Run())
//	}
//
// A command a test runs as a child process inherits the language, since
// the variables are the process's own.
package i18ntest

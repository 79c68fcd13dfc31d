package i18ntest

import (
	"os"
	"testing"

	"idemlab/harness/i18n"
)

// Vars are the environment variables that name a language: POSIX's
// LC_ALL, LC_MESSAGES and LANG, which i18n.FromEnv reads, and GNU
// gettext's LANGUAGE, which a program the test runs (git) may read.
var Vars = []string{"LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"}

// Env is the value of each of Vars that asks for lang: a locale every
// system has for English (C.UTF-8, which names no language, so English),
// zh_CN.UTF-8 for Chinese.
func Env(lang i18n.Lang) map[string]string {
	locale, language := "C.UTF-8", ""
	if lang == i18n.Chinese {
		locale, language = "zh_CN.UTF-8", "zh_CN"
	}
	return map[string]string{"LC_ALL": locale, "LC_MESSAGES": locale, "LANG": locale, "LANGUAGE": language}
}

// Set makes the environment ask for lang for the rest of t, restoring it
// when t ends. Like t.Setenv, it panics in a parallel test.
func Set(t testing.TB, lang i18n.Lang) {
	t.Helper()
	for k, v := range Env(lang) {
		t.Setenv(k, v)
	}
}

// SetProcess makes the environment ask for lang for the whole test
// binary, from TestMain, for a package whose Examples assert text in lang.
// It panics if a variable cannot be set, which only a malformed name does.
func SetProcess(lang i18n.Lang) {
	for k, v := range Env(lang) {
		if err := os.Setenv(k, v); err != nil {
			panic(err)
		}
	}
}

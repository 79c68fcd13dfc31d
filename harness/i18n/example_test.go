package i18n_test

import (
	"fmt"

	"idemlab/harness/i18n"
)

// A message by its id, in each language, its template filled from data;
// a plural message takes the form its count calls for.
func Example() {
	for _, l := range i18n.Langs {
		fmt.Println(l.T("outcome.killed", nil))
		fmt.Println(l.N("summary.broken", 1, nil))
		fmt.Println(l.N("summary.broken", 2, nil))
	}
	fmt.Println(i18n.English.T("no.such.message", nil))
	// Output:
	// killed
	// ; 1 broken observation
	// ; 2 broken observations
	// 被杀死
	// ；1 个有误的观测
	// ；2 个有误的观测
	// [no.such.message]
}

// Parse reads what a user or a locale writes for a language.
func ExampleParse() {
	for _, s := range []string{"en", "EN-us", "zh_CN", "zh-Hans", "fr"} {
		l, err := i18n.Parse(s)
		fmt.Printf("%q: %q %v\n", s, l, err)
	}
	// Output:
	// "en": "en" <nil>
	// "EN-us": "en" <nil>
	// "zh_CN": "zh-CN" <nil>
	// "zh-Hans": "zh-CN" <nil>
	// "fr": "" language "fr": want en or zh-CN
}

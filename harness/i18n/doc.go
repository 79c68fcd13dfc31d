// Package i18n is the harness's message catalogue: every sentence of its
// own that a student or an instructor reads (lessons, verdicts, worksheet
// problems, report headings and summaries, the HTML page, feedback), in
// English and Simplified Chinese. The words a lab brings (a mutant's title,
// idea and hint) come from its catalogue, in the same languages.
//
// # The model
//
// A [Lang] is a language the harness speaks: [English], the default, which
// every message has, and [Chinese]; [Langs] lists them, English first. A
// message is asked for by its id, a dotted name whose first word says where
// it is used (parse.unknown-mutant, verdict.wrong-evidence,
// summary.mutants): [Lang.T] returns it with its template filled from data,
// an [M] or a struct ({{.Name}} reads M{"Name": ...}), and [Lang.N] the
// plural form a count calls for, with {{.Count}} set to it. The messages
// are the JSON files in locales/ (go-i18n's format), embedded in the binary
// and parsed once.
//
// [Parse] reads a language as a user writes it (-lang en, zh-CN, zh_CN,
// zh-Hans, in any letter case), and [FromEnv] the language the environment
// asks for, from LC_ALL, LC_MESSAGES and LANG in POSIX's order, English
// when none names one the harness speaks.
//
// # Invariants
//
// A message a language lacks comes in English, and one no file has comes as
// its id in brackets, [no.such.message]: visible, never an empty string.
// The tests make both impossible in a build that passed them: every English
// message has its translation, with the same placeholders; every id the
// harness's source asks for is defined, and every message defined is asked
// for. They find the ids by reading the source for string constants shaped
// like ids whose first word is one of [Areas]; a message whose id the code
// builds at run time, from an outcome or a problem's code, is listed by its
// prefix in [Dynamic].
//
// The language of what a person reads is chosen elsewhere (a worksheet's
// language is its file name's, see package predict); an outcome's token is
// never translated, only the word shown for it.
//
// The package is internal: it serves the harness's writers.
package i18n

package report

import (
	"regexp"
	"strings"

	"idemlab/harness/i18n"
	"idemlab/harness/lab"
)

// A wordedForm is one English message the harness or the lab's store
// produces, read back by a pattern and worded again in any language from
// what the pattern captured. A captured group whose name starts with "*"
// is itself a message of the same table, worded again in turn (the reason
// inside "archive file: ..." or "idem's argument 2: ..."); one whose name
// starts with "@" is encoding/json's gist, worded by JSONError; one
// whose name starts with "%" is why a pattern is not a regular
// expression, worded by i18n.Lang.Regexp.
type wordedForm struct {
	re    *regexp.Regexp
	id    string
	names []string
}

func form(pattern, id string, names ...string) wordedForm {
	return wordedForm{regexp.MustCompile("^" + pattern + "$"), id, names}
}

// q is a Go-quoted string, as %q writes it.
const q = `("(?:[^"\\]|\\.)*")`

// refusalForms are the reasons the trust boundary (package submission and
// its lint, package script, killmatrix's reading of an observation) gives
// for not running a student's observation, and the flags it raises for a
// submission's files.
var refusalForms = []wordedForm{
	form(`is not UTF-8 text`, "refusal.not-text"),
	form(`an observation must start with a # comment saying what it observes and why`, "refusal.no-comment"),
	form(q+` is a file marker with no name, which testscript's archive reader crashes on`, "refusal.bare-marker", "Marker"),
	form(`unterminated quoted argument`, "refusal.unterminated"),
	form(`a prefix with no command after it`, "refusal.bare-prefix"),
	form(`the script is longer than the limit of (\d+) lines`, "refusal.too-long", "Limit"),
	form(`archive file: (.+)`, "refusal.archive-file", "*Reason"),
	form(`(\S+)'s argument (\d+), `+q+`: \$WORK may begin only an argument that names a file`, "refusal.work-not-file", "Command", "N", "Arg"),
	form(q+` is not a regular expression: (.+)`, "refusal.not-regexp", "Arg", "%Why"),
	form(`(\S+)'s argument (\d+): (.+)`, "refusal.argument", "Command", "N", "*Reason"),
	form(q+` expands \$(\w+): only \$WORK is allowed`, "refusal.variable", "Arg", "Var"),
	form(`a condition such as \[(.*)\]: an observation must run every line`, "refusal.condition", "Cond"),
	form(`command `+q+` is not allowed in a student's observation \(use (.+) and testscript's checks\)`, "refusal.command", "Command", "Lab"),
	form(`\? may prefix only the lab's commands, not `+q, "refusal.maybe", "Command"),
	form(`flag (.+) is not allowed in an observation \((\S+) takes only (.+)\)`, "refusal.flag", "Flag", "Command", "Flags"),
	form(`flag (.+) is not allowed in an observation \((\S+) takes no flags\)`, "refusal.flag", "Flag", "Command"),
	form(`(\S+) without a command: give one of (.+)`, "refusal.no-subcommand", "Command", "Names"),
	form(`(\S+) has no command `+q+`; did you mean `+q+`\? \(its commands: (.+)\)`, "refusal.unknown-subcommand", "Command", "Name", "Suggest", "Names"),
	form(`(\S+) has no command `+q+` \(its commands: (.+)\)`, "refusal.unknown-subcommand", "Command", "Name", "Names"),
	form(q+` uses \$WORK other than at its start: an observation stays in its work directory`, "refusal.work-inside", "Arg"),
	form(q+` is an absolute path: an observation stays in its work directory`, "refusal.absolute", "Arg"),
	form(q+` climbs out with \.\.: an observation stays in its work directory`, "refusal.climbs", "Arg"),
	form(q+` names the work directory itself`, "refusal.work-itself", "Arg"),
	form(q+` expands \$(\w+) before the script's variables exist, so testscript writes it at `+q+`: name an archive file relative to the work directory, without variables`, "refusal.archive-variable", "Arg", "Var", "Path"),
	form(q+` is rewritten by testscript's expansion as `+q+`: write an archive file's name without \$`, "refusal.archive-rewritten", "Arg", "Path"),
	form(`over the limit of (\d+) observations; not run`, "refusal.too-many", "Limit"),
	form(`is a symbolic link: a submission's files must be its own`, "refusal.symlink"),
	form(`is not a folder`, "refusal.not-folder"),
	form(`has (\d+) hard links: a submission's files must be its own`, "refusal.hard-links", "N"),
	form(`is larger than the limit of (\d+) bytes`, "refusal.file-too-large", "Limit"),
	form(`is (\d+) bytes, over the limit of (\d+)`, "refusal.file-over", "Size", "Limit"),
	form(`is (.+): only regular files are read`, "refusal.not-regular", "*Kind"),
	form(`(.+); not read`, "refusal.not-read", "*Reason"),
	form(`not an observation \(want NAME\.txtar\)`, "refusal.not-observation"),
	form(`the submission is over its limit of (\d+) bytes`, "refusal.submission-too-large", "Limit"),
	form(`holds more than (\d+) entries; none of them is read`, "refusal.too-many-entries", "Limit"),
	form(`an empty name`, "refusal.name-empty"),
	form(`a name of more than 64 characters`, "refusal.name-long"),
	form(`a name that is not UTF-8`, "refusal.name-not-text"),
	form(`a name starting with (.+): start with a letter or digit`, "refusal.name-start", "Rune"),
	form(`a name with (.+): use letters, digits, '\.', '_' and '-', starting with a letter or digit`, "refusal.name-rune", "Rune"),
	// What a file that is not regular is (package submission's kind).
	form(`a symbolic link`, "refusal.kind-symlink"),
	form(`a named pipe \(FIFO\)`, "refusal.kind-fifo"),
	form(`a socket`, "refusal.kind-socket"),
	form(`a device`, "refusal.kind-device"),
	form(`a folder`, "refusal.kind-folder"),
	form(`not a regular file`, "refusal.kind-other"),
}

// flagForms are the flags a grader raises about a submission that its
// student reads in their feedback: what the grading worker's sandbox did.
var flagForms = []wordedForm{
	form(`timeout: grading its observations took more than its budget of (\S+) and was stopped; its own observations count nothing`, "refusal.worker-timeout", "Budget"),
	form(`its observations' results exceeded the budget of (.+?), (\S+)'s the largest \((.+?) of (.+?)\); its own observations count nothing`, "refusal.worker-output-largest", "Budget", "File", "Size", "Total"),
	form(`its observations' results exceeded the budget of (.+?); its own observations count nothing`, "refusal.worker-output", "Budget"),
	form(`grading its observations was killed \(signal (\S+): over its memory budget of (.+?) or its CPU time\); its own observations count nothing`, "refusal.worker-killed", "Signal", "Budget"),
	form(`grading its observations failed \(exit status (\d+): (.*)\); its own observations count nothing`, "refusal.worker-failed", "Status", "Stderr"),
	form(`grading its observations sent back no result \((.*)\); its own observations count nothing`, "refusal.worker-no-result", "Error"),
	form(`no worksheet: no predictions to grade`, "refusal.no-worksheet"),
	form(`no predictions: (.+) holds no filled prediction block to grade`, "refusal.no-predictions", "Files"),
	form(`history: none handed in: the predictions of (.+) count as after their answers`, "refusal.history-none", "Mutants"),
	form(`history: tampered \((.+)\): the predictions of (.+) count as after their answers`, "refusal.history-tampered", "Error", "Mutants"),
	form(`history: unreadable \((.+)\): the predictions of (.+) count as after their answers`, "refusal.history-unreadable", "Error", "Mutants"),
	form(`history: (\S+): (\S+)'s prediction is not in (\S+), which shows its answer at (\S+) by (\S+): counts as after it`, "refusal.history-unseen-shown", "Pos", "Mutant", "File", "When", "By"),
	form(`history: (\S+): (\S+)'s prediction is not in (\S+): counts as after it`, "refusal.history-unrecorded", "Pos", "Mutant", "File"),
	form(`history: (\S+): (.+): answers shown by the instructor's view \((\S+)\), not the student's \(a history from the course's template\?\): counted as after`, "refusal.history-instructor", "Pos", "Mutants", "By"),
	form(`history: (\S+): (.+): answers shown by (\S+) before the first prediction the history records \((\S+)\): counted as after`, "refusal.history-predates", "Pos", "Mutants", "By", "First"),
	form(`held-out mutants: (.+)`, "refusal.heldout-failed", "Error"),
}

// storeForms are the errors of the lab's store and its command that an
// observation sees, after the command's name ("idem fetch: ") and the
// store function's ("Fetch \"k1\": ") are taken off.
var storeForms = []wordedForm{
	form(`store `+q+` does not exist \(InitDB creates it\)`, "failure.store-missing", "Store"),
	form(`store `+q+` is a directory, not a database file`, "failure.store-directory", "Store"),
	// The rows command's, which reads the table without the store's API.
	form(`store `+q+` does not exist`, "failure.store-absent", "Store"),
	// SQLite's own errors, as the store passes them on: what SQLite says is
	// quoted, its code kept.
	form(`store `+q+`: file is not a database \(26\)`, "failure.store-not-database", "Store"),
	form(`store `+q+`: SQL logic error: (.+) \((\d+)\)`, "failure.store-sql-logic", "Store", "Detail", "Code"),
	form(`invalid limit: want an integer in 1\.\.100 \(got (-?\d+)\)`, "failure.store-limit", "Got"),
	form(`(\w+) is NaN`, "failure.store-nan", "Name"),
	form(`done row has no response`, "failure.store-no-response"),
	// The lease lab's store.
	form(`ttl is (\S+), not a positive finite number of seconds`, "failure.store-ttl", "Value"),
	form(`(\w+) is (\S+), not a finite time`, "failure.store-not-finite", "Name", "Value"),
	form(`now (\S+) \+ ttl (\S+) is (\S+), not a finite time after now`, "failure.store-until", "Now", "TTL", "Until"),
	form(`response is nil: a finished or failed key needs one`, "failure.store-nil-response"),
	form(`response is not JSON-encodable: (.+)`, "failure.store-not-encodable", "Error"),
	form(`key `+q+` is already in the store; the cycle needs a key the store does not hold`, "failure.store-cycle-key", "Key"),
	// The lab command's reading of its arguments (package labcmd).
	form(`want a number of seconds \(or NaN, Inf, -Inf\)`, "failure.arg-seconds"),
	form(`want a decimal number of seconds`, "failure.arg-decimal"),
	form(`want a number \(or NaN, Inf, -Inf\)`, "failure.arg-number"),
	form(`want a decimal number`, "failure.arg-decimal-number"),
	form(`want a count: a whole number from 0 to (\d+)`, "failure.arg-count", "Max"),
	form(`want an integer`, "failure.arg-integer"),
	form(`want an integer from (-?\d+) to (-?\d+)`, "failure.arg-integer-range", "Min", "Max"),
	form(`not JSON: (.+)`, "failure.arg-json", "@Error"),
	form(`not one JSON value: text follows it at offset (\d+)`, "failure.arg-json-trailing", "Offset"),
}

// storePrefix is what wraps a store's error: the command line's name
// ("idem fetch" or "idem"), then the store function's, with its key, or
// rows, the command that reads the table itself.
var storePrefix = regexp.MustCompile(`^(\S+(?: \S+)?): ([A-Z][A-Za-z]*(?: "(?:[^"\\]|\\.)*")?|rows): (.+)$`)

// refusalPos is a refusal's place: "file:line: " or "file: ".
var refusalPos = regexp.MustCompile(`^(\S+?(?::\d+)?): (.+)$`)

// Refusal words, in lang, why a student's observation was not run or one
// of their files not read, as the harness's trust boundary says it in
// English ("testdata/student/x.txtar:3: command \"exec\" is not allowed
// ..."): its place is kept, its reason worded again. A message of no
// known form is returned as it is.
func Refusal(lang i18n.Lang, msg string) string {
	if s, ok := word(lang, msg, refusalForms); ok {
		return s
	}
	if m := refusalPos.FindStringSubmatch(msg); m != nil {
		if s, ok := word(lang, m[2], refusalForms); ok {
			return m[1] + ": " + s
		}
	}
	return msg
}

// Flag words, in lang, a grader's flag about a submission that the
// student reads: a refusal, or what the grading sandbox did to its
// worker. A flag of no known form is returned as it is.
func Flag(lang i18n.Lang, flag string) string {
	if s, ok := word(lang, flag, flagForms); ok {
		return s
	}
	return Refusal(lang, flag)
}

// storeError words the error of a lab command ("idem fetch: Fetch \"k1\":
// store ... does not exist ..."), keeping the command and the function;
// ok is false when it is of no known form.
func storeError(lang i18n.Lang, msg string) (string, bool) {
	m := storePrefix.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	s, ok := word(lang, m[3], storeForms)
	if !ok {
		return "", false
	}
	return m[1] + ": " + m[2] + ": " + s, true
}

// funcPrefix is a store function's name (with its key) before its error,
// as a step of a transcript records the error, without the command's name.
var funcPrefix = regexp.MustCompile(`^([A-Z][A-Za-z]*(?: "(?:[^"\\]|\\.)*")?|rows): (.+)$`)

// stepError words the error a lab command returned in a script's
// transcript (killmatrix.Step.Err): testscript's and the harness's forms
// as Failure does, and the store's own errors after the function's name
// ("Fetch \"k1\": store ... does not exist ..."), which Failure reads
// only after the command's.
func stepError(lang i18n.Lang, msg string) string {
	if s := Failure(lang, msg); s != msg {
		return s
	}
	if m := funcPrefix.FindStringSubmatch(msg); m != nil {
		if s, ok := word(lang, m[2], storeForms); ok {
			return m[1] + ": " + s
		}
	}
	if s, ok := word(lang, msg, storeForms); ok {
		return s
	}
	return msg
}

// word words msg again from the first of forms that reads it whole; a
// store error's closing note of the sentinels it wraps (lab.Wraps) is
// worded after the rest, the sentinels' names kept.
func word(lang i18n.Lang, msg string, forms []wordedForm) (string, bool) {
	msg = strings.TrimSpace(msg)
	if names := lab.Wrapped(msg); names != nil {
		s, ok := word(lang, strings.TrimSuffix(msg, lab.Wraps(names)), forms)
		return s + lang.T("failure.wraps", i18n.M{"Names": strings.Join(names, ", ")}), ok
	}
	for _, f := range forms {
		m := f.re.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		data := i18n.M{}
		for i, name := range f.names {
			if inner, ok := strings.CutPrefix(name, "*"); ok {
				data[inner] = Refusal(lang, m[i+1])
				continue
			}
			if inner, ok := strings.CutPrefix(name, "@"); ok {
				data[inner] = JSONError(lang, m[i+1])
				continue
			}
			if inner, ok := strings.CutPrefix(name, "%"); ok {
				data[inner] = lang.Regexp(m[i+1])
				continue
			}
			data[name] = m[i+1]
		}
		return lang.T(f.id, data), true
	}
	return "", false
}

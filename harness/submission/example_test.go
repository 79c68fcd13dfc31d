package submission_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"idemlab/harness/killmatrix"
	"idemlab/harness/submission"
	"idemlab/mutants"
)

// A submission read through the boundary: the worksheet and one honest
// observation are read; an observation that runs a program, one that
// reaches outside its work folder, a link and a stray file are not, each
// with why.
func ExampleReader_Read() {
	dir, err := os.MkdirTemp("", "submission-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	files := map[string]string{
		"worksheet.md":            "# my worksheet\n",
		"student/counts.txtar":    "# One reservation shows as one pending row.\nidem init\nidem reserve k v 10\nidem counts\nstdout '\"pending\":1'\n",
		"student/sleeps.txtar":    "# Runs a program.\nexec sleep 600\n",
		"student/elsewhere.txtar": "# Writes outside its folder.\nidem -db ../../store.db init\n",
		"student/notes.md":        "ideas\n",
		"student/condition.txtar": "# Skips itself.\n[short] idem init\n",
	}
	for name, text := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(file), 0o755)
		os.WriteFile(file, []byte(text), 0o644)
	}
	os.Symlink("/etc/passwd", filepath.Join(dir, "student", "passwd.txtar"))

	rd := submission.Reader{Lab: mutants.Lab(), Limits: submission.DefaultLimits}
	sub, err := rd.Read(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, w := range sub.Worksheets {
		fmt.Println("worksheet:", w.File)
	}
	for _, o := range sub.Observations {
		fmt.Println("runs:", o.Name, o.File)
	}
	var names []string
	for name := range sub.Refused {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Println("refused:", sub.Refused[name])
	}
	for _, f := range sub.Flags {
		fmt.Println("flag:", f)
	}
	// Output:
	// worksheet: worksheet.md
	// runs: student/counts student/counts.txtar
	// refused: student/condition.txtar:2: a condition such as [short]: an observation must run every line
	// refused: student/elsewhere.txtar:2: idem's argument 2: "../../store.db" climbs out with ..: an observation stays in its work directory
	// refused: student/passwd.txtar: is a symbolic link: only regular files are read; not read
	// refused: student/sleeps.txtar:2: command "exec" is not allowed in a student's observation (use idem and testscript's checks)
	// flag: student/notes.md: not an observation (want NAME.txtar); not read
}

// Lint is the check on one observation alone: every command the lab's
// own or one of Allowed, no condition, no path outside the work folder.
func ExampleLint() {
	o, err := killmatrix.New(killmatrix.KindStudent, "x", "student/x.txtar", []byte("# Copies a key out of the grader's home.\nidem init\ncp $HOME/.ssh/id_rsa key\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(submission.Lint(mutants.Lab(), o, submission.DefaultLimits))
	// Output:
	// student/x.txtar:3: cp's argument 1: "$HOME/.ssh/id_rsa" expands $HOME: only $WORK is allowed
}

// Names of students and observations are letters of any script, digits,
// '.', '_' and '-'; Quote escapes a control character wherever a name is
// printed, so that no name can forge a line.
func ExampleCheckName() {
	for _, name := range []string{"José", "王伟", "bob smith", ".carol", "eve\nFLAG ok"} {
		if err := submission.CheckName(name); err != nil {
			fmt.Printf("%s: %v\n", submission.Quote(name), err)
			continue
		}
		fmt.Printf("%s: ok\n", name)
	}
	// Output:
	// José: ok
	// 王伟: ok
	// bob smith: a name with a space: use letters, digits, '.', '_' and '-', starting with a letter or digit
	// .carol: a name starting with '.': start with a letter or digit
	// eve\nFLAG ok: a name with the control character U+000A: use letters, digits, '.', '_' and '-', starting with a letter or digit
}

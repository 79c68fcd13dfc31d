// Package submission is the trust boundary for students' files. A student's
// worksheet and observations are untrusted input: nothing in them may crash
// or hang the harness, read or write outside the submission, or change
// another student's grade. Every command that reads a student's files goes
// through this package: grade for each submission of a class, checkreport
// before it runs a report's observations again, and idemlab when it reads a
// student's own observations, so that a student sees on their own machine,
// before submitting, exactly the refusal grading would apply, at the same
// file and line.
//
// # What a submission may contain
//
// A [Reader] reads one submission folder ([Reader.Read]) for one lab. It
// reads only:
//
//   - the lab's worksheets, by the base names of its layout (worksheet.md,
//     worksheet.zh-CN.md);
//   - the prediction history beside them (worksheet.history.json);
//   - the student's observations, OWN/NAME.txtar, OWN the folder its
//     layout names (Own: student/ in this module's labs); each is named
//     student/NAME whatever the folder, the kind grading and the reports
//     know a student's own observations by.
//
// Anything else at the top of the folder is not looked at; anything else in
// OWN/ is flagged. Each of those files is read only when it is a
// regular file: a symbolic link (to /dev/zero, or to a file outside the
// submission), a FIFO, a device, a socket or a folder in its place is
// refused with why, and never opened through. The submission folder is
// itself opened without following a link, and every file below it is opened
// relative to that folder with O_NOFOLLOW and O_NONBLOCK, then checked
// again once open, so that a file swapped for a link or a pipe between the
// check and the open is caught as well.
//
// [Limits] bound what is read: the size of one file, the number of
// observations, the bytes read from the whole submission, and the lines of
// one observation ([DefaultLimits]: 256 KiB, 64, 2 MiB, 400). What is over
// a limit is not read, and flagged.
//
// Names of students and observations must pass [CheckName]: one path
// element of at most 64 letters (of any script), digits, marks, '.', '_'
// and '-', starting with a letter or digit. [Quote] escapes the control
// characters of any text before it is printed, so that no name or message
// can forge a line of a table, a CSV file or a log.
//
// # What an observation may do
//
// An observation must be UTF-8 text that starts with a # comment saying
// what it observes. [Lint] then refuses, before anything runs, one that
// could reach outside its work folder or pass by skipping itself. It reads
// each line exactly as testscript will run it: split, unquoted and
// expanded by package script, whose tests compare its reading with
// testscript's own, and with the prefixes ([cond], "!", "?") read after
// expansion, as testscript reads them. It refuses:
//
//   - a command other than the lab's own (idem) and those [Allowed]: the
//     checks of output and files (stdout, stderr, cmp, cmpenv, exists,
//     grep) and the file commands that stay in the work folder (cp, mkdir,
//     rm, mv, stdin, unquote); so no exec, cd, env, skip or stop;
//   - a condition such as [short], and "?" before anything but the lab's
//     commands;
//   - any variable other than $WORK, anywhere on a line ($/ builds "/");
//   - an argument that names a file, whatever its position, that is an
//     absolute path or climbs out with "..", or uses $WORK other than at
//     its start. Which arguments name files is testscript's: every
//     argument of cmp, cmpenv, cp, mkdir, rm, mv, stdin and unquote, every
//     one of exists but a leading -readonly, grep's after its pattern (and
//     its optional leading -count=N), none of stdout's and stderr's; for
//     the lab's commands, the values of their flags that take a path
//     (idem -db), read as the command reads its leading flags. So
//     grep '-x' /dev/zero is refused at its second argument: its pattern
//     is "-x", not a flag;
//   - a flag the lab's command does not define (its [lab.Command] Flags;
//     idem takes only -db), in any form the command reads: -f, --f, -f=v,
//     --f=v. The shell's own flags (-C, -impl, -list, -heldout, -lab,
//     -lang) are not part of an observation: "idem -C /etc -list" is
//     refused as "flag -C is not allowed in an observation (idem takes
//     only -db)", before anything runs, as is "idem -heldout=/etc/passwd
//     init";
//   - $WORK in an argument that does not name a file (a pattern, a key):
//     the work folder's name differs on every run, and a verdict must not;
//   - an archive file name that expands anything: testscript unpacks the
//     archive before its environment exists, so every variable is empty
//     there ("-- $WORK/x --" is written at /x) and means something else
//     in the lines; so is a name os.Expand rewrites ("${}x"). A literal
//     name that is absolute, climbs out, or names the work folder itself
//     is refused too;
//   - a line that does not parse, a "-- --" line (on which testscript's
//     archive reader crashes), and a script longer than the limit.
//
// Every refusal is a [Refusal]: the file, relative to the submission, the
// line, and why, naming the argument it refuses ("grep's argument 2").
// FuzzLint runs every script the lint accepts in testscript itself,
// confined to a fresh tmpfs in a mount namespace of its own that is its
// whole file system, and checks that nothing there changes outside its
// work folder.
//
// # The result
//
// A [Submission] holds the worksheets read (as [predict.Source] values),
// the history, the observations fit to run (each named student/NAME, its
// file named relative to the submission or after [Reader].Prefix), the
// observations refused, by name, each with its reason, and the flags that
// say what else was not read. With [Reader].Stage set, each vetted
// observation is copied into that folder and runs from there, so that what
// runs is exactly what was checked. Only a submission folder that cannot be
// opened at all is an error: everything else a submission holds is a flag
// or a refusal, and the rest of it is still read.
//
// [Reader.ReadObservations] reads a student/ folder alone, for a student's
// own checkout; [Reader.Vet] is the same for the report checker.
//
// # What it does not do
//
// The package runs nothing and judges nothing. Lint is a check of the text
// of a script, not a confinement: grading also runs every submission's
// observations in a worker under a sandbox and resource budgets (packages
// grade and internal/sandbox), so that what the lint could not foresee
// still cannot reach beyond the worker. The file system calls are Unix's
// (openat, fstatat).
package submission

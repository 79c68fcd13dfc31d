// Package idemlab is the idemlab command: it runs every observation
// against the reference and each mutant of a lab and prints the kill
// report. [Main] takes the registry of labs a binary has built in and lets
// -lab choose (the first is the default); [Run] takes one lab. The
// idemlab binary (harness/cmd/idemlab) is Main with the built-in labs:
//
//	go run ./harness/cmd/idemlab
//	go run ./harness/cmd/idemlab -lab lease
//
// In the student's view (the default) a mutant's killers, the evidence and
// the divergence appear once the student has recorded a prediction for it;
// see the README's "For students". idemlab mutate judges every single-point mutant of the
// reference instead (see below). Run idemlab -h, or idemlab mutate -h, for
// the flags; this manual shows both outputs.
//
// # Synopsis
//
//	idemlab [-lab NAME] [flags]
//	idemlab mutate [-lab NAME] [flags]
//	idemlab search -mutant NAME [-lab NAME] [flags]
//	idemlab coverage [-lab NAME] [flags]
//
// Flags may also come before the subcommand, as go -C DIR test takes
// them: idemlab -lab lease mutate is idemlab mutate -lab lease.
//
// # The kill report
//
// idemlab reads the lab's observations (its layout's happy/ and edge/
// folders: testdata/happy and testdata/edge for the first lab), the
// student's own (student/ beside them, read through the same trust
// boundary grading applies, so a refused observation is refused here with
// the same file and line), and the predictions of the lab's worksheets
// (worksheet.md and worksheet.zh-CN.md for the first lab). It runs every observation against the reference twice
// and against every mutant, judges each prediction, and writes the report.
// A malformed prediction block is left out and listed in the report as
// file:line; the other blocks are judged, as grade does.
//
// The flags, by what they choose:
//
//   - which lab: -lab (by name; -h lists the labs);
//   - what is read: -C (the checkout, as go -C), -dir (the observation
//     folder), -student (a folder named student holding the student's own
//     observations), -worksheet (repeatable), -heldout (an instructor's
//     catalogue of extra mutants, built and judged beside the lab's);
//   - what is judged: -run (observations whose name matches a regexp) and
//     -mutant (repeatable); a prediction about something left out is not
//     judged, never wrong;
//   - how it is shown: -instructor (everything, hidden mutants included),
//     -reveal (every answer, recorded in the report), -lang (en or zh-CN;
//     the default is the predictions' language), -name (whose report it is;
//     git's user.name by default);
//   - where it goes: -format text, json, html or stryker, and -o FILE;
//     -json, -html FILE and -stryker FILE write more than one at once;
//   - how it runs: -timeout (one observation on one implementation),
//     -parallel, -workdir (where the scripts' stores are made), -q (no
//     progress on stderr).
//
// In every view the run records in the lab's history file
// (worksheet.history.json for the first lab) when each prediction was
// first seen and each answer first shown (the instructor's view shows, and
// so records, every answer, but in a checkout with no history and no
// prediction, the course's own, where it records nothing), so that every
// verdict can say whether its prediction came first, and grading credits
// only the predictions that did. A run of other worksheets (-worksheet
// FILE) records in the checkout's history too, once the checkout is a
// student's (it has a history or a prediction): the checkout's own
// predictions, and every answer it shows (one another worksheet's
// prediction shows, as a reveal), so that a prediction tried in a scratch
// worksheet does not count as made first once copied into the checkout's.
// idemlab search records the answer it shows of a lab mutant the same
// way, -instructor or -worksheet FILE.
//
// # idemlab mutate
//
// idemlab mutate generates every single-point mutant of the reference
// (package mutagen lists the operators), builds them all into one program,
// runs the lab's observations against every one in process, and reports the
// mutation score and each survivor with its diff. Each mutant is judged
// until its first kill unless -all is given; -list lists the mutants (with
// -json, as JSON) and runs nothing; -run selects mutants by id. The mutants
// listed in the lab's equivalent-mutant file (mutants/equivalent.json for
// the first lab) are kept apart from real survivors.
//
// Every survivor is then searched by the differential search
// (harness/search, -search-programs, -search-seed, -search-time): one the
// search kills is a hole in the observations, shown with the minimal
// script that kills it beside its diff. Every equivalent mutant's recorded
// search is run again with the file's smaller budget (ci_programs), and a
// difference found fails the run. A record is believed only if it names
// the generator that draws the lab's programs now (search.Generator): one
// made before a change to the search, or to what the lab's commands let it
// draw, fails the run until it is recorded again. -record N searches every
// equivalent mutant with N programs and records the searches that found
// nothing in the file, with their generator. An equivalence that rests on
// the engine's query plan rather than on SQL says so ("by": "engine") and
// reports show it as such. The closing lines say what the score is measured over: the
// mutants and their operators, the equivalent ones and the searches behind
// them, the survivors' searches.
//
// A lab author's loop (see a survivor, write an observation, run again)
// re-judges only what the edit changed. idemlab mutate keeps every result
// in a verdict cache (harness/internal/verdictcache), in idemlab under the
// user's cache folder (os.UserCacheDir; $IDEMLAB_CACHE names another
// folder, or off for none), under a key made of exactly what decides it:
// the implementation's source (the reference, or a mutant's one
// replacement), the observation's file and text, and the harness version,
// a digest of every source file of the module the mutants' program links
// (the lab's commands and reference, the harness), go.mod, go.sum, the
// toolchain and the environment that can change what a lab prints; a
// search's seed and budget for a search. An unchanged run takes every
// verdict, search and the built program from it; after an observation is
// edited, that observation runs again on the reference and the mutants
// it reaches, and a mutant it no longer kills runs the observations after
// it; an edit of the reference or of the harness changes every key. Only
// confirmed results are kept: the reference's two passes, a mutant's
// pass, a kill that repeated while the reference still passed; a timeout
// and a flaky or broken observation are judged anew every run, as is a
// search stopped by -search-time. The text report's third line says how
// many mutants, observation results and searches came from the cache (the
// JSON report's cache). An entry cut short by a killed run, edited by
// hand or written by another harness version is ignored with a warning,
// never believed; entries are written by rename, so concurrent runs are
// safe. -fresh takes nothing from the cache and keeps this run's results
// in it: CI runs fresh, and grade never reads the cache. -cpuprofile FILE
// writes CPU profiles of the command (FILE), of the mutants' run
// (FILE.run) and of each search process (FILE.search1, ...), for go tool
// pprof -top FILE FILE.run FILE.search*.
//
// # idemlab search
//
// idemlab search -mutant NAME prints the minimal script that tells one
// mutant from the reference, as an observation ready to run: for an
// instructor (-instructor) any lab, generated or (with -heldout FILE)
// held-out mutant; for a student only a lab mutant whose prediction block
// is filled in, which the prediction history then records as seen before
// the answer. -seed, -programs and -time set the search's budget.
//
// # idemlab coverage
//
// idemlab coverage prints the lab's category-partition coverage table
// (harness/coverage): for every input category its command table declares
// (the kit's text, time, limit and JSON categories of each parameter, and
// its states: rows of each status, times on and around a stored one, a
// request made twice, a second client), the lab's observations that use
// it and pin the result, the reason the lab's open-cell file
// (mutants/coverage.json) gives for leaving it open, or HOLE. -json prints
// it as JSON; -dir reads another folder of observations. It exits 0 when
// no cell is a hole, 2 when one is, 1 for a usage error and 70 when the
// observations or the open-cell file cannot be read.
//
// # Exit status
//
// The exit status is 0 when every observation of the lab passes on the
// reference and every mutant is killed; 2 when a mutant survived or could
// not be judged, or a held-out mutant survived that its catalogue does not
// mark equivalent; 3 when one timed out and none survived; 4 when the lab
// itself is broken (an observation of its own fails on the reference or is
// flaky); 1 for a usage error or a malformed worksheet; and 70 for an
// internal error. idemlab mutate exits 0 when every mutant judged is
// killed, equivalent or unviable, 2 when one survived, 3 when one timed
// out, 4 when an observation failed on the reference or was flaky or a
// mutant listed as equivalent was killed or told apart by its search, 1
// for a usage error and 70 when the mutants cannot be generated, built or
// run. idemlab search exits 0 when it prints a script, 2 when its search
// finds no difference, 1 for a usage error (a student's mutant not yet
// predicted among them) and 70 when the search cannot run. go run reports any of them
// as its own status 1; an installed idemlab exits with them as they are.
//
// # Examples
//
// The student's loop, and the same report for a browser:
//
//	go run ./harness/cmd/idemlab
//	go run ./harness/cmd/idemlab -html report.html
//
// One mutant, only the edge observations, in Chinese:
//
//	go run ./harness/cmd/idemlab -mutant 4_fetch -run '^edge/' -lang zh-CN
//
// A worksheet and own observations kept elsewhere (the folder must be
// named student):
//
//	go run ./harness/cmd/idemlab -worksheet ../mine/worksheet.md -student ../mine/student
//
// A report to hand in, and the instructor's view with held-out mutants:
//
//	go run ./harness/cmd/idemlab -json -o report.json
//	go run ./harness/cmd/idemlab -instructor -heldout testdata/heldout/example.json
//
// Every generated mutant, the list of them, and only those the SQL
// operators make:
//
//	go run ./harness/cmd/idemlab mutate
//	go run ./harness/cmd/idemlab mutate -list
//	go run ./harness/cmd/idemlab mutate -run sql-
//
// Every generated mutant judged anew, as CI does, with a profile of where
// its time goes:
//
//	go run ./harness/cmd/idemlab mutate -fresh -cpuprofile cpu.out
//	go tool pprof -top cpu.out cpu.out.run cpu.out.search*
//
// The minimal script for one mutant, as an instructor, and for a
// generated one:
//
//	go run ./harness/cmd/idemlab search -instructor -mutant 5_expired
//	go run ./harness/cmd/idemlab search -instructor -mutant store.go:215:sql-asc-to-desc
//
// # Usage
//
// Usage of idemlab, generated by go generate ./... from its -h; do not edit:
//
//	usage: idemlab [flags]
//	       idemlab mutate [flags]
//	       idemlab search -mutant NAME [flags]
//	       idemlab coverage [flags]
//
//	The kill report of the lab's mutants. Flags:
//	  -C DIR
//	    	run against the checkout in DIR (default: the current folder)
//	  -dir DIR
//	    	observation folder DIR (default: the lab's testdata)
//	  -format FORMAT
//	    	output FORMAT: text, json, html, stryker (default "text")
//	  -heldout FILE
//	    	add the held-out mutants of the catalogue FILE
//	  -html FILE
//	    	also write the report as one HTML page to FILE
//	  -instructor
//	    	show everything: every mutant, hidden ones included, and every answer, recorded as shown in the checkout's history
//	  -json
//	    	the same as -format json
//	  -lab NAME
//	    	the lab to run, by NAME (-h lists them) (default "idemstore")
//	  -lang LANG
//	    	the report's language LANG, en or zh-CN (default: the worksheet's)
//	  -mutant ID
//	    	judge only this mutant (ID; repeatable)
//	  -name NAME
//	    	whose report it is, by NAME (default: git's user.name)
//	  -o FILE
//	    	write the output to FILE instead of standard output
//	  -parallel N
//	    	N scripts run at once (default: three per CPU)
//	  -q	print no progress
//	  -reveal
//	    	show every answer before it is predicted, and record that it was shown
//	  -run REGEXP
//	    	run only observations whose name matches this REGEXP
//	  -run-unreached
//	    	run every observation on every mutant, also one that calls none of the functions the mutant changes
//	  -stryker FILE
//	    	also write the mutants in Stryker's report schema to FILE
//	  -student FOLDER
//	    	the FOLDER of the student's own observations, named student (default: DIR/student)
//	  -timeout DURATION
//	    	bound on one observation run, a DURATION such as 2m (default 30s)
//	  -workdir DIR
//	    	the folder DIR where scripts' stores are made (default: /dev/shm when writable)
//	  -worksheet FILE
//	    	worksheet holding predictions (FILE; repeatable; default: the lab's worksheets)
//
//	Labs (-lab NAME): -h lists the labs the binary is built with.
//
// (end of the generated usage of idemlab)
//
// Usage of idemlab mutate, generated by go generate ./... from its -h; do not edit:
//
//	usage: idemlab mutate [flags]
//
//	Every single-point mutant of the lab's reference, judged by its observations. Flags:
//	  -C DIR
//	    	run against the checkout in DIR (default: the current folder)
//	  -all
//	    	run every observation on every mutant and list every killer (default: stop at each mutant's first kill)
//	  -cpuprofile FILE
//	    	write CPU profiles to FILE (this process), FILE.run (the mutants' run) and FILE.searchN (each search process)
//	  -dir DIR
//	    	observation folder DIR (default: the lab's testdata)
//	  -format FORMAT
//	    	output FORMAT: text, json, html, stryker (default "text")
//	  -fresh
//	    	judge everything anew: take nothing from the verdict cache, and keep this run's results in it
//	  -json
//	    	the same as -format json
//	  -lab NAME
//	    	the lab to run, by NAME (-h lists them) (default "idemstore")
//	  -list
//	    	list the mutants (with -json, as JSON) and run nothing
//	  -no-search
//	    	judge by the observations alone: search no survivor, and no equivalent mutant again
//	  -o FILE
//	    	write the output to FILE instead of standard output
//	  -parallel N
//	    	N scripts run at once (default: three per CPU)
//	  -q	print no progress
//	  -record N
//	    	search every equivalent mutant with N programs and, where none finds a difference, record the search in the equivalent-mutant file
//	  -run REGEXP
//	    	judge only the mutants whose id matches this REGEXP
//	  -run-unreached
//	    	run every observation on every mutant, also one that calls none of the functions the mutant changes
//	  -search-programs N
//	    	search each survivor with N programs (default 2000)
//	  -search-seed SEED
//	    	the survivors' searches' SEED (default 1)
//	  -search-time DURATION
//	    	bound each search's time to a DURATION (shrinking aside) (default 30s)
//	  -timeout DURATION
//	    	bound on one observation run, a DURATION such as 2m (default 30s)
//	  -workdir DIR
//	    	the folder DIR where scripts' stores are made (default: /dev/shm when writable)
//
//	Labs (-lab NAME): -h lists the labs the binary is built with.
//
// (end of the generated usage of idemlab mutate)
//
// Usage of idemlab search, generated by go generate ./... from its -h; do not edit:
//
//	usage: idemlab search -mutant NAME [flags]
//
//	The minimal script that tells one mutant from the reference, found by the differential search. Flags:
//	  -C DIR
//	    	run against the checkout in DIR (default: the current folder)
//	  -heldout FILE
//	    	the held-out catalogue FILE the mutant is in (instructors only)
//	  -instructor
//	    	the instructor's view: any mutant, predicted or not
//	  -lab NAME
//	    	the lab to run, by NAME (-h lists them) (default "idemstore")
//	  -lang LANG
//	    	the language LANG of what it prints, en or zh-CN (default: the worksheet's)
//	  -mutant NAME
//	    	the mutant: a lab mutant's NAME or label, a generated mutant's id, or with -heldout a held-out mutant
//	  -programs N
//	    	the search's budget: N programs (default 5000)
//	  -seed SEED
//	    	the search's SEED (default 1)
//	  -time DURATION
//	    	the search's budget in time, a DURATION (shrinking aside) (default 2m0s)
//	  -worksheet FILE
//	    	worksheet holding predictions (FILE; repeatable; default: the lab's worksheets)
//
//	Labs (-lab NAME): -h lists the labs the binary is built with.
//
// (end of the generated usage of idemlab search)
//
// Usage of idemlab coverage, generated by go generate ./... from its -h; do not edit:
//
//	usage: idemlab coverage [flags]
//
//	The lab's category-partition coverage table: for every input category its command declares, the observations that use it and pin the result, the reason it is left open, or HOLE. Flags:
//	  -C DIR
//	    	run against the checkout in DIR (default: the current folder)
//	  -dir DIR
//	    	read the observations of the folder DIR instead of the lab's
//	  -json
//	    	print the table as JSON
//	  -lab NAME
//	    	the lab to run, by NAME (-h lists them) (default "idemstore")
//
//	Labs (-lab NAME): -h lists the labs the binary is built with.
//
// (end of the generated usage of idemlab coverage)
package idemlab

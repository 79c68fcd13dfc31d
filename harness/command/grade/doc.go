// Package grade is the grade command, which grades a whole class from its
// submissions, for any lab: [Main] takes the labs a binary has built in
// (-lab NAME chooses one; -h lists them), [Run] a lab of its own. The
// binary idemlab ships is harness/cmd/grade:
//
//	grade [-lab NAME] [flags] CLASS
//	grade merge [-lab NAME] [-format F] [-o FILE] [-html FILE] [-feedback DIR] SHARD.json...
//	grade gradescope [-lab NAME] [-heldout FILE] [-rubric FILE] [-no-sandbox] [-o FILE]
//
// Everything below, the flags, the budgets, the shards and the roster,
// works alike for every lab; the catalogue, observations and worksheets
// are the chosen lab's.
//
// CLASS holds one folder per student, named for the student (any letters:
// José and 王伟 are names), with the student's worksheet.md or
// worksheet.zh-CN.md and their own observations in student/*.txtar.
// Everything else in a folder is ignored: the reference and the mutants
// always come from the checkout grade runs in, never from a submission.
//
// A submission is untrusted input. grade reads it without following a link,
// within size limits, and refuses an observation that could reach outside
// its work directory; it runs each submission's observations in a worker of
// its own (grade started again, in a sandbox, under budgets of time,
// memory, disk and output), so that nothing one student wrote can stop the
// grading, slow it beyond its budget, or change another's grade. Package
// harness/submission says what a submission may do; the README's
// "Grading" section lists the budgets.
//
// grade prints one line per student: predictions right, lab mutants and
// held-out mutants killed by the student's own observations, invalid
// observations, timeouts, flags, and a total by the rubric; then every flag
// with its reason, and the class analytics. With -shard K/N it grades the
// K-th of N parts of the class; grade merge combines the N parts' JSON into
// what one run of the whole class writes, read as the lab the parts record
// (-lab, when given, must name it). See "Shards" below.
//
// # Flags
//
// grade -h and grade merge -h list the flags (the usage below). By what
// they choose:
//
//   - the output: -format table, csv or json (harness/schemas/grade.schema.json),
//     canvas or moodle (the gradebook's import file, from a -roster with
//     its identifiers, with -assignment naming the column; see go doc
//     ./harness/gradebook), gradescope (one submission's results.json;
//     grade gradescope writes the autograder bundle that runs it, see go
//     doc ./harness/gradescope), classroom (one repository's points
//     file, for the GitHub Classroom workflow of go doc
//     ./harness/classroom), and -o FILE; -html FILE also writes the class
//     dashboard (go doc ./harness/dashboard);
//   - the grading: -C (the checkout, as go -C; CLASS and every file named
//     are then relative to it), -rubric (the weights, as JSON), -roster
//     (the students expected, one a line, or CSV with the gradebook's
//     identifiers and sections: a student without a folder is listed and
//     flagged), -heldout (an instructor's catalogue of extra
//     mutants), -feedback DIR (each student's feedback, written to
//     DIR/NAME.txt as soon as the student is graded), -shard K/N;
//   - the budgets of one submission: -wall, -timeout, -memory, -disk,
//     -output, -max-file, -max-submission, -max-observations; sizes take
//     KiB, MiB or GiB (64MiB). The README's budgets table gives each
//     default and what enforces it;
//   - how it runs: -parallel (submissions graded at once, by default the
//     number of CPUs), -no-sandbox (workers under the resource limits only,
//     without bubblewrap, as users of their own when grade runs as root;
//     without it grade refuses to run where bubblewrap is not usable), -q
//     (no progress on stderr);
//   - the shard's signature: -key-file, -unsigned (see "Shards").
//
// grade merge takes the same output flags (-format, every one of them,
// -o, -html, -feedback, -roster, -assignment) and writes what grade
// writes with them; -rubric, -heldout and -roster name the files the
// shards were graded with, -class the class folder, -key-file and
// -unsigned the key.
//
// # Shards
//
// A class too big for one machine, or one job, is graded in N parts,
// each on a machine of its own (grade -shard K/N), and the parts merged
// (grade merge). A shard is a JSON class (the schema's "shard" is set)
// that also carries each graded student's feedback and a signature;
// -shard writes JSON whatever the default -format, and refuses another
// -format given.
//
// A shard passes through hands other than the instructor's (a CI
// artifact, a shared folder), so grade -shard signs it and grade merge
// trusts only what it can verify. The key is the instructor's: at least
// 16 bytes, in $IDEMLAB_SHARD_KEY or the first line of -key-file FILE
// (a CI secret; make one with head -c 32 /dev/urandom | base64), never
// written in a shard. The signature is HMAC-SHA256 (Go's standard
// library), keyed with it, over the shard's canonical JSON: the shard
// decoded into its Go type (grade.Class), its signature's mac set to "",
// then encoded by encoding/json's Marshal (compact, fields in the order
// of the Go types, a map's keys sorted, <, > and & escaped as <,
// > and &). The layout of the file on disk does not matter,
// only what it decodes to. The signature also records the key's id (so
// that another key is told from an edit) and the SHA-256 of what the
// grades depend on that the shard does not hold in full: the rubric, the
// held-out catalogue file, the lab's own observations, the class
// listing and the roster file (harness/schemas/grade.schema.json,
// "signature").
//
// grade merge refuses, naming the shard's file and what is wrong:
//
//   - a shard not signed, unless -unsigned is given (then each unsigned
//     shard, and each signed one it has no key to verify, is merged with
//     a warning on stderr); without a key and without -unsigned, merge
//     refuses to start;
//   - a signature that does not verify: signed with another key, or
//     anything in the shard changed after it was signed;
//   - a shard graded with another rubric than -rubric FILE (grade's
//     default rubric without it), another held-out catalogue than
//     -heldout FILE (none without it), another roster than -roster FILE,
//     or, with -class, a class listed otherwise than the folder now is;
//     shards that differ among themselves in any of these, or in their
//     lab, harness, budgets or key;
//   - a row whose fields disagree, as grading never writes them (this
//     holds for unsigned shards too): the after-reveal counts against the
//     predictions recorded after their answer, the mutants killed against
//     own_killers, the invalid and flaky counts against the flags that
//     name them, a killer among the observations flagged invalid or
//     flaky, counts in a row never graded, a mutant that is not the lab's,
//     a total the rubric does not give for the row's terms;
//   - a file that is not a shard's JSON, named as what it is (a class
//     table or CSV, a gradebook file, an HTML page); a file that is not a
//     regular file, or over 256 MiB.
//
// An unsigned shard edited so that every field agrees (an invalid
// observation erased with its flag, its count and its expectation, or a
// wrong prediction made right) cannot be told from one graded so: only
// the signature shows it. A signature says who wrote a shard, not when: a
// shard signed in an earlier grading with the same key still verifies
// (the class listing it records must match -class), so use a key per
// grading where an old shard could be handed in again.
//
// The merged class is what one run of the whole class writes, in every
// format, with the same dashboard and feedback; only the timings differ:
// the JSON's elapsed_ms (the sum of the shards') and lab_elapsed_ms (the
// longest), the table's last line, and in each feedback file the minute
// its report was made and the time it took.
//
// Progress goes to stderr, redrawn in place on a terminal and a line every
// few seconds in a log.
//
// # Exit status
//
// The exit status is 0 when the class was graded (flagged submissions are
// graded as far as they can be and do not change it), 1 for a usage error
// (a -lab the binary lacks among them),
// 4 when the lab's own observations do not pass (no grade would be fair),
// and 70 for an internal error. grade merge exits 0 when the shards were
// merged, 1 when a shard cannot be read, is refused (see "Shards") or the
// shards do not make one class (a missing or repeated shard, a whole class
// given as a shard, shards graded with another harness, lab, rubric,
// budgets or held-out catalogue, or of a lab other than -lab's),
// and 70 when the output cannot be written.
//
// grade worker -lab NAME JOB is how grade starts itself for one
// submission, with the lab it grades; it is not meant to be run by hand.
// A binary that calls [Main] or [Run] from its main is its own worker.
//
// # Examples
//
//	go run ./harness/cmd/grade class
//	go run ./harness/cmd/grade -format csv -o grades.csv -feedback feedback class
//	go run ./harness/cmd/grade -roster roster.txt -heldout ~/heldout.json -rubric rubric.json class
//
// A class in four parts, on four machines, then merged, with the key
// in the environment of each:
//
//	export IDEMLAB_SHARD_KEY=...   # the same secret everywhere
//	grade -q -shard 1/4 -o shard-1.json class
//	...
//	grade merge -class class -format csv -o grades.csv -html dashboard.html -feedback feedback shard-*.json
//
// The same as a GitHub Actions workflow, a job per shard and one merge
// (the key a repository secret):
//
//	name: grade
//	on: workflow_dispatch
//	jobs:
//	  shard:
//	    runs-on: ubuntu-latest
//	    strategy:
//	      matrix:
//	        shard: [1, 2, 3, 4]
//	    steps:
//	      - uses: actions/checkout@v4                  # the lab: reference, mutants, observations
//	      - uses: actions/checkout@v4                  # the class's submissions
//	        with: {repository: my-course/submissions, path: class, token: "${{ secrets.SUBMISSIONS_TOKEN }}"}
//	      - uses: actions/setup-go@v5
//	        with: {go-version: "1.26"}
//	      - run: sudo apt-get install -y bubblewrap
//	      - run: go build -o grade ./harness/cmd/grade
//	      - run: ./grade -q -shard ${{ matrix.shard }}/4 -o shard-${{ matrix.shard }}.json class
//	        env: {IDEMLAB_SHARD_KEY: "${{ secrets.IDEMLAB_SHARD_KEY }}"}
//	      - uses: actions/upload-artifact@v4
//	        with: {name: "shard-${{ matrix.shard }}", path: "shard-*.json"}
//	  merge:
//	    needs: shard
//	    runs-on: ubuntu-latest
//	    steps:
//	      - uses: actions/checkout@v4
//	      - uses: actions/setup-go@v5
//	        with: {go-version: "1.26"}
//	      - uses: actions/download-artifact@v4
//	        with: {pattern: "shard-*", merge-multiple: true}
//	      - run: go run ./harness/cmd/grade merge -format csv -o grades.csv -html dashboard.html -feedback feedback shard-*.json
//	        env: {IDEMLAB_SHARD_KEY: "${{ secrets.IDEMLAB_SHARD_KEY }}"}
//	      - uses: actions/upload-artifact@v4
//	        with: {name: grades, path: "grades.csv\ndashboard.html\nfeedback/"}
//
// Another lab built in, by its name:
//
//	go run ./harness/cmd/genclass -lab lease -n 20 /tmp/lease-class
//	go run ./harness/cmd/grade -lab lease /tmp/lease-class
//
// # Usage
//
// Usage of grade, generated by go generate ./... from its -h; do not edit:
//
//	usage: grade [flags] CLASS
//	       grade merge [flags] SHARD.json...
//	       grade gradescope [-heldout FILE] [-rubric FILE] [-no-sandbox] [-o FILE]
//
//	Grades every submission in the folder CLASS. Flags:
//	  -C DIR
//	    	grade with the checkout in DIR; CLASS and files are relative to it (default: the current folder)
//	  -assignment NAME
//	    	the gradebook's assignment column for -format canvas or moodle (NAME; Canvas: "Name (id)" updates that assignment) (default "idemlab")
//	  -disk SIZE
//	    	disk budget of a worker's work area (SIZE) (default 64MiB)
//	  -feedback DIR
//	    	write each student's feedback to DIR/NAME.txt
//	  -format FORMAT
//	    	output FORMAT: table, csv, json, canvas, moodle, gradescope, classroom (default "table")
//	  -heldout FILE
//	    	an extra catalogue FILE of mutants kept from the students
//	  -html FILE
//	    	also write the class dashboard, one self-contained HTML page, to FILE
//	  -key-file FILE
//	    	with -shard, sign shards with the key in FILE instead of $IDEMLAB_SHARD_KEY
//	  -lab NAME
//	    	the lab to run, by NAME (-h lists them) (default "idemstore")
//	  -max-file SIZE
//	    	largest file read from a submission (SIZE) (default 256KiB)
//	  -max-observations N
//	    	most observations run from one submission, a count N (default 64)
//	  -max-submission SIZE
//	    	most bytes read from one submission (SIZE) (default 2MiB)
//	  -memory SIZE
//	    	memory budget of each worker process (SIZE, as 2GiB) (default 2GiB)
//	  -no-sandbox
//	    	run workers without bubblewrap, under the resource limits alone (as an unprivileged user when grade runs as root); without it, grade refuses to run where bubblewrap is not usable
//	  -o FILE
//	    	write the output to FILE instead of standard output
//	  -output SIZE
//	    	budget of the results a worker sends back (SIZE) (default 16MiB)
//	  -parallel N
//	    	N submissions graded at once (default: the number of CPUs)
//	  -q	print no progress
//	  -roster FILE
//	    	the students expected in FILE: one folder a line, or CSV with the gradebook's ids (see go doc ./harness/gradebook)
//	  -rubric FILE
//	    	the rubric's weights as JSON FILE
//	  -shard K/N
//	    	grade only the K-th of N parts of the class (K/N), for grade merge
//	  -timeout DURATION
//	    	bound on one observation's run on one implementation, a DURATION such as 10s (default 10s)
//	  -unsigned
//	    	with -shard, write the shard unsigned (grade merge then refuses it unless given -unsigned)
//	  -wall DURATION
//	    	wall-clock budget of one submission's worker, a DURATION such as 2m (default 2m0s)
//
//	Labs (-lab NAME): -h lists the labs the binary is built with.
//
// (end of the generated usage of grade)
//
// Usage of grade merge, generated by go generate ./... from its -h; do not edit:
//
//	usage: grade merge [flags] SHARD.json...
//
//	Verifies the signed JSON results of grade -shard 1/N to N/N and combines them into what one run of the whole class writes. Flags:
//	  -assignment NAME
//	    	the gradebook's assignment column for -format canvas or moodle (NAME; Canvas: "Name (id)" updates that assignment) (default "idemlab")
//	  -class FOLDER
//	    	the class FOLDER the shards graded: every student must be in it, and every entry graded
//	  -feedback DIR
//	    	write each student's feedback to DIR/NAME.txt
//	  -format FORMAT
//	    	output FORMAT: table, csv, json, canvas, moodle, gradescope, classroom (default "table")
//	  -heldout FILE
//	    	the held-out catalogue FILE the shards were graded with (default: none)
//	  -html FILE
//	    	also write the class dashboard, one self-contained HTML page, to FILE
//	  -key-file FILE
//	    	verify shards with the key in FILE instead of $IDEMLAB_SHARD_KEY
//	  -lab NAME
//	    	the lab to run, by NAME (-h lists them) (default "idemstore")
//	  -o FILE
//	    	write the output to FILE instead of standard output
//	  -roster FILE
//	    	the students expected in FILE: one folder a line, or CSV with the gradebook's ids (see go doc ./harness/gradebook)
//	  -rubric FILE
//	    	the rubric FILE the shards were graded with (default: grade's default rubric)
//	  -unsigned
//	    	accept shards that are not signed, each with a warning
//
//	Labs (-lab NAME): -h lists the labs the binary is built with.
//
// (end of the generated usage of grade merge)
package grade

// Package gradescope grades an idemlab submission as a Gradescope
// autograder: grade -format gradescope writes the results.json of
// Gradescope's autograder specification for one submission, and
// grade gradescope writes the autograder bundle (setup.sh,
// run_autograder, the lab and grade built for Linux) an instructor
// uploads.
//
// # The instructor's guide, step by step
//
//  1. In the lab's checkout (a git checkout: the bundle packs the files
//     git tracks), write the bundle, with your held-out catalogue and
//     rubric if you keep them (both stay out of the students' view):
//
//     go run ./harness/cmd/grade gradescope -heldout ~/heldout.json -rubric rubric.json -o autograder.zip
//
//     (-lab NAME for another lab built in, as in -lab lease: the bundle
//     grades with it, and reads a submission where its layout says.)
//
//     It builds grade for Linux on amd64 (-arch for another) and packs
//     setup.sh and run_autograder at the zip's root, bin/grade, the lab's
//     tracked files under lab/ (not the lab's student folder,
//     testdata/student/ in the first lab, nor a worksheet's history), and
//     heldout.json and rubric.json.
//
//  2. In Gradescope, create a Programming Assignment; in its
//     Configure Autograder page choose "Zip file upload", an Ubuntu base
//     image, and upload autograder.zip. Gradescope runs setup.sh once,
//     as root, to build the image: it installs bubblewrap (the sandbox;
//     where the image's container allows no user namespaces, grade
//     refuses, and every results.json says grading failed, unless the
//     bundle was made with grade gradescope -no-sandbox: then each
//     submission runs under resource limits alone, as a user id of its
//     own that can write only its work area and what everyone may), makes
//     the bundle's files root's alone, and, with a held-out catalogue, Go
//     (the version go.mod names) and the lab's modules, because grade
//     compiles the held-out mutants when it starts.
//
//  3. Test the autograder with a sample submission (the "Test
//     Autograder" button): a worksheet.md with a filled prediction block
//     and a student/ folder with one observation is enough.
//
//  4. Students submit their worksheet (worksheet.md or
//     worksheet.zh-CN.md, with worksheet.history.json beside it if they
//     keep one) and their student/*.txtar, by upload, or their whole lab
//     repository through Gradescope's GitHub or Bitbucket submission, in
//     which their observations are in testdata/student/ and their
//     worksheets at its top (for another lab, where its layout puts
//     them: labs/lease/testdata/student/ and labs/lease/ for the lease
//     lab). Nothing else of
//     a submission is read: the reference, the mutants and the lab's own
//     observations always come from the bundle.
//
//  5. Gradescope runs run_autograder for each submission, with
//     /autograder as its working folder. It copies the submission's
//     worksheets, history and observations into a class of one, following
//     no link: a link, a FIFO or a folder in a file's place is copied as
//     what it is, never read, and a folder on the way that is a link
//     (testdata -> elsewhere) as a link in the file's place, each for
//     grade to refuse and flag in the student's feedback, in their
//     language. It runs grade -C source/lab -format gradescope -o
//     results/results.json on it; when grade stops without a result,
//     results.json still says so, scored 0, in English and Chinese.
//     Grading is what grade does for a class (see the README's
//     "Grading"), with the same budgets.
//
//  6. To change the held-out catalogue, the rubric or the lab, write a
//     new bundle and upload it again; Gradescope can then regrade every
//     submission.
//
// # results.json
//
// [From] makes the [Results] of a class of one graded student, in the
// student's language (their predictions', else their worksheet's), as
// the specification describes them (gradescope/autograder_samples,
// docs/specs.md; testdata/results.schema.json is that format as a JSON
// Schema, which the tests validate against):
//
//   - score: the student's total by the rubric, which overrides the sum of
//     the tests, though the tests add up to it;
//   - output: the student's feedback, exactly as grade -feedback writes it
//     (the report in the graded view, report.Graded: a mutant's killers
//     only where the submission's history records its prediction before
//     its answer was revealed, since the student's history never hears of
//     what Gradescope shows; hidden mutants counted but not named; then
//     the grade as a sum with every reason);
//     stdout_visibility hidden keeps the grader's log from students;
//   - tests, numbered in order: for each lab mutant, "Prediction: LABEL"
//     (the rubric's prediction_right points when the prediction is right,
//     its output saying what was wrong first: the killer, the kind of
//     evidence, or an observation predicted to be survived, and whether
//     it was recorded before or after its answer was revealed); for each
//     lab mutant, "Your observations kill LABEL" (own_kill points, naming
//     the student's observations that kill it); for each held-out mutant
//     that runs, one the same (held_out_kill points); and one per penalty
//     the rubric weighs (invalid observations, timeouts, flags), scored
//     the penalty times the count, out of 0; last, "Every mutant's answer",
//     out of 0, the report with every answer shown, visible after the due
//     date only (after_due_date).
//
// A prediction no history backs says neither right nor wrong, which
// would answer it; an own-kill test of a mutant whose answer the output
// does not show is shown after the due date, since which observations
// kill a mutant say how it dies.
//
// Every test is visible, but a held-out mutant's, whose visibility is its
// tier's ([Visibility]): visible stays visible; hidden is hidden, never
// shown to the student (Gradescope then hides the student's total score
// too, until you publish, as its specification says of hidden tests);
// after-due is after_due_date, shown once the due date (or the late due
// date) has passed, which Gradescope applies by itself, whatever the
// catalogue's reveal_after_due. after_published is not used.
//
// # What it does not do
//
// It neither grades (package grade does) nor talks to Gradescope: the
// bundle is uploaded by hand, and results.json is read by Gradescope's
// own harness. Submission metadata (the student's name, the due date) is
// not read: the row is named "submission".
package gradescope

// Package classroom grades a student's own repository on GitHub Classroom:
// classroom.yml is a GitHub Actions workflow, generated from the lab's
// catalogue and the default rubric, that grades the repository on each
// push with the lab's own grade command and reports the points through
// GitHub Classroom's autograding actions.
//
// # The instructor's steps
//
//  1. Copy classroom.yml to .github/workflows/classroom.yml in the
//     assignment's template repository, which is the lab itself: each
//     student's repository is a copy of it, in which they fill
//     worksheet.md (or worksheet.zh-CN.md) and write their own
//     observations in testdata/student/.
//  2. In GitHub Classroom, create the assignment from that template. Its
//     points are what the workflow reports; leave Classroom's own test
//     editor empty.
//  3. With another rubric (whole points only: the command grader scores
//     whole points), write the workflow again from Steps and Workflow,
//     as internal/genworkflow does for the default one.
//
// # What the workflow does
//
// It checks the repository out, sets Go up from go.mod, and runs
// [Prepare] (bash): the student's worksheets, history and
// testdata/student/ are copied into a class of one, grade is built from
// the lab (the repository itself, or the checkout the environment
// variable IDEMLAB_LAB names: a course that checks out its own copy of
// the lab beside the student's work sets it, so that edits to the lab's
// files in the student's repository change nothing), and
// grade -format classroom grades it, writing the points file
// (.idemlab/points.txt, see [Write]) and the student's feedback, which
// goes, in their worksheet's language, to the job summary
// ($GITHUB_STEP_SUMMARY): it shows a mutant's killers only where the
// history records the prediction before its answer was revealed
// (report.Graded), since the history never hears of what the job
// summary shows; the other answers are never in it. The penalties go to
// the step's outputs.
//
// Then one classroom-resources/autograding-command-grader@v1 step per
// [Step]: per lab mutant, "Prediction LABEL" (the rubric's
// prediction_right when the prediction is right and was recorded before
// its answer was revealed) and "Own observations kill LABEL" (own_kill),
// each a grep of the points file; and one step per penalty (right
// predictions recorded after the reveal, invalid observations, timeouts,
// flags) whose command always passes and whose max-score is the penalty
// grading found, read from the first step's outputs. Last,
// classroom-resources/autograding-grading-reporter@v1 adds up every
// step's points and sends them to GitHub Classroom: the points are the
// student's total by the rubric, as grade gives it (a test runs the same
// commands on fixture repositories and compares). The reporter also adds
// up the steps' maximums, so a penalty lowers the maximum it shows as
// well as the points.
//
// # What it does not do
//
// A student controls their own repository, workflow included: the
// points Classroom shows are the student's own feedback, not a grade an
// instructor can trust. The grade of record is grade run by the
// instructor over the collected repositories, where held-out mutants,
// which no student repository may hold, are graded too.
package classroom

// Package dashboard draws a graded class as one self-contained HTML page
// an instructor looks at before the next lecture: grade -html FILE writes
// it beside grade's other outputs.
//
// # What it shows
//
// [Compute] gathers, from the class's rows alone (so a merged class draws
// the same as one graded in one run), the [Data] the page draws:
//
//   - the distribution of every student's total, in at most 30 bins of
//     whole width;
//   - per lab mutant, the graded students' predictions: right, wrong
//     because the predicted killer does not kill it, wrong in the kind of
//     evidence only, wrong otherwise (an observation predicted to be
//     survived kills it, or the mutant could not be judged), and
//     unpredicted;
//   - a confusion matrix of the evidence predicted (return, error, state)
//     against the evidence the mutant showed (in the predicted killer when
//     it killed, else in its lead killer, the one the lessons show first,
//     the intended killer when it kills; none when nothing did);
//   - per mutant, lab and held-out, how many students' own observations
//     kill it and the observations, by name, most of them wrote;
//   - per lab mutant, the predictions first seen before and after the
//     mutant's answer was revealed on the student's checkout, as the
//     worksheet history says (grade.PredictionVerdict.Recorded), and those
//     with no history to tell.
//
// # The page
//
// [Write] writes it in a language, by default the class's ([ClassLang]:
// the one most of its students' feedback is in), English or Simplified
// Chinese. The charts are SVG written by this package: no script, no
// library, no URL, inline CSS, so the page opens from a file with no
// network; its font stacks name Chinese families after the Latin ones,
// as the kill report's page does. Every drawn datum carries its count in
// a data-count attribute (with data-kind for its series), which is how
// the browser test checks that each chart draws exactly what the class's
// JSON holds. Names a student chose (observations) are escaped.
//
// # What it does not do
//
// It grades nothing and reads no file: it draws a grade.Class. It does
// not name students: the page is about the class, and a row's details are
// grade's table and each student's feedback.
package dashboard

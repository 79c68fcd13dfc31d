// Package htmlreport writes the kill report as one self-contained HTML
// page, for an instructor who would rather look at the kill matrix than
// read it.
//
// The page holds the summary and score lines, the kill matrix as a
// coloured grid (observations in rows, grouped by kind, against mutants in
// columns, each student prediction marked on the cell of its predicted
// killer), each mutant's verdict with its killers and hint, every
// prediction's verdict with the reference/mutant difference, the student's
// invalid observations and the input digests.
//
// The page is rendered with html/template, so every string from a report
// is escaped. Its style is inline CSS; it has no JavaScript and refers to
// no URL of any kind (no fonts, stylesheets, images or scripts), so it
// looks the same offline as online and can be mailed as one file.
//
// Every grid cell carries data attributes that a program can check:
// data-observation and data-mutant name the cell, data-status is one of
// "killed", "survived", "timeout" or "excluded" (the observation is broken
// or flaky, or the mutant was not run), and data-predicted is "right" or
// "wrong" on the cell of a predicted killer.
package htmlreport

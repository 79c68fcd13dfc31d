// Package testfs writes the files a test needs.
//
// [Write] takes a folder (usually t.TempDir()) and a map from
// slash-separated paths to contents, makes every folder the paths need,
// writes each file, and fails the test at the first error, so that a test
// states a whole tree of files (a class of submissions, a checkout with a
// catalogue and a reference) as one literal:
//
//	testfs.Write(t, dir, map[string]string{
//		"alice/worksheet.md":         worksheet,
//		"alice/student/counts.txtar": counts,
//	})
//
// Files are written with mode 0644 and folders with 0755; the order in
// which files are written is not defined, so a test must not depend on it.
// The package writes regular files only: a test that needs a link, a FIFO
// or an unreadable file makes it itself.
//
// The package is internal, for the harness's tests.
package testfs

package reportcheck_test

import (
	"bytes"
	"fmt"

	"idemlab/harness/i18n"
	"idemlab/harness/killmatrix"
	"idemlab/harness/labrun"
	"idemlab/harness/labrun/testdata/counter"
	"idemlab/harness/report"
	"idemlab/harness/reportcheck"
	"idemlab/harness/submission"
)

// A report of the counter lab checked against the checkout it was made
// in, then again after a verdict in it was edited.
func ExampleCheck() {
	const root = "../.." // the module root, from this package's folder
	l := counter.Lab()
	plan, err := labrun.Prepare(labrun.Config{Lab: l, Root: root, View: report.Instructor, Lang: i18n.English})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := plan.Run()
	if err != nil {
		fmt.Println(err)
		return
	}
	var data bytes.Buffer
	res.Report.JSON(&data)

	vet := submission.Reader{Lab: l, Limits: submission.DefaultLimits}.Vet
	for _, text := range [][]byte{
		data.Bytes(),
		bytes.Replace(data.Bytes(), []byte(`"right": false`), []byte(`"right": true`), 1),
	} {
		r, err := reportcheck.Check(l, root, text, killmatrix.Options{}, vet)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Print(r)
	}
	// Output:
	// ok: every input matches this checkout and a re-run gives the same report
	// TAMPERED: the inputs match this checkout, but the report does not match a re-run
	// 1 field differs from a re-run:
	//   verdicts[2].right: the report says true, a re-run false
}

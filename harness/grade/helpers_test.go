package grade_test

import (
	"bytes"
	"os"
	"testing"

	"idemlab/harness/grade"
)

// jsonText is c as the JSON writer writes it.
func jsonText(t testing.TB, c *grade.Class) string {
	t.Helper()
	var b bytes.Buffer
	if err := c.JSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// roundTrip writes a shard's result as JSON and reads it back, as grade
// merge does.
func roundTrip(t testing.TB, c *grade.Class) *grade.Class {
	t.Helper()
	back, err := grade.ReadPartial("shard.json", []byte(jsonText(t, c)))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// readFile is the text of file.
func readFile(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

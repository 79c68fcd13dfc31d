package grade_test

import (
	"bytes"
	"testing"

	"idemlab/harness/grade"
)

// jsonText is c as the JSON writer writes it.
func jsonText(t *testing.T, c *grade.Class) string {
	t.Helper()
	var b bytes.Buffer
	if err := c.JSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// roundTrip writes a shard's result as JSON and reads it back, as grade
// merge does.
func roundTrip(t *testing.T, c *grade.Class) *grade.Class {
	t.Helper()
	back, err := grade.ReadPartial("shard.json", []byte(jsonText(t, c)))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

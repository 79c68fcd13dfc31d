package genmutants_test

import (
	"bytes"
	"fmt"
	"strings"

	"idemlab/harness/command/genmutants"
)

// genmutants names the catalogue that is missing, writes nothing, and
// exits 1 (a usage error).
func ExampleMain() {
	var stdout, stderr bytes.Buffer
	status := genmutants.Main([]string{"no-such-catalogue.json"}, &stdout, &stderr)
	msg := stderr.String()
	fmt.Print(status, " ", stdout.String(), msg[strings.LastIndex(msg, "/")+1:])
	// Output:
	// 1 no-such-catalogue.json: no such file or directory
}

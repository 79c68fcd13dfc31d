// Package builtin is the list of labs idemlab's binaries are built with,
// kept outside the harness in idemlab/labs (where a lab is added). Only
// the binaries' mains import it: the commands themselves take a
// [lab.Registry] and know no lab by name.
package builtin

import "idemlab/labs"

// Labs are the built-in labs, the default first.
var Labs = labs.Builtin

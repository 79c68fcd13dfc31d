package grade

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	grading "idemlab/harness/grade"
	"idemlab/harness/gradebook"
	"idemlab/harness/writers"
)

// outputs are the flags that say what a graded class is written as, and
// write it: grade and grade merge share them, so that a merge writes
// whatever one run of the whole class writes.
type outputs struct {
	format, out, roster, feedback string
	platform                      platform
}

func (o *outputs) define(fs *flag.FlagSet) {
	fs.StringVar(&o.format, "format", "table", "output `FORMAT`: "+strings.Join(o.platform.formats().Names(), ", "))
	o.platform.define(fs)
	fs.StringVar(&o.out, "o", "", "write the output to `FILE` instead of standard output")
	fs.StringVar(&o.roster, "roster", "", "the students expected in `FILE`: one folder a line, or CSV with the gradebook's ids (see go doc ./harness/gradebook)")
	fs.StringVar(&o.feedback, "feedback", "", "write each student's feedback to `DIR`/NAME.txt")
}

// check refuses an unknown format, and a gradebook's without a roster.
func (o *outputs) check() error {
	if _, err := o.platform.formats().Lookup(o.format); err != nil {
		return err
	}
	if (o.format == "canvas" || o.format == "moodle") && o.roster == "" {
		return fmt.Errorf("-format %s: name the roster with the gradebook's identifiers (-roster FILE)", o.format)
	}
	return nil
}

// readRoster reads -roster, when given, and returns the folders it names
// and the file's Digest, for a shard's signature.
func (o *outputs) readRoster() (folders []string, digest string, err error) {
	if o.roster == "" {
		return nil, "", nil
	}
	data, err := os.ReadFile(o.roster)
	if err != nil {
		return nil, "", err
	}
	if o.platform.roster, err = gradebook.ReadRoster(o.roster, data); err != nil {
		return nil, "", err
	}
	return o.platform.roster.Folders(), grading.Digest(data), nil
}

// write writes the class in its format, and the dashboard when -html
// asks for it. The feedback is written before: by grade as each student
// is graded, by grade merge from the shards.
func (o *outputs) write(class *grading.Class, stdout io.Writer) error {
	if err := writers.To(o.platform.formats(), o.format, o.out, stdout, class); err != nil {
		return err
	}
	return o.platform.dashboard(class)
}

// Command genworkflow writes harness/classroom/classroom.yml, the GitHub
// Classroom workflow for a lab's catalogue (the file -catalogue names)
// and the default rubric; go generate ./harness/classroom runs it for the
// default lab's.
package main

import (
	"flag"
	"fmt"
	"os"

	"idemlab/harness/classroom"
	"idemlab/harness/grade"
	"idemlab/harness/mutation"
)

func main() {
	file := flag.String("catalogue", "", "the lab's catalogue `FILE`")
	flag.Parse()
	data, err := os.ReadFile(*file)
	var cat *mutation.Catalogue
	if err == nil {
		cat, err = mutation.Parse(*file, data)
	}
	var steps []classroom.Step
	if err == nil {
		steps, err = classroom.Steps(cat, grade.DefaultRubric)
	}
	if err == nil {
		err = os.WriteFile("classroom.yml", classroom.Workflow(steps), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genworkflow:", err)
		os.Exit(1)
	}
}

// Command genworkflow writes harness/classroom/classroom.yml, the GitHub
// Classroom workflow for the lab's catalogue and the default rubric;
// go generate ./harness/classroom runs it.
package main

import (
	"fmt"
	"os"

	"idemlab/harness/classroom"
	"idemlab/harness/grade"
	"idemlab/mutants"
)

func main() {
	steps, err := classroom.Steps(mutants.Lab().Catalogue, grade.DefaultRubric)
	if err == nil {
		err = os.WriteFile("classroom.yml", classroom.Workflow(steps), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genworkflow:", err)
		os.Exit(1)
	}
}

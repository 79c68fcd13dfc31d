package classroom

// The workflow is the default lab's, from its catalogue file (a generic
// package imports no lab).
//go:generate go run ./internal/genworkflow -catalogue ../../mutants/catalogue.json

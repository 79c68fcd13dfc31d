package classroom

//go:generate go run ./internal/genworkflow

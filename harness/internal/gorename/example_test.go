package gorename_test

import (
	"fmt"
	"log"

	"idemlab/harness/internal/gorename"
)

func Example() {
	src := []byte(`package store

import "strings"

// Limit bounds a name; "Limit" in a string stays.
const Limit = 8

type name struct{ Limit int }

func clip(s string) name {
	if len(s) > Limit {
		s = s[:Limit]
	}
	return name{Limit: len(strings.ToLower(s))}
}
`)
	imp, err := gorename.NewImporter(".", "strings")
	if err != nil {
		log.Fatal(err)
	}
	r := &gorename.Renamer{Importer: imp}
	out, edits, err := r.Prefix(src, "p0", "m1_")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(out))
	// A compiler message at 10:17, on the L of m1_Limit, is about the L
	// of Limit at 10:14 of src.
	line, col := edits.Original(10, 17)
	fmt.Printf("%d:%d\n", line, col)
	// Output:
	// package p0
	//
	// import "strings"
	//
	// // Limit bounds a name; "Limit" in a string stays.
	// const m1_Limit = 8
	//
	// type m1_name struct{ Limit int }
	//
	// func m1_clip(s string) m1_name {
	// 	if len(s) > m1_Limit {
	// 		s = s[:m1_Limit]
	// 	}
	// 	return m1_name{Limit: len(strings.ToLower(s))}
	// }
	// 10:14
}

// Package textwidth measures text as a terminal shows it, where a Chinese
// character takes two columns and a Latin letter one, so that tables and
// usage texts in Chinese line up as they do in English.
//
// [Width] is a string's width in columns (from the East Asian Width
// property, golang.org/x/text/width); [Wrap] breaks text into lines of at
// most a width, between words and between two wide characters; [Writer]
// aligns tab-separated cells into columns as text/tabwriter does, but by
// display width, which tabwriter cannot (it counts runes, so every
// Chinese cell pushed its row's later columns out of line).
//
// The package is internal to the harness.
package textwidth

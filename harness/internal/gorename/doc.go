// Package gorename puts many copies of one Go file into one package by
// prefixing the names each copy declares at its top level: m012_InitDB,
// m012_maxLimit, and so on.
//
// # What is renamed
//
// [Renamer.Prefix] type-checks the file alone, in a package of its own,
// and inserts the prefix before every identifier that denotes an object
// declared at the file's package level (types.Info.Defs and Uses): a
// function, variable, constant or type, at its declaration and at every
// use. Nothing else is renamed:
//
//   - a method, an interface method or a struct field, whose object is in
//     no scope; it is reached through its receiver's type, which is
//     renamed;
//   - a local, a parameter, a type parameter or a label, even one that
//     shadows a top-level name;
//   - an imported package's name and what is selected from it;
//   - the blank identifier and init functions, which no one can name;
//   - the key of a composite literal of a struct type, which is a field
//     name, whatever the literal's type is spelt as (an imported struct, a
//     type whose name was elided in a nested literal, a type parameter).
//
// The key of a map, slice or array literal is an expression, and is
// renamed when it names one of the file's constants: also when the map
// type is named (url.Values, or one of the file's types) and when the
// literal's type is elided. The type checker answers which literal is
// which; no rule about how a literal is written is needed.
//
// The package clause's name is replaced by the package the copy goes
// into. Every other byte (comments, strings, SQL, spacing) stays as it
// was, and no edit adds or removes a line: a compiler message about the
// copy has the original's line numbers, and [Edits.Original] maps its
// column back.
//
// # What is refused
//
// Prefix returns an error, and no file, for:
//
//   - a file that does not parse;
//   - an empty or exported prefix (it would export unexported names);
//   - a prefix that turns a name into a keyword or into a name the file
//     already spells somewhere, which a local could capture;
//   - a file that embeds one of its own types in a struct: the field's
//     name is the type's, and a prefix would change what encoding/json
//     and reflection see.
//
// What reflection sees still changes in one way: a type's name (%T,
// reflect.Type.Name) carries the prefix.
//
// # Files that do not type-check
//
// A mutant may not compile, and the compiler is the place that says why.
// Prefix therefore carries on past type errors (they are passed to
// Renamer.TypeError when it is set): go/types still resolves every name it
// can, and a name it cannot resolve keeps its spelling. An undefined name
// is in no case one of the file's own, so it is right to leave it; the
// keys of a composite literal whose type is itself broken are left too,
// and the compiler rejects that literal anyway. A file that compiles
// type-checks without errors, given the same imports, so its renaming is
// exact.
//
// # Imports
//
// Type-checking modernc.org/sqlite from source takes far too long to do
// for every copy. An [Importer] reads the export data that go list -export
// leaves in the build cache, once per package, and keeps the packages;
// each type check afterwards only reads them. Build one Importer per run
// for the module that holds the file, with the file's imports
// ([ImportPaths]), and share it: it is safe for concurrent use.
package gorename

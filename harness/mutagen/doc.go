// Package mutagen generates every single-point mutant of the reference
// store and runs the lab's observations against all of them at once.
//
// The eight hand-written mutants of mutants/catalogue.json each break one
// line of the contract on purpose, for a worksheet step. This package asks
// the wider question: which single-point changes of reference/store.go does
// the observation suite fail to notice?
//
// # Operators
//
// General Go mutation tools see an SQL statement as an opaque string; here,
// in a string literal that holds SQL, the operators are those of the SQL
// mutation literature (SQLMutation: Tuya, Suárez-Cabal and de la Riva),
// grouped in families:
//
//   - sql-relational: each comparison inside a WHERE clause replaced by
//     every other (=, !=, <, <=, >, >=), the one-step flips first;
//   - sql-logical: AND and OR exchanged, and one conjunct of a WHERE clause
//     with two or more dropped;
//   - sql-pattern: a text column compared with a parameter made LIKE or
//     GLOB (wildcards, case rules) or given the NOCASE or RTRIM collation,
//     and an ORDER BY on a text column sorted case-blind;
//   - sql-order-by: ASC and DESC swapped, the ORDER BY clause dropped;
//   - sql-identifier: a column replaced by another column of the table of
//     the same type (in WHERE, the result, SET), or by any column in ORDER
//     BY; the table's columns come from the file's own CREATE TABLE;
//   - sql-aggregate: COUNT(*) made a count of a column's distinct values or
//     of a nullable column's non-NULL ones, an aggregate's FILTER dropped;
//   - sql-constant: a string constant replaced by another the file's SQL
//     uses ('pending' and 'done');
//   - sql-null: a NULL written by INSERT made the empty string, IS NULL
//     and IS NOT NULL swapped;
//   - sql-schema: IF NOT EXISTS removed, a column's declared type replaced
//     by another affinity, a PRIMARY KEY dropped;
//   - sql-conflict: a do-nothing-on-conflict insert made a replacing one;
//   - sql-limit: LIMIT ? off by one, as LIMIT ? + 1 and LIMIT ? - 1.
//
// In Go code they are those of mature tools (PIT, Stryker, cargo-mutants),
// and the changes to the values that reach a query:
//
//   - go-relational: < and <=, > and >= exchanged; == and != exchanged
//     where the comparison is not a whole if condition;
//   - go-conditional: a negated if condition (if c becomes if !(c)) and a
//     dropped error check (if err != nil becomes if false);
//   - go-logical: && and || exchanged, a ! dropped;
//   - go-arithmetic: + and - exchanged (+= and -=, ++ and --);
//   - go-constant: a number literal one up and one down, a boolean literal
//     flipped, a string literal that is neither SQL nor an error message
//     emptied;
//   - go-return: a returned boolean swapped or negated, a value returned
//     with a nil error made its type's zero value, an error made here (not
//     passed on from a call) returned as nil, a refusal (zero values, nil
//     error) returned with an error instead (in a file that imports
//     errors), a sentinel error wrapped by fmt.Errorf with %v instead of
//     %w (the same text; errors.Is no longer finds it), after the
//     exception-handling operators of the literature;
//   - go-statement: a call statement or an assignment removed;
//   - go-query-value: two values handed to Exec, Query or QueryRow (or two
//     Scan destinations) swapped, one replaced by its neighbour, a float64
//     parameter moved one float step up or down (now±ε), an int parameter
//     by one;
//   - go-transaction (after the concurrency operators of Bradbury, Cordy
//     and Dingel, 2006): the reads at the start of a transaction moved
//     before its Begin; transactions begun DEFERRED rather than IMMEDIATE
//     (_txlock=deferred in the driver's connection string), so that a
//     transaction takes the write lock only at its first write;
//   - go-input: a string parameter handed to a query cut to 64 bytes, as a
//     fixed-width column does, or trimmed of surrounding space or folded
//     to lower case (in a file that imports strings), as a store that
//     cleans its keys does; a float64 parameter cut to a whole number, as
//     a store that keeps whole seconds does; an int parameter capped at
//     10, as a store that bounds its batches does;
//   - go-state: an exported function whose arguments are strings,
//     numbers or booleans memoised in package state, so that arguments it
//     answered before are answered again without running (the lab's
//     commands run in one process, so a later call sees it);
//   - go-higher-order (after Jia and Harman's higher-order mutants,
//     2009): in each statement that runs a query, one pair of an SQL
//     change and a Go change made together, sampled by a digest of their
//     text so the sample is stable, a comparison flipped together with its
//     argument moved a step preferred, since such a pair can mask each
//     other where each alone is found;
//   - go-injection (after MUSIC, Shahriar and Zulkernine, 2008): a string
//     parameter of the function bound to a ? of a literal statement spliced
//     into the SQL text between quotes, as code that builds SQL by
//     concatenation does, so that a value holding a quote breaks or changes
//     the statement.
//
// A boolean return that travels with a non-nil error is left alone: by Go
// convention a caller ignores the other results when the error is set, so
// such a mutant could only be equivalent. A change that would leave a
// variable unused (and the copy uncompilable) is not made.
//
// [Operators] lists them with their names and families. [GenerateAll]
// applies them all, as idemlab mutate does for the idempotency-key lab;
// [Generate] applies the [Classic] ones, those the generator had before the
// literature's families, for a lab whose equivalent-mutant file lists
// their mutants alone; [GenerateOps] applies any selection.
//
// # One replacement each
//
// A generated [Mutant] has the same declarative form as the catalogue's:
// an Old text that occurs exactly once in the reference and the New text
// that replaces it. Old starts as the whole source line of the change and
// is widened to neighbouring lines, one at a time, until it is unique. A
// mutant is named file:line:operator, e.g. store.go:124:sql-gt-to-ge; a
// second mutant of the same operator on the same line gets #2, and so on.
//
// # Running them all at once
//
// [Run] materialises every mutant as one file of a program in a temporary
// module: the reference source with its one replacement (rendered by
// [mutation.Render]), every name it declares at the top level prefixed
// (m012_InitDB), so that many mutants share one package. The mutants are
// spread over one package per CPU, which go build compiles in parallel,
// each with a generated registry of its mutants; a main function gathers
// them and calls [killmatrix.Build]. Run builds the program once and runs
// it. A package per mutant made the compiler start, and read the imports'
// export data, 156 times: 15 s of build where a few packages take 5 s on
// two cores. A copy of the unmutated reference, prefixed the same way,
// runs first as a control: it must pass every observation, or the copying
// changed the code and Run fails. A mutant whose replacement does not
// apply, or whose file does not compile, is unviable: it is reported with
// the reason and left out of the build, and the rest are judged.
//
// The build reads only the module cache (the temporary module requires what
// idemlab requires and replaces idemlab with the checkout), and it happens
// in the same folder on every run for one checkout, because the go
// command's build cache keys a package by its folder and files: a package
// of mutants is not compiled again when its mutants have not changed (the
// same reference, the same selection), and the dependencies go test
// compiled are reused. The mutants are compiled without optimisation, inlining or
// DWARF, and the program is linked without symbols, which changes nothing
// they do and makes the build faster.
//
// # Equivalent mutants
//
// A mutant that no observation could kill, because it behaves exactly as
// the reference does wherever the idem command can reach, is equivalent.
// mutants/equivalent.json records each with its reason ([ParseEquivalent]);
// reports keep them apart from real survivors.
package mutagen

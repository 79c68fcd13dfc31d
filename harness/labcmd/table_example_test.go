package labcmd_test

import (
	"fmt"
	"os"

	"idemlab/harness/lab"
	"idemlab/harness/labcmd"
)

// counterAPI is a lab's API struct: one field per function of its store.
type counterAPI struct {
	Add func(path, name string, by int64) (int64, error)
}

// A lab declares its command as a table: each subcommand's typed
// parameters (with the domains the search draws from) and its store
// call. Parsing, the -db flag, misuse errors and printing are the kit's.
func ExampleTable() {
	totals := map[string]int64{}
	impl := lab.Impl{Name: "reference", Value: counterAPI{Add: func(path, name string, by int64) (int64, error) {
		totals[path+" "+name] += by
		return totals[path+" "+name], nil
	}}}
	name := labcmd.Text("NAME", lab.Domain{Kind: lab.Text, Pool: "name", Values: []string{"a"}})
	by := labcmd.Count("BY", lab.Domain{Kind: lab.Integer, Values: []string{"1"}})
	table := &labcmd.Table[counterAPI]{Name: "counter", Summary: "one counter operation",
		Subcommands: []labcmd.Sub[counterAPI]{{Name: "add", Params: []labcmd.Param{name, by},
			Doc: "Add BY to NAME; prints the new total.", Zh: "把 BY 加到 NAME 上；打印新的总数。",
			Run: func(s counterAPI, c *labcmd.Call) (any, error) {
				return labcmd.Pair(s.Add(c.DB, c.Text(0), c.Int64(1)))
			}}}}
	for _, line := range [][]string{{"add", "a", "2"}, {"-db", "other.db", "add", "a", "3"}, {"add", "a", "-1"}, {"ad", "a"}} {
		if err := table.Run(impl, "/work", line, os.Stdout); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Print(table.UsageIn("zh-CN"))
	// Output:
	// 2
	// 3
	// counter add: BY "-1": want a count: a whole number from 0 to 9223372036854775807
	// usage: counter [-db PATH] add NAME BY
	// counter: unknown command "ad"
	// usage: counter [-db PATH] COMMAND [ARGS]
	//
	//   -db PATH                     the store file, relative to the current directory
	//                                (default store.db)
	//
	// Commands:
	//   add NAME BY                  Add BY to NAME; prints the new total.
	// 用法：counter [-db PATH] COMMAND [ARGS]
	//
	//   -db PATH                     存储文件，相对于当前目录（默认 store.db）
	//
	// 命令：
	//   add NAME BY                  把 BY 加到 NAME 上；打印新的总数。
}

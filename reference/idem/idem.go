package idem

import (
	"io"

	"idemlab/harness/lab"
	"idemlab/harness/labcmd"
)

// DefaultDB is the store file commands use when -db is not given, relative
// to the directory they run in.
const DefaultDB = "store.db"

// A UsageError is a command line that names no command, the wrong number
// of arguments, or an argument that does not parse. Nothing was run.
type UsageError = labcmd.UsageError

// table is the idem command: the usage text, the lab's command table and
// the generated command reference all come from here.
var table = &labcmd.Table[API]{
	Name: "idem", Summary: "one store operation against the implementation under test",
	DefaultDB: DefaultDB, Notes: usageNotes, Prelude: [][]string{{"init"}}, States: states,
	Driver:    func(s API) *string { return s.Driver },
	Sentinels: func(s API) map[string]error { return map[string]error{"ErrInvalidLimit": *s.ErrInvalidLimit} },
	Subcommands: []labcmd.Sub[API]{
		{Name: "init", Doc: "Create the store; a no-op that keeps every row when it exists.",
			Zh:  "创建存储；存储已存在时什么也不做，保留所有行。",
			Run: func(s API, c *labcmd.Call) (any, error) { return nil, s.InitDB(c.DB) }},
		{Name: "reserve", Params: []labcmd.Param{key, digest, expires}, Weight: 3,
			Doc: "Reserve KEY as pending with fingerprint DIGEST; prints true, or false when KEY is already there.",
			Zh:  "把 KEY 预留为 pending，指纹为 DIGEST；打印 true，KEY 已存在时打印 false。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				return labcmd.Pair(s.Reserve(c.DB, c.Text(0), c.Text(1), c.Float(2)))
			}},
		{Name: "finish", Params: []labcmd.Param{key, digest, response}, Weight: 3,
			Doc: "Record JSON as the response of pending KEY with fingerprint DIGEST; prints true, or false when nothing changed.",
			Zh:  "把 JSON 记录为指纹为 DIGEST 的 pending KEY 的响应；打印 true，没有任何改变时打印 false。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				return labcmd.Pair(s.Finish(c.DB, c.Text(0), c.Text(1), c.JSON(2)))
			}},
		{Name: "fetch", Params: []labcmd.Param{key, now}, Weight: 2,
			Doc: "Print the response KEY replays at NOW, as JSON, or null.",
			Zh:  "以 JSON 打印 KEY 在 NOW 时刻重放的响应，没有则打印 null。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				v, err := s.Fetch(c.DB, c.Text(0), c.Float(1))
				return labcmd.Printed{V: v}, err
			}},
		{Name: "expired", Params: nowLimit, Weight: 2,
			Doc: "Print the ids a purge at NOW would delete, as a JSON array.",
			Zh:  "以 JSON 数组打印在 NOW 时刻清理会删除的 id。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				return labcmd.Pair(s.Expired(c.DB, c.Float(0), c.Int(1, s.DefaultLimit)))
			}},
		{Name: "purge", Params: nowLimit, Weight: 2,
			Doc: "Delete those rows, at most LIMIT; prints their ids as a JSON array.",
			Zh:  "删除这些行，最多 LIMIT 个；以 JSON 数组打印它们的 id。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				return labcmd.Pair(s.Purge(c.DB, c.Float(0), c.Int(1, s.DefaultLimit)))
			}},
		{Name: "drain", Params: nowLimit, Run: drain,
			Doc: `Purge the whole backlog at NOW in batches of LIMIT, each after the last id deleted; prints one JSON object per batch, then {"deleted":N,"batches":B}.`,
			Zh:  `在 NOW 时刻以每批 LIMIT 个清理全部积压，每批从上一批删除的最后一个 id 之后开始；每批打印一个 JSON 对象，最后打印 {"deleted":N,"batches":B}。`},
		{Name: "counts", ReadsState: true,
			Doc: `Print {"done":N,"pending":M}, both keys always present.`,
			Zh:  `打印 {"done":N,"pending":M}，两个键总是存在。`,
			Run: func(s API, c *labcmd.Call) (any, error) { return labcmd.Pair(s.Counts(c.DB)) }},
		{Name: "cycle", Params: []labcmd.Param{key},
			Doc: "Run the retention cycle on KEY; prints its result, true or false.",
			Zh:  "对 KEY 运行保留周期；打印其结果 true 或 false。",
			Run: func(s API, c *labcmd.Call) (any, error) { return labcmd.Pair(s.RetentionCycle(c.DB, c.Text(0))) }},
		labcmd.RowsSub[API](rows),
		labcmd.BetweenSub[API]("Run DRAIN, a drain command line, and once its first batch has committed, before any next one begins, each WRITE as another client would, on a connection of its own: a moment when a drain holds no lock. Prints what ran when, one a line: during:, the drain itself, and after: for writes run after a drain that found nothing to delete.",
			"运行 DRAIN（一条 drain 命令行），在它的第一批提交之后、下一批开始之前，像另一个客户端那样在自己的连接上运行每个 WRITE：这是 drain 不持有锁的时刻。每行打印一项运行顺序：during:、drain 本身，以及在 drain 没有可删除内容时之后运行的 after:。",
			"drain", writes),
		labcmd.InterleaveSub[API]("Run the command OP and, once its first query has been read (for a purge: after choosing its candidates, before deleting them), each WRITE as another client would, on a connection of its own; a WRITE that finds the store locked waits and runs after OP. Each is one quoted idem command line; prints what ran when, one a line: during:, waits:, OP itself, after:.",
			"运行命令 OP，在它的第一个查询被读取之后（对 purge 而言：选出候选之后、删除之前），像另一个客户端那样在自己的连接上运行每个 WRITE；遇到存储被锁的 WRITE 会等待，并在 OP 之后运行。每个都是一条加引号的 idem 命令行；每行打印一项运行顺序：during:、waits:、OP 本身、after:。",
			[]string{"purge", "drain", "expired", "cycle", "fetch", "reserve", "finish", "counts"}, writes),
	},
}

// rows is the table as idem rows prints it.
var rows = labcmd.Rows{Table: "keys", Columns: []labcmd.Column{{Name: "id"}, {Name: "fingerprint"}, {Name: "status"},
	{Name: "response", Kind: labcmd.JSONColumn}, {Name: "expires", Kind: labcmd.SecondsColumn}}}

// drain prints one line per batch, then the total; between's writes run
// after the first batch.
func drain(s API, c *labcmd.Call) (any, error) {
	var lines labcmd.JSONLines
	total, err := s.Drain(c.DB, c.Float(0), c.Int(1, s.DefaultLimit), func(batch []string, total int) {
		lines = append(lines, drainLine{Batch: len(lines) + 1, Deleted: len(batch), Total: total, Last: batch[len(batch)-1]})
		if len(lines) == 1 {
			c.BatchDone()
		}
	})
	return append(lines, drainLine{Deleted: total, Batches: len(lines)}), err
}

// drainLine is one batch of a drain, or (Batch 0) its summary.
type drainLine struct {
	Batch   int    `json:"batch,omitempty"`
	Deleted int    `json:"deleted"`
	Total   int    `json:"total,omitempty"`
	Last    string `json:"last,omitempty"`
	Batches int    `json:"batches,omitempty"`
}

// usageNotes end the usage, by language.
var usageNotes = map[string]string{
	"en": `
EXPIRES and NOW are seconds: a decimal number, or NaN, Inf or -Inf.
LIMIT is an integer, default 10 (the store accepts 1..100 and refuses the
rest itself). JSON is one JSON value.
`,
	"zh-CN": `
EXPIRES 和 NOW 是秒数：一个十进制数，或 NaN、Inf、-Inf。
LIMIT 是整数，默认 10（存储接受 1..100，其余的由存储自己拒绝）。
JSON 是一个 JSON 值。
`,
}

// Command is the idem command as the lab's observations use it.
func Command() lab.Command { return table.Command() }

// Run executes one idem command line against impl and writes its result
// to stdout. Relative store paths are resolved against dir. A malformed
// command line returns a *UsageError before the store is touched; a
// failing operation returns its error, after writing nothing.
func Run(impl lab.Impl, dir string, args []string, stdout io.Writer) error {
	return table.Run(impl, dir, args, stdout)
}

// Usage describes every command; UsageIn is it in language lang ("en"
// or "zh-CN"; any other is English).
var Usage = UsageIn("en")

// UsageIn is Usage in language lang.
func UsageIn(lang string) string { return table.UsageIn(lang) }

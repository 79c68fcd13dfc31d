package lease

import (
	"idemlab/harness/lab"
	"idemlab/harness/labcmd"
)

// DefaultDB is the store file commands use when -db is not given, relative
// to the directory they run in.
const DefaultDB = "store.db"

// table is the lease command: the usage text, the lab's command table and
// the generated command list in this package's documentation all come
// from here. The Chinese docs use the terms of labs/lease/worksheet.zh-CN.md
// (认领, 续约, 接管, 完成, 补偿, 租约, 隔离令牌).
var table = &labcmd.Table[API]{
	Name: "lease", Summary: "one lease store operation against the implementation under test",
	DefaultDB: DefaultDB, AbsDB: true, Notes: usageNotes, Prelude: [][]string{{"init"}}, States: states,
	Driver:    func(s API) *string { return s.Driver },
	Sentinels: func(s API) map[string]error { return map[string]error{"ErrInvalidLimit": *s.ErrInvalidLimit} },
	Subcommands: []labcmd.Sub[API]{
		{Name: "init", Doc: "Create the store; a no-op that keeps every row when it exists.",
			Zh:  "创建存储；存储已存在时什么也不做，保留所有行。",
			Run: func(s API, c *labcmd.Call) (any, error) { return nil, s.InitDB(c.DB) }},
		{Name: "claim", Params: []labcmd.Param{key, digest, owner, now, ttl},
			Doc: "Claim KEY for OWNER with fingerprint DIGEST and a lease lapsing at NOW+TTL; prints the token granted, 1, or 0 when KEY is already there.",
			Zh:  "为 OWNER 认领 KEY，指纹为 DIGEST，租约在 NOW+TTL 过期；打印授予的令牌 1，KEY 已存在时打印 0。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				return labcmd.Pair(s.Claim(c.DB, c.Text(0), c.Text(1), c.Text(2), c.Float(3), c.Float(4)))
			}},
		{Name: "renew", Params: []labcmd.Param{key, owner, token, now, ttl},
			Doc: "Renew the live lease OWNER holds on KEY with TOKEN to lapse at NOW+TTL; prints true, or false when nothing changed.",
			Zh:  "OWNER 凭 TOKEN 为它在 KEY 上仍然有效的租约续约，使其在 NOW+TTL 过期；打印 true，没有任何改变时打印 false。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				return labcmd.Pair(s.Renew(c.DB, c.Text(0), c.Text(1), c.Int64(2), c.Float(3), c.Float(4)))
			}},
		{Name: "takeover", Params: []labcmd.Param{key, digest, owner, now, ttl},
			Doc: "Take KEY over for OWNER once its lease has lapsed at NOW, with a lease lapsing at NOW+TTL; prints the new token, or 0 when nothing changed.",
			Zh:  "KEY 的租约在 NOW 时刻已过期时，由 OWNER 接管 KEY，新租约在 NOW+TTL 过期；打印新令牌，没有任何改变时打印 0。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				return labcmd.Pair(s.Takeover(c.DB, c.Text(0), c.Text(1), c.Text(2), c.Float(3), c.Float(4)))
			}},
		{Name: "finish", Params: []labcmd.Param{key, digest, token, response},
			Doc: "Record JSON as the response of pending KEY for the holder of TOKEN; prints true, or false when nothing changed.",
			Zh:  "以 TOKEN 持有者的身份，把 JSON 记录为指纹为 DIGEST 的 pending KEY 的响应；打印 true，没有任何改变时打印 false。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				return labcmd.Pair(s.Finish(c.DB, c.Text(0), c.Text(1), c.Int64(2), c.JSON(3)))
			}},
		{Name: "fetch", Params: []labcmd.Param{key},
			Doc: "Print the answer a retry of KEY gets, the response of a done or failed key as JSON, or null.",
			Zh:  "打印 KEY 的重试会得到的答案：done 或 failed 的键以 JSON 打印其响应，否则打印 null。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				v, err := s.Fetch(c.DB, c.Text(0))
				return labcmd.Printed{V: v}, err
			}},
		{Name: "abandoned", Params: []labcmd.Param{now, limit},
			Doc: "Print the ids of pending keys whose lease has lapsed at NOW, oldest lapse first, at most LIMIT, as a JSON array.",
			Zh:  "以 JSON 数组打印在 NOW 时刻租约已过期的 pending 键的 id，最早过期的在前，最多 LIMIT 个。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				return labcmd.Pair(s.Abandoned(c.DB, c.Float(0), c.Int(1, s.DefaultLimit)))
			}},
		{Name: "compensate", Params: []labcmd.Param{key, now, response},
			Doc: "Fail pending KEY whose lease has lapsed at NOW, with JSON as its response, fencing its holder off; prints true, or false when nothing changed.",
			Zh:  "KEY 为 pending 且租约在 NOW 时刻已过期时，把它变为 failed，以 JSON 作为响应，并隔离它的持有者；打印 true，没有任何改变时打印 false。",
			Run: func(s API, c *labcmd.Call) (any, error) {
				return labcmd.Pair(s.Compensate(c.DB, c.Text(0), c.Float(1), c.JSON(2)))
			}},
		{Name: "inspect", Params: []labcmd.Param{key}, ReadsState: true,
			Doc: `Print KEY's state as {"status":S,"owner":O,"lease_until":T,"token":N}, through the implementation; an unknown key has status "" and zeros.`,
			Zh:  `经由被测实现，以 {"status":S,"owner":O,"lease_until":T,"token":N} 打印 KEY 的状态；未知的键 status 为 ""，其余为零。`,
			Run: func(s API, c *labcmd.Call) (any, error) {
				status, owner, until, token, err := s.Inspect(c.DB, c.Text(0))
				return state{status, owner, labcmd.Seconds(until), token}, err
			}},
		{Name: "cycle", Params: []labcmd.Param{key},
			Doc: "Run the fencing cycle on KEY; prints its result, the stale holder's finish, true or false.",
			Zh:  "对 KEY 运行隔离周期；打印其结果，即过时持有者那次完成的结果 true 或 false。",
			Run: func(s API, c *labcmd.Call) (any, error) { return labcmd.Pair(s.FencingCycle(c.DB, c.Text(0))) }},
		labcmd.RowsSub[API](labcmd.Rows{Table: "keys", Open: "mode=ro&_pragma=busy_timeout(10000)", Columns: []labcmd.Column{
			{Name: "id"}, {Name: "fingerprint"}, {Name: "status"}, {Name: "response", Kind: labcmd.JSONColumn},
			{Name: "owner"}, {Name: "lease_until", Kind: labcmd.SecondsColumn}, {Name: "token", Kind: labcmd.IntegerColumn}}}),
		labcmd.InterleaveSub[API]("Run the command OP and, once its first query has been read (for a takeover: after reading the lapsed lease, before writing), each WRITE as a second worker would, on a connection of its own; a WRITE that finds the store locked waits and runs after OP. Each is one quoted lease command line; prints what ran when, one a line: during:, waits:, OP itself, after:.",
			"运行命令 OP，在它的第一个查询被读取之后（对 takeover 而言：读到过期的租约之后、写入之前），像第二个 worker 那样在自己的连接上运行每个 WRITE；遇到存储被锁的 WRITE 会等待，并在 OP 之后运行。OP 和每个 WRITE 都是一条加引号的子命令行，例如 'takeover k1 v1 C 10 10'，不带 -db 之类的参数（都在同一个存储上运行）；每行打印一项运行顺序：during:、waits:、OP 本身、after:。",
			append([]string{"cycle"}, workers...), workers),
	},
}

// state is what inspect prints.
type state struct {
	Status     string         `json:"status"`
	Owner      string         `json:"owner"`
	LeaseUntil labcmd.Seconds `json:"lease_until"`
	Token      int64          `json:"token"`
}

// usageNotes end the usage, by language.
var usageNotes = map[string]string{
	"en": `
NOW and TTL are seconds: a decimal number, or NaN, Inf or -Inf. TOKEN is
an integer (0 and negative ones included); LIMIT an integer, default 10.
The store, not lease, refuses a NaN or infinite NOW, a TTL that is not
positive and finite, and a LIMIT outside 1..100. JSON is one JSON value.
`,
	"zh-CN": `
NOW 和 TTL 是秒数：一个十进制数，或 NaN、Inf、-Inf。TOKEN 是整数
（包括 0 和负数）；LIMIT 是整数，默认 10。NaN 或无穷大的 NOW、
不是有限正数的 TTL、1..100 之外的 LIMIT，本命令都原样交给存储，
由存储自己拒绝。JSON 是一个 JSON 值。
`,
}

// Command is the lease command as the lab's observations use it.
func Command() lab.Command { return table.Command() }

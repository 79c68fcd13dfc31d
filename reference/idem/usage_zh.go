package idem

// zhDocs are the commands' docs in Chinese, for the usage a Chinese
// student reads; a test checks that every command has one.
var zhDocs = map[string]string{
	"init":       "创建存储；存储已存在时什么也不做，保留所有行。",
	"reserve":    "把 KEY 预留为 pending，指纹为 DIGEST；打印 true，KEY 已存在时打印 false。",
	"finish":     "把 JSON 记录为指纹为 DIGEST 的 pending KEY 的响应；打印 true，没有任何改变时打印 false。",
	"fetch":      "以 JSON 打印 KEY 在 NOW 时刻重放的响应，没有则打印 null。",
	"expired":    "以 JSON 数组打印在 NOW 时刻清理会删除的 id。",
	"purge":      "删除这些行，最多 LIMIT 个；以 JSON 数组打印它们的 id。",
	"drain":      `在 NOW 时刻以每批 LIMIT 个清理全部积压，每批从上一批删除的最后一个 id 之后开始；每批打印一个 JSON 对象，最后打印 {"deleted":N,"batches":B}。`,
	"counts":     `打印 {"done":N,"pending":M}，两个键总是存在。`,
	"cycle":      "对 KEY 运行保留周期；打印其结果 true 或 false。",
	"rows":       "打印存储中的每一行，每行一个 JSON 对象，按 id 排序，直接从表中读取（绝不经过被测实现）。",
	"between":    "运行 DRAIN（一条 drain 命令行），在它的第一批提交之后、下一批开始之前，像另一个客户端那样在自己的连接上运行每个 WRITE：这是 drain 不持有锁的时刻。每行打印一项运行顺序：during:、drain 本身，以及在 drain 没有可删除内容时之后运行的 after:。",
	"interleave": "运行命令 OP，在它的第一个查询被读取之后（对 purge 而言：选出候选之后、删除之前），像另一个客户端那样在自己的连接上运行每个 WRITE；遇到存储被锁的 WRITE 会等待，并在 OP 之后运行。每个都是一条加引号的 idem 命令行；每行打印一项运行顺序：during:、waits:、OP 本身、after:。",
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

// UsageIn is Usage in language lang ("en" or "zh-CN"; any other is
// English).
func UsageIn(lang string) string { return Command().UsageIn(lang) }

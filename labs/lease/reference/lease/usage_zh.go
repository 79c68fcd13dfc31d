package lease

// zhDocs are the commands' docs in Chinese, for the usage a Chinese
// student reads, in the terms of labs/lease/worksheet.zh-CN.md (认领,
// 续约, 接管, 完成, 补偿, 租约, 隔离令牌); a test checks that every
// command has one.
var zhDocs = map[string]string{
	"init":       "创建存储；存储已存在时什么也不做，保留所有行。",
	"claim":      "为 OWNER 认领 KEY，指纹为 DIGEST，租约在 NOW+TTL 过期；打印授予的令牌 1，KEY 已存在时打印 0。",
	"renew":      "OWNER 凭 TOKEN 为它在 KEY 上仍然有效的租约续约，使其在 NOW+TTL 过期；打印 true，没有任何改变时打印 false。",
	"takeover":   "KEY 的租约在 NOW 时刻已过期时，由 OWNER 接管 KEY，新租约在 NOW+TTL 过期；打印新令牌，没有任何改变时打印 0。",
	"finish":     "以 TOKEN 持有者的身份，把 JSON 记录为指纹为 DIGEST 的 pending KEY 的响应；打印 true，没有任何改变时打印 false。",
	"fetch":      "打印 KEY 的重试会得到的答案：done 或 failed 的键以 JSON 打印其响应，否则打印 null。",
	"abandoned":  "以 JSON 数组打印在 NOW 时刻租约已过期的 pending 键的 id，最早过期的在前，最多 LIMIT 个。",
	"compensate": "KEY 为 pending 且租约在 NOW 时刻已过期时，把它变为 failed，以 JSON 作为响应，并隔离它的持有者；打印 true，没有任何改变时打印 false。",
	"inspect":    `经由被测实现，以 {"status":S,"owner":O,"lease_until":T,"token":N} 打印 KEY 的状态；未知的键 status 为 ""，其余为零。`,
	"cycle":      "对 KEY 运行隔离周期；打印其结果，即过时持有者那次完成的结果 true 或 false。",
	"rows":       "打印存储中的每一行，每行一个 JSON 对象，按 id 排序，直接从表中读取（绝不经过被测实现）。",
	"interleave": "运行命令 OP，在它的第一个查询被读取之后（对 takeover 而言：读到过期的租约之后、写入之前），像第二个 worker 那样在自己的连接上运行每个 WRITE；遇到存储被锁的 WRITE 会等待，并在 OP 之后运行。OP 和每个 WRITE 都是一条加引号的子命令行，例如 'takeover k1 v1 C 10 10'，不带 -db 之类的参数（都在同一个存储上运行）；每行打印一项运行顺序：during:、waits:、OP 本身、after:。",
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

// UsageIn is Usage in language lang ("en" or "zh-CN"; any other is
// English).
func UsageIn(lang string) string { return Command().UsageIn(lang) }

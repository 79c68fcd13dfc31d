package lease

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEveryCommandHasAChineseDoc: the Chinese usage documents every
// command and flag in Chinese, so one added without a Chinese doc fails
// here, and zhDocs names no command that is not there.
func TestEveryCommandHasAChineseDoc(t *testing.T) {
	for _, c := range commands {
		if zhDocs[c.name] == "" {
			t.Errorf("command %s has no Chinese doc in zhDocs", c.name)
		}
	}
	for name := range zhDocs {
		if _, ok := lookup(name); !ok {
			t.Errorf("zhDocs documents %s, which is no command", name)
		}
	}
	for _, f := range Flags {
		if f.Docs["zh-CN"] == "" {
			t.Errorf("flag -%s has no Chinese doc", f.Name)
		}
	}
	if usageNotes["zh-CN"] == "" {
		t.Error("the usage's notes have no Chinese")
	}
}

// TestChineseUsageIsChinese: outside the command's own words (its
// subcommands, argument names, values and JSON), no line of the Chinese
// usage is English.
func TestChineseUsageIsChinese(t *testing.T) {
	english := regexp.MustCompile(`\b[A-Za-z]{3,} [A-Za-z]{3,}\b`)
	code := regexp.MustCompile(`"[^"]*"|'[^']*'|\S*[-_.:/{}\[\]+]\S*|\b[A-Z]+\b|\b(lease|true|false|null|pending|done|failed|worker|during|after|waits|reference)\b`)
	for i, line := range strings.Split(UsageIn("zh-CN"), "\n") {
		if w := english.FindString(code.ReplaceAllString(line, "")); w != "" {
			t.Errorf("line %d keeps English %q: %s", i+1, w, line)
		}
	}
}

// TestChineseUsage: the usage a Chinese student reads, whole.
func TestChineseUsage(t *testing.T) {
	if diff := cmp.Diff(wantChineseUsage, UsageIn("zh-CN")); diff != "" {
		t.Errorf("UsageIn(zh-CN) (-want +got):\n%s", diff)
	}
	if UsageIn("fr") != Usage || !strings.HasPrefix(Usage, "usage: lease [-db PATH] COMMAND [ARGS]\n") {
		t.Errorf("another language's usage is not the English one:\n%s", UsageIn("fr"))
	}
}

// wantChineseUsage is the Chinese usage as a student reads it.
const wantChineseUsage = `用法：lease [-db PATH] COMMAND [ARGS]

  -db PATH                     存储文件，相对于当前目录（默认 store.db）

命令：
  init                         创建存储；存储已存在时什么也不做，保留所有行。
  claim KEY DIGEST OWNER NOW TTL
                               为 OWNER 认领 KEY，指纹为 DIGEST，租约在 NOW+TTL
                               过期；打印授予的令牌 1，KEY 已存在时打印 0。
  renew KEY OWNER TOKEN NOW TTL
                               OWNER 凭 TOKEN 为它在 KEY 上仍然有效的租约续约，
                               使其在 NOW+TTL 过期；打印 true，没有任何改变时打
                               印 false。
  takeover KEY DIGEST OWNER NOW TTL
                               KEY 的租约在 NOW 时刻已过期时，由 OWNER 接管 KEY，
                               新租约在 NOW+TTL 过期；打印新令牌，没有任何改变时
                               打印 0。
  finish KEY DIGEST TOKEN JSON
                               以 TOKEN 持有者的身份，把 JSON 记录为指纹为
                               DIGEST 的 pending KEY 的响应；打印 true，没有任何
                               改变时打印 false。
  fetch KEY                    打印 KEY 的重试会得到的答案：done 或 failed 的键
                               以 JSON 打印其响应，否则打印 null。
  abandoned NOW [LIMIT]        以 JSON 数组打印在 NOW 时刻租约已过期的 pending
                               键的 id，最早过期的在前，最多 LIMIT 个。
  compensate KEY NOW JSON      KEY 为 pending 且租约在 NOW 时刻已过期时，把它变
                               为 failed，以 JSON 作为响应，并隔离它的持有者；打
                               印 true，没有任何改变时打印 false。
  inspect KEY                  经由被测实现，以
                               {"status":S,"owner":O,"lease_until":T,"token":N}
                               打印 KEY 的状态；未知的键 status 为 ""，其余为零。
  cycle KEY                    对 KEY 运行隔离周期；打印其结果，即过时持有者那次
                               完成的结果 true 或 false。
  rows                         打印存储中的每一行，每行一个 JSON 对象，按 id 排
                               序，直接从表中读取（绝不经过被测实现）。
  interleave OP [WRITE...]     运行命令 OP，在它的第一个查询被读取之后（对
                               takeover 而言：读到过期的租约之后、写入之前），像
                               第二个 worker 那样在自己的连接上运行每个 WRITE；
                               遇到存储被锁的 WRITE 会等待，并在 OP 之后运行。OP
                               和每个 WRITE 都是一条加引号的子命令行，例如
                               'takeover k1 v1 C 10 10'，不带 -db 之类的参数（都
                               在同一个存储上运行）；每行打印一项运行顺序：
                               during:、waits:、OP 本身、after:。

NOW 和 TTL 是秒数：一个十进制数，或 NaN、Inf、-Inf。TOKEN 是整数
（包括 0 和负数）；LIMIT 是整数，默认 10。NaN 或无穷大的 NOW、
不是有限正数的 TTL、1..100 之外的 LIMIT，本命令都原样交给存储，
由存储自己拒绝。JSON 是一个 JSON 值。
`

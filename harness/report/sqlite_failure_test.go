package report_test

import (
	"testing"

	"idemlab/harness/i18n"
	"idemlab/harness/report"
)

// TestSQLiteErrorsAreWorded: an error SQLite gives the store (a file
// that is not a database, a logic error) reaches a Chinese student in
// Chinese, SQLite's code kept and its own detail quoted.
func TestSQLiteErrorsAreWorded(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{`idem init: InitDB: store "/tmp/nd.db": file is not a database (26)`,
			`idem init: InitDB: 存储 "/tmp/nd.db" 不是数据库文件（SQLite 错误 26）`},
		{`idem init: InitDB: store "$WORK/store.db": SQL logic error: table keys already exists (1)`,
			`idem init: InitDB: 存储 "$WORK/store.db"：SQL 逻辑错误（SQLite 错误 1，原文：table keys already exists）`},
	} {
		if got := report.Failure(i18n.Chinese, c.msg); got != c.want {
			t.Errorf("Failure(zh-CN, %q)\n = %q\nwant %q", c.msg, got, c.want)
		}
		if got := report.Failure(i18n.English, c.msg); got != c.msg {
			t.Errorf("Failure(en, %q) = %q, want it unchanged", c.msg, got)
		}
	}
}

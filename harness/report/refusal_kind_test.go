package report_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"idemlab/harness/i18n"
	"idemlab/harness/report"
)

// TestRefusalNamesTheFileKindInChinese: a file the submission reader will
// not read because it is not a regular file (its refusals as
// harness/submission's tests see them) is named in Chinese, its kind too.
func TestRefusalNamesTheFileKindInChinese(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{"student/dangling.txtar: is a symbolic link: only regular files are read; not read", "student/dangling.txtar: 是一个符号链接：只读取普通文件；未读取"},
		{"student/fifo.txtar: is a named pipe (FIFO): only regular files are read; not read", "student/fifo.txtar: 是一个命名管道（FIFO）：只读取普通文件；未读取"},
		{"student/sub.txtar: is a folder: only regular files are read; not read", "student/sub.txtar: 是一个文件夹：只读取普通文件；未读取"},
		{"student/s.txtar: is a socket: only regular files are read; not read", "student/s.txtar: 是一个套接字：只读取普通文件；未读取"},
		{"student/d.txtar: is a device: only regular files are read; not read", "student/d.txtar: 是一个设备文件：只读取普通文件；未读取"},
	} {
		if diff := cmp.Diff(c.want, report.Refusal(i18n.Chinese, c.msg)); diff != "" {
			t.Errorf("Refusal(zh, %q) (-want +got):\n%s", c.msg, diff)
		}
		if got := report.Refusal(i18n.English, c.msg); got != c.msg {
			t.Errorf("Refusal(en, %q) = %q, want it as it is", c.msg, got)
		}
	}
}

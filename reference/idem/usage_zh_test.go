package idem

import (
	"strings"
	"testing"
)

// TestEveryCommandHasAChineseDoc: the Chinese usage documents every
// command in Chinese, so a command added without one fails here.
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
	zh := UsageIn("zh-CN")
	for _, want := range []string{"用法：idem [-db PATH] COMMAND [ARGS]", "命令：", zhDocs["init"][:12], "EXPIRES 和 NOW 是秒数"} {
		if !strings.Contains(zh, want) {
			t.Errorf("the Chinese usage lacks %q:\n%s", want, zh)
		}
	}
}

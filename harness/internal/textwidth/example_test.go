package textwidth_test

import (
	"fmt"
	"os"

	"idemlab/harness/internal/textwidth"
)

// A table whose cells mix Chinese and Latin text lines up on a terminal,
// and a Chinese sentence wraps between characters.
func Example() {
	tw := textwidth.NewWriter(os.Stdout, 2)
	fmt.Fprintln(tw, "#\t变异体\t结果")
	fmt.Fprintln(tw, "1\t1_init\t被杀死")
	fmt.Fprintln(tw, "2\t2_reserve\tkilled")
	tw.Flush()
	fmt.Println(textwidth.Width("变异体 ok"))
	for _, line := range textwidth.Wrap("预留 KEY 为 pending，指纹为 DIGEST", 14) {
		fmt.Printf("%q\n", line)
	}
	// Output:
	// #  变异体     结果
	// 1  1_init     被杀死
	// 2  2_reserve  killed
	// 9
	// "预留 KEY 为"
	// "pending，指纹"
	// "为 DIGEST"
}

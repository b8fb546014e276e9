// Prints the hour chart of deminzhang/qimen-go (MIT; an independent Qi Men engine on lunar-go) as
// one JSON line per input line "Y M D h m" (China Standard Time), for
// scripts/reference/qimen-go-fixture.ts. It is not part of the build. To run it:
//
//	git clone https://github.com/deminzhang/qimen-go && cd qimen-go && git checkout 4d3f58fa0f401b5b3a337f119138e99e90685dda
//	mkdir cmd/dump && cp <this file> cmd/dump/main.go && go build -o /tmp/qimen-go-dump ./cmd/dump
//
// Options: 时家, 转盘, 中宫寄坤 (QMHostingType2), 拆补 (QMJuTypeSplit), 暗干值使起 (QMHideGanDutyDoorHour).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/6tail/lunar-go/calendar"
	"github.com/deminzhang/qimen-go/xuan"
)

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	out := json.NewEncoder(os.Stdout)
	for scanner.Scan() {
		var y, mo, d, h, mi int
		fmt.Sscanf(scanner.Text(), "%d %d %d %d %d", &y, &mo, &d, &h, &mi)
		solar := calendar.NewSolar(y, mo, d, h, mi, 0)
		game := xuan.NewQMGame(solar, xuan.QMParams{
			Type: xuan.QMTypeRotating, HostingType: xuan.QMHostingType2, FlyType: xuan.QMFlyTypeAllOrder,
			JuType: xuan.QMJuTypeSplit, HideGanType: xuan.QMHideGanDutyDoorHour, YMDH: xuan.QMGameHour,
		})
		game.ShowTimeGame()
		out.Encode(map[string]any{"input": scanner.Text(), "pillars": solar.GetLunar().GetEightChar().String(), "pan": game.ShowPan})
	}
}

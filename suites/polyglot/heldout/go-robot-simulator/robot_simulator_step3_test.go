//go:build step3 || (!step1 && !step2)

package robot

import "testing"

var testOneRobot = []struct {
	cmd byte
	Step2Robot
	nMsg int
}{
	// (test2 data with message counts added)
	{' ', Step2Robot{N, Pos{1, 1}}, 0},
	{'A', Step2Robot{N, Pos{1, 2}}, 0},
	{'R', Step2Robot{E, Pos{1, 2}}, 0},
	{'A', Step2Robot{E, Pos{2, 2}}, 0},
	{'L', Step2Robot{N, Pos{2, 2}}, 0},
	{'L', Step2Robot{W, Pos{2, 2}}, 0},
	{'L', Step2Robot{S, Pos{2, 2}}, 0},
	{'A', Step2Robot{S, Pos{2, 1}}, 0},
	{'R', Step2Robot{W, Pos{2, 1}}, 0},
	{'A', Step2Robot{W, Pos{1, 1}}, 0},
	{'A', Step2Robot{W, Pos{1, 1}}, 1}, // bump W wall
	{'L', Step2Robot{S, Pos{1, 1}}, 1},
	{'A', Step2Robot{S, Pos{1, 1}}, 2}, // bump S wall
	{'L', Step2Robot{E, Pos{1, 1}}, 2},
	{'A', Step2Robot{E, Pos{2, 1}}, 2},
	{'A', Step2Robot{E, Pos{2, 1}}, 3}, // bump E wall
	{'L', Step2Robot{N, Pos{2, 1}}, 3},
	{'A', Step2Robot{N, Pos{2, 2}}, 3},
	{'A', Step2Robot{N, Pos{2, 2}}, 4}, // bump N wall
}

func logMon(log chan string, nMsg chan int, t *testing.T) {
	n := 0
	for msg := range log {
		t.Log("Sim:", msg)
		n++
	}
	nMsg <- n
}

func TestBadCommand(t *testing.T) {
	log := make(chan string)
	nMsg := make(chan int)
	go logMon(log, nMsg, t)
	act := make(chan Action3)
	rep := make(chan []Step3Robot)
	go Room3(
		Rect{Pos{0, 0}, Pos{0, 99}},
		[]Step3Robot{{"Vgr", Step2Robot{N, Pos{0, 99}}}},
		act, rep, log)
	go StartRobot3("Vgr", "RET", act, log)
	<-rep
	close(log)
	if n := <-nMsg; n != 1 {
		t.Fatalf("Got %d messages, want 1.", n)
	}
}


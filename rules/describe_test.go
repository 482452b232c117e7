package rules

import "testing"

// TestDescribe holds every named roll of every system to its words: the
// system's first roll and each of its variants, with the words that change
// a description.
func TestDescribe(t *testing.T) {
	for _, tt := range []struct{ expr, system, want string }{
		// 2d12
		{"2d12 mod=+3 target=16 adv", "", "+3 against 16, with advantage"},
		{"mod=-1 target=14 kind=save", "2d12", "a save at -1 against 14"},
		{"2d12 mod=+0 target=12 dis", "", "+0 against 12, with disadvantage"},
		{"2d12 mod=+2 target=12 adv2 kind=attack", "", "an attack at +2 against 12, with double advantage"},
		{"2d12 mod=+3 vs=+5 adv", "", "+3 against an opposing +5, with advantage"},
		{"2d12 mod=+3 target=16 take=13", "", "+3 against 16, taking 13"},
		{"2d12 take=24 tries=100 dis", "", "a roll of 24 or more in 100 tries, with disadvantage"},
		{"2d12 take=24 tries=1", "", "a roll of 24 or more in 1 try"},
		{"2d12 mod=+5 target=16 damage=1d8+2", "", "1d8+2 damage of an attack at +5 against 16"},
		{"2d12 bonus level=6 stat=18 sup=14", "", "a bonus of +9"},
		{"2d12 dc level=6 stat=18", "", "DC 18"},
		{"2d12 mod=+3 target=16 margin", "", "the margin of +3 against 16"},
		{"2d12 fall=60", "", "6d8 falling damage"},
		{"2d12 fall=5", "", "no falling damage"},
		{"2d12 fall=60 huge mod=+2 target=14", "", "6d12 falling damage, a die less on a save at +2 against 14"},
		// fd100
		{"fd100 effort=60 resistance=40", "", "Effort 60% against Resistance 40%"},
		{"fd100 effort=70", "", "Effort 70%"},
		{"fd100 effort=55 resistance=45 contested", "", "Effort 55% against Resistance 45%, contested"},
		{"fd100 effort=60 resistance=40 static=+30,-20 dramatic=+25 shift=-1", "", "Effort 60% against Resistance 40%, +30% static, −20% static, +25% dramatic, shifted -1"},
		{"fd100 effort=60 resistance=40 starving", "", "Effort 60% against Resistance 40%, shifted -1"},
		{"fd100 effort=60 resistance=40 luck=33", "", "Effort 60% against Resistance 40%, Luck 33%"},
		{"fd100 attack threat=60 survival=40 flying=20", "", "an Attack, Threat Rate 60% against Survival Rate 40%, −20% static"},
		{"fd100 luck=11 rolls=10", "", "Luck 11% after 10 rolls"},
		{"fd100 luck=11 rolls=1", "", "Luck 11% after 1 roll"},
		{"fd100 set=d60", "", "a Roll to Set with a d60"},
		{"fd100 set=d60 reading=3", "", "a Roll to Set with a d60, read as highest tens digit as zero"},
		{"fd100 increase=d40 rating=30", "", "a Roll to Increase 30% with a d40"},
		{"fd100 decrease=d80 rating=50", "", "a Roll to Decrease 50% with a d80"},
		{"fd100 initiative=50 rivals=50,60,40", "", "the Turn at Initiative 50% against rivals at 50%, 60% and 40%"},
		{"fd100 intimidate effort=60 resistance=40 track=soldier", "", "Intimidate, Effort 60% against Resistance 40%, the target Holding on the soldiers' track"},
		{"fd100 rally effort=60 resistance=40", "", "Rally, Effort 60% against Resistance 40%, the ally Retreating"},
		{"fd100 encourage effort=60 resistance=40 at=Recoiling", "", "Encourage, Effort 60% against Resistance 40%, the ally Recoiling"},
		{"fd100 charm effort=60 resistance=40 rating=20 ally", "", "Charm, Effort 60% against Resistance 40%, the Effect at 20%, on an ally"},
		{"fd100 confuse effort=60 resistance=40", "", "Confuse, Effort 60% against Resistance 40%"},
		{"fd100 resist effort=55 effect=40 die=d60", "", "Resist, Effort 55% against the Effect's 40%, with a d60"},
		{"fd100 focus effort=55 effect=40", "", "Focus, Effort 55% against the Effect's 40%"},
		{"fd100 bleeding=40 resist=55 turns=3", "", "Bleeding 40% over 3 Turns, resisted at 55%"},
		{"fd100 stunned=40 turns=1", "", "Stunned 40% over 1 Turn"},
		{"fd100 alarm swarming=90 chances=80,60", "", "an alarm at Swarming 90%, Chances to Summon 60% and 80%"},
		{"fd100 alarmgun nasutes=4", "", "4 Nasutes firing, each at 40%"},
		{"fd100 guardians specials=3 chance=50", "", "3 Special Attacks blocking tunnels, each at 50%"},
		{"fd100 hunger=60 rises=2", "", "Hunger 60% after 2 Rolls to Increase with a d100"},
		// pool
		{"pool dice=6 difficulty=2", "", "6 dice against difficulty 2"},
		{"pool dice=1 vs=4", "", "1 die against a pool of 4"},
		{"dice=6 difficulty=2 success=4 charging", "pool", "6 dice against difficulty 2, Charging, a success on 4 or more"},
		{"pool dice=3 mods=+2,-4 difficulty=2", "", "1 die against difficulty 2"},
		{"pool dice=6 vs=4 wounds", "", "the Wounds of 6 dice against a pool of 4"},
		{"pool dice=6 vs=4 wounds area swarms=3", "", "the Wounds of 6 dice against a pool of 1, 3 Swarms soaking"},
		{"pool dice=3 initiative", "", "the starting Disposition of 3 dice"},
		{"pool events=costs level=3", "", "the Costs at Level 3"},
		{"pool events=5+level,level level=3", "", "the events of Chances 5+level and level at Level 3"},
		{"pool effects=3,2,1", "", "Effects rated 3, 2 and 1, checked"},
		{"pool hunger=7 level=3", "", "a Hunger Cost at Hunger 7, Level 3"},
		{"pool hunger=10 level=3", "", "a Hunger Cost at Hunger 10, Level 3"},
		{"pool spoilage=4", "", "the Spoilage Roll of Food rated 4"},
		{"pool obstacle dice=5 level=3", "", "5 dice against an Obstacle at Level 3"},
		{"pool infection dice=5 level=3 infected=1", "", "an Infection roll of 5 dice at Level 3, Infected 1"},
		{"pool heal dice=6 wounds=3", "", "healing 3 Wounds with 6 dice"},
		{"pool swarmlings dice=5 level=3 success=6", "", "regaining Swarms with 5 dice at Level 3, a success on 6 or more"},
		{"pool encounter level=5", "", "the Encounter rolls of Level 5"},
		{"pool explore dice=5 level=3 events=rewards", "", "the Rewards of exploring with 5 dice at Level 3"},
		// trigger
		{"trigger dice=7 difficulty=2", "", "Action Number 7 against difficulty 2"},
		{"trigger dice=7 difficulty=2 success=4 mods=+1S,-1T helpers=4,3 quality", "", "Action Number 7 against difficulty 2, +1S −1T, a success on 4 or more, helped by Action Numbers 4 and 3, graded by quality"},
		{"trigger dice=7 difficulty=2 ego=2", "", "Action Number 7 against difficulty 2, +2D"},
		{"trigger dice=6,5 difficulty=2,3", "", "a combination of Action Number 6 against difficulty 2, then Action Number 5 against difficulty 3"},
		{"trigger dice=6 complex=10 rolls=3 helpers=4", "", "a complex action of 10 Successes in 3 rolls, Action Number 6, helped by Action Number 4"},
		{"trigger dice=7 vs=5 draws", "", "Action Number 7 in a conflict against Action Number 5, draws allowed"},
		{"trigger dice=5 initiative", "", "the Initiative of Action Number 5"},
		{"trigger dice=5 initiative bonus", "", "the bonus Actions of Action Number 5"},
		{"trigger dice=6 difficulty=2 damage=4 armor=2", "", "the damage of Action Number 6 against difficulty 2, weapon 4, armour 2"},
		{"trigger dice=5 difficulty=2 heal", "", "the healing of Action Number 5 against difficulty 2"},
		{"trigger dice=6 defend=5 close", "", "an attack at Action Number 6 against an Active Defense at Action Number 5, in close combat"},
		// Dice notation, and what the engine cannot read, are printed as
		// written.
		{"2d6+1", "", ""},
		{"2d12", "2d12", ""},
		{"2d12 mod=", "", ""},
	} {
		if got := Describe(tt.expr, tt.system); got != tt.want {
			t.Errorf("Describe(%q, %q) = %q, want %q", tt.expr, tt.system, got, tt.want)
		}
	}
}

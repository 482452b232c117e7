package rules

import (
	"strconv"
	"strings"
)

// A named roll is engine syntax ("2d12 mod=+3 target=16 adv"), which a
// reader of the book should not have to decode: every named roll of every
// system describes itself in the words its rules use ("+3 against 16, with
// advantage"), and the writers print those, keeping the expression beside
// them for a reader to copy into the roller. Dice notation is its own
// description ("2d6+1" says what it is), and is printed as written.
//
// A description says what is rolled, with the numbers the engine rolls
// with: a condition word or a modifier already folded into the roll (a
// Wound's shift, Ego's dice) is said as what it became.

// Description returns a named roll in words, as a book prints it ("Effort
// 60% against Resistance 40%"), or "" for dice notation, which is printed
// as it is written.
func (e *Expr) Description() string {
	if e.named == nil {
		return ""
	}
	return e.named.describe()
}

// Describe parses expr in the named system context ("" for generic) and
// returns its description (see Expr.Description); "" too for an expression
// the engine cannot read.
func Describe(expr, system string) string {
	e, err := parseIn(expr, system)
	if err != nil {
		return ""
	}
	return e.Description()
}

// ----- 2d12 -----

// describe: "+3 against 16, with advantage", "a save at -1 against 14".
func (r *twoD12Roll) describe() string { return r.TwoD12Roll.words() }

// words is the roll against a target: "+3 against 16, with advantage", "a
// save at -1 against 14".
func (r TwoD12Roll) words() string {
	text := signedText(r.Modifier) + " against " + strconv.Itoa(r.Target)
	if r.Kind != AbilityCheck {
		text = article(r.Kind.String()) + " at " + text
	}
	return text + advantageWords(r.Advantage)
}

// advantageWords: ", with advantage", "" for none.
func advantageWords(advantage int) string {
	switch advantage {
	case 1:
		return ", with advantage"
	case 2:
		return ", with double advantage"
	case -1:
		return ", with disadvantage"
	case -2:
		return ", with double disadvantage"
	}
	return ""
}

// describe: "+3 against an opposing +5, with advantage".
func (r *opposedRoll) describe() string {
	return signedText(r.actor.Modifier) + " against an opposing " + signedText(r.threshold.Modifier) + advantageWords(r.actor.Advantage)
}

// describe: "+3 against 16, taking 13".
func (r *takenRoll) describe() string {
	return r.TwoD12Roll.words() + ", taking " + strconv.Itoa(r.taken)
}

// describe: "a roll of 24 or more in 100 tries".
func (r *triesRoll) describe() string {
	return "a roll of " + strconv.Itoa(r.taken) + " or more in " + plural(r.tries, "1 try", strconv.Itoa(r.tries)+" tries") + advantageWords(r.advantage)
}

// describe: "1d8+2 damage of an attack at +5 against 16".
func (r *damageRoll) describe() string {
	return r.damage.String() + " damage of " + r.TwoD12Roll.words()
}

// describe: "a bonus of +5", "DC 17".
func (r *bonusRoll) describe() string {
	if r.dc {
		return "DC " + strconv.Itoa(r.value)
	}
	return "a bonus of " + signedText(r.value)
}

// describe: "the margin of +3 against 16".
func (r *marginRoll) describe() string { return "the margin of " + r.TwoD12Roll.words() }

// describe: "6d8 falling damage, a die less on a save at +2 against 14";
// "no falling damage" for a fall shorter than 10 feet.
func (r *fallRoll) describe() string {
	if r.dice == 0 {
		return "no falling damage"
	}
	text := strconv.Itoa(r.dice) + "d" + strconv.Itoa(r.sides) + " falling damage"
	if r.save != nil {
		text += ", a die less on " + r.save.words()
	}
	return text
}

// ----- fd100 -----

// describe: "Effort 60% against Resistance 40%", "Effort 70%" for a
// Boolean roll, with the modifiers, shifts and Luck after.
func (r *fd100Roll) describe() string {
	effort, resistance := "Effort", "Resistance"
	if r.effortName != "" {
		effort, resistance = r.effortName, r.resistanceName
	}
	if r.kind == booleanRoll {
		return effort + " " + percent(r.q.Effort)
	}
	text := qualificationWords(r.q, effort, resistance)
	if r.kind == contestedBooleanRoll {
		text += ", contested"
	}
	if r.luck > 0 {
		text += ", Luck " + percent(r.luck)
	}
	return text
}

// qualificationWords: "Effort 60% against Resistance 40%, +30% static,
// shifted -1", the qualification with its modifiers and net shift.
func qualificationWords(q Qualification, effort, resistance string) string {
	text := effort + " " + percent(q.Effort) + " against " + resistance + " " + percent(q.Resistance)
	for _, m := range q.Static {
		text += ", " + modifierWords(m) + " static"
	}
	for _, m := range q.Dramatic {
		text += ", " + modifierWords(m) + " dramatic"
	}
	if q.Shift != 0 {
		text += ", shifted " + signedText(q.Shift)
	}
	return text
}

// describe: "an Attack, Threat Rate 60% against Survival Rate 40%, …".
func (r *attackRoll) describe() string { return "an Attack, " + r.fd100Roll.describe() }

// modifierWords is a modifier as the book writes it: "+30%", "−20%".
func modifierWords(m Modifier) string {
	sign := "−"
	if m.Positive {
		sign = "+"
	}
	return sign + percent(m.Rating)
}

// percent: "60%".
func percent(n int) string { return strconv.Itoa(n) + "%" }

// describe: "Luck 11% after 10 rolls".
func (r *luckRoll) describe() string {
	return "Luck " + percent(r.luck) + " after " + counted(int64(r.rolls), "roll", "rolls")
}

// describe: "a Roll to Set with a d60", "a Roll to Increase 30% with a
// d40", read another way when reading= says.
func (r *quantificationRoll) describe() string {
	text := "a Roll to " + [...]string{RollToSet: "Set", RollToIncrease: "Increase", RollToDecrease: "Decrease"}[r.kind]
	if r.kind != RollToSet {
		text += " " + percent(r.rating)
	}
	text += " with a " + r.die.Name()
	if r.reading != PaintedZeroBased {
		text += ", read as " + r.reading.String()
	}
	return text
}

// describe: "the Turn at Initiative 50% against rivals at 50%, 60% and 40%".
func (r *turnOrderRoll) describe() string {
	return "the Turn at Initiative " + percent(r.initiative) + " against rivals at " + listWords(r.rivals, "%")
}

// describe: "Bleeding 40% over 3 Turns, resisted at 55%".
func (r *effectTurnsRoll) describe() string {
	text := titleWord(r.effect) + " " + percent(r.rating) + " over " + counted(int64(r.turns), "Turn", "Turns")
	if r.resisted {
		text += ", resisted at " + percent(r.resist)
	}
	return text
}

// describe: "Intimidate, Effort 60% against Resistance 40%, the target
// Holding"; Rally and Encourage speak of the ally.
func (r *dispositionRoll) describe() string {
	at := r.track[r.at]
	name, who := "Intimidate", "the target"
	if r.action == RallyOrEncourage {
		name, who = "Encourage", "the ally"
		if at == Retreating {
			name = "Rally"
		}
	}
	text := name + ", " + qualificationWords(r.q, "Effort", "Resistance") + ", " + who + " " + at.String()
	if r.track == SoldierTrack {
		text += " on the soldiers' track"
	}
	return text
}

// describe: "Charm, Effort 60% against Resistance 40%, the Effect at 20%,
// on an ally"; "Resist, Effort 55% against the Effect's 40%, with a d60".
func (r *effectRoll) describe() string {
	name := titleWord(r.word)
	if r.action == FocusOrShake {
		text := name + ", " + qualificationWords(r.q, "Effort", "the Effect's")
		if r.die.Sides != 100 {
			text += ", with a " + r.die.Name()
		}
		return text
	}
	text := name + ", " + qualificationWords(r.q, "Effort", "Resistance")
	if r.rating > 0 {
		text += ", the Effect at " + percent(r.rating)
	}
	if r.onAlly {
		text += ", on an ally"
	}
	return text
}

// describe: "an alarm at Swarming 90%, Chances to Summon 80%, 60%, 30%
// and 25%".
func (r *alarmRoll) describe() string {
	return "an alarm at Swarming " + percent(r.swarming) + ", Chances to Summon " + listWords(r.chances, "%")
}

// describe: "4 Nasutes firing, each at 40%", "3 Special Attacks blocking
// tunnels, each at 60%".
func (r *chainRoll) describe() string {
	if r.chained {
		return counted(int64(r.tries), "Nasute", "Nasutes") + " firing, each at " + percent(r.chance)
	}
	return counted(int64(r.tries), "Special Attack", "Special Attacks") + " blocking tunnels, each at " + percent(r.chance)
}

// describe: "Hunger 60% after 2 Rolls to Increase with a d100".
func (r *hungerRoll) describe() string {
	return "Hunger " + percent(r.hunger) + " after " + counted(int64(r.rises), "Roll", "Rolls") + " to Increase with a " + r.die.Name()
}

// ----- pool -----

// describe: "6 dice against difficulty 2", "6 dice against a pool of 4".
func (r *poolRoll) describe() string { return r.PoolRoll.words() }

// words is the roll of a pool: "6 dice against difficulty 2, Charging".
func (r PoolRoll) words() string {
	text := diceWords(r.Dice)
	if r.Opposed {
		text += " against a pool of " + strconv.Itoa(r.Opposing)
	} else {
		text += " against difficulty " + strconv.Itoa(r.Difficulty)
	}
	if r.Charging {
		text += ", Charging"
	}
	return text + successFaceWords(r.SuccessFace, DefaultPoolSuccessFace)
}

// successFaceWords: ", a success on 5 or more" for a face other than the
// system's, else "".
func successFaceWords(face, standard int) string {
	if face == 0 || face == standard {
		return ""
	}
	return ", a success on " + strconv.Itoa(face) + " or more"
}

// describe: "the Wounds of 6 dice against a pool of 4".
func (r *woundsRoll) describe() string {
	text := "the Wounds of " + r.PoolRoll.words()
	if r.Swarms > 0 {
		text += ", " + counted(int64(r.Swarms), "Swarm", "Swarms") + " soaking"
	}
	return text
}

// describe: "the starting Disposition of 3 dice".
func (r *startingDispositionRoll) describe() string {
	return "the starting Disposition of " + diceWords(r.Dice) + successFaceWords(r.SuccessFace, DefaultPoolSuccessFace)
}

// describe: "the Costs at Level 3", "the events of Chances 5+level and
// level at Level 3".
func (r *eventsRoll) describe() string {
	if r.table != "" {
		return "the " + r.table + " at Level " + strconv.Itoa(r.level)
	}
	names := make([]string, len(r.events))
	for i, e := range r.events {
		names[i] = e.Name
	}
	return "the events of Chances " + joinWords(names) + " at Level " + strconv.Itoa(r.level)
}

// describe: the words the roll was read with ("healing 3 Wounds with 6
// dice").
func (r *survivalRoll) describe() string {
	return r.words + successFaceWords(r.SuccessFace, DefaultPoolSuccessFace)
}

// describe: "the Rewards of exploring with 5 dice at Level 3".
func (r *exploreRoll) describe() string {
	return "the " + r.kind + "s of exploring with " + diceWords(r.Dice) + " at Level " + strconv.Itoa(r.Difficulty) + successFaceWords(r.SuccessFace, DefaultPoolSuccessFace)
}

// ----- trigger -----

// describe: "Action Number 7 against difficulty 2, +1S −1T, helped by
// Action Numbers 4 and 3, graded by quality".
func (r *actionRoll) describe() string {
	text := r.ActionRoll.words()
	if len(r.helpers) > 0 {
		text += ", helped by Action " + plural(len(r.helpers), "Number", "Numbers") + " " + listWords(r.helpers, "")
	}
	if r.quality {
		text += ", graded by quality"
	}
	return text
}

// words is one action: "Action Number 7 against difficulty 2, +1D +1S".
func (a ActionRoll) words() string {
	text := "Action Number " + strconv.Itoa(a.ActionNumber)
	if a.Difficulty > 0 {
		text += " against difficulty " + strconv.Itoa(a.Difficulty)
	}
	return text + a.Modifier.words() + successFaceWords(a.SuccessFace, DefaultTriggerSuccessFace)
}

// words: ", +1D +1S −1T" as the book writes modifiers, "" for none.
func (m TriggerModifier) words() string {
	text := ""
	for _, part := range []struct {
		n    int
		unit string
	}{{m.Dice, "D"}, {m.Successes, "S"}, {m.Triggers, "T"}} {
		if part.n != 0 {
			text += " " + strings.Replace(signedText(part.n), "-", "−", 1) + part.unit
		}
	}
	if text == "" {
		return ""
	}
	return "," + text
}

// describe: "a combination of Action Number 6 against difficulty 2, then
// Action Number 5 against difficulty 3".
func (r *combinationRoll) describe() string {
	steps := make([]string, len(r.steps))
	for i, s := range r.steps {
		steps[i] = s.words()
	}
	text := "a combination of " + strings.Join(steps, ", then ")
	if r.quality {
		text += ", graded by quality"
	}
	return text
}

// describe: "a complex action of 10 Successes in 3 rolls, Action Number 6,
// helped by Action Number 4".
func (r *complexRoll) describe() string {
	text := "a complex action of " + counted(int64(r.required), "Success", "Successes") + " in " + counted(int64(r.rolls), "roll", "rolls") + ", " + r.participants[0].words()
	if helpers := r.participants[1:]; len(helpers) > 0 {
		numbers := make([]int, len(helpers))
		for i, h := range helpers {
			numbers[i] = h.ActionNumber
		}
		text += ", helped by Action " + plural(len(numbers), "Number", "Numbers") + " " + listWords(numbers, "")
	}
	return text
}

// describe: "Action Number 7 in a conflict against Action Number 5, draws
// allowed".
func (r *conflictRoll) describe() string {
	text := r.actor.words() + " in a conflict against Action Number " + strconv.Itoa(r.opponent.ActionNumber)
	if r.draws {
		text += ", draws allowed"
	}
	return text
}

// describe: "the Initiative of Action Number 5", "the bonus Actions of …",
// "the damage of Action Number 6 against difficulty 2, weapon 4, armour 2",
// "the healing of …".
func (r *tallyRoll) describe() string {
	switch r.what {
	case "damage":
		text := "the damage of " + r.ActionRoll.words() + ", weapon " + strconv.Itoa(r.weapon)
		if r.armor > 0 {
			text += ", armour " + strconv.Itoa(r.armor)
		}
		return text
	case "heal":
		return "the healing of " + r.ActionRoll.words()
	}
	if r.bonus {
		return "the bonus Actions of " + r.ActionRoll.words()
	}
	return "the Initiative of " + r.ActionRoll.words()
}

// describe: "an attack at Action Number 6 against an Active Defense at
// Action Number 5, in close combat".
func (r *defenseRoll) describe() string {
	text := "an attack at " + r.attack.words() + " against an Active Defense at Action Number " + strconv.Itoa(r.defense.ActionNumber)
	if r.close {
		text += ", in close combat"
	}
	return text
}

// ----- words -----

// diceWords counts dice in words: "1 die", "6 dice".
func diceWords(n int) string { return counted(int64(n), "die", "dice") }

// article puts "a" or "an" before a word: "a save", "an attack".
func article(word string) string {
	if strings.ContainsAny(word[:1], "aeiouAEIOU") {
		return "an " + word
	}
	return "a " + word
}

// plural is one or other, by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// listWords: "3, 2 and 1", each number followed by unit.
func listWords(numbers []int, unit string) string {
	words := make([]string, len(numbers))
	for i, n := range numbers {
		words[i] = strconv.Itoa(n) + unit
	}
	return joinWords(words)
}

// joinWords: "a", "a and b", "a, b and c".
func joinWords(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

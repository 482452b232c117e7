package rules

import (
	"strconv"
	"strings"
)

// A named roll is engine syntax ("2d12 mod=+3 target=16 adv"), which a
// reader of the book should not have to decode: the rolls a book names most
// describe themselves in the words its rules use ("+3 against 16, with
// advantage"), and the writers print those, keeping the expression beside
// them for a reader to copy into the roller. A roll that has no words of
// its own yet is printed as its expression.

// describer is a named roll that says in words what it is.
type describer interface {
	describe() string
}

// Description returns the expression in words, as a book prints it: a
// named roll's own ("Effort 60% against Resistance 40%"), or "" for dice
// notation and a named roll with no words of its own, which are printed
// as they are written.
func (e *Expr) Description() string {
	if d, ok := e.named.(describer); ok {
		return d.describe()
	}
	return "" // dice notation, or a roll with no words of its own
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

// describe: "+3 against 16, with advantage", "a save at −1 against 14".
func (r *twoD12Roll) describe() string {
	var b strings.Builder
	if r.Kind != AbilityCheck {
		b.WriteString("a " + r.Kind.String() + " at ")
	}
	b.WriteString(signedText(r.Modifier) + " against " + strconv.Itoa(r.Target))
	switch r.Advantage {
	case 1:
		b.WriteString(", with advantage")
	case 2:
		b.WriteString(", with double advantage")
	case -1:
		b.WriteString(", with disadvantage")
	case -2:
		b.WriteString(", with double disadvantage")
	}
	return b.String()
}

// describe: "Effort 60% against Resistance 40%", "Effort 70%" for a
// Boolean roll, with the modifiers and shifts after.
func (r *fd100Roll) describe() string {
	effort, resistance := "Effort", "Resistance"
	if r.effortName != "" {
		effort, resistance = r.effortName, r.resistanceName
	}
	text := effort + " " + strconv.Itoa(r.q.Effort) + "%"
	if r.kind != booleanRoll {
		text += " against " + resistance + " " + strconv.Itoa(r.q.Resistance) + "%"
	}
	if r.kind == contestedBooleanRoll {
		text += ", contested"
	}
	for _, m := range r.q.Static {
		text += ", " + modifierWords(m) + " static"
	}
	for _, m := range r.q.Dramatic {
		text += ", " + modifierWords(m) + " dramatic"
	}
	if r.q.Shift != 0 {
		text += ", shifted " + signedText(r.q.Shift)
	}
	return text
}

// modifierWords is a modifier as the book writes it: "+30%", "−20%".
func modifierWords(m Modifier) string {
	sign := "−"
	if m.Positive {
		sign = "+"
	}
	return sign + strconv.Itoa(m.Rating) + "%"
}

// describe: "6 dice against difficulty 2", "6 dice against a pool of 4".
func (r *poolRoll) describe() string {
	text := diceWords(r.Dice)
	if r.Opposed {
		text += " against a pool of " + strconv.Itoa(r.Opposing)
	} else {
		text += " against difficulty " + strconv.Itoa(r.Difficulty)
	}
	if r.Charging {
		text += ", Charging"
	}
	if face := r.SuccessFace; face != 0 && face != DefaultPoolSuccessFace {
		text += ", a success on " + strconv.Itoa(face) + " or more"
	}
	return text
}

// describe: "Action Number 7 against difficulty 2"; "" for an action with
// helpers, a modifier or other faces, which its expression says better.
func (r *actionRoll) describe() string {
	if len(r.helpers) > 0 || r.quality || r.Modifier != (TriggerModifier{}) || (r.SuccessFace != 0 && r.SuccessFace != DefaultTriggerSuccessFace) {
		return ""
	}
	text := "Action Number " + strconv.Itoa(r.ActionNumber)
	if r.Difficulty > 0 {
		text += " against difficulty " + strconv.Itoa(r.Difficulty)
	}
	return text
}

// dice counts dice in words: "1 die", "6 dice".
func diceWords(n int) string {
	if n == 1 {
		return "1 die"
	}
	return strconv.Itoa(n) + " dice"
}

package rules

import (
	"cmp"
	"strconv"
	"strings"
)

// DamageDice is an attack's damage as seed 003 writes it: Count dice of
// Sides faces, and Bonus added once.
type DamageDice struct {
	Count, Sides, Bonus int
}

// Limits on the damage dice of a named roll: a 12-12 throws them three times,
// and the exact damage is a sum of up to three times Count dice.
const (
	MaxDamageDice  = 20
	MaxDamageSides = 100
)

// parseDamageDice reads "1d8", "d10", "2d6+3" or "2d6-1" written at col.
func parseDamageDice(text string, col int) (DamageDice, error) {
	bad := &SyntaxError{Col: col, Msg: "damage= takes dice such as 1d8 or 2d6+3, not " + strconv.Quote(text)}
	count, rest, ok := strings.Cut(strings.ToLower(text), "d")
	if !ok {
		return DamageDice{}, bad
	}
	sides, bonus := rest, "0"
	if i := strings.IndexAny(rest, "+-"); i >= 0 {
		sides, bonus = rest[:i], rest[i:]
	}
	var d DamageDice
	var err error
	if d.Count, err = parseBounded(cmp.Or(count, "1"), col, "the number of damage dice", 1, MaxDamageDice); err != nil {
		return d, err
	}
	if d.Sides, err = parseBounded(sides, col, "the damage dice's faces", 1, MaxDamageSides); err != nil {
		return d, err
	}
	if d.Bonus, err = strconv.Atoi(bonus); err != nil || max(d.Bonus, -d.Bonus) > 1000 {
		return d, bad
	}
	return d, nil
}

// String writes the damage as seed 003 does: "2d6+3".
func (d DamageDice) String() string {
	text := strconv.Itoa(d.Count) + "d" + strconv.Itoa(d.Sides)
	if d.Bonus != 0 {
		text += signedText(d.Bonus)
	}
	return text
}

// Damage returns the damage of a hit whose damage dice, thrown once and
// then again for each reroll, came to dice.
//
// Reading: only the dice are rolled again ("roll the damage dice again and
// add to total damage"); the bonus is added once, and damage is never below
// zero.
func (d DamageDice) Damage(dice int) int { return max(dice+d.Bonus, 0) }

// damageRoll is the named roll "2d12 mod=+5 target=16 damage=1d8+2": an
// attack (kind=attack, which it is whether or not it says so) and the damage
// it deals, a number: none on a miss; on a hit the damage dice thrown once,
// and again and added for each kept 12 (DamageRerolls).
//
// Reading: a 12 on a miss rerolls nothing, as there is no damage to add to.
type damageRoll struct {
	TwoD12Roll
	damage DamageDice
}

func parseDamage(args *namedArgs) (namedRoll, error) {
	w, err := args.value("damage", "2d12 mod=+5 target=16 damage=1d8+2")
	if err != nil {
		return nil, err
	}
	r := &damageRoll{}
	if r.damage, err = parseDamageDice(w.value, w.valueCol); err != nil {
		return nil, err
	}
	if r.TwoD12Roll, err = parseTwoD12Roll(args); err != nil {
		return nil, err
	}
	if kind, _ := args.lookup("kind"); kind != nil && r.Kind != Attack {
		return nil, &SyntaxError{Col: kind.valueCol, Msg: "only an attack deals damage: give kind=attack or no kind="}
	}
	r.Kind = Attack
	return r, args.finish("damage=, mod=, target=, kind=attack, adv, adv2, dis and dis2")
}

func (r *damageRoll) outcomes() []string { return nil }

// maxRerolls is the most times a hit rolls its damage dice again: once for
// each of the two kept dice.
const maxRerolls = 2

// hits returns the exact distribution of an attack's result: −1 for a
// miss, or for a hit the number of kept 12s. Each kept die scores its
// special score, shifted to be positive, plus a hundred for a 12: the
// score's hundreds then count the 12s and the rest is the specials' total.
func (t TwoD12Roll) hits() *Dist {
	const twelve = 100
	lowest := SpecialScore(1)
	encoded := keepDist(t.Dice(), 2, d12.faces(t.Advantage >= 0), func(face int64) int64 {
		return SpecialScore(face) - lowest + twelve*int64(boolIndex(face == 12))
	})
	return encoded.mapped(func(e int64) int64 {
		if !t.succeeds(e%twelve + 2*lowest) {
			return -1
		}
		return e / twelve
	})
}

func (r *damageRoll) dist() *Dist {
	// Every result is counted over the dice of three throws, those not
	// thrown as if thrown and ignored.
	most := (maxRerolls + 1) * r.damage.Count
	unthrown := powers(uint64(r.damage.Sides), most)
	return r.hits().mixture(func(rerolls int64) *Dist {
		if rerolls < 0 {
			return constantDist(0).scaled(unthrown[most])
		}
		thrown := (int(rerolls) + 1) * r.damage.Count
		damage := uniformSum(thrown, 1, int64(r.damage.Sides)).mapped(func(dice int64) int64 { return int64(r.damage.Damage(int(dice))) })
		return damage.scaled(unthrown[most-thrown])
	})
}

func (r *damageRoll) roll(roller *Roller, rec *recorder) int64 {
	faces := r.throw(roller, rec, "")
	if !r.judge(faces, rec) {
		rec.line("a miss deals no damage")
		return 0
	}
	throws := 1 + r.DamageRerolls(faces)
	die := die{sides: r.damage.Sides, first: 1}
	var shown []string
	dice := 0
	for range throws * r.damage.Count {
		face := roller.face(die)
		rec.die("damage", die, face, false)
		shown = append(shown, strconv.FormatInt(face, 10))
		dice += int(face)
	}
	damage := r.damage.Damage(dice)
	rec.line("damage ", r.damage.String(), ", the dice thrown ", counted(int64(throws), "time", "times"), ": ",
		strings.Join(shown, " "), " ", signedText(r.damage.Bonus), " → ", strconv.Itoa(damage))
	return int64(damage)
}

package rules

import (
	"slices"
	"strconv"
	"strings"
)

// The Combat minigame's Suppress, Support and Resistance actions (seed
// 000): what each Degree of Success does, as the seed's outcome tables say,
// and the named rolls that play them out.

// CombatAction is one of the actions whose outcome table a book prints
// beside the Attack's.
type CombatAction int

// The actions, as seed 000's tables group them.
const (
	Intimidate       CombatAction = iota // Suppress: the target's Disposition moves
	CharmOrConfuse                       // Suppress: bestow an Effect, or Confused on an ally
	RallyOrEncourage                     // Support: the ally's Disposition moves
	FocusOrShake                         // Support, and the Resistance action: an Effect's rating changes
)

// CombatActions lists the actions, for a checker looking for the one a
// column describes.
var CombatActions = []CombatAction{Intimidate, CharmOrConfuse, RallyOrEncourage, FocusOrShake}

// DispositionMove returns the steps a degree moves the Disposition the
// action acts on: the target's for Intimidate (down is good for the one
// acting), the ally's for Rally or Encourage.
//
// Reading: seed 000 words the moves as verbs (Target Retreats, Recoils,
// Holds, Advances, Charges); seed 001 writes the same table with steps
// (Target Recoils 3 … Advances 2). The engine reads seed 000's verbs as
// steps along the track: Recoils and Advances one, Retreats and Charges
// two, Holds none, clamped at the track's ends.
func (a CombatAction) DispositionMove(d Degree) int {
	moves := map[CombatAction][6]int{ // by degree, worst first
		Intimidate:       {2, 1, 0, -1, -1, -2},
		RallyOrEncourage: {-2, -1, -1, 0, 1, 2},
	}[a]
	return moves[d]
}

// moveVerbs words a move of the Disposition, by its steps from −2.
var moveVerbs = [...]string{"Retreats", "Recoils", "Holds", "Advances", "Charges"}

// BestowedDie returns the decile die a degree of Charm or Confuse rolls to
// bestow the Effect, and whether it falls on a random ally (Confused) rather
// than the target.
func BestowedDie(d Degree) (die DecileDie, onAlly bool) {
	sides := [6]int{80, 60, 40, 40, 60, 80}[d] // worst first
	die, _ = LookupDecileDie(sides)
	return die, d <= PartialFailure
}

// EffectChange is what the Focus, Shake and Resistance actions do to an
// Effect's rating.
type EffectChange int

// The changes, worst first, as degrees are.
const (
	EffectMaximised EffectChange = iota // set to 100%
	EffectEnhanced                      // a Roll to Increase
	EffectRemains
	EffectReduced              // a Roll to Decrease
	EffectRemoved              // reduced to 0%
	EffectRemovedDispositionUp // reduced to 0%, and the Disposition shifts up
)

// EffectChangeOf returns what a degree does to the Effect.
func EffectChangeOf(d Degree) EffectChange { return EffectChange(d) }

// Apply returns the Effect's rating after the change, a Roll to Increase or
// Decrease showing roll.
func (c EffectChange) Apply(rating, roll int) int {
	switch c {
	case EffectMaximised:
		return 100
	case EffectEnhanced:
		return RollToIncrease.Apply(rating, roll)
	case EffectReduced:
		return RollToDecrease.Apply(rating, roll)
	case EffectRemoved, EffectRemovedDispositionUp:
		return 0
	}
	return rating
}

// rolls reports whether the change rolls a decile die.
func (c EffectChange) rolls() bool { return c == EffectEnhanced || c == EffectReduced }

// OutcomePhrasings returns the ways seed 000's tables word what the degree
// does in the action, first the one the engine prints.
func (a CombatAction) OutcomePhrasings(d Degree) []string {
	switch a {
	case Intimidate:
		return []string{"Target " + moveVerbs[a.DispositionMove(d)+2]}
	case RallyOrEncourage:
		return []string{"Ally " + moveVerbs[a.DispositionMove(d)+2]}
	case CharmOrConfuse:
		die, onAlly := BestowedDie(d)
		if onAlly {
			return []string{"Bestow Confused: " + die.Name() + " on random Ally"}
		}
		return []string{"Bestow Charmed / Confused: " + die.Name()}
	}
	return []string{[...]string{
		EffectMaximised:            "Effect is maximised (set to 100%)",
		EffectEnhanced:             "Effect is enhanced (roll to increase)",
		EffectRemains:              "Effect remains",
		EffectReduced:              "Reduce Effect (roll to decrease)",
		EffectRemoved:              "Remove Effect (reduce to 0%)",
		EffectRemovedDispositionUp: "Remove Effect and Shift Disposition Up",
	}[EffectChangeOf(d)]}
}

// Track is the Dispositions a combatant's track lists, from the
// Retreating end to the Charging end: five places, some of which a track
// may name alike.
type Track [5]Disposition

// The tracks of seed 000: everyone's, and the Termite Soldiers', who
// "cannot Retreat, or Charge": Recoiling, Recoiling, Holding, Advancing,
// Advancing.
var (
	StandardTrack = Track{Retreating, Recoiling, Holding, Advancing, Charging}
	SoldierTrack  = Track{Recoiling, Recoiling, Holding, Advancing, Advancing}
)

// Place returns the place of a Disposition on the track: on the soldiers'
// track, Recoiling is its second place and Advancing its fourth, the
// places a soldier starts in or is moved to.
func (t Track) Place(d Disposition) (int, bool) {
	for _, p := range [...]int{2, 1, 3, 0, 4} { // the inner places first
		if t[p] == d {
			return p, true
		}
	}
	return 0, false
}

// Move returns the Disposition steps along the track from the place at,
// stopping at either end.
func (t Track) Move(at, steps int) Disposition { return t[min(max(at+steps, 0), 4)] }

// labels returns the track's Dispositions once each, from the Charging end
// when upFirst, else from the Retreating end.
func (t Track) labels(upFirst bool) []string {
	var out []string
	for _, d := range t {
		if name := d.String(); !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	if upFirst {
		slices.Reverse(out)
	}
	return out
}

// parseActionQualification reads the Effort, Resistance and modifiers of a
// Combat action's Qualification Roll; resistanceKey names the Resistance
// word ("effect" for the Resistance action, whose Resistance is the
// Effect's rating).
func parseActionQualification(args *namedArgs, example, resistanceKey string) (Qualification, error) {
	var q Qualification
	var err error
	if q.Effort, err = args.required("effort", example, 0, 100); err != nil {
		return q, err
	}
	if q.Resistance, err = args.required(resistanceKey, example, 0, 100); err != nil {
		return q, err
	}
	if q, err = parseModifiers(args, q); err != nil {
		return q, err
	}
	condition, err := parseCondition(args)
	return condition.Apply(q), err
}

// dispositionRoll is "fd100 intimidate effort=60 resistance=40 at=Holding
// [track=soldier]" or "fd100 rally …" / "fd100 encourage …": the Disposition
// the action leaves its target (or ally) in.
type dispositionRoll struct {
	action CombatAction
	q      Qualification
	track  Track
	at     int // the place on the track the Disposition starts from
}

func parseDispositionRoll(action CombatAction, word string) func(*namedArgs) (namedRoll, error) {
	return func(args *namedArgs) (namedRoll, error) {
		args.flag(word)
		example := "fd100 " + word + " effort=60 resistance=40"
		r := &dispositionRoll{action: action, track: StandardTrack}
		var err error
		if r.q, err = parseActionQualification(args, example, "resistance"); err != nil {
			return nil, err
		}
		if w, err := args.lookup("track"); err != nil {
			return nil, err
		} else if w != nil {
			if !strings.EqualFold(w.value, "soldier") {
				return nil, &SyntaxError{Col: w.valueCol, Msg: `track= takes "soldier" (the Termite Soldiers' track, which cannot Retreat or Charge), not ` + strconv.Quote(w.value)}
			}
			r.track = SoldierTrack
		}
		// Rally is for an ally who is Retreating, Encourage for one who is
		// not; Intimidate's target is Holding unless at= says.
		at := map[string]Disposition{"intimidate": Holding, "rally": Retreating, "encourage": Holding}[word]
		if w, err := args.lookup("at"); err != nil {
			return nil, err
		} else if w != nil {
			d, err := ParseDisposition(titleWord(w.value))
			if err != nil {
				return nil, &SyntaxError{Col: w.valueCol, Msg: "at= takes a Disposition: " + err.Error()}
			}
			if (word == "rally") != (d == Retreating) && word != "intimidate" {
				return nil, &SyntaxError{Col: w.valueCol, Msg: "Rally is for an ally who is Retreating, Encourage for one who is not"}
			}
			at = d
		}
		place, ok := r.track.Place(at)
		if !ok {
			col, _ := args.column("at")
			return nil, &SyntaxError{Col: col, Msg: "the soldiers' track has no " + at.String() + " place"}
		}
		r.at = place
		return r, args.finish("effort=, resistance=, at=, track=, the modifiers and the condition words")
	}
}

// titleWord capitalises a word as the Dispositions are spelt.
func titleWord(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
}

// outcomes are the track's Dispositions, the best for the one acting first:
// the target's lowest for Intimidate, the ally's highest for Rally.
func (r *dispositionRoll) outcomes() []string { return r.track.labels(r.action == RallyOrEncourage) }

func (r *dispositionRoll) index(d Degree) int64 {
	after := r.track.Move(r.at, r.action.DispositionMove(d)).String()
	return int64(slices.Index(r.outcomes(), after))
}

func (r *dispositionRoll) dist() *Dist {
	return r.q.Dist().mapped(func(d int64) int64 { return r.index(Degree(d)) })
}

func (r *dispositionRoll) roll(roller *Roller, rec *recorder) int64 {
	d := qualificationRollOf(r.q).throw(roller, rec)
	rec.line(d.String(), ": ", r.action.OutcomePhrasings(d)[0])
	return r.index(d)
}

// qualificationRollOf wraps q as the named qualification roll, to throw it
// with its breakdown.
func qualificationRollOf(q Qualification) *fd100Roll {
	return &fd100Roll{kind: qualificationRoll, q: q}
}

// throw rolls the qualification and returns its final degree.
func (r *fd100Roll) throw(roller *Roller, rec *recorder) Degree {
	return CriticalSuccess - Degree(r.roll(roller, rec))
}

// effectRoll is "fd100 charm effort=60 resistance=40 [rating=20] [ally]"
// (or confuse): the rating of the Effect the target ends with, or with ally
// the Confused a random ally ends with; or "fd100 resist effort=55
// effect=40 [die=d60]" (or focus, shake): the rating of the Effect resisted
// after the action. Both are numbers.
type effectRoll struct {
	action CombatAction
	q      Qualification
	rating int       // the Effect's rating before
	onAlly bool      // Charm or Confuse: the ally's rating, not the target's
	die    DecileDie // Focus, Shake or Resist: the die of a Roll to Decrease or Increase
	word   string    // the action as the roll names it: charm, confuse, resist, focus or shake
}

func parseCharm(word string) func(*namedArgs) (namedRoll, error) {
	return func(args *namedArgs) (namedRoll, error) {
		args.flag(word)
		r := &effectRoll{action: CharmOrConfuse, word: word}
		var err error
		if r.q, err = parseActionQualification(args, "fd100 "+word+" effort=60 resistance=40", "resistance"); err != nil {
			return nil, err
		}
		if r.rating, _, err = args.integer("rating", 0, 0, 100); err != nil {
			return nil, err
		}
		r.onAlly = args.flag("ally")
		return r, args.finish("effort=, resistance=, rating=, ally, the modifiers and the condition words")
	}
}

func parseResist(word string) func(*namedArgs) (namedRoll, error) {
	return func(args *namedArgs) (namedRoll, error) {
		args.flag(word)
		r := &effectRoll{action: FocusOrShake, word: word}
		var err error
		if r.q, err = parseActionQualification(args, "fd100 "+word+" effort=55 effect=40", "effect"); err != nil {
			return nil, err
		}
		r.rating = r.q.Resistance
		if r.die, err = decileWord(args, "die"); err != nil {
			return nil, err
		}
		return r, args.finish("effort=, effect=, die=, the modifiers and the condition words")
	}
}

// decileWord reads the decile die given for key, d100 when none is.
//
// Reading: seed 000 says the Rolls to Decrease and Increase of the
// Resistance action without naming the die; the engine takes the d100 (as
// the bundled book does) unless die= names another.
func decileWord(args *namedArgs, key string) (DecileDie, error) {
	d100die, _ := LookupDecileDie(100)
	w, err := args.lookup(key)
	if err != nil || w == nil {
		return d100die, err
	}
	die, ok := ParseDecileDie(w.value)
	if !ok {
		return die, &SyntaxError{Col: w.valueCol, Msg: key + "= takes a decile die (d20, d40, … d200), not " + strconv.Quote(w.value)}
	}
	return die, nil
}

func (r *effectRoll) outcomes() []string { return nil }

// after returns the distribution of the rating after degree d, over the
// ways of the die the degree rolls (a degree that rolls none counts each
// way of the die it would), and that die's faces.
func (r *effectRoll) after(d Degree) (*Dist, int) {
	if r.action == CharmOrConfuse {
		die, onAlly := BestowedDie(d)
		if onAlly != r.onAlly {
			return constantDist(int64(r.rating)).scaled(natOf(uint64(die.Sides))), die.Sides
		}
		return RollToIncrease.Dist(r.rating, die), die.Sides
	}
	change := EffectChangeOf(d)
	if !change.rolls() {
		return constantDist(int64(change.Apply(r.rating, 0))).scaled(natOf(uint64(r.die.Sides))), r.die.Sides
	}
	return r.die.Dist().mapped(func(roll int64) int64 { return int64(change.Apply(r.rating, int(roll))) }), r.die.Sides
}

// charmDice is a multiple of the faces of every die Charm and Confuse roll
// (d40, d60, d80): each degree's outcome is counted over it, so that all
// share one total.
const charmDice = 40 * 60 * 80

func (r *effectRoll) dist() *Dist {
	return r.q.Dist().mixture(func(d int64) *Dist {
		one, sides := r.after(Degree(d))
		if r.action != CharmOrConfuse {
			return one
		}
		return one.scaled(natOf(uint64(charmDice / sides)))
	})
}

func (r *effectRoll) roll(roller *Roller, rec *recorder) int64 {
	d := qualificationRollOf(r.q).throw(roller, rec)
	outcome := r.action.OutcomePhrasings(d)[0]
	die, onAlly := BestowedDie(d)
	rolls := onAlly == r.onAlly
	if r.action == FocusOrShake {
		die, rolls = r.die, EffectChangeOf(d).rolls()
	}
	after := r.rating
	switch {
	case r.action == FocusOrShake && !rolls:
		after = EffectChangeOf(d).Apply(r.rating, 0)
	case rolls:
		face := roller.face(FD100System.die(die.Sides))
		rec.die(die.Name(), FD100System.die(die.Sides), face, false)
		outcome += ": " + die.Name() + " = " + strconv.FormatInt(face, 10)
		if r.action == FocusOrShake {
			after = EffectChangeOf(d).Apply(r.rating, int(face))
		} else {
			after = RollToIncrease.Apply(r.rating, int(face))
		}
	}
	rec.line(d.String(), ": ", outcome, " → ", strconv.Itoa(after), "%")
	return int64(after)
}

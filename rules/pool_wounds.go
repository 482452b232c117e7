package rules

import "strconv"

// woundsRoll is the named roll "pool dice=6 vs=4 wounds": the Wounds an
// attack of seed 001 inflicts, a number.
type woundsRoll struct{ PoolRoll }

func parseWounds(args *namedArgs) (namedRoll, error) {
	args.flag("wounds")
	p, err := parsePoolRoll(args)
	if err != nil {
		return nil, err
	}
	return &woundsRoll{p}, args.finish("dice=, difficulty=, vs=, success=, mods=, charging, wounds, and an attack's close, ranged, area, carapace=, flight=, swarms=, room=, darkness= and blind=")
}

// Wounds returns the Wounds an attack of net successes inflicts: as many as
// the net when the attack hits, none when it misses or ties.
//
// Reading: seed 001 gives the rule for an attack against an opposing pool
// (vs=); against a Survival Rate used as a difficulty the net is read the
// same way.
func Wounds(net int) int { return max(net, 0) }

func (r *woundsRoll) outcomes() []string { return nil }

// taken returns the Wounds the defender takes when the attack's net is
// net: the Wounds it inflicts, less those her Current Swarms soak.
//
// Reading: a Swarming defender loses Swarms instead of Wounds until she
// has none ("they can choose to" — the engine reads her as choosing to).
func (r *woundsRoll) taken(net int) int { return max(0, Wounds(net)-r.Swarms) }

func (r *woundsRoll) dist() *Dist {
	return r.netDist().mapped(func(net int64) int64 { return int64(r.taken(int(net))) })
}

func (r *woundsRoll) roll(roller *Roller, rec *recorder) int64 {
	net := r.throw(roller, rec)
	wounds := r.taken(net)
	effect := "the attack hits"
	switch {
	case net == 0:
		effect = "a stalemate"
	case net < 0:
		effect = "the attack misses and the attacker recoils"
	}
	if r.Swarms > 0 && Wounds(net) > 0 {
		effect += ", Swarms soak " + strconv.Itoa(min(r.Swarms, Wounds(net)))
	}
	rec.line("net ", signedText(net), ": ", effect, " → ", counted(int64(wounds), "Wound", "Wounds"))
	return int64(wounds)
}

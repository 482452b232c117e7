package rules

// woundsRoll is the named roll "pool dice=6 vs=4 wounds": the Wounds an
// attack of seed 001 inflicts, a number.
type woundsRoll struct{ PoolRoll }

func parseWounds(args *namedArgs) (namedRoll, error) {
	args.flag("wounds")
	p, err := parsePoolRoll(args)
	if err != nil {
		return nil, err
	}
	return &woundsRoll{p}, args.finish("dice=, difficulty=, vs=, success=, charging and wounds")
}

// Wounds returns the Wounds an attack of net successes inflicts: as many as
// the net when the attack hits, none when it misses or ties.
//
// Reading: seed 001 gives the rule for an attack against an opposing pool
// (vs=); against a Survival Rate used as a difficulty the net is read the
// same way.
func Wounds(net int) int { return max(net, 0) }

func (r *woundsRoll) outcomes() []string { return nil }

func (r *woundsRoll) dist() *Dist {
	return r.netDist().mapped(func(net int64) int64 { return int64(Wounds(int(net))) })
}

func (r *woundsRoll) roll(roller *Roller, rec *recorder) int64 {
	net := r.throw(roller, rec)
	wounds := Wounds(net)
	effect := "the attack hits"
	switch {
	case net == 0:
		effect = "a stalemate"
	case net < 0:
		effect = "the attack misses and the attacker recoils"
	}
	rec.line("net ", signedText(net), ": ", effect, " → ", counted(int64(wounds), "Wound", "Wounds"))
	return int64(wounds)
}

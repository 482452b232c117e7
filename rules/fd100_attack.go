package rules

// attackRoll is the named roll "fd100 attack threat=60 survival=40
// flying=20 carapace=40 keywords=Crushing", with the attacker's condition
// words and any further modifiers: the qualification roll of an Attack
// (AttackRoll), whose outcome is which of the attacker's Base and Special
// Attacks hit or miss (AttackOutcomeOf). flying= and carapace= are the
// target's ratings; "close" marks a Close attack and "flies" an attacker with
// Flying, which a Close attack on a flying target needs.
type attackRoll struct{ fd100Roll }

func parseAttack(args *namedArgs) (namedRoll, error) {
	args.flag("attack")
	var attacker Attacker
	var target AttackTarget
	var err error
	if attacker.ThreatRate, err = args.required("threat", "fd100 attack threat=60 survival=40", 0, 100); err != nil {
		return nil, err
	}
	if target.SurvivalRate, err = args.required("survival", "fd100 attack threat=60 survival=40", 0, 100); err != nil {
		return nil, err
	}
	if target.Flying, _, err = args.integer("flying", 0, 0, 100); err != nil {
		return nil, err
	}
	if target.Carapace, _, err = args.integer("carapace", 0, 0, 100); err != nil {
		return nil, err
	}
	for _, keyword := range args.items("keywords") {
		attacker.Keywords = append(attacker.Keywords, keyword.text)
	}
	attacker.Close, attacker.Flies = args.flag("close"), args.flag("flies")
	if attacker.Condition, err = parseCondition(args); err != nil {
		return nil, err
	}
	q, err := AttackRoll(attacker, target)
	if err != nil {
		col, _ := args.column("disposition", "close")
		return nil, &SyntaxError{Col: col, Msg: err.Error()}
	}
	if q, err = parseModifiers(args, q); err != nil {
		return nil, err
	}
	r := &attackRoll{fd100Roll{q: q, effortName: "Threat Rate", resistanceName: "Survival Rate"}}
	return r, args.finish("threat=, survival=, flying=, carapace=, keywords=, close, flies, static=, dramatic=, shift=, " + conditionWordList)
}

// outcomes names what each degree, best first, does to the attacker's Base
// and Special Attacks.
func (r *attackRoll) outcomes() []string {
	labels := make([]string, 0, len(degreeNames))
	for _, d := range Degrees() {
		labels = append(labels, AttackOutcomeOf(d).String())
	}
	return labels
}

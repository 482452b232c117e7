package check

import (
	"slices"
	"strconv"
	"strings"

	"github.com/galleyhq/galley/rules"
)

// The exploration events of a pool book (seed 001): a table of Costs,
// Risks or Rewards, each row an event and its Chance ("5 + Level"), which
// the d10 of an exploration must meet. The engine knows the three tables
// (rules.EventTables), the odds of every events roll are computed from
// them, and the book's must say the same: the same events, in the order
// they are dealt with, with the same Chances. An outline writes each
// event with its section's number before it, "3.7.8.2 Darkness"; the
// number is a reference, checked as one (section_numbers.go).

var eventTableCheck = &tableCheck{
	name:    "event-table",
	columns: []string{"Cost", "Risk", "Reward", "Chance"},
	systems: []string{"pool"},
	binds: func(h header, _ *checker) bool {
		return len(h) >= 2 && eventTable(h[0]) != nil && h[1] == "chance"
	},
	run: eventTableRun,
}

// eventTable returns the engine's table of events a column names: "cost"
// or "costs" names the Costs.
func eventTable(column string) *rules.EventTable {
	for i, t := range rules.EventTables {
		name := strings.ToLower(t.Name)
		if column == name || column+"s" == name {
			return &rules.EventTables[i]
		}
	}
	return nil
}

// eventTableRun checks each row's event and Chance against the engine's
// table, that the rows keep the engine's order, and that no event of the
// engine's is left out.
func eventTableRun(t *tableRun) {
	want := eventTable(normalizeColumn(t.table.Header[0].Text))
	seen := make([]bool, len(want.Events))
	last := -1 // the engine's index of the event of the row before
	var lastName string
	for r := range t.table.Rows {
		nameCell, ok := t.cell(r, 0)
		if !ok {
			continue
		}
		name := eventName(nameCell.Text)
		at := slices.IndexFunc(want.Events, func(e rules.Event) bool { return strings.EqualFold(e.Name, name) })
		if at < 0 {
			t.problem(nameCell, "table/event", `"`+name+`" is not one of the `+want.Name+" ("+eventNames(want.Events)+")")
			continue
		}
		if at < last {
			t.problem(nameCell, "table/event", `"`+name+`" comes after "`+lastName+`": the `+want.Name+" are dealt with in the order "+eventNames(want.Events))
		}
		seen[at], last, lastName = true, max(last, at), name
		chanceCell, ok := t.cell(r, 1)
		if !ok {
			continue
		}
		chance, err := rules.ParseEventChance(chanceCell.Text)
		if err != nil {
			t.problem(chanceCell, "table/event", err.Error())
			continue
		}
		if e := want.Events[at]; chance != e.Chance {
			t.c.errorAt(chanceCell.Pos, "table/event", name+"'s Chance is "+chanceText(e.Chance)+", not "+chanceCell.Text, chanceText(e.Chance))
		}
	}
	var missing []rules.Event
	for i, e := range want.Events {
		if !seen[i] {
			missing = append(missing, e)
		}
	}
	if len(missing) > 0 {
		t.c.errorAt(t.table.Pos, "table/event", "the "+want.Name+" lack "+eventNames(missing), "")
	}
}

// eventName returns an event's name in a row, without the section number
// an outline writes before it.
func eventName(cell string) string {
	if startsWithSectionNumber(cell) {
		if _, rest, ok := strings.Cut(cell, " "); ok {
			return strings.TrimSpace(rest)
		}
	}
	return strings.TrimSpace(cell)
}

// eventNames names events: "Hunger, Darkness, Spoilage, Collapse".
func eventNames(events []rules.Event) string {
	names := make([]string, len(events))
	for i, e := range events {
		names[i] = e.Name
	}
	return strings.Join(names, ", ")
}

// chanceText writes a Chance as the books do: "5 + Level", "11 - Level",
// "Level - 5", "Level", "10".
func chanceText(c rules.EventChance) string {
	base := strconv.Itoa(c.Base)
	switch {
	case c.Level == 0:
		return base
	case c.Base == 0 && c.Level == 1:
		return "Level"
	case c.Level == 1 && c.Base < 0:
		return "Level - " + strconv.Itoa(-c.Base)
	case c.Level == 1:
		return base + " + Level"
	case c.Level == -1:
		return base + " - Level"
	}
	return base + " + " + strconv.Itoa(c.Level) + " × Level"
}

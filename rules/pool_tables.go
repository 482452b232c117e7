package rules

// The roll tables of seed 001, as data for procedural generation; each must
// cover its die's faces exactly once (RollTable.Coverage).

// FoodColours is seed 001's Food Colour table (d6).
var FoodColours = RollTable{Name: "Food Colours", Sides: 6, Rows: []RollTableRow{
	{FaceRange{1, 1}, "Black"}, {FaceRange{2, 2}, "Blue"}, {FaceRange{3, 3}, "Green"},
	{FaceRange{4, 4}, "Red"}, {FaceRange{5, 5}, "White"}, {FaceRange{6, 6}, "Yellow"},
}}

// FoodTypes is seed 001's Food Type table (d10, 1–10).
var FoodTypes = RollTable{Name: "Food Types", Sides: 10, Rows: []RollTableRow{
	{FaceRange{1, 1}, "Nectar"}, {FaceRange{2, 2}, "Honey"}, {FaceRange{3, 3}, "Honeydew"},
	{FaceRange{4, 4}, "Fungus"}, {FaceRange{5, 5}, "Leaf"}, {FaceRange{6, 6}, "Aphid"},
	{FaceRange{7, 7}, "Cricket"}, {FaceRange{8, 8}, "Fly"}, {FaceRange{9, 9}, "Worm"},
	{FaceRange{10, 10}, "Larva"},
}}

// ItemConditions is seed 001's Item Condition table (d10 read 0–9).
var ItemConditions = RollTable{Name: "Item Conditions", Sides: 10, Rows: []RollTableRow{
	{FaceRange{0, 1}, "Ordinary"}, {FaceRange{2, 3}, "Blessed"}, {FaceRange{4, 5}, "Cursed"},
	{FaceRange{6, 7}, "Spoiled"}, {FaceRange{8, 9}, "Nutritious"},
}}

// FoodAbilities is seed 001's d20 roll for a Food Item's ability: its
// Beneficial Abilities table (1–10) and Harmful Abilities table (11–20)
// share the one d20, so only together do they cover its faces.
var FoodAbilities = RollTable{Name: "Beneficial and Harmful Abilities", Sides: 20, Rows: []RollTableRow{
	{FaceRange{1, 4}, "Mutation"}, {FaceRange{5, 5}, "Healing"}, {FaceRange{6, 6}, "Relief"},
	{FaceRange{7, 7}, "Restoration"}, {FaceRange{8, 8}, "Courage"}, {FaceRange{9, 9}, "Rage"},
	{FaceRange{10, 10}, "Clarity"},
	{FaceRange{11, 11}, "Agony"}, {FaceRange{12, 12}, "Bleeding"}, {FaceRange{13, 13}, "Blindness"},
	{FaceRange{14, 14}, "Charming"}, {FaceRange{15, 15}, "Confusion"}, {FaceRange{16, 16}, "Immobilisation"},
	{FaceRange{17, 17}, "Infection"}, {FaceRange{18, 18}, "Paralysis"}, {FaceRange{19, 19}, "Poisonning"},
	{FaceRange{20, 20}, "Stunning"},
}}

// SpecialAbilities is seed 001's Special Abilities table (d20).
var SpecialAbilities = RollTable{Name: "Special Abilities", Sides: 20, Rows: []RollTableRow{
	{FaceRange{1, 3}, "Armor"}, {FaceRange{4, 6}, "Flight"}, {FaceRange{7, 8}, "Swarms"},
	{FaceRange{9, 10}, "Venom"}, {FaceRange{11, 12}, "Webs"}, {FaceRange{13, 13}, "Chill"},
	{FaceRange{14, 14}, "Heat"}, {FaceRange{15, 15}, "Hydro"}, {FaceRange{16, 16}, "Glowing"},
	{FaceRange{17, 17}, "Minds"}, {FaceRange{18, 18}, "Plants"}, {FaceRange{19, 19}, "Charge"},
	{FaceRange{20, 20}, "Vibes"},
}}

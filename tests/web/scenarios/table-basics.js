// The game table's own scenarios (issue 22): what a player sees and can do at the table.
export default [];

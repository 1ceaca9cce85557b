// How the pages name a seat: the account name from the game's summary ("Bot 2" for a bot,
// "the imaginary opponent" in a solo game), with "(you)" for the reader's own seat.
export function seatNamer(getSummary, getView) {
  return (seat) => {
    if (seat === null || seat === undefined) return "the bank";
    const view = getView();
    if (view && view.game.options.players === 1 && seat === 1) return "the imaginary opponent";
    const s = getSummary()?.seats?.[seat];
    const name = s ? (s.bot ? `Bot ${seat + 1}` : s.player || `seat ${seat + 1}`) : `player ${seat + 1}`;
    return view && seat === view.seat ? `${name} (you)` : name;
  };
}

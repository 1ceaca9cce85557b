// How the pages name a seat: the account name from the game's summary ("Bot 2" for a bot,
// "the imaginary opponent" in a solo game), with "(you)" for the reader's own seat.
import { t } from "./i18n.js";

export function seatNamer(getSummary, getView) {
  return (seat) => {
    if (seat === null || seat === undefined) return t("render.seat_bank");
    const view = getView();
    if (view && view.game.options.players === 1 && seat === 1) return t("render.seat_imaginary_opponent");
    const s = getSummary()?.seats?.[seat];
    const person = s?.player && s.bot_account ? t("render.seat_bot_account", { name: s.player }) : s?.player;
    const name = s ? (s.bot ? t("render.seat_bot", { n: seat + 1 }) : person || t("render.seat_n", { n: seat + 1 })) : t("render.seat_player", { n: seat + 1 });
    return view && seat === view.seat ? t("render.seat_you", { name }) : name;
  };
}

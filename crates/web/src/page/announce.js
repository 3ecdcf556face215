// What a screen reader is told without being asked: the clocks are not in
// a live region (their text changes ten times a second), so low time is
// said once a side a game, as is the result.

/** Says `text` at once, through the page's one assertive live region. */
export function announce(text) {
  const region = document.getElementById('announce');
  // The same words twice are said twice: the region is emptied first.
  region.textContent = '';
  requestAnimationFrame(() => { region.textContent = text; });
}

/** Time left under which a clock is said to be low. */
export const LOW_TIME_MS = 10000;

/** Says, once for each side of each game, that its clock is low. */
export class LowTime {
  constructor() {
    this.game = null;
    this.said = new Set();
  }

  /** The clock of `side` ('white' or 'black') shows `left` ms in game
   * `game` (any key that names it). */
  check(game, side, left) {
    if (game !== this.game) {
      this.game = game;
      this.said.clear();
    }
    if (left < LOW_TIME_MS && left > 0 && !this.said.has(side)) {
      this.said.add(side);
      announce(`${side === 'white' ? 'White' : 'Black'} has less than ${LOW_TIME_MS / 1000} seconds left.`);
    }
  }
}

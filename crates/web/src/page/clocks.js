// The clocks of the game on the board: the server's reading, counted down
// between its views, with low time said once a side.

const $ = (id) => document.getElementById(id);

// Taken from the rest of the page when it is wired (`wireClocks`), as no
// module of the page reads another's names itself.
let board, play, LowTime, LOW_TIME_MS;

/** Gives this module what it takes from the rest of the page. */
export function wireClocks(page) {
  ({ board, play, LowTime, LOW_TIME_MS } = page);
  clocks.low = new LowTime();
}

const clocks = {
  /** The clock of the game on the board, when it has one, and when the
   * server read it. */
  clock: null,
  at: 0,
  timer: null,
  /** Says low time once a side (made when the page is wired). */
  low: null,
};

function formatTime(ms) {
  const total = Math.max(0, ms);
  if (total < 10000) {
    return `${(total / 1000).toFixed(1)} s`;
  }
  const seconds = Math.floor(total / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  const rest = String(seconds % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Shows `clock` (null: none), White's at the bottom unless turned. */
export function showClocks(clock) {
  clocks.clock = clock;
  clocks.at = performance.now();
  $('clock-top').hidden = !clock;
  $('clock-bottom').hidden = !clock;
  clearInterval(clocks.timer);
  if (clock) {
    tickClocks();
    clocks.timer = setInterval(tickClocks, 100);
  }
}

function tickClocks() {
  const clock = clocks.clock;
  const passed = performance.now() - clocks.at;
  const [top, bottom] = board.flipped ? ['white', 'black'] : ['black', 'white'];
  for (const [element, side] of [[$('clock-top'), top], [$('clock-bottom'), bottom]]) {
    const running = clock.running === side;
    const left = clock[side] - (running ? passed : 0);
    element.querySelector('.who').textContent = side === 'white' ? 'White' : 'Black';
    element.querySelector('.time').textContent = formatTime(left);
    element.classList.toggle('running', running);
    element.classList.toggle('low', running && left < LOW_TIME_MS);
    if (running && play.view) {
      clocks.low.check(play.view.id || play.view.start, side, left);
    }
  }
}

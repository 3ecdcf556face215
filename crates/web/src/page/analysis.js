// "Analyse this game": congo's evaluation of every position of a finished
// game (a short search each), with progress and a way to stop, and the
// plies that lost much marked: a ply is a mistake (?) when the mover's
// evaluation drops by MISTAKE centipawns or more from the position before
// it to the position after it, a blunder (??) by BLUNDER or more. Each
// evaluation is congo's score for the side to move, as /api/best gives it.

/** A drop of 1.5 pawns: a mistake. */
export const MISTAKE = 150;
/** A drop of 4 pawns: a blunder. */
export const BLUNDER = 400;
/** congo's time for each position, in milliseconds. */
export const MOVETIME = 100;

/** Searches each FEN of `fens` in turn; `onProgress(done, total)` after
 * each. Stops (an AbortError) when `signal` is aborted. The answers of
 * /api/best, null for a position where the game is over. */
export async function analyse(api, fens, { signal, onProgress, over }) {
  const answers = [];
  for (const [index, fen] of fens.entries()) {
    if (over(index)) {
      answers.push(null);
    } else {
      answers.push(await api('/api/best', { fen, movetime: MOVETIME, wait: 15000 }, signal));
    }
    onProgress(index + 1, fens.length);
  }
  return answers;
}

/** The marks of the plies: for ply i (1-based), `?` or `??` or nothing,
 * from the answers for the positions before (i - 1) and after (i). */
export function judge(answers) {
  const marks = {};
  for (let ply = 1; ply < answers.length; ply += 1) {
    const before = answers[ply - 1];
    const after = answers[ply];
    if (!before || !after) {
      continue;
    }
    // Before: the mover's own score; after: the opponent's, turned round.
    const drop = before.score - -after.score;
    if (drop >= BLUNDER) {
      marks[ply] = '??';
    } else if (drop >= MISTAKE) {
      marks[ply] = '?';
    }
  }
  return marks;
}

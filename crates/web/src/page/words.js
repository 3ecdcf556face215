// A game in words: a FEN read for its pieces, a ply told, congo's score in
// pawns, and the lines round the board: status, notice, banner, last plies.

const $ = (id) => document.getElementById(id);

const NAMES = {
  p: 'pawn', s: 'superpawn', g: 'giraffe', m: 'monkey',
  e: 'elephant', l: 'lion', c: 'crocodile', z: 'zebra',
};

/** The ranks of a FEN's board, from rank 7 down, '.' for an empty square. */
export function ranksOf(fen) {
  return fen.split(' ')[0].split('/').map((rank) => rank.replace(/\d/g, (n) => '.'.repeat(Number(n))));
}

/** The letter on `square` of `ranks` ('.' for none). */
export function letterAt(ranks, square) {
  const rank = ranks[7 - Number(square[1])];
  return rank ? rank[square.charCodeAt(0) - 97] || '.' : '.';
}

export const sideOfLetter = (letter) => (letter === letter.toUpperCase() ? 'White' : 'Black');
export const nameOf = (letter) => NAMES[letter.toLowerCase()] || 'piece';

/** The side to move of a FEN, and the number its next White move has. */
export function turnOf(fen) {
  const [, side, number] = fen.split(' ');
  return { white: side !== 'b', number: Number(number) + 1 };
}

/** A move as players read it: its squares joined, a chain as a chain. */
export const shown = (move) => move.match(/../g).join('-');

/** A ply's marks in the move list: takes, drowns, promotes. */
export function marksOf(ply) {
  return (ply.captured.length ? '×' : '') + (ply.drowned.length ? '≈' : '') + (ply.promoted ? '=S' : '');
}

/** What a ply did, in words, read from the position before it. */
export function describe(ply, beforeFen) {
  const before = ranksOf(beforeFen);
  const to = ply.move.slice(-2);
  const mover = letterAt(before, ply.move.slice(0, 2));
  const parts = [`${sideOfLetter(mover)}'s ${nameOf(mover)} ${shown(ply.move)}`];
  if (ply.captured.length) {
    const taken = ply.captured.map((square) => `the ${nameOf(letterAt(before, square))} on ${square}`);
    parts.push(`takes ${taken.join(' and ')}`);
  }
  if (ply.promoted) {
    parts.push('becomes a superpawn');
  }
  for (const square of ply.drowned) {
    if (square === to) {
      parts.push('drowns in the river');
    } else {
      const letter = letterAt(before, square);
      parts.push(`${sideOfLetter(letter)}'s ${nameOf(letter)} on ${square} drowns in the river`);
    }
  }
  return parts.join(', ') + '.';
}

export function say(text) {
  $('status').textContent = text;
}

/** A message that stays until the next one (or `null` to clear it). */
export function notice(text) {
  $('notice').hidden = !text;
  $('notice').textContent = text || '';
}

/** A result in words: `White wins`, `Black wins`, `Drawn`. */
export function resultWords(result) {
  const words = {
    'white wins': 'White wins', 'black wins': 'Black wins', draw: 'Drawn',
    '1-0': 'White wins', '0-1': 'Black wins', '1/2-1/2': 'Drawn',
  };
  return words[result] || result;
}

/** The banner for a game's result (`aborted` for a game aborted), or
 * none. */
export function banner(result, reason) {
  $('banner').hidden = !result;
  $('banner').textContent = !result ? '' : ({
    aborted: 'The game was aborted.',
    '*': `The game was not finished (${reason}).`,
  }[result] || `${resultWords(result)}: ${reason}.`);
}

/** The words for the last plies, the newest last. */
export function happened(lines) {
  $('happened').replaceChildren(...lines.map((line) => {
    const item = document.createElement('p');
    item.textContent = line;
    return item;
  }));
}

/** congo's score for the side to move of `fen`, for White. */
export const scoreForWhite = (score, fen) => (turnOf(fen).white ? score : -score);

/** congo's view of a position in words, from an /api/best answer. */
export function evaluationWords(best, fen) {
  return `congo: ${pawns(scoreForWhite(best.score, fen))} for White; its move ${shown(best.move)}`;
}

/** A score in pawns, signed, from White's side. */
export function pawns(score) {
  return `${score > 0 ? '+' : score < 0 ? '−' : ''}${(Math.abs(score) / 100).toFixed(2)}`;
}

// The Study tab: a position set up and its moves tried on the board, with
// congo's evaluation and best move and the endgame tables' verdict.

const $ = (id) => document.getElementById(id);

// Taken from the rest of the page when it is wired (`wireStudy`), as no
// module of the page reads another's names itself.
let api, say, banner, happened, shown, turnOf, pawns, evaluationWords, board, draw, mark, lastWords,
  showBar, isTab, STARTS;

/** Gives this module what it takes from the rest of the page. */
export function wireStudy(page) {
  ({ api, say, banner, happened, shown, turnOf, pawns, evaluationWords, board, draw, mark,
    lastWords, showBar, isTab, STARTS } = page);
  study.start = STARTS.full;
}

export const study = {
  /** The full start, set when the page is wired. */
  start: null,
  moves: [],
  plies: [],
  ply: 0,
  list: null,
  /** The search under way, to stop when the position changes. */
  search: null,
  token: 0,
};

/** Shows the position of `fen`, a new line of study from it. */
export async function studyFrom(fen) {
  study.start = fen.trim();
  study.moves = [];
  await studyShow(0);
}

/** Shows the study line's position after `ply` plies. */
export async function studyShow(ply) {
  stopSearch();
  const token = ++study.token;
  $('study-error').textContent = '';
  $('study-best-result').textContent = '';
  let answer;
  try {
    answer = await api('/api/play', { fen: study.start, moves: study.moves.slice(0, ply) });
  } catch (error) {
    if (token === study.token) {
      $('study-error').textContent = error.message;
    }
    return;
  }
  if (token !== study.token || !isTab('study')) {
    return;
  }
  study.ply = ply;
  if (ply === study.moves.length) {
    study.plies = answer.plies;
  }
  study.list.show(study.start, study.plies, ply);
  $('study-fen').value = answer.fen;
  const white = answer.side === 'white' ? answer.evaluation : -answer.evaluation;
  $('study-eval').textContent = pawns(white);
  $('study-moves').textContent = answer.moves.length
    ? answer.moves.map(shown).join(' ')
    : (answer.result ? `none: ${answer.reason}` : 'none');
  const last = ply ? study.plies[ply - 1] : null;
  showBar(null);
  await draw(answer.fen, { moves: answer.result ? null : answer.moves, onMove: studyMove, last });
  banner(answer.result, answer.reason);
  happened(lastWords(study.list, ply));
  say(answer.result ? '' : 'Click a piece to try its moves.');
  probe(answer.fen);
}

/** A move tried on the study board: the line goes on from here. */
function studyMove(move) {
  study.moves = study.moves.slice(0, study.ply).concat([move]);
  study.plies = study.plies.slice(0, study.ply);
  studyShow(study.moves.length);
}

export function stopSearch() {
  if (study.search) {
    study.search.abort();
    study.search = null;
  }
}

export async function studyBest() {
  const time = Number($('study-time').value);
  if (!Number.isInteger(time) || time < 1 || time > 10000) {
    $('study-best-result').textContent = 'The time must be a whole number of milliseconds from 1 to 10000.';
    return;
  }
  stopSearch();
  const search = new AbortController();
  study.search = search;
  const fen = board.fen;
  $('study-best-result').textContent = `congo is thinking for ${time} ms…`;
  try {
    const best = await api('/api/best', { fen, movetime: time }, search.signal);
    const white = turnOf(fen).white ? best.score : -best.score;
    if (board.fen === fen) {
      board.arrow = best.move;
      mark();
      showBar(white, evaluationWords(best, fen));
    }
    const table = best.tablebase ? `; the endgame tables say ${best.tablebase}` : '';
    $('study-best-result').textContent =
      `${shown(best.move)}, worth ${pawns(white)} for White by congo's own measure, `
      + `searched ${best.depth} plies deep (${best.nodes.toLocaleString('en')} positions)${table}. `
      + `The line it expects: ${best.pv.map(shown).join(' ')}.`;
  } catch (error) {
    if (error.name !== 'AbortError') {
      $('study-best-result').textContent = error.message;
    }
  } finally {
    if (study.search === search) {
      study.search = null;
    }
  }
}

async function probe(fen) {
  try {
    const verdict = await api('/api/probe?fen=' + encodeURIComponent(fen));
    const side = turnOf(fen).white ? 'White' : 'Black';
    const plies = verdict.plies === null ? '' : ` in ${verdict.plies} plies`;
    const words = { win: `${side}, to move, wins${plies}`, loss: `${side}, to move, loses${plies}`, draw: 'a draw' };
    $('study-probe').textContent = `${words[verdict.value]}; the moves that keep it: ${verdict.moves.map(shown).join(' ') || 'none'}`;
  } catch (error) {
    $('study-probe').textContent = error.message;
  }
}

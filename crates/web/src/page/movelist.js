// The move lists of the tabs: a game's plies numbered as players read them,
// one picked by a click, and the last two told in words.

// Taken from the rest of the page when it is wired (`wireMoveLists`), as no
// module of the page reads another's names itself.
let shown, marksOf, turnOf, describe;

/** Gives this module what it takes from the rest of the page. */
export function wireMoveLists(page) {
  ({ shown, marksOf, turnOf, describe } = page);
}

/** Scrolls `list`, and nothing around it (the window of a one-column
 * page included), so that `item` shows. */
function keepInView(list, item) {
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) {
    list.scrollTop -= box.top - at.top;
  } else if (at.bottom > box.bottom) {
    list.scrollTop += at.bottom - box.bottom;
  }
}

/** A list of moves numbered as players read them, White's and Black's
 * plies side by side; a ply is picked by a click. */
export class MoveList {
  constructor(element, onPick) {
    this.element = element;
    this.onPick = onPick;
    this.plies = [];
    this.start = null;
  }

  /** Shows the plies from `start` (a FEN), ply `current` (0: the start)
   * marked as the one on the board. */
  show(start, plies, current) {
    this.start = start;
    this.plies = plies;
    const { white, number } = turnOf(start);
    const items = [];
    let item = null;
    plies.forEach((ply, index) => {
      const whiteMoves = white ? index % 2 === 0 : index % 2 === 1;
      if (whiteMoves || item === null) {
        item = document.createElement('li');
        const label = document.createElement('span');
        label.className = 'number';
        label.textContent = `${number + Math.floor((index + (white ? 0 : 1)) / 2)}.`;
        item.append(label);
        if (!whiteMoves) {
          const gap = document.createElement('span');
          gap.className = 'ply empty';
          gap.textContent = '…';
          item.append(gap);
        }
        items.push(item);
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'ply';
      button.dataset.ply = String(index + 1);
      button.textContent = shown(ply.move) + marksOf(ply);
      button.title = describe(ply, index ? plies[index - 1].fen : start);
      button.addEventListener('click', () => this.onPick(index + 1));
      item.append(button);
    });
    this.element.replaceChildren(...items);
    this.mark(current);
  }

  /** Marks ply `current` and keeps it in view. */
  mark(current) {
    for (const button of this.element.querySelectorAll('.ply[data-ply]')) {
      const here = Number(button.dataset.ply) === current;
      button.classList.toggle('current', here);
      button.setAttribute('aria-current', here ? 'step' : 'false');
      if (here) {
        keepInView(this.element, button);
      }
    }
    if (current === this.plies.length) {
      this.element.scrollTop = this.element.scrollHeight;
    }
  }

  /** Marks plies judged by an analysis: `marks` maps a ply's number to
   * `?` (a mistake) or `??` (a blunder). */
  annotate(marks) {
    for (const button of this.element.querySelectorAll('.ply[data-ply]')) {
      const mark = marks[Number(button.dataset.ply)];
      if (mark) {
        const judgement = document.createElement('span');
        judgement.className = 'judgement';
        judgement.textContent = mark;
        button.append(judgement);
        button.classList.add(mark === '??' ? 'blunder' : 'mistake');
        button.title += mark === '??' ? ' A blunder, by congo\'s analysis.' : ' A mistake, by congo\'s analysis.';
      }
    }
  }

  /** The FEN after `ply` plies. */
  fenAt(ply) {
    return ply === 0 ? this.start : this.plies[ply - 1].fen;
  }
}

/** The words for the plies up to `ply` that are worth telling: the last
 * two. */
export function lastWords(list, ply) {
  const lines = [];
  for (let index = Math.max(0, ply - 2); index < ply; index += 1) {
    lines.push(describe(list.plies[index], list.fenAt(index)));
  }
  return lines;
}

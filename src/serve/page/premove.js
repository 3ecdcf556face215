// One premove while congo thinks: a move of the player's own, made on the
// board while it is congo's turn, shown marked, and sent the moment
// congo's move arrives if it is legal then (the server's list of legal
// moves says so); a click on the board or a right-click cancels it. The
// page holds no rules: the moves offered are the server's legal moves of
// the same board with the player to move.

/** The FEN of `fen`'s board with the other side to move. */
export function otherSideToMove(fen) {
  const [board, side, number] = fen.split(' ');
  return `${board} ${side === 'w' ? 'b' : 'w'} ${number}`;
}

export class Premove {
  constructor(api) {
    this.api = api;
    /** The move waiting, or null. */
    this.move = null;
    /** The moves offered for a FEN, by FEN (the last few). */
    this.offered = new Map();
  }

  /** The moves the player may premove on `fen` (congo to move): the
   * server's legal moves with the player to move, [] when it says none. */
  async movesOn(fen) {
    if (!this.offered.has(fen)) {
      let moves = [];
      try {
        const answer = await this.api('/api/position?fen=' + encodeURIComponent(otherSideToMove(fen)));
        moves = answer.result ? [] : answer.moves;
      } catch {
        moves = [];
      }
      if (this.offered.size > 8) {
        this.offered.clear();
      }
      this.offered.set(fen, moves);
    }
    return this.offered.get(fen);
  }

  set(move) {
    this.move = move;
  }

  clear() {
    const move = this.move;
    this.move = null;
    return move;
  }

  /** On `view`, the player's turn come: the move to send now, or `null`
   * and the move dropped (no longer legal). */
  due(view) {
    const move = this.clear();
    if (!move) {
      return { send: null, dropped: null };
    }
    return view.position.moves.includes(move) ? { send: move, dropped: null } : { send: null, dropped: move };
  }
}

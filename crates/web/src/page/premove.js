// One premove while the other side is to move (congo or a friend): a
// move of the player's own, made on the board before their turn, shown
// marked, and sent the moment their turn comes if it is legal then; a
// click on the board or a right-click cancels it. The page holds no
// rules: the moves offered are the view's `premoves`, the player's legal
// moves on the same board, and the move is checked against the legal
// moves of the view that brings the player's turn.

export class Premove {
  constructor() {
    /** The move waiting, or null. */
    this.move = null;
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

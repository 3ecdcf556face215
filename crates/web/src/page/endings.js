// How a kept game ends besides the rules and the clock: resign, abort,
// offer a draw (accept, decline), claim the win from a friend who left,
// rematch; and between friends, ask to take back a move (grant, refuse). The buttons are those the server's view allows (`view.can`),
// never the page's own reckoning; the claim's countdown is the view's
// `gone.claim_in`, counted down between views.

const $ = (id) => document.getElementById(id);

const LABELS = {
  abort: 'Abort',
  resign: 'Resign',
  draw: 'Offer a draw',
  accept: 'Accept the draw',
  decline: 'Decline the draw',
  claim: 'Claim the win',
  takeback: 'Ask to take back',
  keepmoves: 'Refuse the take-back',
  rematch: 'Rematch',
};

/** What the page says when the server refuses an action, before why. */
export const NOT_DONE = {
  abort: 'The game was not aborted',
  resign: 'The game was not resigned',
  draw: 'No draw was offered',
  accept: 'The game was not drawn',
  decline: 'The draw was not declined',
  claim: 'The win was not claimed',
  takeback: 'No take-back was asked',
  keepmoves: 'The take-back was not refused',
  rematch: 'No rematch was made',
};

/** Whether `view` is a friend game seen by one of the friends: there a
 * take-back is asked, not made (against congo the Take back button of
 * the Play tab makes it). */
export const betweenFriends = (view) => Boolean(view && view.you && view.you !== 'both'
  && view.players.white === 'person' && view.players.black === 'person');

const sideName = (side) => (side === 'white' ? 'White' : 'Black');

/** The game-ending controls of the Play tab. `act(action)` sends one
 * (`resign`, `abort`, `draw`, `accept`, `decline`, `claim`, `takeback`,
 * `keepmoves`, `rematch`);
 * `join(link)` opens the rematch made by the other player; `refresh()`
 * asks for the game's view again. */
export class Endings {
  constructor({ act, join, refresh }) {
    this.act = act;
    this.join = join;
    this.refresh = refresh;
    this.view = null;
    this.armed = null;
    this.countdown = null;
    this.timer = null;
    this.buttons = {};
    for (const action of Object.keys(LABELS)) {
      const button = document.createElement('button');
      button.type = 'button';
      button.id = `game-${action}`;
      button.textContent = LABELS[action];
      button.hidden = true;
      button.addEventListener('click', () => this.click(action));
      this.buttons[action] = button;
    }
    this.joinButton = document.createElement('button');
    this.joinButton.type = 'button';
    this.joinButton.id = 'game-join';
    this.joinButton.className = 'primary';
    this.joinButton.textContent = 'Join the rematch';
    this.joinButton.hidden = true;
    this.joinButton.addEventListener('click', () => {
      if (this.view && this.view.rematch) {
        this.join(this.view.rematch);
      }
    });
    $('endings').replaceChildren(...Object.values(this.buttons), this.joinButton);
  }

  /** A click on `action`'s button: resigning asks once more. */
  click(action) {
    if (action === 'resign' && this.armed !== 'resign') {
      this.armed = 'resign';
      this.buttons.resign.textContent = 'Resign? Click again';
      setTimeout(() => {
        if (this.armed === 'resign') {
          this.armed = null;
          this.buttons.resign.textContent = LABELS.resign;
        }
      }, 4000);
      return;
    }
    this.armed = null;
    this.buttons.resign.textContent = LABELS.resign;
    this.act(action);
  }

  /** Shows what `view` allows (null: no kept game). */
  show(view) {
    this.view = view;
    const can = (view && view.can) || {};
    for (const [action, button] of Object.entries(this.buttons)) {
      button.hidden = !can[action] || (action === 'takeback' && !betweenFriends(view));
    }
    const granting = Boolean(view && view.takeback && view.takeback !== view.you);
    this.buttons.takeback.textContent = granting ? 'Accept the take-back' : LABELS.takeback;
    this.joinButton.hidden = !(view && view.rematch);
    const over = !view || view.result;
    showOffer($('draw-offer'), over ? null : view.draw, view && view.you,
      'You offered a draw.', (side) => `${side} offers a draw.`);
    showOffer($('takeback-offer'), over ? null : view.takeback, view && view.you,
      'You asked to take back your last move.', (side) => `${side} asks to take back their last move.`);
    this.showGone();
  }

  /** The other player's pages are all closed: the win may be claimed
   * when the countdown ends (the page then asks for the view again, whose
   * `can` says so). */
  showGone() {
    clearInterval(this.timer);
    const view = this.view;
    const gone = $('gone');
    if (!view || !view.gone || view.result || !view.you || view.gone.side === view.you) {
      gone.hidden = true;
      return;
    }
    const side = view.gone.side === 'white' ? 'White' : 'Black';
    const until = performance.now() + view.gone.claim_in;
    let asked = 0;
    const tick = () => {
      const now = performance.now();
      const left = Math.max(0, Math.ceil((until - now) / 1000));
      gone.hidden = false;
      gone.textContent = view.can.claim
        ? `${side} left the game: you may claim the win.`
        : `${side} left the game: you may claim the win in ${left} s.`;
      // Time is up here: ask the server, once a second, until it agrees.
      if (left === 0 && !view.can.claim && now - asked > 1000) {
        asked = now;
        this.refresh();
      }
    };
    tick();
    this.timer = setInterval(tick, 250);
  }
}

/** Shows in `line` the offer or request standing from `side` (null:
 * none): `mine` when it is the viewer's own, else `theirs(side's name)`.
 * On a phone the answers sit below the board: one that arrives is
 * scrolled into view, just far enough. */
function showOffer(line, side, you, mine, theirs) {
  if (!side) {
    line.hidden = true;
    return;
  }
  const arrived = line.hidden && side !== you;
  line.hidden = false;
  line.textContent = side === you ? mine : theirs(sideName(side));
  if (arrived) {
    line.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }
}

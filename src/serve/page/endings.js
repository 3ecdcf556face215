// How a kept game ends besides the rules and the clock: resign, abort,
// offer a draw (accept, decline), claim the win from a friend who left,
// rematch. The buttons are those the server's view allows (`view.can`),
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
  rematch: 'Rematch',
};

/** The game-ending controls of the Play tab. `act(action)` sends one
 * (`resign`, `abort`, `draw`, `accept`, `decline`, `claim`, `rematch`);
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
      button.hidden = !can[action];
    }
    this.joinButton.hidden = !(view && view.rematch);
    const offer = $('draw-offer');
    if (view && view.draw && !view.result) {
      const arrived = offer.hidden && view.draw !== view.you;
      offer.hidden = false;
      offer.textContent = view.draw === view.you
        ? 'You offered a draw.'
        : `${view.draw === 'white' ? 'White' : 'Black'} offers a draw.`;
      // On a phone the offer and its answers sit below the board: an
      // offer that arrives is scrolled into view, just far enough.
      if (arrived) {
        offer.scrollIntoView({ block: 'nearest', behavior: 'instant' });
      }
    } else {
      offer.hidden = true;
    }
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

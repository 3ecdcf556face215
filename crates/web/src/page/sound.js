// Move and capture sounds, made on the spot (WebAudio oscillators: no
// audio file is served), with an on/off switch remembered in
// localStorage. Each sound played is also told to the page as a
// `congo-sound` event (its detail the kind), which the browser test reads.

const KEY = 'congo.sound';
let context = null;

/** Whether sounds are on (they are unless switched off). */
export function soundOn() {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Switches sounds on or off, and remembers it. */
export function setSound(on) {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // A browser that keeps nothing: the switch holds for this page.
  }
}

/** One beep: `frequency` Hz for `seconds`, from `at` seconds on. */
function beep(audio, type, frequency, at, seconds, volume) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(frequency, audio.currentTime + at);
  gain.gain.setValueAtTime(0.0001, audio.currentTime + at);
  gain.gain.exponentialRampToValueAtTime(volume, audio.currentTime + at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + at + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(audio.currentTime + at);
  oscillator.stop(audio.currentTime + at + seconds + 0.02);
}

/** Plays the sound of a ply: `capture` (a piece taken or drowned) or
 * `move`, when sounds are on. */
export function playSound(kind) {
  if (!soundOn()) {
    return;
  }
  document.dispatchEvent(new CustomEvent('congo-sound', { detail: kind }));
  try {
    context = context || new AudioContext();
    if (context.state === 'suspended') {
      context.resume();
    }
    if (kind === 'capture') {
      beep(context, 'square', 330, 0, 0.07, 0.08);
      beep(context, 'square', 220, 0.06, 0.1, 0.08);
    } else {
      beep(context, 'triangle', 560, 0, 0.08, 0.2);
    }
  } catch {
    // No sound where the browser makes none.
  }
}

// A browser lets a page make sounds once the person has used it: the first
// click or key opens the page's audio, so congo's replies sound too.
for (const kind of ['pointerdown', 'keydown']) {
  document.addEventListener(kind, () => {
    if (soundOn()) {
      try {
        context = context || new AudioContext();
        context.resume();
      } catch {
        // No sound where the browser makes none.
      }
    }
  }, { once: true, capture: true });
}

/** The kind of sound of `ply` (a view's ply). */
export const soundOf = (ply) => (ply.captured.length || ply.drowned.length ? 'capture' : 'move');

/** Wires the switch `button` (aria-pressed shows the state). */
export function wireSoundSwitch(button) {
  const show = () => {
    button.setAttribute('aria-pressed', String(soundOn()));
    button.textContent = soundOn() ? 'Sound on' : 'Sound off';
  };
  button.addEventListener('click', () => {
    setSound(!soundOn());
    show();
  });
  show();
}

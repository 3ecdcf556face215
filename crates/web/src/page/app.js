// The web board's main script: it wires the page's modules together (each
// takes what it needs of the others from here), shows the tabs and steps
// through the moves by key. The page holds no rules: the legal moves, the
// position after a move, the end of the game and the clocks all come from
// the API; a monkey's chain is built by matching the landings clicked so far
// against the legal moves' texts, and a FEN is read only to name the pieces
// on its squares.
import { foldLegend } from './legend.js';
import { announce, LowTime, LOW_TIME_MS } from './announce.js';
import { isHidden, onVisibility } from './visibility.js';
import { playSound, soundOf, wireSoundSwitch } from './sound.js';
import { Premove } from './premove.js';
import { betweenFriends, Endings, NOT_DONE } from './endings.js';
import { endMyGames, noteView, onMyGamesChanged, rememberGame, showMyGames } from './mygames.js';
import { download, gifOf, pngOf } from './picture.js';
import { followGame } from './sharedstream.js';
import { withoutPaths } from './nopaths.js';
import { drawArrow, showBar } from './evalbar.js';
import { analyse, judge, MISTAKE, BLUNDER } from './analysis.js';
import { stepButtons } from './steps.js';
import { api } from './api.js';
import { ranksOf, letterAt, sideOfLetter, nameOf, turnOf, shown, marksOf, describe, say, notice, resultWords, banner, happened, scoreForWhite, evaluationWords, pawns } from './words.js';
import { board, svgOf, draw, mark, wireBoard } from './board.js';
import { MoveList, lastWords, wireMoveLists } from './movelist.js';
import { showClocks, wireClocks } from './clocks.js';
import { play, onView, showPlay, analyseGame, stopAnalysis, cancelPremove, gameAction, takeBack, playPly, browsePlay, wirePlay } from './play.js';
import { follow, goQuiet, stopBeingHere, findGameAgain, refreshGame, wireFollow } from './follow.js';
import { STARTS, readSettings, fillForm, showLevel, settingsOfLink, settingsOfView, updateLink, wireSettings } from './settings.js';
import { keep, lostGame, startFromLink, startNewGame, wireNewGame } from './newgame.js';
import { saveRecord, savePicture, saveGif, copyFen, wireSaving } from './saving.js';
import { study, studyFrom, studyShow, stopSearch, studyBest, wireStudy } from './study.js';
import { replay, readRecord, pickGame, step, wireReplay } from './replay.js';
import { watch, watchMatch, closeWatchStream, openWatchStream, showWatch, browseWatch, wireWatch } from './watch.js';

const $ = (id) => document.getElementById(id);

/** The one premove waiting while the other side is to move. */
const premove = new Premove();

/** Fills the My games list when it is open (closed, it is filled when
 * opened). */
function showMyGamesIfOpen() {
  if ($('my-games').open) {
    showMyGames($('my-games-list'), $('my-games-none'));
  }
}

// ------------------------------------------------------------------- tabs

const TABS = ['play', 'study', 'replay', 'watch'];

const isTab = (name) => $(`tab-${name}`).getAttribute('aria-pressed') === 'true';

function showTab(name) {
  for (const tab of TABS) {
    $(`tab-${tab}`).setAttribute('aria-pressed', String(tab === name));
    $(`${tab}-panel`).hidden = tab !== name;
  }
  say('');
  notice(null);
  banner(null);
  happened([]);
  stopSearch();
  showBar(null);
  if (name !== 'play') {
    showClocks(null);
  }
  if (name !== 'watch') {
    // The Watch tab's stream is closed when another tab is shown.
    closeWatchStream();
    watch.following = false;
  }
  if (name === 'play') {
    showPlay();
  } else if (name === 'study') {
    studyFrom($('study-fen').value || board.fen || STARTS.full);
  } else if (name === 'replay') {
    if (replay.game) {
      step(replay.ply);
    } else {
      board.onMove = null;
      say('Paste a record or open a file, then Read.');
    }
  } else if (name === 'watch') {
    watchMatch(watch.game);
    showWatch();
  }
}

/** The arrow keys, Home and End step through the moves of the tab shown,
 * wherever the keyboard is (a button, a move of the list, the page), unless
 * a field one types in or the board (reached by Tab) has it. */
function onPageKey(event) {
  const typing = event.target.matches && event.target.matches(
    'textarea, select, [contenteditable], input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=file])',
  );
  if (typing || event.altKey || event.ctrlKey || event.metaKey) {
    return;
  }
  const steppers = {
    play: [playPly, browsePlay],
    study: [() => study.ply, (ply) => studyShow(Math.max(0, Math.min(study.moves.length, ply)))],
    replay: [() => replay.ply, step],
    watch: [() => watch.browsing ?? (watch.view && watch.view.game ? watch.view.game.plies.length : 0), browseWatch],
  };
  const [current, go] = steppers[TABS.find(isTab)];
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
  if (event.key in moves) {
    go(current() + moves[event.key]);
  } else if (event.key === 'Home') {
    go(0);
  } else if (event.key === 'End') {
    go(Infinity);
  } else {
    return;
  }
  event.preventDefault();
}

// ----------------------------------------------------------------- wiring

/** Gives each module what it takes from the others: no module of the
 * page reads another's names itself, so this script hands each its part. */
function wireModules(endings) {
  wireBoard({ say, ranksOf, letterAt, sideOfLetter, nameOf, shown, foldLegend, drawArrow, cancelPremove });
  wireMoveLists({ shown, marksOf, turnOf, describe });
  wireClocks({ board, play, LowTime, LOW_TIME_MS });
  wirePlay({
    api, say, notice, banner, happened, resultWords, shown, scoreForWhite, evaluationWords,
    announce, playSound, soundOf, noteView, rememberGame, betweenFriends, NOT_DONE, showBar,
    analyse, judge, MISTAKE, BLUNDER, board, draw, lastWords, showClocks, updateLink, keep,
    lostGame, premove, endings, isTab, showMyGamesIfOpen,
  });
  wireFollow({ api, say, play, onView, lostGame, isHidden, followGame });
  wireSettings({ play, board });
  wireNewGame({
    api, say, notice, play, premove, board, showPlay, onView, stopAnalysis, follow, STARTS,
    readSettings, fillForm, settingsOfLink, settingsOfView, updateLink, rememberGame, endMyGames,
  });
  wireSaving({ say, notice, play, board, svgOf, download, pngOf, gifOf });
  wireStudy({
    api, say, banner, happened, shown, turnOf, pawns, evaluationWords, board, draw, mark,
    lastWords, showBar, isTab, STARTS,
  });
  wireReplay({ api, say, banner, happened, draw, lastWords });
  wireWatch({ say, banner, happened, draw, lastWords, withoutPaths, isHidden, isTab });
}

function wire() {
  // The game-ending buttons, which the Play tab shows.
  const endings = new Endings({ act: gameAction, join: (link) => location.assign(link), refresh: refreshGame });
  wireModules(endings);
  play.list = new MoveList($('play-moves'), browsePlay);
  play.showSteps = stepButtons($('play-steps'), playPly, browsePlay);
  replay.showSteps = stepButtons($('replay-steps'), () => replay.ply, step);
  study.list = new MoveList($('study-line'), (ply) => studyShow(ply));
  replay.list = new MoveList($('replay-moves'), step);
  watch.list = new MoveList($('watch-moves'), browseWatch);
  for (const tab of TABS) {
    $(`tab-${tab}`).addEventListener('click', () => showTab(tab));
  }
  $('start').addEventListener('change', () => { $('start-fen-row').hidden = $('start').value !== 'fen'; });
  $('clock-on').addEventListener('change', () => { $('clock-fields').hidden = !$('clock-on').checked; });
  $('new-start').addEventListener('click', startNewGame);
  for (const field of ['start-fen', 'clock-base', 'clock-increment', 'movetime']) {
    $(field).addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        startNewGame();
      }
    });
  }
  $('take-back').addEventListener('click', takeBack);
  $('analyse').addEventListener('click', analyseGame);
  $('analyse-stop').addEventListener('click', stopAnalysis);
  $('opponent').addEventListener('change', showLevel);
  $('flip').addEventListener('click', () => {
    board.flipped = !board.flipped;
    board.drawn = null;
    updateLink();
    const name = TABS.find(isTab);
    ({ play: showPlay, study: () => studyShow(study.ply), replay: () => step(replay.ply), watch: showWatch })[name]();
  });
  $('copy-fen').addEventListener('click', copyFen);
  $('save-picture').addEventListener('click', savePicture);
  $('save-gif').addEventListener('click', saveGif);
  $('my-games').addEventListener('toggle', showMyGamesIfOpen);
  onMyGamesChanged(showMyGamesIfOpen);
  $('export-record').addEventListener('click', saveRecord);
  for (const button of document.querySelectorAll('.copy')) {
    button.addEventListener('click', () => {
      const text = $(button.dataset.copy).textContent;
      if (navigator.clipboard) {
        navigator.clipboard.writeText(text).then(() => say('Link copied.'), () => say(text));
      }
    });
  }
  $('study-form').addEventListener('submit', (event) => {
    event.preventDefault();
    studyFrom($('study-fen').value);
  });
  $('study-best').addEventListener('click', studyBest);
  $('study-time').addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      studyBest();
    }
  });
  $('record-load').addEventListener('click', () => readRecord($('record-text').value));
  $('record-file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (file) {
      const text = await file.text();
      // A long record is read, not shown: the field stays light.
      $('record-text').value = text.length > 100000 ? '' : text;
      $('record-text').placeholder = `${file.name}: ${text.length.toLocaleString('en')} bytes`;
      readRecord(text);
    }
  });
  $('record-game').addEventListener('change', (event) => pickGame(Number(event.target.value)));
  document.addEventListener('keydown', onPageKey);
  wireSoundSwitch($('sound'));
  onVisibility(() => {
    goQuiet();
    closeWatchStream();
  }, () => {
    stopBeingHere();
    findGameAgain();
    if (watch.following && !watch.source) {
      openWatchStream();
    }
  });
  // The Watch tab is there when the server watches a match.
  api('/api/watch').then((answer) => { $('tab-watch').hidden = answer.watching === false; }, () => {});
}

wire();
startFromLink();
// For the browser test and a curious reader's console.
Object.assign(window, { play, onView, withoutPaths, gifOf, pngOf, svgOf, followGame });

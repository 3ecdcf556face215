// What the Play tab saves: the game's record, a PNG of the position, a GIF of
// the game, and the FEN copied.

const $ = (id) => document.getElementById(id);

// Taken from the rest of the page when it is wired (`wireSaving`), as no
// module of the page reads another's names itself.
let say, notice, play, board, svgOf, download, pngOf, gifOf;

/** Gives this module what it takes from the rest of the page. */
export function wireSaving(page) {
  ({ say, notice, play, board, svgOf, download, pngOf, gifOf } = page);
}

export async function saveRecord() {
  const view = play.view;
  if (!view || !view.id) {
    return;
  }
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(view.id)}/record`);
    if (!response.ok) {
      throw new Error((await response.json()).error);
    }
    const blob = new Blob([await response.text()], { type: 'text/plain' });
    const anchor = document.createElement('a');
    anchor.href = URL.createObjectURL(blob);
    anchor.download = `congo-${view.id}.txt`;
    anchor.click();
    URL.revokeObjectURL(anchor.href);
  } catch (error) {
    notice(`The record could not be saved: ${error.message}`);
  }
}

/** The name files saved from the Play tab take: the game's id, or the
 * position's. */
function fileName(extension) {
  return `congo-${play.view && play.view.id ? play.view.id : 'position'}.${extension}`;
}

/** Saves the position on the board as a PNG. */
export async function savePicture() {
  try {
    download(await pngOf(await svgOf(board.fen)), fileName('png'));
  } catch (error) {
    notice(`The picture was not made: ${error.message || 'the board could not be drawn'}.`);
  }
}

/** Saves the Play tab's game, every position of it, as an animated GIF. */
export async function saveGif() {
  const view = play.view;
  if (!view || !view.plies.length) {
    return;
  }
  const button = $('save-gif');
  button.disabled = true;
  say('Drawing the GIF…');
  try {
    const fens = [view.start, ...view.plies.map((ply) => ply.fen)];
    const svgs = [];
    for (const fen of fens) {
      svgs.push(await svgOf(fen));
    }
    download(await gifOf(svgs), fileName('gif'));
    say(`The GIF of ${fens.length} positions is saved.`);
  } catch (error) {
    notice(`The GIF was not made: ${error.message || 'a board could not be drawn'}.`);
  } finally {
    button.disabled = false;
  }
}

export function copyFen() {
  const fen = board.fen || '';
  const done = () => say('FEN copied.');
  if (navigator.clipboard) {
    navigator.clipboard.writeText(fen).then(done, () => say(fen));
  } else {
    say(fen);
  }
}

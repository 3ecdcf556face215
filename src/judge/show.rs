//! `show`: a text diagram of each position, and with `--svg DIR` an SVG
//! drawing of each, `DIR/position-001.svg` for the first FEN and so on.

use std::io;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use super::each_position::PositionAnswer;
use super::run::Report;
use super::task::Framing;
use crate::output_files::{FileError, FileId, NumberedNames, OutputDir};
use crate::show::{self, Marks, Selection, Style};
use crate::{Congo, Position};

/// How `show` draws.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShowOptions {
    pub style: Style,
    pub selection: Option<Selection>,
    /// Where the SVG drawings go, if anywhere.
    pub svg_dir: Option<PathBuf>,
    /// Replace the drawings an earlier run left in `svg_dir`.
    pub force: bool,
    /// The file the positions are read from, never to be replaced.
    pub input_file: Option<FileId>,
}

/// The drawings' names: `position-001.svg` for the first position, ...
const SVG_FILES: NumberedNames = NumberedNames {
    prefix: "position-",
    suffix: ".svg",
};

impl Show {
    /// The answer of `show` as `options` ask, its folder of drawings (if
    /// any) prepared: nothing of an earlier run is mixed with this one's.
    pub(super) fn new(options: &ShowOptions) -> io::Result<Show> {
        let svg = match &options.svg_dir {
            None => None,
            Some(dir) => {
                let dir = OutputDir::prepare(dir, SVG_FILES, options.force, options.input_file)
                    .map_err(io::Error::other)?;
                Some(Arc::new(Drawings {
                    dir,
                    failure: Mutex::new(None),
                }))
            }
        };
        Ok(Show {
            style: options.style,
            selection: options.selection,
            svg,
            case: 0,
        })
    }

    /// `report`, unless a drawing could not be written: then that is an
    /// output error, reported after the diagrams, which all still print.
    pub(super) fn finish(&self, report: Report) -> io::Result<Report> {
        let failure = self.svg.as_ref().and_then(|drawings| {
            let mut failure = drawings
                .failure
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            failure.take()
        });
        match failure {
            Some(error) => Err(io::Error::other(error)),
            None => Ok(report),
        }
    }
}

/// Where the drawings go, and the first that could not be written.
#[derive(Debug)]
struct Drawings {
    dir: OutputDir,
    failure: Mutex<Option<FileError>>,
}

#[derive(Clone, Debug)]
pub(super) struct Show {
    style: Style,
    selection: Option<Selection>,
    svg: Option<Arc<Drawings>>,
    /// The index of the case being answered.
    case: usize,
}

impl PositionAnswer for Show {
    const FRAMING: Framing = Framing::Block;

    fn at_case(&mut self, index: usize) {
        self.case = index;
    }

    fn answer(&mut self, _game: &Congo, position: &Position, out: &mut Vec<u8>) {
        let marks = self
            .selection
            .map(|selection| Marks::new(position, selection));
        if let Some(drawings) = &self.svg {
            let name = SVG_FILES.name(self.case + 1);
            let drawing = show::svg(position, marks.as_ref());
            if let Err(error) = drawings.dir.write(&name, drawing.as_bytes()) {
                let mut failure = drawings
                    .failure
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                failure.get_or_insert(error);
            }
        }
        let mut text = String::new();
        show::diagram(position, marks.as_ref(), self.style, &mut text);
        out.extend_from_slice(text.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::each_position::EachPosition;
    use crate::judge::run::{Notice, Threads, run};

    #[test]
    fn a_drawing_that_cannot_be_written_leaves_the_diagram_and_a_named_failure() {
        let dir = std::env::temp_dir().join(format!("congo-show-{}", std::process::id()));
        let drawings = Arc::new(Drawings {
            dir: OutputDir::prepare(&dir, SVG_FILES, true, None).unwrap(),
            failure: Mutex::new(None),
        });
        // The folder goes away after it was prepared: every write fails.
        std::fs::remove_dir_all(&dir).unwrap();
        let task = EachPosition::new(
            Congo::default(),
            Show {
                style: Style::default(),
                selection: None,
                svg: Some(drawings.clone()),
                case: 0,
            },
        );
        let mut output = Vec::new();
        let input = "1\n3l3/7/7/7/7/7/3L3 w 1\n".as_bytes();
        let mut notices = |_: Notice<'_>| Ok(());
        let report = run(&task, Threads::default(), input, &mut output, &mut notices).unwrap();
        assert!(report.is_clean());
        assert!(String::from_utf8_lossy(&output).contains(" L "));
        let failure = drawings.failure.lock().unwrap().take().unwrap();
        assert!(
            failure.to_string().contains("position-001.svg"),
            "{failure}"
        );
    }
}

//! `show`: a text diagram of each position, and with `--svg DIR` an SVG
//! drawing of each, `DIR/position-001.svg` for the first FEN and so on.

use std::io;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use super::{CaseError, PositionCase, PositionJudge, Shape};
use congo_kit::output_files::{FileError, FileId, NumberedNames, OutputDir};
use congo_pictures::{self as show, Marks, Selection, Style};
use congo_rules::RuleSet;
use congo_rules::random::PieceSet;

/// How `show` draws, and where its drawings go.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShowOptions {
    /// How the diagram looks: plain, or coloured for a terminal.
    pub style: Style,
    /// The moves whose targets are marked, if any.
    pub selection: Option<Selection>,
    /// Where the SVG drawings go, if anywhere.
    pub drawings: Option<DrawingsFolder>,
}

/// The folder `show` writes its SVG drawings in: an output setting, apart
/// from how it draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawingsFolder {
    /// The folder.
    pub dir: PathBuf,
    /// Replace the drawings an earlier run left there.
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
    /// The judge of `show` as `options` ask; its folder of drawings, if
    /// any, is prepared when it starts ([`PositionJudge::prepare`]).
    pub fn new(options: ShowOptions) -> Show {
        Show { options, svg: None }
    }
}

/// Where the drawings go, and the first that could not be written.
#[derive(Debug)]
struct Drawings {
    dir: OutputDir,
    failure: Mutex<Option<FileError>>,
}

/// A diagram of each position, and with a folder its drawing there.
#[derive(Clone, Debug)]
pub struct Show {
    options: ShowOptions,
    /// The folder of drawings, once prepared.
    svg: Option<Arc<Drawings>>,
}

impl PositionJudge for Show {
    const SHAPE: Shape = Shape::block_per_position();

    /// Pictures are for people, not for another program to match.
    fn checked_on(&self, _rule_set: RuleSet) -> Option<PieceSet> {
        None
    }

    fn writes_files(&self) -> bool {
        self.options.drawings.is_some()
    }

    /// Prepares the folder of drawings: nothing of an earlier run is mixed
    /// with this one's.
    fn prepare(&mut self) -> io::Result<()> {
        if let Some(folder) = &self.options.drawings {
            let dir = OutputDir::prepare(&folder.dir, SVG_FILES, folder.force, folder.input_file)
                .map_err(io::Error::other)?;
            self.svg = Some(Arc::new(Drawings {
                dir,
                failure: Mutex::new(None),
            }));
        }
        Ok(())
    }

    /// A drawing that could not be written is an output error, reported
    /// after the diagrams, which all still print.
    fn finish(&self) -> io::Result<()> {
        let failure = self.svg.as_ref().and_then(|drawings| {
            let mut failure = drawings
                .failure
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            failure.take()
        });
        match failure {
            Some(error) => Err(io::Error::other(error)),
            None => Ok(()),
        }
    }

    fn answer(&mut self, case: PositionCase<'_>, out: &mut Vec<u8>) -> Result<(), CaseError> {
        let marks = self
            .options
            .selection
            .map(|selection| Marks::new(case.position, selection));
        if let Some(drawings) = &self.svg {
            let name = SVG_FILES.name(case.index + 1);
            let drawing = show::svg(case.position, marks.as_ref());
            if let Err(error) = drawings.dir.write(&name, drawing.as_bytes()) {
                let mut failure = drawings
                    .failure
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                failure.get_or_insert(error);
            }
        }
        let mut text = String::new();
        show::diagram(case.position, marks.as_ref(), self.options.style, &mut text);
        out.extend_from_slice(text.as_bytes());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnyJudge, Notice, Positions, Threads};

    #[test]
    fn a_drawing_that_cannot_be_written_leaves_the_diagram_and_a_named_failure() {
        let dir = std::env::temp_dir().join(format!("congo-show-{}", std::process::id()));
        let drawings = Arc::new(Drawings {
            dir: OutputDir::prepare(&dir, SVG_FILES, true, None).unwrap(),
            failure: Mutex::new(None),
        });
        // The folder goes away after it was prepared: every write fails.
        std::fs::remove_dir_all(&dir).unwrap();
        let judge = Positions::new(
            congo_rules::CongoRules::default(),
            Show {
                options: ShowOptions::default(),
                svg: Some(drawings),
            },
        );
        let mut output = Vec::new();
        let input = "1\n3l3/7/7/7/7/7/3L3 w 1\n".as_bytes();
        let mut notices = |_: Notice<'_>| Ok(());
        let mut judge = judge;
        let failure = judge
            .answer_all(
                Threads::default(),
                &mut &input[..],
                &mut output,
                &mut notices,
            )
            .unwrap_err();
        assert!(String::from_utf8_lossy(&output).contains(" L "));
        assert!(
            failure.to_string().contains("position-001.svg"),
            "{failure}"
        );
    }
}

//! `show`: a text diagram of each position, and with `--svg DIR` an SVG
//! drawing of each, `DIR/position-001.svg` for the first FEN and so on.

use std::path::PathBuf;

use super::position;
use crate::judge::{CaseError, InputError, Task};
use crate::show::{self, Marks, Selection, Style};

#[derive(Clone, Debug)]
pub struct Show {
    pub style: Style,
    pub selection: Option<Selection>,
    pub svg_dir: Option<PathBuf>,
    /// The index of the case being answered.
    case: usize,
}

impl Show {
    pub fn new(style: Style, selection: Option<Selection>, svg_dir: Option<PathBuf>) -> Show {
        Show {
            style,
            selection,
            svg_dir,
            case: 0,
        }
    }
}

impl Task for Show {
    fn separator(&self) -> &'static [u8] {
        b"\n"
    }

    fn placeholder(&self) -> &'static [u8] {
        b""
    }

    fn at_case(&mut self, index: usize) {
        self.case = index;
    }

    fn answer(&mut self, lines: &[&str], out: &mut Vec<u8>) -> Result<(), CaseError> {
        let position = position(lines)?;
        let marks = self
            .selection
            .map(|selection| Marks::new(&position, selection));
        if let Some(dir) = &self.svg_dir {
            let path = dir.join(format!("position-{:03}.svg", self.case + 1));
            std::fs::write(&path, show::svg(&position, marks.as_ref())).map_err(|error| {
                CaseError::at(
                    0,
                    InputError::Output(format!("cannot write {}: {error}", path.display())),
                )
            })?;
        }
        let mut text = String::new();
        show::diagram(&position, marks.as_ref(), self.style, &mut text);
        out.extend_from_slice(text.as_bytes());
        Ok(())
    }
}

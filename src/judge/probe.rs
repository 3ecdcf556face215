//! `tb probe DIR`: each FEN's value from the endgame tables, and a best
//! move.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use super::reader::Reader;
use super::{AnswerKind, CaseError, Judge, Shape};
use crate::tablebase::Tablebase;
use crate::{CongoRules, KindsSeen};

/// One line per FEN: `win N`, `loss N` or `draw`, then the best move.
#[derive(Clone)]
pub struct Probe {
    reader: Reader<CongoRules>,
    tables: Arc<Tablebase>,
}

impl Probe {
    /// The judge of the tables in `dir`, read under `rules`.
    pub fn new(dir: &Path, rules: CongoRules) -> Probe {
        Probe {
            reader: Reader::new(rules),
            tables: Arc::new(Tablebase::new(dir, rules.rule_set)),
        }
    }
}

impl fmt::Debug for Probe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Probe")
            .field("rules", self.reader.rules())
            .finish()
    }
}

impl Judge for Probe {
    fn shape(&self) -> Shape {
        Shape::line_per_position(AnswerKind::Text)
    }

    fn take_kinds(&mut self) -> KindsSeen {
        self.reader.take_kinds()
    }

    fn answer(
        &mut self,
        _index: usize,
        lines: &[&[u8]],
        out: &mut Vec<u8>,
    ) -> Result<(), CaseError> {
        let (_, position) = self.reader.read(lines)?;
        let (value, best) = self
            .tables
            .best(position)
            .map_err(|error| CaseError::at(0, error))?;
        out.extend_from_slice(value.to_string().as_bytes());
        if let Some(best) = best {
            out.push(b' ');
            best.write_to(out);
        }
        out.push(b'\n');
        Ok(())
    }
}

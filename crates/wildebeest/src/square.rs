//! A square of the 11x11 board, by row (0 at the top of the file) and
//! column.

/// The number of rows and of columns.
pub const SIZE: u8 = 11;

/// A square on the board; off-board squares cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    row: u8,
    column: u8,
}

impl Square {
    /// The square on `row` and `column`, if both are on the board.
    pub const fn new(row: u8, column: u8) -> Option<Square> {
        if row < SIZE && column < SIZE {
            Some(Square { row, column })
        } else {
            None
        }
    }

    /// A square fixed by the rules; a constant off the board does not
    /// compile.
    pub(super) const fn fixed(row: u8, column: u8) -> Square {
        assert!(row < SIZE && column < SIZE);
        Square { row, column }
    }

    /// Its row, 0 to 10: row 0 is the file's first board line.
    pub fn row(self) -> u8 {
        self.row
    }

    /// Its column, 0 to 10.
    pub fn column(self) -> u8 {
        self.column
    }

    /// Its place in the board's square array, row by row.
    pub(super) fn index(self) -> usize {
        usize::from(self.row) * usize::from(SIZE) + usize::from(self.column)
    }

    /// The square at `index` in the board's square array.
    pub(super) fn from_index(index: usize) -> Square {
        let size = usize::from(SIZE);
        Square {
            row: (index / size) as u8,
            column: (index % size) as u8,
        }
    }

    /// The square `rows` and `columns` away, if it is on the board.
    pub fn offset(self, (rows, columns): (i8, i8)) -> Option<Square> {
        Square::new(
            self.row.wrapping_add_signed(rows),
            self.column.wrapping_add_signed(columns),
        )
    }

    /// The squares around it (up to eight).
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        congo_rules::geometry::DIRECTIONS
            .iter()
            .filter_map(move |&step| self.offset(step))
    }

    /// The squares of `row`, left to right (none if it is off the board).
    pub fn in_row(row: u8) -> impl Iterator<Item = Square> {
        (0..SIZE).filter_map(move |column| Square::new(row, column))
    }

    /// The squares of `column`, top to bottom (none if it is off the board).
    pub fn in_column(column: u8) -> impl Iterator<Item = Square> {
        (0..SIZE).filter_map(move |row| Square::new(row, column))
    }

    /// Every square, row by row.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..usize::from(SIZE * SIZE)).map(Square::from_index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_off_the_board_give_none() {
        let corner = Square::fixed(0, 10);
        assert_eq!(corner.offset((-1, 0)), None);
        assert_eq!(corner.offset((0, 1)), None);
        assert_eq!(corner.offset((1, -1)), Square::new(1, 9));
        assert_eq!(corner.neighbours().count(), 3);
        assert_eq!(Square::fixed(5, 5).neighbours().count(), 8);
    }

    #[test]
    fn every_square_once_row_by_row() {
        let squares: Vec<Square> = Square::all().collect();
        assert_eq!(squares.len(), 121);
        for (index, square) in squares.iter().enumerate() {
            assert_eq!(square.index(), index);
            assert_eq!(Square::from_index(index), *square);
        }
        assert_eq!(squares[12], Square::fixed(1, 1));
    }

    #[test]
    fn rows_and_columns_in_order() {
        let row: Vec<Square> = Square::in_row(3).collect();
        assert_eq!(row.len(), 11);
        assert_eq!(
            (row[0], row[10]),
            (Square::fixed(3, 0), Square::fixed(3, 10))
        );
        let column: Vec<Square> = Square::in_column(7).collect();
        assert_eq!(column.len(), 11);
        assert_eq!(column[4], Square::fixed(4, 7));
        assert_eq!(Square::in_row(SIZE).count(), 0);
    }
}

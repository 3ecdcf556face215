//! Two-player Wildebeest (CIS3700 A3): every legal successor board of a
//! position, on an 11x11 board with serpents, catapults, gorillas, golf
//! carts, transporter pads, an exploding prince and more. The readings of
//! the rule text's unclear points are those of the course's rules page
//! (see docs/siblings.md).

mod board;
mod board_files;
mod effects;
mod moves;
mod piece;
mod square;

pub use board::{Board, BoardError, LineError};
pub use board_files::{BoardFileError, Output, Written, successor_files};
pub use moves::{Wildebeest, perft, successors};
pub use piece::{Kind, Piece};
pub use square::Square;

#[cfg(test)]
mod tests {
    use super::*;

    /// A board with only these pieces, `(row, column, letter)`, and the
    /// kings far away at (0,0) and (10,10) unless the pieces say otherwise.
    fn board(side: char, pieces: &[(u8, u8, char)]) -> Board {
        let mut rows = vec![vec!['.'; 11]; 11];
        rows[0][0] = 'K';
        rows[10][10] = 'k';
        for &(row, column, piece) in pieces {
            rows[usize::from(row)][usize::from(column)] = piece;
        }
        let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
        Board::parse(&format!("{side}\n{}\n0\n0\n0\n", rows.join("\n"))).unwrap()
    }

    /// The successors, as one-line boards.
    fn next(board: &Board) -> Vec<String> {
        successors(board).iter().map(Board::line).collect()
    }

    /// The successor in which these squares changed to these pieces (and
    /// nothing else changed), if there is one.
    fn after(board: &Board, changes: &[(u8, u8, char)]) -> bool {
        let mut expected = board.clone();
        for &(row, column, letter) in changes {
            let at = Square::new(row, column).expect("a square on the board");
            expected.set(at, Piece::from_letter(letter));
        }
        expected.side = !board.side;
        next(board).contains(&expected.line())
    }

    #[test]
    fn a_serpent_steps_to_empty_squares_only_and_poisons_its_neighbours() {
        let b = board('W', &[(4, 4, 'S'), (4, 5, 'n'), (6, 6, 'x')]);
        assert!(!after(&b, &[(4, 4, '.'), (4, 5, 'S')]), "no capture");
        // Stepping to (5,5) puts it next to the knight and the golf cart:
        // the knight is poisoned, the machine is not.
        assert!(after(&b, &[(4, 4, '.'), (5, 5, 'S'), (4, 5, '.')]));
        assert!(!after(
            &b,
            &[(4, 4, '.'), (5, 5, 'S'), (4, 5, '.'), (6, 6, '.')]
        ));
    }

    #[test]
    fn poisoning_a_piece_next_to_its_old_woman_makes_her_an_empress() {
        let b = board('W', &[(4, 4, 'S'), (6, 5, 'n'), (7, 5, 'o')]);
        // (5,5) is next to the knight, which stands next to the old woman:
        // the knight dies, the serpent is spent, the old woman rises.
        assert!(after(&b, &[(4, 4, '.'), (6, 5, '.'), (7, 5, 'e')]));
    }

    #[test]
    fn a_grand_empress_moves_like_a_queen_and_a_knight_and_poisons() {
        let b = board('W', &[(5, 2, 'E')]);
        assert!(after(&b, &[(5, 2, '.'), (5, 9, 'E')]), "rook-like");
        assert!(after(&b, &[(5, 2, '.'), (8, 5, 'E')]), "bishop-like");
        assert!(after(&b, &[(5, 2, '.'), (7, 3, 'E')]), "knight-like");
        let poisoning = board('W', &[(5, 2, 'E'), (7, 2, 'p')]);
        assert!(after(&poisoning, &[(5, 2, '.'), (6, 3, 'E'), (7, 2, '.')]));
    }

    #[test]
    fn prince_joey_explodes_on_a_multiple_of_five() {
        // Row 5 holds Joey and three more pieces; the old woman stepping in
        // makes five, and Joey goes up with the knight beside him.
        let b = board(
            'W',
            &[
                (5, 0, 'J'),
                (5, 1, 'n'),
                (5, 3, 'P'),
                (5, 6, 'R'),
                (4, 8, 'O'),
            ],
        );
        assert!(after(
            &b,
            &[(4, 8, '.'), (5, 8, 'O'), (5, 0, '.'), (5, 1, '.')]
        ));
        // Stepping elsewhere leaves four: nothing happens.
        assert!(after(&b, &[(4, 8, '.'), (3, 8, 'O')]));
    }

    #[test]
    fn a_catapult_flings_a_friend_over_itself_but_not_onto_a_king_or_gorilla() {
        let b = board('W', &[(2, 2, 'C'), (1, 2, 'N'), (6, 2, 'p'), (8, 2, 'g')]);
        assert!(
            after(&b, &[(1, 2, '.'), (4, 2, 'N')]),
            "onto an empty square"
        );
        assert!(after(&b, &[(1, 2, '.'), (6, 2, 'N')]), "onto an enemy");
        assert!(after(&b, &[(1, 2, '.'), (7, 2, 'N')]), "over an enemy");
        assert!(
            !after(&b, &[(1, 2, '.'), (8, 2, 'N')]),
            "never onto a gorilla"
        );
        assert!(
            !after(&b, &[(2, 2, '.'), (6, 2, 'C')]),
            "a catapult never captures"
        );
        let time_machine = board('W', &[(2, 2, 'C'), (1, 2, 'H')]);
        assert!(
            !after(&time_machine, &[(1, 2, '.'), (4, 2, 'H')]),
            "a time machine is never flung"
        );
    }

    #[test]
    fn a_paralyzed_catapult_cannot_fling_but_may_fling_a_paralyzed_friend() {
        let stuck = board('W', &[(2, 2, 'C'), (1, 2, 'N'), (3, 3, 'z')]);
        assert!(!after(&stuck, &[(1, 2, '.'), (5, 2, 'N')]));
        let free = board('W', &[(2, 2, 'C'), (1, 2, 'N'), (0, 3, 'z')]);
        assert!(after(&free, &[(1, 2, '.'), (5, 2, 'N')]));
    }

    #[test]
    fn a_gorilla_pushes_a_piece_and_cannot_be_captured() {
        let b = board('W', &[(4, 4, 'G'), (4, 5, 'n'), (4, 6, 'p'), (5, 4, 'g')]);
        assert!(
            after(&b, &[(4, 4, '.'), (4, 5, 'G'), (4, 6, 'n')]),
            "the pushed knight takes the pawn"
        );
        assert!(
            !after(&b, &[(4, 4, '.'), (5, 4, 'G'), (6, 4, 'g')]),
            "never pushes a gorilla"
        );
        let edge = board('W', &[(4, 9, 'G'), (4, 10, 'n')]);
        assert!(
            !after(&edge, &[(4, 9, '.'), (4, 10, 'G')]),
            "never off the board"
        );
        let rook = board('B', &[(4, 4, 'G'), (4, 8, 'r')]);
        assert!(
            !after(&rook, &[(4, 8, '.'), (4, 4, 'r')]),
            "a gorilla cannot be taken"
        );
    }

    #[test]
    fn a_golf_cart_moves_along_its_end_row_only() {
        let b = board('W', &[(0, 5, 'X'), (6, 6, 'X')]);
        assert!(after(&b, &[(0, 5, '.'), (0, 4, 'X')]));
        assert!(after(&b, &[(0, 5, '.'), (0, 6, 'X')]));
        assert!(!after(&b, &[(6, 6, '.'), (6, 7, 'X')]));
    }

    #[test]
    fn an_enemy_pawn_on_the_middle_row_charges_the_golf_cart() {
        let b = board('B', &[(0, 5, 'X'), (6, 3, 'p'), (3, 5, 'N'), (7, 5, 'n')]);
        // Black's pawn reaches row 5: white's cart runs up column 5 to row
        // 10, taking everything in the column.
        assert!(after(
            &b,
            &[
                (6, 3, '.'),
                (5, 3, 'p'),
                (0, 5, '.'),
                (3, 5, '.'),
                (7, 5, '.'),
                (10, 5, 'X')
            ]
        ));
    }

    #[test]
    fn a_pawn_on_the_far_row_becomes_a_time_machine_which_charges_its_cart() {
        let b = board('W', &[(9, 3, 'P'), (0, 7, 'X'), (6, 7, 'n')]);
        assert!(after(
            &b,
            &[
                (9, 3, '.'),
                (10, 3, 'H'),
                (0, 7, '.'),
                (6, 7, '.'),
                (10, 7, 'X')
            ]
        ));
    }

    #[test]
    fn two_charged_carts_in_one_column_clear_it() {
        // The black pawn on row 5 charges white's cart; the white pawn
        // stepping onto row 5 charges black's. Both carts stand in column
        // 4, so the whole column goes, carts and the knight included.
        let b = board(
            'W',
            &[
                (0, 4, 'X'),
                (10, 4, 'x'),
                (5, 1, 'p'),
                (4, 7, 'P'),
                (6, 4, 'n'),
            ],
        );
        assert!(after(
            &b,
            &[
                (4, 7, '.'),
                (5, 7, 'P'),
                (0, 4, '.'),
                (10, 4, '.'),
                (6, 4, '.')
            ]
        ));
    }

    #[test]
    fn transporter_pads_move_their_pieces_round() {
        // A knight landing on the pad (3,1) is sent on to (7,9).
        let onto = board('W', &[(1, 2, 'N')]);
        assert!(after(&onto, &[(1, 2, '.'), (7, 9, 'N')]));
        // A rook resting on (3,9) moves to (3,1) after any move, and one on
        // (7,1) to (3,9), at the same time.
        let resting = board('W', &[(3, 9, 'R'), (7, 1, 'r')]);
        assert!(after(
            &resting,
            &[
                (0, 0, '.'),
                (0, 1, 'K'),
                (3, 9, 'r'),
                (3, 1, 'R'),
                (7, 1, '.')
            ]
        ));
    }

    #[test]
    fn a_king_on_the_jet_pack_flies_like_a_bishop() {
        let b = board('W', &[(4, 4, 'K'), (0, 0, '.')]);
        assert!(after(&b, &[(4, 4, '.'), (5, 5, 'W')]));
        let flying = board('W', &[(5, 5, 'W'), (0, 0, '.')]);
        assert!(after(&flying, &[(5, 5, '.'), (9, 9, 'W')]));
        assert!(!after(&flying, &[(5, 5, '.'), (5, 6, 'W')]));
    }

    #[test]
    fn a_beekeeper_paralyzes_its_neighbours_but_not_machines() {
        let b = board('W', &[(5, 2, 'N'), (5, 3, 'z'), (0, 5, 'X'), (1, 5, 'z')]);
        assert!(
            !after(&b, &[(5, 2, '.'), (7, 3, 'N')]),
            "the knight cannot move"
        );
        assert!(
            after(&b, &[(0, 5, '.'), (0, 6, 'X')]),
            "the cart still moves"
        );
    }

    #[test]
    fn the_chess_pieces_and_the_king_steppers_move_and_capture_as_in_chess() {
        let b = board(
            'W',
            &[
                (4, 4, 'R'),
                (4, 7, 'n'),
                (6, 4, 'B'),
                (2, 2, 'N'),
                (8, 8, 'O'),
                (2, 7, 'Z'),
                (1, 8, 'J'),
            ],
        );
        assert!(
            after(&b, &[(4, 4, '.'), (4, 7, 'R')]),
            "a rook takes along its row"
        );
        assert!(
            !after(&b, &[(4, 4, '.'), (4, 8, 'R')]),
            "but not past a piece"
        );
        assert!(
            after(&b, &[(6, 4, '.'), (9, 7, 'B')]),
            "a bishop slides diagonally"
        );
        assert!(after(&b, &[(2, 2, '.'), (4, 3, 'N')]), "a knight jumps");
        assert!(
            after(&b, &[(8, 8, '.'), (9, 9, 'O')]),
            "an old woman steps like a king"
        );
        assert!(
            after(&b, &[(2, 7, '.'), (3, 6, 'Z')]),
            "so does a beekeeper"
        );
        assert!(after(&b, &[(1, 8, '.'), (2, 8, 'J')]), "and Prince Joey");
        assert!(after(&b, &[(0, 0, '.'), (1, 1, 'K')]), "and the king");
        assert!(!after(&b, &[(0, 0, '.'), (2, 2, 'K')]), "one step only");
    }

    #[test]
    fn pawns_step_once_or_twice_from_the_start_and_take_diagonally() {
        let b = board('W', &[(1, 3, 'P'), (2, 4, 'n')]);
        assert!(after(&b, &[(1, 3, '.'), (2, 3, 'P')]));
        assert!(after(&b, &[(1, 3, '.'), (3, 3, 'P')]));
        assert!(after(&b, &[(1, 3, '.'), (2, 4, 'P')]));
        let blocked = board('W', &[(1, 3, 'P'), (2, 3, 'n')]);
        assert!(!after(&blocked, &[(1, 3, '.'), (3, 3, 'P')]));
    }
}

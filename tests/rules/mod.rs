//! The rules: properties over random positions, perft against known
//! counts, and the end of a game as every front end tells it.

mod endings;
mod perft;
mod properties;

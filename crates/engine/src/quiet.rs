//! Progress behind a closed front. Congo has no rule that ends a game
//! going nowhere, so a side ahead may shuffle behind a locked pawn line
//! until the ply limit draws. As Stockfish does for chess's fifty-move
//! rule, the evaluation shrinks toward 0, an even game, as quiet plies (since the
//! last irreversible move) pile up, along the game and the search: the
//! side ahead then prefers the lines that capture or advance.

/// Quiet plies that ordinary play runs to between captures and pawn
/// steps: they leave the evaluation whole, so that a search in the
/// middle of a game sees it as it is.
const GRACE: u32 = 20;

/// The quiet plies past [`GRACE`] that shrink the evaluation to half, its
/// least.
const TO_HALF: u32 = 100;

/// `score`, a static evaluation, shrunk toward 0 for the
/// `quiet_plies` plies since the last irreversible move: whole up to
/// [`GRACE`], then a two-hundredth less a ply, to half.
pub(crate) fn damped(score: i32, quiet_plies: u32) -> i32 {
    let past_grace = quiet_plies.saturating_sub(GRACE).min(TO_HALF) as i32;
    let span = 2 * TO_HALF as i32;
    score * (span - past_grace) / span
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_shrinks_toward_the_draw_once_quiet_plies_pile_up() {
        assert_eq!(damped(300, 0), 300);
        assert_eq!(damped(300, GRACE), 300);
        assert_eq!(damped(300, GRACE + 20), 270);
        assert_eq!(damped(-300, GRACE + 20), -270);
        assert_eq!(damped(300, GRACE + TO_HALF), 150);
        assert_eq!(damped(300, u32::MAX), 150);
        let mut last = i32::MAX;
        for quiet in 0..=GRACE + TO_HALF {
            let now = damped(1_000, quiet);
            assert!(now <= last && now >= 500);
            last = now;
        }
    }
}

//! The order a table's values are coded in, chosen per table. A number
//! is a row of digits: the lions' squares (54 pairs), each piece's square
//! (49), the side to move. The coder guesses a value from those just
//! before it (see [`super::scheme`]), so the digit that changes fastest
//! decides which neighbours it sees: a piece whose square rarely matters
//! should change fastest, and which one that is depends on the table.
//! The side to move stays the fastest digit, so that the two sides'
//! values of one placement sit side by side.

use super::material::MAX_PIECES;

/// How many values the lions' digit takes: white's lion on 6 squares
/// (see `Material::size`), black's on 9.
const LION_PAIRS: usize = 54;

/// A permutation of a table's digits, slowest first (0 the lions, 1.. the
/// pieces in the material's order), the side to move after them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Order {
    digits: [u8; MAX_PIECES + 1],
    count: usize,
}

impl Order {
    /// The numbering's own order, for `pieces` pieces beside the lions.
    pub(super) fn numbering(pieces: usize) -> Order {
        let mut digits = [0; MAX_PIECES + 1];
        for (at, digit) in digits.iter_mut().enumerate() {
            *digit = at as u8;
        }
        Order {
            digits,
            count: pieces + 1,
        }
    }

    /// The orders tried for a table: each digit in turn made the
    /// fastest, the others kept in numbering order.
    pub(super) fn candidates(pieces: usize) -> Vec<Order> {
        (0..=pieces)
            .map(|fastest| {
                let mut order = Order::numbering(pieces);
                let count = order.count;
                order.digits[fastest..count].rotate_left(1);
                order
            })
            .collect()
    }

    /// The order as stored: one byte a digit.
    pub(super) fn bytes(&self) -> &[u8] {
        &self.digits[..self.count]
    }

    /// The order `bytes` hold for `pieces` pieces; `None` unless they are
    /// a permutation of its digits.
    pub(super) fn from_bytes(bytes: &[u8], pieces: usize) -> Option<Order> {
        let mut order = Order::numbering(pieces);
        if bytes.len() != order.count {
            return None;
        }
        let mut seen = 0u32;
        for (slot, &digit) in order.digits.iter_mut().zip(bytes) {
            if usize::from(digit) >= bytes.len() || seen & 1 << digit != 0 {
                return None;
            }
            seen |= 1 << digit;
            *slot = digit;
        }
        Some(order)
    }

    /// Where number `number` comes in this order.
    pub(super) fn place_of(&self, number: usize) -> usize {
        let mut values = [0; MAX_PIECES + 1];
        let mut rest = number / 2;
        for digit in (0..self.count).rev() {
            let radix = radix(digit);
            values[digit] = rest % radix;
            rest /= radix;
        }
        let place = self.digits[..self.count].iter().fold(0, |place, &digit| {
            let digit = usize::from(digit);
            place * radix(digit) + values[digit]
        });
        place * 2 + number % 2
    }

    /// The number that comes at `place` in this order.
    pub(super) fn number_at(&self, place: usize) -> usize {
        let mut values = [0; MAX_PIECES + 1];
        let mut rest = place / 2;
        for &digit in self.digits[..self.count].iter().rev() {
            let digit = usize::from(digit);
            values[digit] = rest % radix(digit);
            rest /= radix(digit);
        }
        let number = (0..self.count).fold(0, |number, digit| number * radix(digit) + values[digit]);
        number * 2 + place % 2
    }
}

/// The numbers at places `start..start + count` of an order, in place
/// order, worked out as an odometer turns instead of a division a digit
/// each: coding a table asks it of every number several times.
pub(super) struct Numbers {
    order: Order,
    /// Each digit's value, by digit.
    values: [usize; MAX_PIECES + 1],
    /// What one step of each digit adds to the number (side excluded).
    steps: [usize; MAX_PIECES + 1],
    number: usize,
    side: usize,
    left: usize,
}

impl Order {
    /// The numbers at places `start..start + count`.
    pub(super) fn numbers(&self, start: usize, count: usize) -> Numbers {
        let mut steps = [0; MAX_PIECES + 1];
        let mut step = 1;
        for digit in (0..self.count).rev() {
            steps[digit] = step;
            step *= radix(digit);
        }
        let first = self.number_at(start);
        let mut values = [0; MAX_PIECES + 1];
        let mut rest = first / 2;
        for digit in (0..self.count).rev() {
            values[digit] = rest % radix(digit);
            rest /= radix(digit);
        }
        Numbers {
            order: *self,
            values,
            steps,
            number: first / 2,
            side: first % 2,
            left: count,
        }
    }
}

impl Iterator for Numbers {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let number = self.number * 2 + self.side;
        self.side += 1;
        if self.side == 2 {
            self.side = 0;
            // The fastest digit turns; each that comes round turns the next.
            for &digit in self.order.digits[..self.order.count].iter().rev() {
                let digit = usize::from(digit);
                self.values[digit] += 1;
                self.number += self.steps[digit];
                if self.values[digit] < radix(digit) {
                    break;
                }
                self.values[digit] = 0;
                self.number -= self.steps[digit] * radix(digit);
            }
        }
        Some(number)
    }
}

/// How many values digit `digit` takes.
fn radix(digit: usize) -> usize {
    if digit == 0 { LION_PAIRS } else { 49 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use congo_kit::rng::Rng;

    #[test]
    fn every_order_is_a_permutation_of_the_numbers_and_reads_back() {
        let mut rng = Rng::new(5);
        for pieces in 0..=MAX_PIECES {
            let size = 2 * LION_PAIRS * 49usize.pow(pieces as u32);
            for order in Order::candidates(pieces) {
                assert_eq!(Order::from_bytes(order.bytes(), pieces), Some(order));
                for _ in 0..2000 {
                    let number = rng.below(size as u64) as usize;
                    let place = order.place_of(number);
                    assert!(place < size);
                    assert_eq!(order.number_at(place), number);
                }
            }
        }
        // The odometer agrees with the places, across every carry.
        for order in Order::candidates(2) {
            let start = 2 * 49 * 49 - 7;
            let numbers: Vec<usize> = order.numbers(start, 300).collect();
            let expected: Vec<usize> = (start..start + 300).map(|p| order.number_at(p)).collect();
            assert_eq!(numbers, expected);
        }
        // Two pieces, the first made fastest: lions, second, first.
        let order = Order::candidates(2)[1];
        assert_eq!(order.bytes(), [0, 2, 1]);
        assert_eq!(order.place_of((49 + 2) * 2 + 1), (2 * 49 + 1) * 2 + 1);
        assert_eq!(Order::numbering(1).place_of(77), 77);
    }

    #[test]
    fn orders_that_are_no_permutation_are_refused() {
        assert_eq!(Order::from_bytes(&[0, 0, 1], 2), None);
        assert_eq!(Order::from_bytes(&[0, 1], 2), None);
        assert_eq!(Order::from_bytes(&[0, 1, 3], 2), None);
        assert!(Order::from_bytes(&[2, 0, 1], 2).is_some());
    }
}

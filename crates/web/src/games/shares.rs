//! Each visitor's share of the disk, and each address's: the bytes of
//! the games it made that the journal holds, counted as they are written
//! and let go with their files. Past its share a visitor makes no game
//! and writes no line but one that ends a game, so that a visitor filling
//! the disk is refused, not everyone.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::journal::{GameLog, Share};
use crate::visitor::Visitor;

/// The shares of a journal's budget.
pub(super) struct Shares {
    held: Mutex<Held>,
    /// The most a visitor's games hold: an eighth of the budget, some
    /// sixteen thousand whole games.
    visitor_most: u64,
    /// The most an address's games hold, all its browsers together: half
    /// the budget.
    address_most: u64,
}

#[derive(Default)]
struct Held {
    visitors: HashMap<Visitor, Arc<Share>>,
    addresses: HashMap<IpAddr, Arc<Share>>,
    games: HashMap<String, Owned>,
}

/// The shares a game's file counts against: its own, so that it can be
/// let go, and its maker's.
struct Owned {
    game: Arc<Share>,
    visitor: Arc<Share>,
    address: Arc<Share>,
}

impl Shares {
    /// The shares of a journal whose games may weigh `budget` bytes.
    pub fn new(budget: u64) -> Shares {
        Shares {
            held: Mutex::default(),
            visitor_most: budget / 8,
            address_most: budget / 2,
        }
    }

    /// The share `maker` has filled, if one is: no new game then.
    pub fn full(&self, maker: Visitor) -> Option<u64> {
        let mut held = self.held();
        let visitor = self.visitor(&mut held, maker);
        let address = self.address(&mut held, maker);
        [visitor, address]
            .into_iter()
            .find(|share| !share.fits(1))
            .map(|share| share.most())
    }

    /// Counts game `id`, made by `maker`, holding `bytes`, against their
    /// shares, the first time it is told of (made, or read back).
    pub fn own(&self, id: &str, maker: Visitor, bytes: u64) {
        let mut held = self.held();
        if held.games.contains_key(id) {
            return;
        }
        let owned = Owned {
            game: Arc::new(Share::new(u64::MAX)),
            visitor: self.visitor(&mut held, maker),
            address: self.address(&mut held, maker),
        };
        for share in [&owned.game, &owned.visitor, &owned.address] {
            share.add(bytes);
        }
        held.games.insert(id.to_owned(), owned);
    }

    /// `log`, of game `id`, counting its appends against the shares it
    /// was counted against.
    pub fn counting(&self, id: &str, log: GameLog) -> GameLog {
        match self.held().games.get(id) {
            Some(owned) => log
                .counting(Arc::clone(&owned.game))
                .counting(Arc::clone(&owned.visitor))
                .counting(Arc::clone(&owned.address)),
            None => log,
        }
    }

    /// Forgets game `id`, whose file was let go.
    pub fn let_go(&self, id: &str) {
        if let Some(owned) = self.held().games.remove(id) {
            owned.visitor.take(owned.game.used());
            owned.address.take(owned.game.used());
        }
    }

    fn visitor(&self, held: &mut Held, maker: Visitor) -> Arc<Share> {
        let share = held.visitors.entry(maker);
        Arc::clone(share.or_insert_with(|| Arc::new(Share::new(self.visitor_most))))
    }

    fn address(&self, held: &mut Held, maker: Visitor) -> Arc<Share> {
        let share = held.addresses.entry(maker.address);
        Arc::clone(share.or_insert_with(|| Arc::new(Share::new(self.address_most))))
    }

    fn held(&self) -> MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

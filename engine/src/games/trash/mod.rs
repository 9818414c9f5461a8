//! Trash (also called Garbage): fill a layout of face-down cards, ace to ten, by drawing and
//! flipping; win a hand and your next layout is one card shorter.
//!
//! - **Players:** 2 to 12. Seat 0 plays first in hand 1 (the first dealer is the last seat);
//!   the deal passes left, so the first player of hand `h` is seat `(h - 1) mod players`.
//! - **Deck:** one 52-card deck per two players, rounded up (`decks=auto`), shuffled together;
//!   `decks=N` allows more, up to 8.
//! - **Layout:** every seat starts with `layout` (default 10) face-down cards in spots
//!   `1..=layout`. Spot `k` takes the natural card whose ace-low number is `k` (A=1 ... 10);
//!   jacks are wild. Queens, kings and naturals above a seat's layout size never play.
//! - **Play:** take the previous player's discard when it fits a face-down spot, else draw from
//!   the stock; place the card, flip the face-down card it covers, place that, and so on. The
//!   turn ends with a card that cannot be placed, which is discarded.
//! - **Hands and game:** a seat that turns its whole layout face up wins the hand and gets a
//!   layout one card shorter next hand; completing a one-card layout wins the game.
//! - **Scoring:** a seat's score is the number of hands it won; the game winner's score is the
//!   starting layout size, which nobody else reaches, so the winner is always unique.
//! - **Information:** everything face up is public and nobody knows a face-down card. The
//!   dealt stock is unknown; a stock rebuilt from the discards is known to everybody as a
//!   multiset ([`TrashObservation::stock_known`]) until the next deal, and
//!   [`Game::determinize`] deals only the other unseen cards to the face-down spots.
//!
//! Only real choices are decisions ([`Decision`]): where to put a jack, whether to replace a
//! jack with its natural card, and whether to take a discard that could only replace a jack.
//! Everything forced (draws, placements, discards, turn changes, re-deals) happens inside
//! [`Game::deal`] and [`Game::apply`]. The rulings made where the rules page is ambiguous are
//! listed in `docs/rules/trash.md`.
//!
//! ```
//! use cardsim_engine::games::trash::{Trash, TrashAction};
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Trash::new(3, &Params::parse(&["layout=4"]).unwrap()).unwrap();
//! assert_eq!(game.decks(), 2);
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     assert!(legal.len() >= 2); // only real choices reach the players
//!     game.apply(&mut state, legal[0], &mut rng);
//! }
//! let winner = state.winner().unwrap();
//! assert_eq!(game.outcome(&state).unwrap()[winner].score, 4.0);
//! assert_eq!(TrashAction::Place(7).to_string(), "place 7");
//! ```

pub mod encoding;
mod layout;
mod observation;
mod state;

pub use layout::{Layout, PublicLayout, Spot};
pub use observation::TrashObservation;
pub use state::{DiscardPile, TrashState};

use crate::cards::{Card, CardMultiset, CardSet, Rank};
use crate::game::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove,
};
use crate::seat::{BySeat, Seat, MAX_SEATS};
use arrayvec::ArrayVec;
use layout::{spot_bit, Play};
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// The largest layout: spots ace to ten.
pub const MAX_LAYOUT: u8 = 10;
/// The most decks that may be shuffled together.
pub const MAX_DECKS: u8 = 8;
/// The most cards in play: [`MAX_DECKS`] full decks.
pub const MAX_CARDS: usize = MAX_DECKS as usize * 52;

/// The rules of Trash for a player count, number of decks and starting layout size.
///
/// ```
/// use cardsim_engine::games::trash::Trash;
/// use cardsim_engine::{Game, Params};
/// let game = Trash::new(5, &Params::new()).unwrap();
/// assert_eq!((game.decks(), game.layout_size()), (3, 10));
/// let err = Trash::new(5, &Params::parse(&["decks=2"]).unwrap()).unwrap_err();
/// assert!(err.to_string().contains("from 3 to 8"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trash {
    players: u8,
    decks: u8,
    layout: u8,
}

impl Trash {
    /// The number of 52-card decks shuffled together.
    pub const fn decks(&self) -> u8 {
        self.decks
    }

    /// The starting layout size, which is also the number of hands needed to win the game.
    pub const fn layout_size(&self) -> u8 {
        self.layout
    }

    /// Every card in play: [`Trash::decks`] full decks.
    pub const fn cards(&self) -> CardMultiset {
        CardMultiset::copies(CardSet::FULL_DECK, self.decks)
    }
}

/// The layout spot (ace-low number `1..=10`) a natural card belongs to; `None` for jacks,
/// queens, kings and jokers.
///
/// ```
/// use cardsim_engine::games::trash::natural_spot;
/// assert_eq!(natural_spot("AS".parse().unwrap()), Some(1));
/// assert_eq!(natural_spot("TD".parse().unwrap()), Some(10));
/// assert_eq!(natural_spot("JH".parse().unwrap()), None);
/// assert_eq!(natural_spot("KC".parse().unwrap()), None);
/// ```
pub const fn natural_spot(card: Card) -> Option<u8> {
    if card.is_joker() {
        return None;
    }
    match card.rank() {
        Rank::Jack | Rank::Knight | Rank::Queen | Rank::King => None,
        r => Some(r.number()),
    }
}

/// True for a jack (the wild card).
pub const fn is_jack(card: Card) -> bool {
    !card.is_joker() && matches!(card.rank(), Rank::Jack)
}

/// The choice a seat faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Holding a jack (drawn, taken, turned or freed): [`TrashAction::Place`] on any face-down
    /// spot. Only asked when there are at least two.
    PlaceJack,
    /// Holding the natural card of spot `k`, which a jack holds: [`TrashAction::Place`]`(k)`
    /// (the jack is freed and must go to a face-down spot) or [`TrashAction::Discard`] (the
    /// turn ends).
    ReplaceJack(u8),
    /// Start of a turn, and the previous player's discard could only be played by replacing a
    /// jack: [`TrashAction::TakeDiscard`] (and put it in place of the jack) or
    /// [`TrashAction::DrawStock`].
    TakeOrDraw,
}

/// A move in Trash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrashAction {
    /// Draw from the stock instead of taking the discard (`draw`).
    DrawStock,
    /// Take the top discard and put it in place of the jack on its spot (`take`).
    TakeDiscard,
    /// Put the held card on spot `k` (`place k`).
    Place(u8),
    /// Discard the held natural card instead of replacing a jack; the turn ends (`discard`).
    Discard,
}

impl fmt::Display for TrashAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrashAction::DrawStock => f.write_str("draw"),
            TrashAction::TakeDiscard => f.write_str("take"),
            TrashAction::Place(k) => write!(f, "place {k}"),
            TrashAction::Discard => f.write_str("discard"),
        }
    }
}

impl Trash {
    fn n(&self) -> usize {
        self.players as usize
    }

    /// Collects every card, shuffles, deals the layouts of the current hand and starts the
    /// first turn (the seat left of the dealer).
    fn deal_hand<R: Rng + ?Sized>(&self, st: &mut TrashState, rng: &mut R) {
        st.stock.clear();
        st.stock.extend(self.cards().iter());
        st.stock_known = CardMultiset::EMPTY;
        st.stock.shuffle(rng);
        st.discards = DiscardPile::default();
        st.held = None;
        st.decision = None;
        for seat in Seat::all(self.n()) {
            let size = (self.layout - st.wins[seat]) as usize;
            let at = st.stock.len() - size;
            st.layouts[seat] = Layout::dealt(&st.stock[at..]);
            st.stock.truncate(at);
        }
        st.turn = st.dealer.next(self.n());
        st.turns += 1;
    }

    /// Draws the top stock card, first rebuilding the stock from the discards if it is empty.
    /// The rebuilt stock is known to everybody as a multiset (its cards were face up in the
    /// discard pile); the drawn card, shown in the drawer's hand, leaves what is known.
    fn draw<R: Rng + ?Sized>(st: &mut TrashState, rng: &mut R) -> Card {
        if st.stock.is_empty() {
            let rest = std::mem::take(&mut st.discards.rest);
            st.stock.extend(rest.iter());
            st.stock.shuffle(rng);
            st.stock_known = rest;
            st.reshuffles += 1;
        }
        let card = st
            .stock
            .pop()
            .expect("the stock and the older discards are never both empty");
        st.stock_known.remove(card);
        card
    }

    /// Puts the held card on spot `k` of the mover's layout; the displaced card (turned up or
    /// a freed jack) becomes the held card. Completing the layout wins the hand.
    fn place<R: Rng + ?Sized>(&self, st: &mut TrashState, k: u8, rng: &mut R) {
        let card = st.held.expect("a held card to place");
        let seat = st.turn;
        st.held = Some(st.layouts[seat].put(k, card));
        if st.layouts[seat].is_complete() {
            self.win_hand(st, rng);
        }
    }

    /// The mover has completed the layout: the game ends, or the next hand is dealt.
    fn win_hand<R: Rng + ?Sized>(&self, st: &mut TrashState, rng: &mut R) {
        let seat = st.turn;
        st.wins[seat] += 1;
        st.decision = None;
        if st.wins[seat] == self.layout {
            st.winner = Some(seat);
            return;
        }
        st.hand += 1;
        st.dealer = st.dealer.next(self.n());
        self.deal_hand(st, rng);
    }

    /// Discards the held card and passes the turn left.
    fn discard(&self, st: &mut TrashState) {
        let card = st.held.take().expect("a held card to discard");
        if let Some(old) = st.discards.top.replace(card) {
            st.discards.rest.insert(old);
        }
        st.turn = st.turn.next(self.n());
        st.turns += 1;
    }

    /// Plays every forced step until the seat to move has a real choice or the game is over.
    fn advance<R: Rng + ?Sized>(&self, st: &mut TrashState, rng: &mut R) {
        st.decision = None;
        while st.winner.is_none() {
            let layout = st.layouts[st.turn];
            let Some(card) = st.held else {
                // Start of a turn: the previous discard, if it fits, else the stock.
                match st.discards.top.map(|c| layout.play(c)) {
                    Some(Play::FaceDown(_) | Play::AnyFaceDown) => st.held = st.discards.top.take(),
                    Some(Play::ReplaceJack(_)) => {
                        st.decision = Some(Decision::TakeOrDraw);
                        return;
                    }
                    Some(Play::Nowhere) | None => st.held = Some(Self::draw(st, rng)),
                }
                continue;
            };
            match layout.play(card) {
                Play::FaceDown(k) => self.place(st, k, rng),
                Play::AnyFaceDown => {
                    let down = layout.face_down();
                    debug_assert!(down != 0, "an incomplete layout has a face-down spot");
                    if down.count_ones() == 1 {
                        self.place(st, down.trailing_zeros() as u8 + 1, rng);
                    } else {
                        st.decision = Some(Decision::PlaceJack);
                        return;
                    }
                }
                Play::ReplaceJack(k) => {
                    st.decision = Some(Decision::ReplaceJack(k));
                    return;
                }
                Play::Nowhere => self.discard(st),
            }
        }
    }
}

/// Adds one card to a tally, failing past 15 copies.
fn tally(all: &mut CardMultiset, c: Card) -> Result<(), String> {
    if all.try_insert(c) {
        Ok(())
    } else {
        Err(format!("more than 15 copies of {c}"))
    }
}

impl Game for Trash {
    type State = TrashState;
    type Action = TrashAction;
    type Observation = TrashObservation;

    const INFO: GameInfo = GameInfo {
        name: "trash",
        title: "Trash",
        min_players: 2,
        max_players: 12,
        default_players: 2,
        params: &[
            ParamSpec::auto_or_int(
                "decks",
                "auto",
                1,
                MAX_DECKS as i64,
                "52-card decks shuffled together: auto is one per two players, rounded up, \
                 and fewer than that are not allowed",
            ),
            ParamSpec::int(
                "layout",
                "10",
                1,
                MAX_LAYOUT as i64,
                "starting layout size, which is also the number of hands needed to win the game",
            ),
        ],
        stats: &["hands", "turns", "reshuffles"],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        let min = players.div_ceil(2) as u8;
        let decks = match params.auto_or_int::<u8>(info, "decks")? {
            None => min,
            Some(d) if d >= min => d,
            Some(d) => {
                return Err(ConfigError::BadValue {
                    game: info.name,
                    key: "decks".into(),
                    value: d.to_string(),
                    expected: format!(
                        "auto, or a whole number of decks from {min} to {MAX_DECKS} for {players} players"
                    ),
                })
            }
        };
        let layout = params.int(info, "layout")?;
        Ok(Trash {
            players: players as u8,
            decks,
            layout,
        })
    }

    fn players(&self) -> usize {
        self.n()
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> TrashState {
        let mut st = TrashState {
            stock: ArrayVec::new(),
            stock_known: CardMultiset::EMPTY,
            discards: DiscardPile::default(),
            layouts: BySeat::default(),
            wins: BySeat::default(),
            held: None,
            turn: Seat::new(0),
            dealer: Seat::new(self.n() - 1),
            hand: 1,
            decision: None,
            winner: None,
            turns: 0,
            reshuffles: 0,
        };
        self.deal_hand(&mut st, rng);
        self.advance(&mut st, rng);
        st
    }

    fn to_move(&self, st: &TrashState) -> ToMove {
        match st.decision {
            Some(_) => ToMove::Seat(st.turn),
            None => ToMove::Over,
        }
    }

    fn legal_actions(&self, st: &TrashState, out: &mut Vec<TrashAction>) {
        out.clear();
        match st.decision {
            None => {}
            Some(Decision::PlaceJack) => {
                let down = st.layouts[st.turn].face_down();
                out.extend(
                    (1..=MAX_LAYOUT)
                        .filter(|&k| down & spot_bit(k) != 0)
                        .map(TrashAction::Place),
                );
            }
            Some(Decision::ReplaceJack(k)) => {
                out.extend([TrashAction::Place(k), TrashAction::Discard]);
            }
            Some(Decision::TakeOrDraw) => {
                out.extend([TrashAction::TakeDiscard, TrashAction::DrawStock]);
            }
        }
    }

    /// # Panics
    /// If `action` is not legal.
    fn apply<R: Rng + ?Sized>(&self, st: &mut TrashState, action: TrashAction, rng: &mut R) {
        match (st.decision, action) {
            (Some(Decision::PlaceJack), TrashAction::Place(k))
                if (1..=MAX_LAYOUT).contains(&k)
                    && st.layouts[st.turn].face_down() & spot_bit(k) != 0 =>
            {
                self.place(st, k, rng);
            }
            (Some(Decision::ReplaceJack(k)), TrashAction::Place(j)) if j == k => {
                self.place(st, k, rng);
            }
            (Some(Decision::ReplaceJack(_)), TrashAction::Discard) => self.discard(st),
            (Some(Decision::TakeOrDraw), TrashAction::TakeDiscard) => {
                st.held = st.discards.top.take();
                let Some(Play::ReplaceJack(k)) = st.held.map(|c| st.layouts[st.turn].play(c))
                else {
                    panic!("the top discard must replace a jack");
                };
                self.place(st, k, rng);
            }
            (Some(Decision::TakeOrDraw), TrashAction::DrawStock) => {
                st.held = Some(Self::draw(st, rng));
            }
            (decision, _) => panic!("illegal Trash action {action} at {decision:?}"),
        }
        self.advance(st, rng);
    }

    fn observe(&self, st: &TrashState, seat: Seat) -> TrashObservation {
        TrashObservation {
            seat,
            layouts: BySeat::from_fn(|s| st.layouts[s].public()),
            wins: st.wins,
            turn: st.turn,
            held: st.held,
            decision: st.decision,
            winner: st.winner,
            discards: st.discards,
            stock: st.stock.len() as u16,
            stock_known: st.stock_known,
            dealer: st.dealer,
            hand: st.hand,
            turns: st.turns,
            reshuffles: st.reshuffles,
        }
    }

    /// The known cards of the stock ([`TrashObservation::stock_known`], all of a rebuilt stock)
    /// go to the stock; the cards nobody knows the place of ([`TrashObservation::unknown`])
    /// are dealt uniformly at random to the face-down spots and the rest of the stock, which
    /// is then shuffled.
    ///
    /// # Panics
    /// If `obs` shows more copies of a card than the decks hold, or its face-down spots and
    /// stock size do not add up to the unseen cards.
    fn determinize<R: Rng + ?Sized>(&self, obs: &TrashObservation, rng: &mut R) -> TrashState {
        let mut pool: ArrayVec<Card, MAX_CARDS> = obs.unknown(self.cards()).iter().collect();
        pool.shuffle(rng);
        let mut layouts = BySeat::<Layout>::default();
        for seat in Seat::all(self.n()) {
            let public = &obs.layouts[seat];
            let mut cards = [Card::JOKER; MAX_LAYOUT as usize];
            for k in 1..=public.size {
                cards[k as usize - 1] = match public.spot(k) {
                    Spot::FaceDown => pool
                        .pop()
                        .expect("enough unseen cards for the face-down spots"),
                    Spot::Natural(c) | Spot::Jack(c) => c,
                };
            }
            let mut layout = Layout::dealt(&cards[..public.size as usize]);
            for k in 1..=public.size {
                if let Spot::Natural(c) | Spot::Jack(c) = public.spot(k) {
                    layout.put(k, c);
                }
            }
            layouts[seat] = layout;
        }
        assert_eq!(
            pool.len() + obs.stock_known.len(),
            obs.stock as usize,
            "face-down spots and stock must match the unseen cards"
        );
        if !obs.stock_known.is_empty() {
            // A rebuilt stock: its known cards join the unknown rest (if any), shuffled.
            // (Nothing known: the pool is already in random order, and the random stream is
            // the same as before the rebuilt stock was tracked.)
            pool.extend(obs.stock_known.iter());
            pool.shuffle(rng);
        }
        TrashState {
            stock: pool,
            stock_known: obs.stock_known,
            discards: obs.discards,
            layouts,
            wins: obs.wins,
            held: obs.held,
            turn: obs.turn,
            dealer: obs.dealer,
            hand: obs.hand,
            decision: obs.decision,
            winner: obs.winner,
            turns: obs.turns,
            reshuffles: obs.reshuffles,
        }
    }

    /// Every move is public: draws, takes and placements all happen face up on the table.
    fn observe_action(
        &self,
        _state: &TrashState,
        action: TrashAction,
        _viewer: Seat,
    ) -> Option<TrashAction> {
        Some(action)
    }

    fn outcome(&self, st: &TrashState) -> Option<Outcome> {
        st.winner?;
        let mut scores = [0.0; MAX_SEATS];
        for seat in Seat::all(self.n()) {
            scores[seat.index()] = st.wins[seat] as f64;
        }
        Some(rank_by_score(&scores[..self.n()]))
    }

    fn stats(&self, st: &TrashState, out: &mut Vec<f64>) {
        out.clear();
        out.extend([st.hand as f64, st.turns as f64, st.reshuffles as f64]);
    }

    fn check_invariants(&self, st: &TrashState) -> Result<(), String> {
        let n = self.n();
        // Cards are conserved.
        let mut all = st.discards.rest;
        for &c in st.stock.iter().chain(&st.discards.top).chain(&st.held) {
            tally(&mut all, c)?;
        }
        for seat in Seat::all(n) {
            let layout = &st.layouts[seat];
            for k in 1..=layout.size {
                tally(&mut all, layout.card(k))?;
            }
        }
        let stock: CardMultiset = st.stock.iter().copied().collect();
        if !st.stock_known.is_empty() && st.stock_known != stock {
            return Err(format!(
                "the known stock {:?} is neither empty nor the whole stock {stock:?}",
                st.stock_known
            ));
        }
        if all != self.cards() {
            return Err(format!(
                "cards not conserved: {} in play, {} expected; missing {:?}, extra {:?}",
                all.len(),
                self.cards().len(),
                self.cards().checked_sub(all),
                all.checked_sub(self.cards())
            ));
        }
        // Seats, hands and winners.
        if st.turn.index() >= n || st.dealer.index() >= n {
            return Err(format!(
                "turn {} or dealer {} out of range",
                st.turn, st.dealer
            ));
        }
        let won: usize = st.wins.first(n).iter().map(|&w| w as usize).sum();
        let over = st.winner.is_some();
        if st.hand as usize != won + usize::from(!over) {
            return Err(format!("hand {} but {won} hands won", st.hand));
        }
        if st.dealer.index() != (st.hand as usize + 2 * n - 2) % n {
            return Err(format!("hand {} dealt by seat {}", st.hand, st.dealer));
        }
        if st.turns < st.hand as u32 {
            return Err(format!("{} turns in {} hands", st.turns, st.hand));
        }
        for seat in Seat::all(MAX_SEATS).skip(n) {
            if st.layouts[seat] != Layout::default() || st.wins[seat] != 0 {
                return Err(format!(
                    "seat {seat} is not playing but has a layout or wins"
                ));
            }
        }
        // Layouts: sizes shrink by one per hand won, face-up cards are in their spots.
        for seat in Seat::all(n) {
            let layout = &st.layouts[seat];
            let wins = st.wins[seat];
            let is_winner = st.winner == Some(seat);
            if wins > self.layout || (wins == self.layout) != is_winner {
                return Err(format!("seat {seat} won {wins} hands of {}", self.layout));
            }
            let want = if is_winner { 1 } else { self.layout - wins };
            if layout.size != want {
                return Err(format!(
                    "seat {seat} has {} spots after {wins} hands won",
                    layout.size
                ));
            }
            if layout.is_complete() != is_winner {
                return Err(format!(
                    "seat {seat}'s layout is complete = {}",
                    layout.is_complete()
                ));
            }
            if layout.face_up & !layout.spots() != 0 || layout.jacks & !layout.face_up != 0 {
                return Err(format!("seat {seat}'s masks are out of range: {layout:?}"));
            }
            if layout.cards[layout.size as usize..]
                .iter()
                .any(|&c| c != Card::JOKER)
            {
                return Err(format!("seat {seat} has cards beyond its size: {layout:?}"));
            }
            for k in 1..=layout.size {
                let c = layout.card(k);
                let up = layout.face_up & spot_bit(k) != 0;
                let jack_bit = layout.jacks & spot_bit(k) != 0;
                if up && (jack_bit != is_jack(c) || (!jack_bit && natural_spot(c) != Some(k))) {
                    return Err(format!("seat {seat}: {c} face up at spot {k}"));
                }
            }
        }
        // The pending decision matches the position.
        let layout = &st.layouts[st.turn];
        let held_play = st.held.map(|c| layout.play(c));
        let ok = match st.decision {
            None => over,
            Some(_) if over => false,
            Some(Decision::PlaceJack) => {
                held_play == Some(Play::AnyFaceDown) && layout.face_down().count_ones() >= 2
            }
            Some(Decision::ReplaceJack(k)) => held_play == Some(Play::ReplaceJack(k)),
            Some(Decision::TakeOrDraw) => {
                st.held.is_none()
                    && matches!(
                        st.discards.top.map(|c| layout.play(c)),
                        Some(Play::ReplaceJack(_))
                    )
            }
        };
        if !ok {
            return Err(format!(
                "decision {:?} with held {:?} and top discard {:?} for {layout:?}",
                st.decision, st.held, st.discards.top
            ));
        }
        Ok(())
    }
}

mod deal_text;
#[cfg(test)]
mod tests;

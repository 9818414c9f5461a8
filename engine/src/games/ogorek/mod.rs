//! Ogórek (Polish "cucumber"): 3 to 8 players, six tricks a deal in which suits do not
//! matter, and penalty points only for the highest card of the last trick; a player who
//! reaches the target is out, and the last one in wins.
//!
//! - **Players:** 3 to 8. **Deck:** 52 cards; six to each player still in, the rest unused
//!   and unseen. The first dealer is the last seat (seat 0 leads first); the deal passes to
//!   the next player still in on the left.
//! - **Order:** ace high down to two, suits ignored; in the sixth (last) trick the ace is the
//!   lowest card.
//! - **Play:** the player at the dealer's left leads to the first trick, the winner of a trick
//!   to the next. The leader plays any card; each other player must play a card at least equal
//!   to the highest card of the trick if he can, else his lowest card (any of them if he holds
//!   several of that rank). The highest card wins, of several equal ones the last played.
//! - **Penalty:** in the last trick, the player(s) with the highest card (all tied players)
//!   score its penalty: ace 1, king 13, queen 12, jack 11, ten to two their pips.
//! - **Kontra** (`kontra=true`): after the deal each player in turn from the dealer's left
//!   says *kontra* or passes. If anyone called, every penalty of this deal is doubled, a
//!   caller's own is quadrupled, and a caller who takes the last trick's penalty with a king
//!   is out at once.
//! - **Elimination:** a player whose total reaches `target` (50; the page's variant 21) is
//!   out; the game ends when at most one player is left. Places follow [`Eliminations`]: the
//!   last player in first, the first out last; players who go out in the same deal are placed
//!   by their totals (a king-kontra loser below them all; equal totals share the place).
//! - **Scores:** each seat's [`SeatResult::score`](crate::SeatResult) is its penalty total
//!   (lower is better; the places say who won).
//! - **Statistics:** `deals`; `penalty_per_deal` (points scored per deal, all players);
//!   `tied_penalties` (deals whose last trick had two or more highest cards); `ace_lasts`
//!   (aces played to last tricks, per deal); `kontra_deals`; `king_kontra_losses`;
//!   `shared_outs` (deals in which two or more players went out); `winner_penalty`.
//!
//! Rulings are in `docs/rules/ogorek.md`, each with its test.
//!
//! ```
//! use cardsim_engine::games::ogorek::Ogorek;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Ogorek::new(5, &Params::new()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[0], &mut rng);
//! }
//! let outcome = game.outcome(&state).unwrap();
//! assert_eq!(outcome.first(5).iter().filter(|r| r.win > 0.0).count(), 1);
//! ```

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove,
};
use crate::games::common::Eliminations;
use crate::seat::{BySeat, Seat, SeatMask, MAX_SEATS};
use crate::tricks::{CardOrder, Obligation, Teams, TieBreak, TrickPlay, TrickTaking};
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// Cards dealt to each player.
pub const HAND: usize = 6;

/// A card's penalty points: ace 1, king 13, queen 12, jack 11, others their pips.
///
/// ```
/// use cardsim_engine::games::ogorek::penalty;
/// assert_eq!(penalty("AS".parse().unwrap()), 1);
/// assert_eq!(penalty("KD".parse().unwrap()), 13);
/// assert_eq!(penalty("7C".parse().unwrap()), 7);
/// ```
pub fn penalty(card: Card) -> u32 {
    u32::from(card.rank().number())
}

/// A card's strength in tricks one to five: two (2) to ace (15), suits ignored.
pub fn strength(card: Card) -> u8 {
    card.rank() as u8
}

/// A card's strength in the last trick: the ace lowest (1), then two (2) to king (14).
pub fn last_strength(card: Card) -> u8 {
    if card.rank() == Rank::Ace {
        1
    } else {
        card.rank() as u8
    }
}

/// The order of tricks one to five (`last = false`) or of the last trick: one effective suit,
/// the last played of equal cards winning.
pub fn ogorek_order(last: bool) -> CardOrder {
    CardOrder::from_fn(None, TieBreak::LastPlayed, |c| {
        (
            Suit::Clubs,
            if last { last_strength(c) } else { strength(c) },
        )
    })
}

/// An Ogórek move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OgorekAction {
    /// Call kontra.
    Kontra,
    /// Pass on kontra.
    NoKontra,
    /// Play a card.
    Play(Card),
}

impl fmt::Display for OgorekAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OgorekAction::Kontra => write!(f, "kontra"),
            OgorekAction::NoKontra => write!(f, "pass"),
            OgorekAction::Play(c) => write!(f, "{c}"),
        }
    }
}

/// The rules of Ogórek for a player count and variant settings.
///
/// ```
/// use cardsim_engine::games::ogorek::Ogorek;
/// use cardsim_engine::{Game, Params};
/// let g = Ogorek::new(8, &Params::parse(&["target=21", "kontra=true"]).unwrap()).unwrap();
/// assert_eq!((g.target(), g.kontra()), (21, true));
/// let err = Ogorek::new(9, &Params::new()).unwrap_err();
/// assert_eq!(err.to_string(), "ogorek takes 3 to 8 players, not 9");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ogorek {
    players: u8,
    target: u32,
    kontra: bool,
    order: CardOrder,
    last_order: CardOrder,
}

impl Ogorek {
    /// The penalty total that puts a player out.
    pub const fn target(&self) -> u32 {
        self.target
    }
    /// True when players may call kontra.
    pub const fn kontra(&self) -> bool {
        self.kontra
    }
    fn n(&self) -> usize {
        self.players as usize
    }
}

/// Running statistics of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Penalty points scored (after kontra multipliers).
    pub points: u32,
    /// Deals whose last trick had several highest cards.
    pub tied: u32,
    /// Aces played to last tricks.
    pub ace_lasts: u32,
    /// Deals with a kontra.
    pub kontra_deals: u32,
    /// Callers who took the last trick's penalty with a king.
    pub king_losses: u32,
    /// Deals in which two or more players went out.
    pub shared_outs: u32,
}

/// A complete Ogórek position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgorekState {
    pub(crate) play: TrickPlay,
    pub(crate) totals: BySeat<u32>,
    pub(crate) out: Eliminations,
    /// The deal in which each seat went out (0 while in).
    pub(crate) out_deal: BySeat<u16>,
    /// Seats put out by losing a kontra with a king.
    pub(crate) king_out: SeatMask,
    pub(crate) dealer: Seat,
    /// The deal number, from 1.
    pub(crate) deal: u16,
    /// The seat to be asked about kontra next, while asking.
    pub(crate) asking: Option<Seat>,
    /// The seats that called kontra this deal.
    pub(crate) callers: SeatMask,
    /// Each seat's penalty in the last completed deal.
    pub(crate) last_penalty: BySeat<u32>,
    pub(crate) over: bool,
    pub(crate) tally: Tally,
}

impl OgorekState {
    /// The play of the current deal.
    pub fn play(&self) -> &TrickPlay {
        &self.play
    }
    /// `seat`'s penalty total.
    pub fn total(&self, seat: Seat) -> u32 {
        self.totals[seat]
    }
    /// Who is out, in order.
    pub fn eliminations(&self) -> Eliminations {
        self.out
    }
    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    /// The deal number, from 1.
    pub fn deal_number(&self) -> u16 {
        self.deal
    }
    /// The seats that called kontra this deal.
    pub fn callers(&self) -> SeatMask {
        self.callers
    }
    /// Each seat's penalty in the last completed deal.
    pub fn last_penalty(&self, seat: Seat) -> u32 {
        self.last_penalty[seat]
    }
    /// The running statistics.
    pub fn tally(&self) -> Tally {
        self.tally
    }
    /// A copy with `play` as the deal in progress (for tests and analysis).
    pub fn with_play(mut self, play: TrickPlay) -> Self {
        self.play = play;
        self
    }
}

/// What one seat knows: its hand, every card played and what the plays showed (in the play
/// record), the totals, who is out, the dealer and the kontra calls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgorekObservation {
    /// The observer.
    pub seat: Seat,
    /// The play, other hands emptied (their sizes known).
    pub play: TrickPlay,
    /// Penalty totals.
    pub totals: BySeat<u32>,
    /// Who is out.
    pub out: Eliminations,
    /// The deal in which each seat went out.
    pub out_deal: BySeat<u16>,
    /// Seats out by a king kontra.
    pub king_out: SeatMask,
    /// The dealer.
    pub dealer: Seat,
    /// The deal number.
    pub deal: u16,
    /// The seat to be asked about kontra next.
    pub asking: Option<Seat>,
    /// Kontra callers this deal.
    pub callers: SeatMask,
    /// Penalties of the last completed deal.
    pub last_penalty: BySeat<u32>,
    /// True at the end.
    pub over: bool,
    /// Public statistics.
    pub tally: Tally,
}

impl OgorekObservation {
    /// The observer's hand.
    pub fn hand(&self) -> CardSet {
        self.play.hand(self.seat)
    }
}

impl Ogorek {
    /// Shuffles and deals a new deal to the players still in.
    fn deal_hand<R: Rng + ?Sized>(&self, st: &mut OgorekState, rng: &mut R) {
        let n = self.n();
        let mut cards = [Card::from_index(2); 52];
        for (slot, c) in cards.iter_mut().zip(CardSet::FULL_DECK) {
            *slot = c;
        }
        cards.shuffle(rng);
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        let mut active = SeatMask::default();
        let mut seat = st.dealer;
        let mut next = 0;
        for _ in 0..st.out.remaining(n) {
            seat = st.out.next_active(seat, n, true);
            active.0 |= 1 << seat.index();
            hands[seat.index()] = cards[next..next + HAND].iter().copied().collect();
            next += HAND;
        }
        let leader = st.out.next_active(st.dealer, n, true);
        st.play = TrickPlay::new(n, &hands[..n], leader, self.order, Obligation::BeatOrLowest)
            .with_active(active)
            .with_deck(CardSet::FULL_DECK);
        st.callers = SeatMask::default();
        st.asking = self.kontra.then_some(leader);
    }

    /// Scores the last trick, puts out who reached the target, and deals again or ends.
    fn end_deal<R: Rng + ?Sized>(&self, st: &mut OgorekState, rng: &mut R) {
        let n = self.n();
        let trick = *st.play.last_trick().expect("six tricks were played");
        let top = trick
            .cards()
            .iter()
            .map(|&c| last_strength(c))
            .max()
            .expect("a full trick");
        let kontra = st.callers.0 != 0;
        let mut losers = 0;
        st.last_penalty = BySeat::default();
        for (seat, card) in trick.plays() {
            if card.rank() == Rank::Ace {
                st.tally.ace_lasts += 1;
            }
            if last_strength(card) != top {
                continue;
            }
            losers += 1;
            let caller = st.callers.contains(seat);
            let mult = match (kontra, caller) {
                (false, _) => 1,
                (true, false) => 2,
                (true, true) => 4,
            };
            let p = penalty(card) * mult;
            st.totals[seat] += p;
            st.last_penalty[seat] = p;
            st.tally.points += p;
            if caller && card.rank() == Rank::King {
                st.king_out.0 |= 1 << seat.index();
                st.tally.king_losses += 1;
            }
        }
        if losers > 1 {
            st.tally.tied += 1;
        }
        if kontra {
            st.tally.kontra_deals += 1;
        }
        // Out this deal: king-kontra losers first, then by total, highest first.
        let mut going: [(u8, u32, Seat); MAX_SEATS] = [(0, 0, Seat::new(0)); MAX_SEATS];
        let mut k = 0;
        for seat in st.out.active(n) {
            let king = st.king_out.contains(seat);
            if king || st.totals[seat] >= self.target {
                going[k] = (u8::from(!king), u32::MAX - st.totals[seat], seat);
                k += 1;
            }
        }
        going[..k].sort_unstable();
        for &(_, _, seat) in &going[..k] {
            st.out.eliminate(seat);
            st.out_deal[seat] = st.deal;
        }
        if k > 1 {
            st.tally.shared_outs += 1;
        }
        if st.out.remaining(n) <= 1 {
            st.over = true;
            st.asking = None;
            return;
        }
        st.deal += 1;
        st.dealer = st.out.next_active(st.dealer, n, true);
        self.deal_hand(st, rng);
    }
}

impl Game for Ogorek {
    type State = OgorekState;
    type Action = OgorekAction;
    type Observation = OgorekObservation;

    const INFO: GameInfo = GameInfo {
        name: "ogorek",
        title: "Ogórek",
        min_players: 3,
        max_players: 8,
        default_players: 4,
        params: &[
            ParamSpec::int(
                "target",
                "50",
                1,
                1000,
                "penalty total that puts a player out (the page: 50; its variant: 21)",
            ),
            ParamSpec::flag(
                "kontra",
                "false",
                "the page's kontra variant: after the deal each player may call kontra \
                 (penalties doubled, the caller's quadrupled, a caller losing with a king is out)",
            ),
        ],
        stats: &[
            "deals",
            "penalty_per_deal",
            "tied_penalties",
            "ace_lasts",
            "kontra_deals",
            "king_kontra_losses",
            "shared_outs",
            "winner_penalty",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        Ok(Ogorek {
            players: players as u8,
            target: params.int(info, "target")?,
            kontra: params.flag(info, "kontra")?,
            order: ogorek_order(false),
            last_order: ogorek_order(true),
        })
    }

    fn players(&self) -> usize {
        self.n()
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> OgorekState {
        let n = self.n();
        let mut st = OgorekState {
            play: TrickPlay::new(
                n,
                &[CardSet::EMPTY; MAX_SEATS][..n],
                Seat::new(0),
                self.order,
                Obligation::BeatOrLowest,
            ),
            totals: BySeat::default(),
            out: Eliminations::default(),
            out_deal: BySeat::default(),
            king_out: SeatMask::default(),
            dealer: Seat::new(n - 1),
            deal: 1,
            asking: None,
            callers: SeatMask::default(),
            last_penalty: BySeat::default(),
            over: false,
            tally: Tally::default(),
        };
        self.deal_hand(&mut st, rng);
        st
    }

    fn to_move(&self, st: &OgorekState) -> ToMove {
        if st.over {
            ToMove::Over
        } else if let Some(s) = st.asking {
            ToMove::Seat(s)
        } else {
            ToMove::Seat(st.play.to_play())
        }
    }

    fn legal_actions(&self, st: &OgorekState, out: &mut Vec<OgorekAction>) {
        out.clear();
        if st.over {
            return;
        }
        if st.asking.is_some() {
            out.extend([OgorekAction::NoKontra, OgorekAction::Kontra]);
            return;
        }
        // One card per rank would do (suits do not matter), but every card is offered, as at
        // the table.
        out.extend(st.play.legal().iter().map(OgorekAction::Play));
    }

    fn apply<R: Rng + ?Sized>(&self, st: &mut OgorekState, action: OgorekAction, rng: &mut R) {
        match action {
            OgorekAction::Kontra | OgorekAction::NoKontra => {
                let seat = st.asking.expect("kontra is asked");
                if action == OgorekAction::Kontra {
                    st.callers.0 |= 1 << seat.index();
                }
                st.asking = (seat != st.dealer).then(|| st.out.next_active(seat, self.n(), true));
            }
            OgorekAction::Play(card) => {
                assert!(
                    st.asking.is_none() && !st.over && st.play.legal().contains(card),
                    "illegal Ogórek play {card}"
                );
                if st.play.play(card).is_some() {
                    if st.play.tricks_played() == HAND - 1 {
                        st.play.set_order(self.last_order);
                    }
                    if st.play.is_over() {
                        self.end_deal(st, rng);
                    }
                }
            }
        }
    }

    fn observe(&self, st: &OgorekState, seat: Seat) -> OgorekObservation {
        OgorekObservation {
            seat,
            play: st.play.masked(SeatMask(1 << seat.index())),
            totals: st.totals,
            out: st.out,
            out_deal: st.out_deal,
            king_out: st.king_out,
            dealer: st.dealer,
            deal: st.deal,
            asking: st.asking,
            callers: st.callers,
            last_penalty: st.last_penalty,
            over: st.over,
            tally: st.tally,
        }
    }

    /// Uniform over the deals of the unseen cards (other hands and the unused rest of the
    /// pack) that give each hand its size and respect what the plays showed.
    fn determinize<R: Rng + ?Sized>(&self, obs: &OgorekObservation, rng: &mut R) -> OgorekState {
        let mut play = obs.play;
        if !obs.over {
            let ok =
                play.resample_grouped(SeatMask(1 << obs.seat.index()), &BySeat::default(), rng);
            assert!(
                ok,
                "an observation of a real Ogórek game has a consistent deal"
            );
        }
        OgorekState {
            play,
            totals: obs.totals,
            out: obs.out,
            out_deal: obs.out_deal,
            king_out: obs.king_out,
            dealer: obs.dealer,
            deal: obs.deal,
            asking: obs.asking,
            callers: obs.callers,
            last_penalty: obs.last_penalty,
            over: obs.over,
            tally: obs.tally,
        }
    }

    /// Every move is public: kontra is said aloud and cards are played face up.
    fn observe_action(
        &self,
        _: &OgorekState,
        action: OgorekAction,
        _: Seat,
    ) -> Option<OgorekAction> {
        Some(action)
    }

    fn outcome(&self, st: &OgorekState) -> Option<Outcome> {
        if !st.over {
            return None;
        }
        let n = self.n();
        let mut key = [0.0; MAX_SEATS];
        for seat in Seat::all(n) {
            key[seat.index()] = match st.out.position(seat) {
                None => 1e12,
                Some(_) => {
                    let d = f64::from(st.out_deal[seat]) * 1e7;
                    if st.king_out.contains(seat) {
                        d
                    } else {
                        d + 1e6 - f64::from(st.totals[seat])
                    }
                }
            };
        }
        let mut o = rank_by_score(&key[..n]);
        for seat in Seat::all(n) {
            o[seat].score = f64::from(st.totals[seat]);
        }
        Some(o)
    }

    fn stats(&self, st: &OgorekState, out: &mut Vec<f64>) {
        out.clear();
        let done = f64::from(st.deal - u16::from(!st.over)).max(1.0);
        let t = &st.tally;
        let winner = match self.outcome(st) {
            Some(o) => Seat::all(self.n())
                .filter(|&s| o[s].place == 1)
                .map(|s| f64::from(st.totals[s]))
                .fold(f64::INFINITY, f64::min),
            None => 0.0,
        };
        out.extend([
            f64::from(st.deal),
            f64::from(t.points) / done,
            f64::from(t.tied),
            f64::from(t.ace_lasts) / done,
            f64::from(t.kontra_deals),
            f64::from(t.king_losses),
            f64::from(t.shared_outs),
            winner,
        ]);
    }

    fn check_invariants(&self, st: &OgorekState) -> Result<(), String> {
        let n = self.n();
        st.out.check(n)?;
        let play = &st.play;
        play.check()?;
        if st.over != (st.out.remaining(n) <= 1) {
            return Err("the game is over exactly when at most one player is left".into());
        }
        let active = play.active();
        for seat in Seat::all(n) {
            let is_in = !st.out.is_out(seat);
            if !st.over && is_in != active.contains(seat) {
                return Err(format!("seat {seat} in/out does not match the deal"));
            }
            if is_in && st.totals[seat] >= self.target {
                return Err(format!("seat {seat} at {} is still in", st.totals[seat]));
            }
            if !is_in && st.totals[seat] < self.target && !st.king_out.contains(seat) {
                return Err(format!("seat {seat} is out at {}", st.totals[seat]));
            }
            if (st.out_deal[seat] != 0) == is_in {
                return Err(format!("seat {seat}'s deal out is wrong"));
            }
        }
        if !st.over {
            let tricks = play.tricks_played();
            for seat in active.iter() {
                let want = HAND - tricks - usize::from(play.trick().card_of(seat).is_some());
                if play.hand_len(seat) != want {
                    return Err(format!("seat {seat} holds {} cards", play.hand_len(seat)));
                }
            }
            if st.out.is_out(st.dealer) {
                return Err("the dealer is out".into());
            }
            let last = tricks == HAND - 1;
            if (*play.order() == self.last_order) != last {
                return Err("the ace is low exactly in the last trick".into());
            }
            if st.asking.is_some() && !play.record().played().is_empty() {
                return Err("kontra asked after the play began".into());
            }
            if !self.kontra && (st.asking.is_some() || st.callers.0 != 0) {
                return Err("kontra without the variant".into());
            }
        }
        let scored: u32 = Seat::all(n).map(|s| st.totals[s]).sum();
        if scored != st.tally.points {
            return Err("totals do not add up to the points scored".into());
        }
        Ok(())
    }
}

impl TrickTaking for Ogorek {
    fn trick_play<'s>(&self, st: &'s OgorekState) -> Option<&'s TrickPlay> {
        Some(&st.play).filter(|p| st.asking.is_none() && !st.over && !p.is_over())
    }

    fn teams(&self) -> Teams {
        Teams::solo(self.n())
    }

    fn card(action: OgorekAction) -> Option<Card> {
        match action {
            OgorekAction::Play(c) => Some(c),
            _ => None,
        }
    }
}

mod deal_text;
pub mod encoding;
#[cfg(test)]
mod tests;

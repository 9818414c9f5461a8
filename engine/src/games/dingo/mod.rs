//! Dingo (Cleveland, Ohio): four players discard and pass their way down to six cards, then
//! hunt the thirteen diamond *rabbits* in order, 2 to ace. The holder of the heart of the
//! rabbit's rank (the *dingo*) must play it; the black cards of that rank (the *wolves*) may
//! follow, and the last wolf played catches the rabbit.
//!
//! - **Players:** 4, each for himself. **Deck:** the 40 clubs, spades and hearts plus the A♦,
//!   ten cards each. The 2♦ to K♦ (the rabbits) lie face up in order; the first dealer is
//!   seat 3, so seat 0 sits at his left.
//! - **Discards and passes:** starting with the dealer, each player discards one card that is
//!   not an ace, face up (public). Then each in turn from the dealer passes one card, face down:
//!   to the left; after the second discard, across (dealer to his partner-seat, then the
//!   dealer's left to the dealer's right, then back); after the third, to the right. A fourth
//!   discard leaves six cards each. Only the receiver sees a passed card; a received card may
//!   be passed on.
//! - **Hunts 2 to K:** the holder of the dingo (♥ of the rank) must play it; if it was
//!   discarded the hunt is void and the rabbit is discarded. The three others in turn may each
//!   play one wolf (♣ or ♠ of the rank) or pass. One wolf: its player takes it and the rabbit
//!   (score pile), the dingo goes to the dingo player's score pile. Two wolves: the second
//!   catches the rabbit, the dingo player takes the dingo and the first wolf. No wolf: the
//!   rabbit is discarded and the dingo goes to the dingo player's penalty pile.
//! - **The ace hunt:** the A♥ is played; the others in turn, then the dingo player, may play
//!   one or both black aces, and the A♦ holder plays the A♦ if both wolves are down by the end
//!   of his wolves in his turn (compulsory, as every red card must be played). Wolves score for
//!   their players; the dingo scores for its player unless it was the only card played
//!   (penalty); an A♦ not played goes to its holder's penalty pile.
//! - **Scoring:** A♦ 10 (3 in a penalty pile), other aces 3, tens and courts 2, nine and lower
//!   1; score pile minus penalty pile. Highest score wins; a tie goes to the tied player with
//!   the highest rabbit in his score pile (the A♦ highest), and is shared if none has one. One
//!   deal is the game.
//! - **Statistics:** `rabbits_caught` (of 13), `void_hunts` (dingo discarded),
//!   `lone_dingos` (dingo played, no wolf), `two_wolf_hunts`, `ace_rabbit_played`,
//!   `winning_score`, `rabbit_tie_break` (1 when the rabbit rule decided the winner),
//!   `shared_win`.
//!
//! Rulings are in `docs/rules/dingo.md`, each with its test.
//!
//! ```
//! use cardsim_engine::games::dingo::Dingo;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Dingo::new(4, &Params::new()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[0], &mut rng);
//! }
//! assert!(game.outcome(&state).is_some());
//! ```

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, Params, ToMove,
};
use crate::seat::Seat;
use crate::tricks::{sample_deal_into, HiddenHand};
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// The four players' deck: clubs, spades, hearts and the A♦.
pub const DECK: CardSet = CardSet::CLUBS
    .union(CardSet::SPADES)
    .union(CardSet::HEARTS)
    .union(CardSet::from_bits(1 << (16 + 15)));
/// The A♦, the last rabbit.
pub const ACE_RABBIT: Card = Card::new(Rank::Ace, Suit::Diamonds);
/// The rabbits on the table at the start: 2♦ to K♦.
pub const RABBITS: CardSet = CardSet::DIAMONDS.difference(DECK);
/// The black cards (the wolves).
pub const BLACK: CardSet = CardSet::CLUBS.union(CardSet::SPADES);
/// The aces.
pub const ACES: CardSet = CardSet::rank_mask(Rank::Ace);
/// The seat that deals.
pub const DEALER: Seat = Seat::new(3);
/// Steps before the hunts: four rounds of four discards with three rounds of four passes
/// between them.
pub const SETUP_STEPS: u8 = 28;
/// The hunts: 2 to king, then the ace.
pub const HUNTS: u8 = 13;

/// A card's points in a score pile: A♦ 10, other aces 3, tens and courts 2, others 1.
///
/// ```
/// use cardsim_engine::games::dingo::{penalty_points, score_points};
/// let c = |s: &str| s.parse().unwrap();
/// assert_eq!(score_points(c("AD")), 10);
/// assert_eq!(penalty_points(c("AD")), 3);
/// assert_eq!(score_points(c("AS")), 3);
/// assert_eq!(score_points(c("TH")), 2);
/// assert_eq!(score_points(c("9C")), 1);
/// ```
pub fn score_points(card: Card) -> i32 {
    if card == ACE_RABBIT {
        10
    } else {
        penalty_points(card)
    }
}

/// A card's points in a penalty pile: as [`score_points`], but the A♦ counts 3.
pub fn penalty_points(card: Card) -> i32 {
    match card.rank() {
        Rank::Ace => 3,
        r if r >= Rank::Ten => 2,
        _ => 1,
    }
}

/// The points of a score pile.
pub fn pile_score(pile: CardSet) -> i32 {
    pile.iter().map(score_points).sum()
}

/// The points of a penalty pile.
pub fn pile_penalty(pile: CardSet) -> i32 {
    pile.iter().map(penalty_points).sum()
}

/// The rank hunted in hunt `h` (0 = the twos, 12 = the aces).
pub const fn hunt_rank(h: u8) -> Rank {
    Rank::ALL[h as usize]
}

/// The phase of one step of the discards and passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setup {
    /// `seat` discards.
    Discard {
        /// Who discards.
        seat: Seat,
    },
    /// `seat` passes a card to `to` in passing round `round` (0 left, 1 across, 2 right).
    Pass {
        /// Who passes.
        seat: Seat,
        /// Who receives.
        to: Seat,
        /// The passing round.
        round: u8,
    },
}

/// Step `step` (0 to 27) of the discards and passes.
///
/// ```
/// use cardsim_engine::games::dingo::{setup_step, Setup};
/// use cardsim_engine::Seat;
/// assert_eq!(setup_step(0), Setup::Discard { seat: Seat::new(3) }); // the dealer first
/// // Across: the dealer's left passes to the dealer's right.
/// assert_eq!(setup_step(13), Setup::Pass { seat: Seat::new(0), to: Seat::new(2), round: 1 });
/// // Right: the dealer passes first, to his right.
/// assert_eq!(setup_step(20), Setup::Pass { seat: Seat::new(3), to: Seat::new(2), round: 2 });
/// ```
pub const fn setup_step(step: u8) -> Setup {
    let block = step / 4;
    let seat = DEALER.left((step % 4) as usize, 4);
    if block % 2 == 0 {
        Setup::Discard { seat }
    } else {
        let round = block / 2;
        Setup::Pass {
            seat,
            to: seat.left(round as usize + 1, 4),
            round,
        }
    }
}

/// A Dingo move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DingoAction {
    /// Discard a card face up (never an ace).
    Discard(Card),
    /// Pass a card face down to the round's receiver.
    Pass(Card),
    /// Play a wolf (a black card of the hunted rank).
    Wolf(Card),
    /// Play no (more) wolves this turn.
    NoWolf,
}

impl fmt::Display for DingoAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DingoAction::Discard(c) => write!(f, "discard {c}"),
            DingoAction::Pass(c) => write!(f, "pass {c}"),
            DingoAction::Wolf(c) => write!(f, "wolf {c}"),
            DingoAction::NoWolf => write!(f, "no wolf"),
        }
    }
}

/// The hunt in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hunt {
    /// The hunt: 0 for the twos up to 12 for the aces; 13 once all are done.
    pub index: u8,
    /// The dingo player, once the dingo is played.
    pub dingo: Option<Seat>,
    /// How many of the turns after the dingo are over (three in hunts 2 to K, four in the ace
    /// hunt, the dingo player's last).
    pub turn: u8,
    /// The wolves played, in order.
    pub wolves: [Option<(Seat, Card)>; 2],
    /// Who played the A♦, once played.
    pub rabbit: Option<Seat>,
    /// Seats shown not to hold the A♦: their ace-hunt turn ended with both wolves down and
    /// the A♦ not played.
    pub no_rabbit: u8,
}

impl Hunt {
    /// The rank hunted.
    pub fn rank(&self) -> Rank {
        hunt_rank(self.index.min(12))
    }

    /// How many wolves are down.
    pub fn wolf_count(&self) -> usize {
        self.wolves.iter().flatten().count()
    }

    /// The seat whose turn it is after the dingo (the dingo player's last turn in the ace
    /// hunt).
    pub fn seat(&self) -> Option<Seat> {
        self.dingo.map(|d| d.left(1 + self.turn as usize, 4))
    }
}

/// Running statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Rabbits caught (the A♦ included when played).
    pub caught: u8,
    /// Hunts whose dingo had been discarded.
    pub void: u8,
    /// Hunts in which the dingo alone was played.
    pub lone: u8,
    /// Hunts with two wolves.
    pub two_wolves: u8,
}

/// A complete Dingo position. The 52 cards are partitioned by the hands, the discards, the
/// score and penalty piles, the cards of the hunt in progress, the discarded rabbits and the
/// rabbits still to hunt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DingoState {
    pub(crate) hands: [CardSet; 4],
    pub(crate) discards: [CardSet; 4],
    pub(crate) score: [CardSet; 4],
    pub(crate) penalty: [CardSet; 4],
    /// Rabbits discarded (no catch).
    pub(crate) lost: CardSet,
    /// The dingo, wolves and A♦ of the hunt in progress.
    pub(crate) table: CardSet,
    /// The card each seat passed in each round (`None` where not known, in a determinization).
    pub(crate) passes: [[Option<Card>; 3]; 4],
    /// For each seat's passed card, the seats that seat knows may hold it now.
    pub(crate) reach: [[u8; 3]; 4],
    pub(crate) step: u8,
    pub(crate) hunt: Hunt,
    pub(crate) over: bool,
    pub(crate) tally: Tally,
}

impl DingoState {
    /// `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }
    /// `seat`'s discards.
    pub fn discards(&self, seat: Seat) -> CardSet {
        self.discards[seat.index()]
    }
    /// `seat`'s score pile.
    pub fn score_pile(&self, seat: Seat) -> CardSet {
        self.score[seat.index()]
    }
    /// `seat`'s penalty pile.
    pub fn penalty_pile(&self, seat: Seat) -> CardSet {
        self.penalty[seat.index()]
    }
    /// `seat`'s score: score pile minus penalty pile.
    pub fn points(&self, seat: Seat) -> i32 {
        pile_score(self.score[seat.index()]) - pile_penalty(self.penalty[seat.index()])
    }
    /// The step of the discards and passes (28 once the hunts have begun).
    pub fn step(&self) -> u8 {
        self.step
    }
    /// The hunt in progress.
    pub fn hunt(&self) -> &Hunt {
        &self.hunt
    }
    /// The running statistics.
    pub fn tally(&self) -> Tally {
        self.tally
    }
}

/// What one seat knows: its hand, every public card (discards, piles, the hunt's table), each
/// hand's size, the cards it passed (with the seats that may hold each now) and received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DingoObservation {
    /// The observer.
    pub seat: Seat,
    /// Its hand.
    pub hand: CardSet,
    /// Every seat's number of cards.
    pub hand_sizes: [u8; 4],
    /// Each seat's discards.
    pub discards: [CardSet; 4],
    /// Score piles.
    pub score: [CardSet; 4],
    /// Penalty piles.
    pub penalty: [CardSet; 4],
    /// Rabbits discarded.
    pub lost: CardSet,
    /// Cards of the hunt in progress.
    pub table: CardSet,
    /// The cards it passed, per round.
    pub passed: [Option<Card>; 3],
    /// For each card it passed, the seats that may hold it now (a bit per seat).
    pub reach: [u8; 3],
    /// The cards it received, per round.
    pub received: [Option<Card>; 3],
    /// The setup step (28 once hunting).
    pub step: u8,
    /// The hunt in progress.
    pub hunt: Hunt,
    /// True at the end.
    pub over: bool,
    /// The public statistics.
    pub tally: Tally,
}

impl DingoObservation {
    /// The cards the observer has not seen: in the other hands.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand | self.table;
        for s in 0..4 {
            seen |= self.discards[s] | self.score[s] | self.penalty[s];
        }
        DECK - seen
    }
}

/// The rules of Dingo (no variants: the page's one deal is the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dingo;

impl Dingo {
    /// Moves `card` from `seat`'s hand to the table.
    fn to_table(st: &mut DingoState, seat: Seat, card: Card) {
        debug_assert!(st.hands[seat.index()].contains(card));
        st.hands[seat.index()].remove(card);
        st.table.insert(card);
    }

    /// Starts hunts and settles everything that needs no decision, until a seat must decide
    /// or the game is over.
    fn advance(st: &mut DingoState) {
        loop {
            let h = &mut st.hunt;
            if h.index >= HUNTS {
                st.over = true;
                return;
            }
            let rank = h.rank();
            let Some(dingo) = h.dingo else {
                let card = Card::new(rank, Suit::Hearts);
                match (0..4).find(|&s| st.hands[s].contains(card)) {
                    None => {
                        // The dingo was discarded: the hunt is void.
                        st.lost.insert(Card::new(rank, Suit::Diamonds));
                        st.tally.void += 1;
                        st.hunt = Hunt {
                            index: st.hunt.index + 1,
                            ..Hunt::default()
                        };
                    }
                    Some(s) => {
                        Self::to_table(st, Seat::new(s), card);
                        st.hunt.dingo = Some(Seat::new(s));
                    }
                }
                continue;
            };
            let wolves_in_hands = (0..4).fold(CardSet::EMPTY, |a, s| a | st.hands[s])
                & BLACK
                & CardSet::rank_mask(rank);
            if rank != Rank::Ace {
                if h.turn >= 3 || h.wolf_count() == 2 || wolves_in_hands.is_empty() {
                    Self::resolve(st, dingo);
                    continue;
                }
                return;
            }
            if h.turn >= 4 {
                Self::resolve(st, dingo);
                continue;
            }
            if h.wolf_count() == 2 {
                let seat = h.seat().expect("the dingo is down");
                Self::end_ace_turn(st, seat);
                continue;
            }
            return;
        }
    }

    /// Ends `seat`'s turn in the ace hunt; with both wolves down, it plays the A♦ if it holds it (else shows
    /// it does not), and its turn ends.
    fn end_ace_turn(st: &mut DingoState, seat: Seat) {
        if st.hunt.wolf_count() == 2 {
            if st.hands[seat.index()].contains(ACE_RABBIT) {
                Self::to_table(st, seat, ACE_RABBIT);
                st.hunt.rabbit = Some(seat);
            } else {
                st.hunt.no_rabbit |= 1 << seat.index();
            }
        }
        st.hunt.turn += 1;
    }

    /// Scores the finished hunt and moves to the next.
    fn resolve(st: &mut DingoState, dingo: Seat) {
        let h = st.hunt;
        let rank = h.rank();
        let d = dingo.index();
        let dingo_card = Card::new(rank, Suit::Hearts);
        let wolves: [_; 2] = h.wolves;
        if rank != Rank::Ace {
            let rabbit = Card::new(rank, Suit::Diamonds);
            match wolves {
                [None, _] => {
                    st.penalty[d].insert(dingo_card);
                    st.lost.insert(rabbit);
                    st.tally.lone += 1;
                }
                [Some((w, c)), None] => {
                    st.score[w.index()] |= CardSet::from_card(c).with(rabbit);
                    st.score[d].insert(dingo_card);
                    st.tally.caught += 1;
                }
                [Some((_, c1)), Some((w2, c2))] => {
                    st.score[w2.index()] |= CardSet::from_card(c2).with(rabbit);
                    st.score[d] |= CardSet::from_card(c1).with(dingo_card);
                    st.tally.caught += 1;
                    st.tally.two_wolves += 1;
                }
            }
        } else {
            match wolves {
                [None, _] => {
                    st.penalty[d].insert(dingo_card);
                    st.tally.lone += 1;
                }
                _ => {
                    st.score[d].insert(dingo_card);
                    for (w, c) in wolves.into_iter().flatten() {
                        st.score[w.index()].insert(c);
                    }
                    if h.wolf_count() == 2 {
                        st.tally.two_wolves += 1;
                    }
                }
            }
            let holder = (0..4)
                .find(|&s| st.hands[s].contains(ACE_RABBIT))
                .map(Seat::new);
            if let Some(p) = h.rabbit {
                st.score[p.index()].insert(ACE_RABBIT);
                st.tally.caught += 1;
            }
            if let Some(s) = holder {
                // Not played: shown, and into its holder's penalty pile.
                st.hands[s.index()].remove(ACE_RABBIT);
                st.penalty[s.index()].insert(ACE_RABBIT);
            }
        }
        st.table = CardSet::EMPTY;
        st.hunt = Hunt {
            index: h.index + 1,
            ..Hunt::default()
        };
    }

    /// The number of cards `seat` should hold before setup step `step`.
    fn setup_hand_size(seat: Seat, step: u8) -> usize {
        let mut n = 10i32;
        for k in 0..step.min(SETUP_STEPS) {
            match setup_step(k) {
                Setup::Discard { seat: s } if s == seat => n -= 1,
                Setup::Pass { seat: s, .. } if s == seat => n -= 1,
                Setup::Pass { to, .. } if to == seat => n += 1,
                _ => {}
            }
        }
        n as usize
    }

    /// Updates every seat's knowledge of where its passed cards are after `from` passed `card`
    /// to `to`.
    fn note_pass(st: &mut DingoState, from: Seat, to: Seat, card: Card) {
        for p in 0..4 {
            for r in 0..3 {
                let Some(c) = st.passes[p][r] else { continue };
                let m = &mut st.reach[p][r];
                if p == from.index() || p == to.index() {
                    // The passer and the receiver see the card.
                    if c == card {
                        *m = 1 << to.index();
                    }
                } else if *m & 1 << from.index() != 0 {
                    *m |= 1 << to.index();
                }
            }
        }
    }
}

impl Game for Dingo {
    type State = DingoState;
    type Action = DingoAction;
    type Observation = DingoObservation;

    const INFO: GameInfo = GameInfo {
        name: "dingo",
        title: "Dingo",
        min_players: 4,
        max_players: 4,
        default_players: 4,
        params: &[],
        stats: &[
            "rabbits_caught",
            "void_hunts",
            "lone_dingos",
            "two_wolf_hunts",
            "ace_rabbit_played",
            "winning_score",
            "rabbit_tie_break",
            "shared_win",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        check_players(&Self::INFO, players)?;
        params.check_keys(&Self::INFO)?;
        Ok(Dingo)
    }

    fn players(&self) -> usize {
        4
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> DingoState {
        let mut cards = [Card::from_index(2); 40];
        for (slot, c) in cards.iter_mut().zip(DECK) {
            *slot = c;
        }
        cards.shuffle(rng);
        let mut hands = [CardSet::EMPTY; 4];
        for (i, &c) in cards.iter().enumerate() {
            hands[DEALER.left(1 + i, 4).index()].insert(c);
        }
        DingoState {
            hands,
            discards: [CardSet::EMPTY; 4],
            score: [CardSet::EMPTY; 4],
            penalty: [CardSet::EMPTY; 4],
            lost: CardSet::EMPTY,
            table: CardSet::EMPTY,
            passes: [[None; 3]; 4],
            reach: [[0; 3]; 4],
            step: 0,
            hunt: Hunt::default(),
            over: false,
            tally: Tally::default(),
        }
    }

    fn to_move(&self, st: &DingoState) -> ToMove {
        if st.over {
            ToMove::Over
        } else if st.step < SETUP_STEPS {
            match setup_step(st.step) {
                Setup::Discard { seat } | Setup::Pass { seat, .. } => ToMove::Seat(seat),
            }
        } else {
            ToMove::Seat(st.hunt.seat().expect("a decision waits in a hunt"))
        }
    }

    fn legal_actions(&self, st: &DingoState, out: &mut Vec<DingoAction>) {
        out.clear();
        if st.over {
            return;
        }
        if st.step < SETUP_STEPS {
            match setup_step(st.step) {
                Setup::Discard { seat } => out.extend(
                    (st.hands[seat.index()] - ACES)
                        .iter()
                        .map(DingoAction::Discard),
                ),
                Setup::Pass { seat, .. } => {
                    out.extend(st.hands[seat.index()].iter().map(DingoAction::Pass))
                }
            }
            return;
        }
        let seat = st.hunt.seat().expect("a decision waits in a hunt");
        let wolves = st.hands[seat.index()] & BLACK & CardSet::rank_mask(st.hunt.rank());
        out.extend(wolves.iter().map(DingoAction::Wolf));
        out.push(DingoAction::NoWolf);
    }

    fn apply<R: Rng + ?Sized>(&self, st: &mut DingoState, action: DingoAction, _rng: &mut R) {
        let ToMove::Seat(seat) = self.to_move(st) else {
            panic!("Dingo action {action} after the end")
        };
        let s = seat.index();
        match action {
            DingoAction::Discard(c) => {
                assert!(
                    st.step < SETUP_STEPS && st.hands[s].contains(c) && c.rank() != Rank::Ace,
                    "illegal Dingo discard {c}"
                );
                st.hands[s].remove(c);
                st.discards[s].insert(c);
                st.step += 1;
                if st.step == SETUP_STEPS {
                    Self::advance(st);
                }
            }
            DingoAction::Pass(c) => {
                let Setup::Pass { to, round, .. } = setup_step(st.step) else {
                    panic!("illegal Dingo pass {c}")
                };
                assert!(st.hands[s].contains(c), "illegal Dingo pass {c}");
                st.hands[s].remove(c);
                st.hands[to.index()].insert(c);
                Self::note_pass(st, seat, to, c);
                st.passes[s][round as usize] = Some(c);
                st.reach[s][round as usize] = 1 << to.index();
                st.step += 1;
            }
            DingoAction::Wolf(c) => {
                let rank = st.hunt.rank();
                assert!(
                    st.step >= SETUP_STEPS
                        && c.rank() == rank
                        && BLACK.contains(c)
                        && st.hands[s].contains(c),
                    "illegal Dingo wolf {c}"
                );
                Self::to_table(st, seat, c);
                let slot = st.hunt.wolf_count();
                st.hunt.wolves[slot] = Some((seat, c));
                if rank != Rank::Ace {
                    st.hunt.turn += 1;
                } else if st.hunt.wolf_count() == 2 {
                    Self::end_ace_turn(st, seat);
                }
                Self::advance(st);
            }
            DingoAction::NoWolf => {
                assert!(st.step >= SETUP_STEPS, "no wolf outside a hunt");
                if st.hunt.rank() == Rank::Ace {
                    Self::end_ace_turn(st, seat);
                } else {
                    st.hunt.turn += 1;
                }
                Self::advance(st);
            }
        }
    }

    fn observe(&self, st: &DingoState, seat: Seat) -> DingoObservation {
        let s = seat.index();
        DingoObservation {
            seat,
            hand: st.hands[s],
            hand_sizes: st.hands.map(|h| h.len() as u8),
            discards: st.discards,
            score: st.score,
            penalty: st.penalty,
            lost: st.lost,
            table: st.table,
            passed: st.passes[s],
            reach: st.reach[s],
            received: [0, 1, 2].map(|r| st.passes[seat.left(4 - 1 - r, 4).index()][r]),
            step: st.step,
            hunt: st.hunt,
            over: st.over,
            tally: st.tally,
        }
    }

    /// Uniform over the deals of the unseen cards to the other three hands that give each its
    /// known size, keep every card the observer passed (and has not seen since) among the
    /// seats it may have reached, and keep the A♦ out of the hands that showed they lack it.
    ///
    /// # Panics
    /// If the observation admits no deal (it never does in a real game).
    fn determinize<R: Rng + ?Sized>(&self, obs: &DingoObservation, rng: &mut R) -> DingoState {
        let me = obs.seat.index();
        let unseen = obs.unseen();
        let others: [usize; 3] = [1, 2, 3].map(|k| (me + k) % 4);
        let mut spec = [HiddenHand {
            count: 0,
            excluded: CardSet::EMPTY,
        }; 3];
        for (i, &o) in others.iter().enumerate() {
            spec[i].count = obs.hand_sizes[o] as usize;
            for r in 0..3 {
                if let Some(c) = obs.passed[r] {
                    if unseen.contains(c) && obs.reach[r] & 1 << o == 0 {
                        spec[i].excluded.insert(c);
                    }
                }
            }
            if obs.hunt.no_rabbit & 1 << o != 0 {
                spec[i].excluded.insert(ACE_RABBIT);
            }
        }
        let mut out = [CardSet::EMPTY; 4];
        assert!(
            sample_deal_into(unseen, &spec, &mut out, rng),
            "a Dingo observation always has a consistent deal"
        );
        let mut hands = [CardSet::EMPTY; 4];
        hands[me] = obs.hand;
        for (i, &o) in others.iter().enumerate() {
            hands[o] = out[i];
        }
        let mut passes = [[None; 3]; 4];
        let mut reach = [[0; 3]; 4];
        passes[me] = obs.passed;
        reach[me] = obs.reach;
        for r in 0..3 {
            let giver = obs.seat.left(4 - 1 - r, 4).index();
            passes[giver][r] = obs.received[r];
            // What the giver knows of it afterwards is not the observer's to know: it is left
            // as "anywhere" (the giver's own view is not asked of this state).
            reach[giver][r] = 0xF;
        }
        DingoState {
            hands,
            discards: obs.discards,
            score: obs.score,
            penalty: obs.penalty,
            lost: obs.lost,
            table: obs.table,
            passes,
            reach,
            step: obs.step,
            hunt: obs.hunt,
            over: obs.over,
            tally: obs.tally,
        }
    }

    /// Discards and hunt plays are public; a passed card is seen by its receiver only.
    fn observe_action(
        &self,
        st: &DingoState,
        action: DingoAction,
        viewer: Seat,
    ) -> Option<DingoAction> {
        match action {
            DingoAction::Pass(_) => match setup_step(st.step) {
                Setup::Pass { to, .. } if to == viewer => Some(action),
                _ => None,
            },
            _ => Some(action),
        }
    }

    fn outcome(&self, st: &DingoState) -> Option<Outcome> {
        if !st.over {
            return None;
        }
        let mut key = [0.0; 4];
        for s in Seat::all(4) {
            key[s.index()] =
                f64::from(st.points(s)) * 16.0 + f64::from(best_rabbit(st.score[s.index()]));
        }
        let mut o = rank_by_score(&key);
        for s in Seat::all(4) {
            o[s].score = f64::from(st.points(s));
        }
        Some(o)
    }

    fn stats(&self, st: &DingoState, out: &mut Vec<f64>) {
        out.clear();
        let points: [i32; 4] = [0, 1, 2, 3].map(|s| st.points(Seat::new(s)));
        let top = *points.iter().max().expect("four seats");
        let tied = points.iter().filter(|&&p| p == top).count();
        let (tie_break, shared) = match self.outcome(st) {
            Some(o) if st.over => {
                let winners = Seat::all(4).filter(|&s| o[s].win > 0.0).count();
                (
                    f64::from(u8::from(tied > 1 && winners == 1)),
                    f64::from(u8::from(winners > 1)),
                )
            }
            _ => (0.0, 0.0),
        };
        out.extend([
            f64::from(st.tally.caught),
            f64::from(st.tally.void),
            f64::from(st.tally.lone),
            f64::from(st.tally.two_wolves),
            f64::from(u8::from((0..4).any(|s| st.score[s].contains(ACE_RABBIT)))),
            f64::from(top),
            tie_break,
            shared,
        ]);
    }

    fn check_invariants(&self, st: &DingoState) -> Result<(), String> {
        let mut all = CardSet::EMPTY;
        let mut add = |set: CardSet, what: &str| -> Result<(), String> {
            if !all.is_disjoint(set) {
                return Err(format!("{what} overlaps other cards"));
            }
            all |= set;
            Ok(())
        };
        for s in 0..4 {
            add(st.hands[s], "a hand")?;
            add(st.discards[s], "a discard pile")?;
            add(st.score[s], "a score pile")?;
            add(st.penalty[s], "a penalty pile")?;
            if !(st.discards[s] & ACES).is_empty() {
                return Err(format!("seat {s} discarded an ace"));
            }
        }
        add(st.table, "the table")?;
        add(st.lost, "the discarded rabbits")?;
        let waiting: CardSet = RABBITS
            .iter()
            .filter(|c| c.rank() >= st.hunt.rank() && st.hunt.index < 12)
            .collect();
        add(waiting, "the rabbits to hunt")?;
        if all != CardSet::FULL_DECK {
            return Err(format!("cards not conserved: {} placed", all.len()));
        }
        for s in Seat::all(4) {
            let discards = st.discards[s.index()].len();
            let want_discards = (0..st.step.min(SETUP_STEPS))
                .filter(|&k| setup_step(k) == Setup::Discard { seat: s })
                .count();
            if discards != want_discards {
                return Err(format!(
                    "seat {s} made {discards} discards, not {want_discards}"
                ));
            }
            if st.step < SETUP_STEPS
                && st.hands[s.index()].len() != Self::setup_hand_size(s, st.step)
            {
                return Err(format!(
                    "seat {s} holds {} cards",
                    st.hands[s.index()].len()
                ));
            }
            for r in 0..3 {
                let Some(c) = st.passes[s.index()][r] else {
                    continue;
                };
                if let Some(h) = (0..4).find(|&h| st.hands[h].contains(c)) {
                    if st.reach[s.index()][r] & 1 << h == 0 {
                        return Err(format!("seat {s}'s passed {c} is where it cannot be"));
                    }
                }
            }
        }
        if st.step < SETUP_STEPS {
            if st.hunt != Hunt::default() || !st.table.is_empty() {
                return Err("a hunt before the passes are over".into());
            }
        } else if !st.over {
            let h = &st.hunt;
            if h.dingo.is_none() || h.index >= HUNTS {
                return Err("no decision in the hunt".into());
            }
        }
        if st.over {
            let red = st.hands.iter().fold(CardSet::EMPTY, |a, &b| a | b) - BLACK;
            if !red.is_empty() {
                return Err(format!("red cards {red} left in hand at the end"));
            }
        }
        Ok(())
    }
}

/// The strength of the highest rabbit in a score pile: 0 for none, 2 to 13 for 2♦ to K♦,
/// 14 for the A♦.
pub fn best_rabbit(score: CardSet) -> u8 {
    (score & CardSet::DIAMONDS)
        .iter()
        .map(|c| {
            if c == ACE_RABBIT {
                14
            } else {
                c.rank().number()
            }
        })
        .max()
        .unwrap_or(0)
}

mod deal_text;
pub mod encoding;
#[cfg(test)]
mod tests;

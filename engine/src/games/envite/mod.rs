//! Envite, the Canary Islands' partnership game: 4 to 12 players in two teams, three cards
//! each, an enlarged trump suit that grows with the table, a stake negotiated between the two
//! captains, the *trawl* (a trump lead that must be followed with a trump on pain of losing the
//! hand), lying down at 11, games to 12 and a best-of-three match.
//!
//! - **Table:** `players` from 4 to 12. The table has an even number of *places*: the players,
//!   plus a dummy place when the count is odd. Places alternate between the teams: team 0 holds
//!   the even places, team 1 the odd ones. The captains are seats 0 (team 0) and 1 (team 1).
//!   With an odd count the dummy is the last place (index `players`, in team 1, the team one
//!   player short); it is dealt a hand and plays in turn, its cards chosen by captain 1, who
//!   sees its hand ([`Game::to_move`] names seat 1, the legal actions are the dummy's cards).
//! - **Deck:** the Spanish 40-card pack as A, 2-7, J, Q, K of the four French suits. Three cards
//!   to each place; the next card is turned face up: its printed suit is trumps. It stays on
//!   the table, out of play, with the unused stub.
//! - **Order:** plain suits K Q J A 7 6 5 4 3 2. Trumps 2 K Q J A 7 6 5 4 3, and above them,
//!   with 6+ places, 3♣ Q♣ J♦ (highest first), then 5♦ (8+), 2♦ (10+) and A♦ (12) on top.
//!   These extra trumps follow as trumps whatever their printed suit, and they rank only at
//!   their special place even when their printed suit is trumps.
//! - **Stake:** before the first lead the captains negotiate, the captain of the leader's team
//!   first: each may pass or raise (2 → 4 → 7 → 9 → the game). Two passes play the hand at 2.
//!   A raise must be answered: fold (the raisers win the hand at the stake before the raise),
//!   accept (play at the raise) or raise again. A hand "for the game" wins the game.
//! - **Play:** the leader is the place to the dealer's left (the page plays to the right; the
//!   mirror image changes nothing). Follow suit (trumps including the extra trumps) if able,
//!   else play anything. **Trawl:** when a trump is led, the first player in turn who holds no
//!   trump loses the hand for his team at once; the opponents score the stake plus 2. Otherwise
//!   the first team to take two tricks wins the hand and scores the stake.
//! - **Lying down:** scores stop at 11. A team at 11 is lying down: there is no negotiation;
//!   its captain forfeits (the opponents score 1) or plays (lose: the opponents score 3, or 5
//!   after a trawl; win: the game). Both at 11: the hand is played and decides the game.
//! - **Match:** `games` (3): best of three; the first team to win a majority wins the match.
//!   The deal passes to the left, over every place (the dummy's included), through the match.
//!
//! Signals between partners are not modelled (they cannot be simulated): by default every
//! player, captains included, sees only his own hand (and captain 1 the dummy's);
//! `captain_sees_team=true` models perfect signalling: each captain sees his whole team's hands.
//! Rulings are in `docs/rules/envite.md`.
//!
//! ```
//! use cardsim_engine::games::envite::Envite;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Envite::new(5, &Params::parse(&["games=1"]).unwrap()).unwrap();
//! assert_eq!(game.places(), 6); // five players and a dummy
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[legal.len() - 1], &mut rng);
//! }
//! assert!(game.outcome(&state).is_some());
//! ```

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove,
};
use crate::seat::{Seat, SeatMask};
use crate::tricks::{CardOrder, Obligation, Teams, TieBreak, TrickPlay, TrickTaking};
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

#[cfg(test)]
mod tests;

/// A team's score at which it lies down (points above it are ignored).
pub const LYING_DOWN: u32 = 11;

/// The ranks of the Spanish pack: A, 2-7, J, Q, K.
pub const RANKS: [Rank; 10] = [
    Rank::Ace,
    Rank::Two,
    Rank::Three,
    Rank::Four,
    Rank::Five,
    Rank::Six,
    Rank::Seven,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
];

/// The extra trumps in the order they join the trump suit (each ranking above the previous
/// ones): 3♣ Q♣ J♦ come in together at six places (J♦ lowest, 3♣ highest), then 5♦, 2♦, A♦.
pub const EXTRA_TRUMPS: [(Rank, Suit); 6] = [
    (Rank::Jack, Suit::Diamonds),
    (Rank::Queen, Suit::Clubs),
    (Rank::Three, Suit::Clubs),
    (Rank::Five, Suit::Diamonds),
    (Rank::Two, Suit::Diamonds),
    (Rank::Ace, Suit::Diamonds),
];

/// The number of extra trumps at a table of `places` places: 0 (4), 3 (6), 4 (8), 5 (10),
/// 6 (12).
pub const fn extra_trumps(places: usize) -> usize {
    match places {
        0..=4 => 0,
        5..=6 => 3,
        7..=8 => 4,
        9..=10 => 5,
        _ => 6,
    }
}

/// The stake of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stake {
    /// Two stones (no raise).
    Two,
    /// Four stones.
    Four,
    /// Seven stones.
    Seven,
    /// Nine stones.
    Nine,
    /// The hand decides the game.
    Game,
}

impl Stake {
    /// Stones won with this stake (`None` for the game).
    pub const fn stones(self) -> Option<u32> {
        match self {
            Stake::Two => Some(2),
            Stake::Four => Some(4),
            Stake::Seven => Some(7),
            Stake::Nine => Some(9),
            Stake::Game => None,
        }
    }

    /// The next raise, `None` above the game.
    pub const fn raised(self) -> Option<Stake> {
        match self {
            Stake::Two => Some(Stake::Four),
            Stake::Four => Some(Stake::Seven),
            Stake::Seven => Some(Stake::Nine),
            Stake::Nine => Some(Stake::Game),
            Stake::Game => None,
        }
    }
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The captains negotiate the stake.
    Stake,
    /// The captain of the one team lying down decides whether to play the hand.
    LyingDown,
    /// The tricks.
    Play,
    /// The match is over.
    Over,
}

/// An Envite move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EnviteAction {
    /// A captain lets the stake stand (no raise pending).
    Pass,
    /// A captain raises the stake (or re-raises a pending raise).
    Raise,
    /// A captain accepts the pending raise; or, lying down, plays the hand.
    Accept,
    /// A captain refuses the pending raise, conceding the hand at the stake before it; or,
    /// lying down, forfeits the hand (the opponents score 1).
    Fold,
    /// Play a card (for the dummy, when its captain plays it).
    Play(Card),
}

impl fmt::Display for EnviteAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnviteAction::Pass => write!(f, "pass"),
            EnviteAction::Raise => write!(f, "raise"),
            EnviteAction::Accept => write!(f, "accept"),
            EnviteAction::Fold => write!(f, "fold"),
            EnviteAction::Play(c) => write!(f, "{c}"),
        }
    }
}

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// A team took two tricks.
    Tricks,
    /// A player could not follow a trump lead.
    Trawl,
    /// A captain refused a raise.
    Folded,
    /// A lying-down captain forfeited.
    Forfeit,
}

/// Counts over the match, for the statistics columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EnviteTally {
    /// Hands dealt (forfeited and folded ones included).
    pub hands: u32,
    /// Games finished.
    pub games: u32,
    /// Raises made.
    pub raises: u32,
    /// Raises refused.
    pub folds: u32,
    /// Hands played for the game (a raise to the game accepted, or both teams lying down).
    pub game_hands: u32,
    /// Tricks led with a trump (trawls).
    pub trawls: u32,
    /// Hands lost because a player could not follow a trawl.
    pub trawl_losses: u32,
    /// Hands a lying-down team chose to play.
    pub lie_down_plays: u32,
    /// Hands a lying-down team forfeited.
    pub lie_down_forfeits: u32,
    /// Stones scored (before the cap at 11).
    pub stones: u32,
}

/// An Envite match in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnviteState {
    scores: [u32; 2],
    games_won: [u32; 2],
    dealer: Seat,
    phase: Phase,
    upcard: Card,
    stake: Stake,
    pending: Option<Stake>,
    /// The team whose captain speaks in [`Phase::Stake`] or [`Phase::LyingDown`].
    speaker: u8,
    passes: u8,
    /// Teams lying down this hand (bit per team).
    lying: u8,
    /// The hands (one per place) and the tricks.
    play: TrickPlay,
    tally: EnviteTally,
}

impl EnviteState {
    /// Stones of team 0 and team 1 in the current game.
    pub const fn scores(&self) -> [u32; 2] {
        self.scores
    }
    /// Games won by team 0 and team 1.
    pub const fn games_won(&self) -> [u32; 2] {
        self.games_won
    }
    /// The dealer's place.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }
    /// Where the hand stands.
    pub const fn phase(&self) -> Phase {
        self.phase
    }
    /// The turned-up card that fixes trumps.
    pub const fn upcard(&self) -> Card {
        self.upcard
    }
    /// The stake agreed so far.
    pub const fn stake(&self) -> Stake {
        self.stake
    }
    /// A raise waiting for an answer.
    pub const fn pending(&self) -> Option<Stake> {
        self.pending
    }
    /// True when `team` is lying down this hand.
    pub const fn lying(&self, team: usize) -> bool {
        self.lying & (1 << team) != 0
    }
    /// The hands and the play of the hand.
    pub const fn play(&self) -> &TrickPlay {
        &self.play
    }
    /// The match's counts.
    pub const fn tally(&self) -> &EnviteTally {
        &self.tally
    }
}

/// What one seat knows: everything public, its own hand, and the hands it is allowed to see
/// (the dummy's for captain 1; the whole team's for a captain with `captain_sees_team`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnviteObservation {
    /// The observing seat.
    pub seat: Seat,
    /// The places whose hands the seat sees.
    pub sees: SeatMask,
    /// The dummy's place, with an odd number of players.
    pub dummy: Option<Seat>,
    /// Stones of team 0 and team 1.
    pub scores: [u32; 2],
    /// Games won by each team.
    pub games_won: [u32; 2],
    /// The dealer's place.
    pub dealer: Seat,
    /// Where the hand stands.
    pub phase: Phase,
    /// The turned-up card.
    pub upcard: Card,
    /// The stake agreed so far.
    pub stake: Stake,
    /// A raise waiting for an answer.
    pub pending: Option<Stake>,
    /// The team whose captain speaks.
    pub speaker: u8,
    /// Passes so far in the negotiation.
    pub passes: u8,
    /// Teams lying down (bit per team).
    pub lying: u8,
    /// The play, hands outside `sees` emptied.
    pub play: TrickPlay,
    /// The match's counts (public).
    pub tally: EnviteTally,
}

impl EnviteObservation {
    /// The hand the observer chooses a card from now: the place to play when the observer
    /// plays it, else its own.
    pub fn hand(&self) -> CardSet {
        self.play.hand(self.acting_place())
    }

    /// The place the observer acts for: the dummy when it is on play and the observer is its
    /// captain, else the observer's own seat.
    pub fn acting_place(&self) -> Seat {
        let p = self.play.to_play();
        if self.phase == Phase::Play && Some(p) == self.dummy && self.seat.index() == 1 {
            p
        } else {
            self.seat
        }
    }
}

/// The rules of Envite with its options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envite {
    players: usize,
    places: usize,
    games: u32,
    captain_sees_team: bool,
    deck: CardSet,
    orders: [CardOrder; 4],
}

/// The card order with `trump` as trumps at a table of `places` places.
pub fn order(trump: Suit, places: usize) -> CardOrder {
    let mut order = CardOrder::from_fn(Some(trump), TieBreak::FirstPlayed, |c| {
        let s = match c.rank() {
            Rank::Two if c.suit() == trump => 10,
            Rank::Two => 0,
            Rank::Three => 1,
            Rank::Four => 2,
            Rank::Five => 3,
            Rank::Six => 4,
            Rank::Seven => 5,
            Rank::Ace => 6,
            Rank::Jack => 7,
            Rank::Queen => 8,
            Rank::King => 9,
            _ => 0, // not in the deck
        };
        (c.suit(), s)
    });
    for (i, &(r, s)) in EXTRA_TRUMPS[..extra_trumps(places)].iter().enumerate() {
        order = order.with_card(Card::new(r, s), trump, 11 + i as u8);
    }
    order
}

impl Envite {
    /// Places at the table: the players, plus the dummy with an odd count.
    pub const fn places(&self) -> usize {
        self.places
    }
    /// The dummy's place, with an odd number of players.
    pub const fn dummy(&self) -> Option<Seat> {
        if self.places > self.players {
            Some(Seat::new(self.players))
        } else {
            None
        }
    }
    /// Games in the match ("best of").
    pub const fn games(&self) -> u32 {
        self.games
    }
    /// The 40-card deck.
    pub const fn deck(&self) -> CardSet {
        self.deck
    }
    /// True when captains see their whole team's hands (perfect signalling).
    pub const fn captain_sees_team(&self) -> bool {
        self.captain_sees_team
    }
    /// The teams: even places against odd places.
    pub fn teams(&self) -> Teams {
        Teams::alternating(self.places, 2)
    }
    /// The captain of `team`: seat 0 or seat 1.
    pub const fn captain(team: usize) -> Seat {
        Seat::new(team)
    }
    /// The card order of a hand with `trump` as trumps.
    pub fn card_order(&self, trump: Suit) -> &CardOrder {
        &self.orders[trump as usize]
    }

    /// The seat that acts for `place`: the dummy's captain for the dummy, else the place.
    pub fn seat_for(&self, place: Seat) -> Seat {
        if place.index() >= self.players {
            Self::captain(1)
        } else {
            place
        }
    }

    /// The places whose hands `seat` sees.
    pub fn sees(&self, seat: Seat) -> SeatMask {
        let mut m = 1u16 << seat.index();
        if seat.index() < 2 {
            if let Some(d) = self.dummy().filter(|_| seat.index() == 1) {
                m |= 1 << d.index();
            }
            if self.captain_sees_team {
                for p in Seat::all(self.places).filter(|p| p.index() % 2 == seat.index()) {
                    m |= 1 << p.index();
                }
            }
        }
        SeatMask(m)
    }

    fn deal_hand<R: Rng + ?Sized>(&self, state: &mut EnviteState, dealer: Seat, rng: &mut R) {
        let mut cards = [Card::from_index(2); 40];
        for (slot, c) in cards.iter_mut().zip(self.deck) {
            *slot = c;
        }
        cards.shuffle(rng);
        let mut hands = [CardSet::EMPTY; 12];
        let n = self.places;
        for (i, &c) in cards[..3 * n].iter().enumerate() {
            hands[dealer.left(1 + i % n, n).index()].insert(c);
        }
        let upcard = cards[3 * n];
        let trump = upcard.suit();
        state.dealer = dealer;
        state.upcard = upcard;
        state.play = TrickPlay::new(
            n,
            &hands[..n],
            dealer.next(n),
            *self.card_order(trump),
            Obligation::FollowSuit,
        )
        .with_deck(self.deck - CardSet::from_card(upcard));
        state.stake = Stake::Two;
        state.pending = None;
        state.passes = 0;
        state.tally.hands += 1;
        let lying = [0, 1].map(|t| state.scores[t] >= LYING_DOWN);
        state.lying = u8::from(lying[0]) | u8::from(lying[1]) << 1;
        match lying {
            [true, true] => {
                state.tally.game_hands += 1;
                state.phase = Phase::Play;
            }
            [true, false] | [false, true] => {
                state.speaker = u8::from(lying[1]);
                state.phase = Phase::LyingDown;
            }
            [false, false] => {
                state.speaker = (dealer.next(n).index() % 2) as u8;
                state.phase = Phase::Stake;
            }
        }
    }

    /// Stones scored by a hand's winners: `stake` (`None` for a hand lying down, which the
    /// lying team wins for the game), plus the trawl bonus. `None` when the hand wins the game.
    pub fn hand_stones(
        stake: Stake,
        lying_winner: bool,
        lying_loser: bool,
        trawl: bool,
    ) -> Option<u32> {
        if lying_winner {
            return None;
        }
        let base = if lying_loser { 3 } else { stake.stones()? };
        Some(base + if trawl { 2 } else { 0 })
    }

    fn end_hand<R: Rng + ?Sized>(
        &self,
        state: &mut EnviteState,
        winner: usize,
        how: End,
        rng: &mut R,
    ) {
        let lying_winner = state.lying & (1 << winner) != 0;
        let lying_loser = state.lying & (1 << (1 - winner)) != 0;
        let stones = match how {
            End::Forfeit => Some(1),
            End::Folded => state.stake.stones(),
            End::Tricks | End::Trawl => {
                Self::hand_stones(state.stake, lying_winner, lying_loser, how == End::Trawl)
            }
        };
        match how {
            End::Trawl => state.tally.trawl_losses += 1,
            End::Folded => state.tally.folds += 1,
            End::Forfeit => state.tally.lie_down_forfeits += 1,
            End::Tricks => {}
        }
        let next = state.dealer.next(self.places);
        match stones {
            Some(k) => {
                state.tally.stones += k;
                state.scores[winner] = (state.scores[winner] + k).min(LYING_DOWN);
            }
            None => {
                state.games_won[winner] += 1;
                state.tally.games += 1;
                state.scores = [0, 0];
                if state.games_won[winner] * 2 > self.games {
                    state.dealer = next;
                    state.phase = Phase::Over;
                    return;
                }
            }
        }
        self.deal_hand(state, next, rng);
    }

    /// The team that has won the hand in `play`, if it is decided: two tricks taken, or the
    /// place to play unable to follow a trawl (its opponents win).
    pub fn hand_winner(&self, play: &TrickPlay) -> Option<usize> {
        if play.trick().is_empty() {
            let teams = self.teams();
            (0..2).find(|&t| play.team_tricks(&teams, t) >= 2)
        } else {
            self.trawl_failure(play).map(|loser| 1 - loser)
        }
    }

    /// The team that loses the hand by failing a trawl: the place to play holds no trump while
    /// a trump was led to the trick.
    pub fn trawl_failure(&self, play: &TrickPlay) -> Option<usize> {
        let led = play.trick().led()?;
        let o = play.order();
        if o.is_trump(led) && (play.hand(play.to_play()) & o.trump_cards()).is_empty() {
            Some(play.to_play().index() % 2)
        } else {
            None
        }
    }

    fn after_card<R: Rng + ?Sized>(&self, state: &mut EnviteState, rng: &mut R) {
        if let Some(w) = self.hand_winner(&state.play) {
            let how = if state.play.trick().is_empty() {
                End::Tricks
            } else {
                End::Trawl
            };
            self.end_hand(state, w, how, rng);
        }
    }

    /// The place to act in the current phase.
    fn place_to_act(state: &EnviteState) -> Seat {
        match state.phase {
            Phase::Play => state.play.to_play(),
            _ => Self::captain(state.speaker as usize),
        }
    }
}

impl Game for Envite {
    type State = EnviteState;
    type Action = EnviteAction;
    type Observation = EnviteObservation;

    const INFO: GameInfo = GameInfo {
        name: "envite",
        title: "Envite",
        min_players: 4,
        max_players: 12,
        default_players: 4,
        params: &[
            ParamSpec::int(
                "games",
                "3",
                1,
                99,
                "games in the match, best of (the first team to win a majority wins the match)",
            ),
            ParamSpec::flag(
                "captain_sees_team",
                "false",
                "captains see their whole team's hands (perfect signalling); by default no signals are modelled",
            ),
        ],
        stats: &[
            "hands",
            "games",
            "raises",
            "folds",
            "game_hands",
            "trawls",
            "trawl_losses",
            "lie_down_plays",
            "lie_down_forfeits",
            "stones",
            "games_team0",
            "games_team1",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        let places = players + players % 2;
        let deck = CardSet::with_ranks(&RANKS);
        Ok(Envite {
            players,
            places,
            games: params.int(info, "games")?,
            captain_sees_team: params.flag(info, "captain_sees_team")?,
            deck,
            orders: Suit::ALL.map(|t| order(t, places)),
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> EnviteState {
        let n = self.places;
        let dealer = Seat::new(n - 1);
        let mut s = EnviteState {
            scores: [0, 0],
            games_won: [0, 0],
            dealer,
            phase: Phase::Stake,
            upcard: Card::from_index(2),
            stake: Stake::Two,
            pending: None,
            speaker: 0,
            passes: 0,
            lying: 0,
            play: TrickPlay::new(
                n,
                &[CardSet::EMPTY; 12][..n],
                Seat::new(0),
                self.orders[0],
                Obligation::FollowSuit,
            ),
            tally: EnviteTally::default(),
        };
        self.deal_hand(&mut s, dealer, rng);
        s
    }

    fn to_move(&self, state: &EnviteState) -> ToMove {
        match state.phase {
            Phase::Over => ToMove::Over,
            _ => ToMove::Seat(self.seat_for(Self::place_to_act(state))),
        }
    }

    fn legal_actions(&self, state: &EnviteState, out: &mut Vec<EnviteAction>) {
        out.clear();
        match state.phase {
            Phase::Stake => match state.pending {
                None => out.extend([EnviteAction::Pass, EnviteAction::Raise]),
                Some(p) => {
                    out.extend([EnviteAction::Fold, EnviteAction::Accept]);
                    if p.raised().is_some() {
                        out.push(EnviteAction::Raise);
                    }
                }
            },
            Phase::LyingDown => out.extend([EnviteAction::Fold, EnviteAction::Accept]),
            Phase::Play => out.extend(state.play.legal().iter().map(EnviteAction::Play)),
            Phase::Over => {}
        }
    }

    fn legal_count(&self, state: &EnviteState) -> Option<usize> {
        matches!(state.phase, Phase::Play).then(|| state.play.legal_count())
    }

    fn nth_legal(&self, state: &EnviteState, n: usize) -> EnviteAction {
        EnviteAction::Play(state.play.nth_legal(n))
    }

    fn apply<R: Rng + ?Sized>(&self, state: &mut EnviteState, action: EnviteAction, rng: &mut R) {
        use EnviteAction as A;
        let speaker = state.speaker as usize;
        match (state.phase, action) {
            (Phase::Stake, A::Pass) if state.pending.is_none() => {
                state.passes += 1;
                if state.passes == 2 {
                    state.phase = Phase::Play;
                } else {
                    state.speaker ^= 1;
                }
            }
            (Phase::Stake, A::Raise) => {
                if let Some(p) = state.pending {
                    state.stake = p;
                }
                let next = state.pending.unwrap_or(state.stake);
                state.pending = Some(next.raised().expect("the game cannot be raised"));
                state.tally.raises += 1;
                state.speaker ^= 1;
            }
            (Phase::Stake, A::Accept) => {
                state.stake = state.pending.take().expect("a raise to accept");
                if state.stake == Stake::Game {
                    state.tally.game_hands += 1;
                }
                state.phase = Phase::Play;
            }
            (Phase::Stake, A::Fold) => {
                assert!(state.pending.is_some(), "fold without a raise");
                self.end_hand(state, 1 - speaker, End::Folded, rng);
            }
            (Phase::LyingDown, A::Accept) => {
                state.tally.lie_down_plays += 1;
                state.phase = Phase::Play;
            }
            (Phase::LyingDown, A::Fold) => self.end_hand(state, 1 - speaker, End::Forfeit, rng),
            (Phase::Play, A::Play(card)) => {
                if state.play.trick().is_empty() && state.play.order().is_trump(card) {
                    state.tally.trawls += 1;
                }
                state.play.play(card);
                self.after_card(state, rng);
            }
            (phase, a) => panic!("{a} is not a move in phase {phase:?}"),
        }
    }

    fn observe(&self, state: &EnviteState, seat: Seat) -> EnviteObservation {
        let sees = self.sees(seat);
        EnviteObservation {
            seat,
            sees,
            dummy: self.dummy(),
            scores: state.scores,
            games_won: state.games_won,
            dealer: state.dealer,
            phase: state.phase,
            upcard: state.upcard,
            stake: state.stake,
            pending: state.pending,
            speaker: state.speaker,
            passes: state.passes,
            lying: state.lying,
            play: state.play.masked(sees),
            tally: state.tally,
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, obs: &EnviteObservation, rng: &mut R) -> EnviteState {
        // A trawl in progress that has not ended the hand shows that the place to play holds
        // a trump: sample uniformly among the deals respecting hand sizes and voids, and keep
        // the first that gives it one (rejection keeps the sample uniform over the deals
        // consistent with everything public).
        let mut play = obs.play;
        let must_trump = obs.phase == Phase::Play
            && obs
                .play
                .trick()
                .led()
                .is_some_and(|c| obs.play.order().is_trump(c))
            && !obs.sees.contains(obs.play.to_play());
        let ok = loop {
            let ok = play.resample_grouped(obs.sees, &Default::default(), rng);
            if !ok || !must_trump || self.trawl_failure(&play).is_none() {
                break ok;
            }
        };
        assert!(
            ok,
            "an observation of a real Envite game has a consistent deal"
        );
        EnviteState {
            scores: obs.scores,
            games_won: obs.games_won,
            dealer: obs.dealer,
            phase: obs.phase,
            upcard: obs.upcard,
            stake: obs.stake,
            pending: obs.pending,
            speaker: obs.speaker,
            passes: obs.passes,
            lying: obs.lying,
            play,
            tally: obs.tally,
        }
    }

    /// Every move is public: the negotiation is spoken and cards are played face up.
    fn observe_action(
        &self,
        _state: &EnviteState,
        action: EnviteAction,
        _viewer: Seat,
    ) -> Option<EnviteAction> {
        Some(action)
    }

    fn outcome(&self, state: &EnviteState) -> Option<Outcome> {
        if state.phase != Phase::Over {
            return None;
        }
        let mut scores = [0.0; 12];
        for s in Seat::all(self.players) {
            scores[s.index()] = f64::from(state.games_won[s.index() % 2]);
        }
        Some(rank_by_score(&scores[..self.players]))
    }

    fn stats(&self, state: &EnviteState, out: &mut Vec<f64>) {
        out.clear();
        let t = &state.tally;
        out.extend(
            [
                t.hands,
                t.games,
                t.raises,
                t.folds,
                t.game_hands,
                t.trawls,
                t.trawl_losses,
                t.lie_down_plays,
                t.lie_down_forfeits,
                t.stones,
                state.games_won[0],
                state.games_won[1],
            ]
            .map(f64::from),
        );
    }

    fn check_invariants(&self, state: &EnviteState) -> Result<(), String> {
        let play = &state.play;
        play.check()?;
        if play.players() != self.places {
            return Err("the play has the wrong number of places".into());
        }
        if play.record().deck() != self.deck - CardSet::from_card(state.upcard) {
            return Err("the record's deck is not the pack less the upcard".into());
        }
        if !self.deck.contains(state.upcard) {
            return Err("the upcard is not in the pack".into());
        }
        // (`play.check` keeps the hands inside the record's deck, the pack less the upcard.)
        let played = play.record().played();
        let count: usize = Seat::all(self.places).map(|p| play.hand(p).len()).sum();
        if count + played.len() != 3 * self.places {
            return Err(format!(
                "{count} cards held and {} played, expected {}",
                played.len(),
                3 * self.places
            ));
        }
        if played.contains(state.upcard) {
            return Err("the upcard was played".into());
        }
        if state.scores.iter().any(|&s| s > LYING_DOWN) {
            return Err("a score above eleven".into());
        }
        if state.games_won.iter().sum::<u32>() != state.tally.games {
            return Err("games won do not add up".into());
        }
        let majority = state.games_won.iter().any(|&g| g * 2 > self.games);
        if majority != (state.phase == Phase::Over) {
            return Err("the match's end does not match the games won".into());
        }
        if state.phase == Phase::Over {
            return Ok(());
        }
        if play.order() != self.card_order(state.upcard.suit()) {
            return Err("the card order is not the upcard's".into());
        }
        let lying = [0, 1].map(|t| state.scores[t] >= LYING_DOWN);
        if state.lying != u8::from(lying[0]) | u8::from(lying[1]) << 1 {
            return Err("lying down does not match the scores".into());
        }
        match state.phase {
            Phase::Stake if state.lying != 0 => return Err("negotiating while lying down".into()),
            Phase::LyingDown if state.lying.count_ones() != 1 => {
                return Err("the lying-down decision needs exactly one team at 11".into())
            }
            Phase::Stake | Phase::LyingDown if !played.is_empty() => {
                return Err("cards played before the stake is settled".into())
            }
            _ => {}
        }
        if state.lying != 0 && (state.stake != Stake::Two || state.pending.is_some()) {
            return Err("a stake raised while lying down".into());
        }
        if state.pending.is_some() && state.phase != Phase::Stake {
            return Err("a raise pending outside the negotiation".into());
        }
        let teams = self.teams();
        if (0..2).any(|t| play.team_tricks(&teams, t) >= 2) {
            return Err("a team has two tricks but the hand goes on".into());
        }
        if state.phase == Phase::Play && self.trawl_failure(play).is_some() {
            return Err("a player who cannot follow a trawl is still to play".into());
        }
        Ok(())
    }

    fn move_cap(&self) -> Option<u64> {
        // Every hand that does not end a game gives at least one stone, scores stop at 11: at
        // most 23 hands a game; a hand takes at most 7 negotiating moves and 36 cards.
        Some(u64::from(self.games) * 23 * 50)
    }

    /// Even places against odd places; seat 0 and seat 1 are the captains.
    fn team(&self, seat: Seat) -> usize {
        seat.index() % 2
    }
}

impl TrickTaking for Envite {
    fn trick_play<'s>(&self, state: &'s EnviteState) -> Option<&'s TrickPlay> {
        Some(&state.play).filter(|_| state.phase == Phase::Play)
    }

    fn teams(&self) -> Teams {
        Envite::teams(self)
    }

    fn card(action: EnviteAction) -> Option<Card> {
        match action {
            EnviteAction::Play(c) => Some(c),
            _ => None,
        }
    }
}
mod deal_text;
pub mod encoding;

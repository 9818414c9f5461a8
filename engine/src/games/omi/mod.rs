//! Omi (Oombi), the Sri Lankan partnership game: trumps named from the first four cards, eight
//! tricks a hand, game to ten points counted in tokens.
//!
//! - **Players:** 4, partners opposite: seats 0 and 2 (team 0) against seats 1 and 3 (team 1).
//! - **Deck:** 32 cards, seven to ace, ace high.
//! - **Trumps:** four cards to each player; the dealer's left (the declarer) names the trump
//!   suit having seen only his four cards (no pass, no notrump); then four more cards each
//!   ([`TrumpChooser`]).
//! - **Play:** the declarer leads; follow suit if able, otherwise play anything; the highest
//!   trump, or the highest card of the suit led, wins and leads next. Eight tricks.
//! - **Scoring:** all eight tricks 3 points (to either side); five to seven tricks 2 points to
//!   the dealer's side, 1 to the declarer's side; four each, nothing, and the side that
//!   scores the next hand scores one more point for each tied hand before it.
//! - **Game:** the first side to `target` (10) points wins: each side holds ten tokens (the
//!   unused sixes to twos of one colour) and hands one to the other side for each point the
//!   other side scores, so the game ends when a side holds all twenty. The deal passes left;
//!   `max_deals` stops an endless run of tied hands (higher score wins, equal scores draw).
//!
//! The first dealer is seat 3, so seat 0 names trumps and leads first.
//! Rulings are in `docs/rules/omi.md`.
//!
//! ```
//! use cardsim_engine::games::omi::Omi;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Omi::new(4, &Params::parse(&["target=3"]).unwrap()).unwrap();
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
use crate::game::{check_players, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove};
use crate::games::common::ToTarget;
use crate::seat::{Seat, SeatMask};
use crate::tricks::{Teams, TrickPlay, TrickTaking, TrumpChooser};
use rand::Rng;
use std::fmt;

#[cfg(test)]
mod tests;

/// The rules of Omi with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Omi {
    chooser: TrumpChooser,
    /// The match's end: `target` points, at most `max_deals` deals.
    end: ToTarget<u32>,
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The declarer, holding four cards, names trumps.
    Trump,
    /// The tricks.
    Play,
    /// The game is over.
    Over,
}

/// An Omi move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OmiAction {
    /// The declarer names this suit trumps.
    Trump(Suit),
    /// Play a card to the trick.
    Play(Card),
}

impl fmt::Display for OmiAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OmiAction::Trump(s) => write!(f, "trump {s}"),
            OmiAction::Play(c) => write!(f, "{c}"),
        }
    }
}

/// The side that scores a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The declarer's side (the side that named trumps).
    Declarer,
    /// The dealer's side.
    Dealer,
}

/// Counts over the game, for the statistics columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OmiTally {
    /// Hands played.
    pub hands: u32,
    /// Hands tied at four tricks each.
    pub ties: u32,
    /// Hands in which one side took all eight tricks.
    pub sweeps: u32,
    /// Hands the declarer's side won (five tricks or more).
    pub declarer_wins: u32,
    /// Hands the dealer's side won.
    pub dealer_wins: u32,
    /// Extra points scored for earlier tied hands.
    pub bonus_points: u32,
    /// Tricks taken by the declarer's side, summed over the hands.
    pub declarer_tricks: u32,
}

/// An Omi game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OmiState {
    scores: [u32; 2],
    dealer: Seat,
    deals: u32,
    phase: Phase,
    /// Tied hands not yet paid for: the next side to score a hand scores this many more.
    bonus: u32,
    trump: Option<Suit>,
    /// The hands (four cards each while trumps are named, the rest undealt) and the tricks.
    play: TrickPlay,
    tally: OmiTally,
}

impl OmiState {
    /// Points of team 0 (seats 0, 2) and team 1 (seats 1, 3).
    pub const fn scores(&self) -> [u32; 2] {
        self.scores
    }
    /// Tokens each side holds: its own colour not yet given away plus those received, ten of
    /// each colour (with the default target of ten).
    pub fn tokens(&self, target: u32) -> [u32; 2] {
        let [a, b] = self.scores;
        [
            target.saturating_sub(b.min(target)) + a.min(target),
            target.saturating_sub(a.min(target)) + b.min(target),
        ]
    }
    /// The dealer of the current hand.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }
    /// The declarer (the dealer's left), who names trumps and leads.
    pub const fn declarer(&self) -> Seat {
        self.dealer.next(4)
    }
    /// Where the hand stands.
    pub const fn phase(&self) -> Phase {
        self.phase
    }
    /// Tied hands whose extra point is still to be won.
    pub const fn bonus(&self) -> u32 {
        self.bonus
    }
    /// The trump suit, once named.
    pub const fn trump(&self) -> Option<Suit> {
        self.trump
    }
    /// The hands and the play of the hand.
    pub const fn play(&self) -> &TrickPlay {
        &self.play
    }
    /// Hands dealt so far, the current one not counted.
    pub const fn deals(&self) -> u32 {
        self.deals
    }
    /// The game's counts.
    pub const fn tally(&self) -> &OmiTally {
        &self.tally
    }
}

/// What one seat knows: everything public and its own hand (while trumps are named, its first
/// four cards only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OmiObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Points of team 0 and team 1.
    pub scores: [u32; 2],
    /// The dealer.
    pub dealer: Seat,
    /// Hands so far.
    pub deals: u32,
    /// Where the hand stands.
    pub phase: Phase,
    /// Tied hands whose extra point is still to be won.
    pub bonus: u32,
    /// The trump suit, once named.
    pub trump: Option<Suit>,
    /// The hands (only the observer's) and the play.
    pub play: TrickPlay,
    /// The game's counts (public).
    pub tally: OmiTally,
}

impl OmiObservation {
    /// The observer's hand.
    pub fn hand(&self) -> CardSet {
        self.play.hand(self.seat)
    }
    /// The declarer (the dealer's left).
    pub const fn declarer(&self) -> Seat {
        self.dealer.next(4)
    }
}

impl Omi {
    /// The partnerships: seats 0 and 2 against 1 and 3.
    pub fn teams() -> Teams {
        Teams::alternating(4, 2)
    }
    /// The 32 cards, seven to ace.
    pub fn deck(&self) -> CardSet {
        self.chooser.deck()
    }
    /// The two-batch deal with its trump chooser.
    pub const fn chooser(&self) -> &TrumpChooser {
        &self.chooser
    }
    /// Points that win the game.
    pub const fn target(&self) -> u32 {
        self.end.target
    }

    /// Hands after which an unfinished game stops.
    pub const fn max_deals(&self) -> u32 {
        self.end.max_deals
    }

    /// The result of a hand from the declarer's side's tricks (of eight): the side that
    /// scores and its points before any bonus for tied hands, or `None` for a tie.
    pub fn hand_points(declarer_tricks: usize) -> Option<(Side, u32)> {
        match declarer_tricks {
            8 => Some((Side::Declarer, 3)),
            5..=7 => Some((Side::Declarer, 1)),
            4 => None,
            1..=3 => Some((Side::Dealer, 2)),
            _ => Some((Side::Dealer, 3)),
        }
    }

    fn new_hand<R: Rng + ?Sized>(&self, state: &mut OmiState, dealer: Seat, rng: &mut R) {
        state.dealer = dealer;
        state.phase = Phase::Trump;
        state.trump = None;
        state.play = self.chooser.deal_first(dealer.next(4), rng);
    }

    fn score_hand<R: Rng + ?Sized>(&self, state: &mut OmiState, rng: &mut R) {
        let teams = Self::teams();
        let declarer_team = teams.team(state.declarer());
        let tricks = state.play.team_tricks(&teams, declarer_team);
        let t = &mut state.tally;
        t.hands += 1;
        t.declarer_tricks += tricks as u32;
        match Self::hand_points(tricks) {
            None => {
                t.ties += 1;
                state.bonus += 1;
            }
            Some((side, points)) => {
                let team = match side {
                    Side::Declarer => {
                        t.declarer_wins += 1;
                        declarer_team
                    }
                    Side::Dealer => {
                        t.dealer_wins += 1;
                        1 - declarer_team
                    }
                };
                if points == 3 {
                    t.sweeps += 1;
                }
                t.bonus_points += state.bonus;
                state.scores[team] += points + state.bonus;
                state.bonus = 0;
            }
        }
        state.deals += 1;
        if self.end.is_over(&state.scores, state.deals) {
            state.phase = Phase::Over;
            return;
        }
        let next = state.dealer.next(4);
        self.new_hand(state, next, rng);
    }
}

impl Game for Omi {
    type State = OmiState;
    type Action = OmiAction;
    type Observation = OmiObservation;

    const INFO: GameInfo = GameInfo {
        name: "omi",
        title: "Omi",
        min_players: 4,
        max_players: 4,
        default_players: 4,
        params: &[
            ParamSpec::int(
                "target",
                "10",
                1,
                1000,
                "points that win the game (the page: ten, the tokens of one colour)",
            ),
            ParamSpec::int(
                "max_deals",
                "500",
                1,
                1_000_000,
                "hands after which an unfinished game stops, the higher score winning",
            ),
        ],
        stats: &[
            "hands",
            "ties",
            "sweeps",
            "declarer_wins",
            "dealer_wins",
            "bonus_points",
            "declarer_tricks",
            "points_team0",
            "points_team1",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        Ok(Omi {
            chooser: TrumpChooser::new(CardSet::with_ranks(&Rank::ALL[5..]), 4, 4),
            end: ToTarget::from_params(params, info)?,
        })
    }

    fn players(&self) -> usize {
        4
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> OmiState {
        let dealer = Seat::new(3);
        OmiState {
            scores: [0, 0],
            dealer,
            deals: 0,
            phase: Phase::Trump,
            bonus: 0,
            trump: None,
            play: self.chooser.deal_first(dealer.next(4), rng),
            tally: OmiTally::default(),
        }
    }

    fn to_move(&self, state: &OmiState) -> ToMove {
        match state.phase {
            Phase::Over => ToMove::Over,
            Phase::Trump => ToMove::Seat(state.declarer()),
            Phase::Play => ToMove::Seat(state.play.to_play()),
        }
    }

    fn legal_actions(&self, state: &OmiState, out: &mut Vec<OmiAction>) {
        out.clear();
        match state.phase {
            Phase::Trump => out.extend(self.chooser.suits().map(OmiAction::Trump)),
            Phase::Play => out.extend(state.play.legal().iter().map(OmiAction::Play)),
            Phase::Over => {}
        }
    }

    fn legal_count(&self, state: &OmiState) -> Option<usize> {
        matches!(state.phase, Phase::Play).then(|| state.play.legal_count())
    }

    fn nth_legal(&self, state: &OmiState, n: usize) -> OmiAction {
        OmiAction::Play(state.play.nth_legal(n))
    }

    fn apply<R: Rng + ?Sized>(&self, state: &mut OmiState, action: OmiAction, rng: &mut R) {
        match (state.phase, action) {
            (Phase::Trump, OmiAction::Trump(suit)) => {
                state.trump = Some(suit);
                let leader = state.declarer();
                state.play = self.chooser.name_trumps(&state.play, suit, leader, rng);
                state.phase = Phase::Play;
            }
            (Phase::Play, OmiAction::Play(card)) => {
                state.play.play(card);
                if state.play.is_over() {
                    self.score_hand(state, rng);
                }
            }
            (phase, a) => panic!("{a} is not a move in phase {phase:?}"),
        }
    }

    fn observe(&self, state: &OmiState, seat: Seat) -> OmiObservation {
        OmiObservation {
            seat,
            scores: state.scores,
            dealer: state.dealer,
            deals: state.deals,
            phase: state.phase,
            bonus: state.bonus,
            trump: state.trump,
            play: state.play.masked(SeatMask(1 << seat.index())),
            tally: state.tally,
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, obs: &OmiObservation, rng: &mut R) -> OmiState {
        // Before trumps as after: the cards the observer has not seen, dealt to the others.
        let play = obs.play.determinized(obs.seat, rng);
        OmiState {
            scores: obs.scores,
            dealer: obs.dealer,
            deals: obs.deals,
            phase: obs.phase,
            bonus: obs.bonus,
            trump: obs.trump,
            play,
            tally: obs.tally,
        }
    }

    /// Every move is public.
    fn observe_action(&self, _: &OmiState, action: OmiAction, _: Seat) -> Option<OmiAction> {
        Some(action)
    }

    fn outcome(&self, state: &OmiState) -> Option<Outcome> {
        if state.phase != Phase::Over {
            return None;
        }
        Some(Self::teams().outcome(4, &state.scores.map(f64::from)))
    }

    fn stats(&self, state: &OmiState, out: &mut Vec<f64>) {
        out.clear();
        let t = &state.tally;
        out.extend(
            [
                t.hands,
                t.ties,
                t.sweeps,
                t.declarer_wins,
                t.dealer_wins,
                t.bonus_points,
                t.declarer_tricks,
                state.scores[0],
                state.scores[1],
            ]
            .map(f64::from),
        );
    }

    fn check_invariants(&self, state: &OmiState) -> Result<(), String> {
        let t = &state.tally;
        if t.hands != t.ties + t.declarer_wins + t.dealer_wins || t.hands != state.deals {
            return Err("hands do not add up".into());
        }
        let points = state.scores[0] + state.scores[1];
        if points > 3 * t.hands || points < t.hands - t.ties || state.bonus > t.ties {
            return Err(format!("implausible scores {:?}", state.scores));
        }
        match state.phase {
            Phase::Trump => {
                if state.trump.is_some() {
                    return Err("trumps named before the declarer chose".into());
                }
                self.chooser.check_first(&state.play)?;
            }
            Phase::Play | Phase::Over => {
                self.chooser.check_dealt(&state.play, state.trump)?;
                if state.phase == Phase::Play && self.end.reached(&state.scores) {
                    return Err("a side reached the target but the game goes on".into());
                }
            }
        }
        Ok(())
    }

    fn move_cap(&self) -> Option<u64> {
        // A hand is one trump choice and 32 cards.
        Some(u64::from(self.end.max_deals) * 33)
    }

    /// Partners sit across the table: seats 0 and 2 against 1 and 3.
    fn team(&self, seat: Seat) -> usize {
        Omi::teams().team(seat)
    }
}

impl TrickTaking for Omi {
    fn trick_play<'s>(&self, state: &'s OmiState) -> Option<&'s TrickPlay> {
        Some(&state.play).filter(|p| state.phase == Phase::Play && !p.is_over())
    }

    fn teams(&self) -> Teams {
        Omi::teams()
    }

    fn card(action: OmiAction) -> Option<Card> {
        match action {
            OmiAction::Play(c) => Some(c),
            OmiAction::Trump(_) => None,
        }
    }
}
mod deal_text;
pub mod encoding;

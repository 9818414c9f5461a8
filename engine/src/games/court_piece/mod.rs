//! Court Piece (Rang): four players in partnerships, trumps named from the first five cards,
//! thirteen tricks, courts for taking the first seven tricks or winning seven hands in a row,
//! played for a fixed number of deals.
//!
//! - **Players:** 4, partners opposite: seats 0 and 2 (team 0) against seats 1 and 3 (team 1).
//! - **Deck:** 52 cards, ace high.
//! - **Trumps:** five cards to each player; the dealer's left names the trump suit having seen
//!   only his five cards (no pass, no notrump); then the rest of the deck, thirteen cards each
//!   ([`TrumpChooser`]).
//! - **Play:** the dealer's left leads; follow suit if able, otherwise anything; the highest
//!   trump, or the highest card of the suit led, wins and leads next.
//! - **A court for the first seven tricks:** a side that takes all of the first seven tricks
//!   scores a court; the player who won the seventh trick then stops the hand or plays on
//!   ([`CourtPieceAction::Stop`], [`CourtPieceAction::PlayOn`]); taking all thirteen after
//!   playing on scores 52 courts in all, failing costs nothing.
//! - **Otherwise** all thirteen tricks are played and the side with seven or more wins the
//!   hand.
//! - **A court for seven hands in a row:** the running count of hands won in a row by the
//!   side now winning; at seven, that side scores a court and the count goes back to zero.
//! - **Passing the deal:** the dealer's side won: the deal passes left; the dealer's side lost
//!   and the winners scored no court: the same dealer deals again; the dealer's side lost and
//!   the winners scored a court: the dealer's partner deals. The losing side always deals, so
//!   the winners name trumps.
//! - **Game:** `deals` hands (default 20: the page plays "for a predetermined length of
//!   time"); the side with more courts wins, equal courts (none included) draw.
//!
//! Revokes cannot happen (only legal cards can be played), so the page's revoke procedure and
//! its deal-passing rule never apply. The first dealer is seat 3, so seat 0 names trumps first.
//! Rulings are in `docs/rules/court-piece.md`.
//!
//! ```
//! use cardsim_engine::games::court_piece::CourtPiece;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = CourtPiece::new(4, &Params::parse(&["deals=3"]).unwrap()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[0], &mut rng);
//! }
//! assert_eq!(state.deals(), 3);
//! assert!(game.outcome(&state).is_some());
//! ```

use crate::cards::{Card, CardSet, Suit};
use crate::game::{check_players, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove};
use crate::seat::{Seat, SeatMask};
use crate::tricks::{Teams, TrickPlay, TrickTaking, TrumpChooser};
use rand::Rng;
use std::fmt;

#[cfg(test)]
mod tests;

/// Tricks in a row from the start of a hand that score a court, and hands in a row that do.
pub const COURT: usize = 7;

/// Courts scored for taking all thirteen tricks after playing on.
pub const ALL_THIRTEEN: u32 = 52;

/// The rules of Court Piece with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CourtPiece {
    chooser: TrumpChooser,
    deals: u32,
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The dealer's left, holding five cards, names trumps.
    Trump,
    /// The tricks.
    Play,
    /// A side took the first seven tricks: the winner of the seventh stops or plays on.
    Court,
    /// The game is over.
    Over,
}

/// A Court Piece move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CourtPieceAction {
    /// Name this suit trumps.
    Trump(Suit),
    /// Play a card to the trick.
    Play(Card),
    /// After taking the first seven tricks: abandon the hand (the custom).
    Stop,
    /// After taking the first seven tricks: play on for all thirteen.
    PlayOn,
}

impl fmt::Display for CourtPieceAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CourtPieceAction::Trump(s) => write!(f, "trump {s}"),
            CourtPieceAction::Play(c) => write!(f, "{c}"),
            CourtPieceAction::Stop => write!(f, "stop"),
            CourtPieceAction::PlayOn => write!(f, "play-on"),
        }
    }
}

/// Counts over the game, for the statistics columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CourtPieceTally {
    /// Hands played.
    pub hands: u32,
    /// Courts for taking the first seven tricks.
    pub seven_courts: u32,
    /// Courts for winning seven hands in a row.
    pub streak_courts: u32,
    /// Hands played on after the first seven tricks.
    pub play_ons: u32,
    /// Hands in which a side took all thirteen after playing on (52 courts).
    pub all_thirteen: u32,
    /// Hands won by the side that named trumps.
    pub trump_side_wins: u32,
    /// Hands after which the same dealer dealt again.
    pub same_dealer: u32,
    /// The longest run of hands won in a row by one side.
    pub longest_streak: u32,
}

/// A Court Piece game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourtPieceState {
    courts: [u32; 2],
    dealer: Seat,
    deals: u32,
    phase: Phase,
    /// The side on a run of hands won, and how many in a row (0 just after a streak court).
    streak: (usize, u32),
    trump: Option<Suit>,
    /// The side that took the first seven tricks this hand.
    seven: Option<usize>,
    played_on: bool,
    /// The hands (five cards each while trumps are named, the rest undealt) and the tricks.
    play: TrickPlay,
    tally: CourtPieceTally,
}

impl CourtPieceState {
    /// Courts of team 0 (seats 0, 2) and team 1 (seats 1, 3).
    pub const fn courts(&self) -> [u32; 2] {
        self.courts
    }
    /// The dealer of the current hand.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }
    /// The trump caller (the dealer's left), who also leads.
    pub const fn caller(&self) -> Seat {
        self.dealer.next(4)
    }
    /// Where the hand stands.
    pub const fn phase(&self) -> Phase {
        self.phase
    }
    /// The side on a run of hands won and the length of the run.
    pub const fn streak(&self) -> (usize, u32) {
        self.streak
    }
    /// The trump suit, once named.
    pub const fn trump(&self) -> Option<Suit> {
        self.trump
    }
    /// The side that took the first seven tricks of this hand, if one did.
    pub const fn seven(&self) -> Option<usize> {
        self.seven
    }
    /// True when the side that took the first seven tricks plays on.
    pub const fn played_on(&self) -> bool {
        self.played_on
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
    pub const fn tally(&self) -> &CourtPieceTally {
        &self.tally
    }
}

/// What one seat knows: everything public and its own hand (while trumps are named, its first
/// five cards only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourtPieceObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Courts of team 0 and team 1.
    pub courts: [u32; 2],
    /// The dealer.
    pub dealer: Seat,
    /// Hands so far.
    pub deals: u32,
    /// Where the hand stands.
    pub phase: Phase,
    /// The side on a run of hands won and the length of the run.
    pub streak: (usize, u32),
    /// The trump suit, once named.
    pub trump: Option<Suit>,
    /// The side that took the first seven tricks of this hand.
    pub seven: Option<usize>,
    /// True when that side plays on.
    pub played_on: bool,
    /// The hands (only the observer's) and the play.
    pub play: TrickPlay,
    /// The game's counts (public).
    pub tally: CourtPieceTally,
}

impl CourtPieceObservation {
    /// The observer's hand.
    pub fn hand(&self) -> CardSet {
        self.play.hand(self.seat)
    }
    /// The trump caller (the dealer's left).
    pub const fn caller(&self) -> Seat {
        self.dealer.next(4)
    }
}

impl CourtPiece {
    /// The partnerships: seats 0 and 2 against 1 and 3.
    pub fn teams() -> Teams {
        Teams::alternating(4, 2)
    }
    /// The two-batch deal with its trump chooser.
    pub const fn chooser(&self) -> &TrumpChooser {
        &self.chooser
    }
    /// Hands in a game.
    pub const fn deals(&self) -> u32 {
        self.deals
    }

    /// The next dealer after a hand dealt by `dealer` and won by `winner`, `court` when the
    /// winners scored a court in it (either kind).
    pub fn next_dealer(dealer: Seat, winner: usize, court: bool) -> Seat {
        if Self::teams().team(dealer) == winner {
            dealer.next(4)
        } else if court {
            dealer.left(2, 4)
        } else {
            dealer
        }
    }

    fn new_hand<R: Rng + ?Sized>(&self, state: &mut CourtPieceState, dealer: Seat, rng: &mut R) {
        state.dealer = dealer;
        state.phase = Phase::Trump;
        state.trump = None;
        state.seven = None;
        state.played_on = false;
        state.play = self.chooser.deal_first(dealer.next(4), rng);
    }

    /// After a trick: a court for the first seven, or the end of the hand.
    fn after_trick<R: Rng + ?Sized>(&self, state: &mut CourtPieceState, rng: &mut R) {
        let teams = Self::teams();
        if state.play.tricks_played() == COURT && !state.play.is_over() {
            for team in 0..2 {
                if state.play.team_tricks(&teams, team) == COURT {
                    state.seven = Some(team);
                    state.courts[team] += 1;
                    state.tally.seven_courts += 1;
                    state.phase = Phase::Court;
                    return;
                }
            }
        }
        if state.play.is_over() {
            self.end_hand(state, rng);
        }
    }

    fn end_hand<R: Rng + ?Sized>(&self, state: &mut CourtPieceState, rng: &mut R) {
        let teams = Self::teams();
        let winner = match state.seven {
            Some(team) => team,
            None if state.play.team_tricks(&teams, 0) >= COURT => 0,
            None => 1,
        };
        let mut court = state.seven.is_some();
        if state.played_on && state.play.is_over() && state.play.team_tricks(&teams, winner) == 13 {
            // 52 courts in all for the hand, the first seven's court included.
            state.courts[winner] += ALL_THIRTEEN - 1;
            state.tally.all_thirteen += 1;
        }
        let caller = state.caller();
        let t = &mut state.tally;
        t.hands += 1;
        if teams.team(caller) == winner {
            t.trump_side_wins += 1;
        }
        let (side, run) = state.streak;
        let run = if side == winner && run > 0 {
            run + 1
        } else {
            1
        };
        t.longest_streak = t.longest_streak.max(run);
        state.streak = (winner, run);
        if run as usize == COURT {
            state.courts[winner] += 1;
            t.streak_courts += 1;
            state.streak = (winner, 0);
            court = true;
        }
        let next = Self::next_dealer(state.dealer, winner, court);
        if next == state.dealer {
            t.same_dealer += 1;
        }
        state.deals += 1;
        if state.deals >= self.deals {
            state.phase = Phase::Over;
            return;
        }
        self.new_hand(state, next, rng);
    }
}

impl Game for CourtPiece {
    type State = CourtPieceState;
    type Action = CourtPieceAction;
    type Observation = CourtPieceObservation;

    const INFO: GameInfo = GameInfo {
        name: "court-piece",
        title: "Court Piece",
        min_players: 4,
        max_players: 4,
        default_players: 4,
        params: &[ParamSpec::int(
            "deals",
            "20",
            1,
            1_000_000,
            "hands in a game (the page plays for a fixed time); more courts then wins",
        )],
        stats: &[
            "hands",
            "seven_courts",
            "streak_courts",
            "play_ons",
            "all_thirteen",
            "trump_side_wins",
            "same_dealer",
            "longest_streak",
            "courts_team0",
            "courts_team1",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        Ok(CourtPiece {
            chooser: TrumpChooser::new(CardSet::FULL_DECK, 4, 5),
            deals: params.int(info, "deals")?,
        })
    }

    fn players(&self) -> usize {
        4
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> CourtPieceState {
        let dealer = Seat::new(3);
        CourtPieceState {
            courts: [0, 0],
            dealer,
            deals: 0,
            phase: Phase::Trump,
            streak: (0, 0),
            trump: None,
            seven: None,
            played_on: false,
            play: self.chooser.deal_first(dealer.next(4), rng),
            tally: CourtPieceTally::default(),
        }
    }

    fn to_move(&self, state: &CourtPieceState) -> ToMove {
        match state.phase {
            Phase::Over => ToMove::Over,
            Phase::Trump => ToMove::Seat(state.caller()),
            // The winner of the seventh trick is on lead.
            Phase::Play | Phase::Court => ToMove::Seat(state.play.to_play()),
        }
    }

    fn legal_actions(&self, state: &CourtPieceState, out: &mut Vec<CourtPieceAction>) {
        out.clear();
        match state.phase {
            Phase::Trump => out.extend(self.chooser.suits().map(CourtPieceAction::Trump)),
            Phase::Play => out.extend(state.play.legal().iter().map(CourtPieceAction::Play)),
            Phase::Court => out.extend([CourtPieceAction::Stop, CourtPieceAction::PlayOn]),
            Phase::Over => {}
        }
    }

    fn legal_count(&self, state: &CourtPieceState) -> Option<usize> {
        matches!(state.phase, Phase::Play).then(|| state.play.legal_count())
    }

    fn nth_legal(&self, state: &CourtPieceState, n: usize) -> CourtPieceAction {
        CourtPieceAction::Play(state.play.nth_legal(n))
    }

    fn apply<R: Rng + ?Sized>(
        &self,
        state: &mut CourtPieceState,
        action: CourtPieceAction,
        rng: &mut R,
    ) {
        use CourtPieceAction as A;
        match (state.phase, action) {
            (Phase::Trump, A::Trump(suit)) => {
                state.trump = Some(suit);
                let leader = state.caller();
                state.play = self.chooser.name_trumps(&state.play, suit, leader, rng);
                state.phase = Phase::Play;
            }
            (Phase::Play, A::Play(card)) => {
                if state.play.play(card).is_some() {
                    self.after_trick(state, rng);
                }
            }
            (Phase::Court, A::Stop) => self.end_hand(state, rng),
            (Phase::Court, A::PlayOn) => {
                state.played_on = true;
                state.tally.play_ons += 1;
                state.phase = Phase::Play;
            }
            (phase, a) => panic!("{a} is not a move in phase {phase:?}"),
        }
    }

    fn observe(&self, state: &CourtPieceState, seat: Seat) -> CourtPieceObservation {
        CourtPieceObservation {
            seat,
            courts: state.courts,
            dealer: state.dealer,
            deals: state.deals,
            phase: state.phase,
            streak: state.streak,
            trump: state.trump,
            seven: state.seven,
            played_on: state.played_on,
            play: state.play.masked(SeatMask(1 << seat.index())),
            tally: state.tally,
        }
    }

    fn determinize<R: Rng + ?Sized>(
        &self,
        obs: &CourtPieceObservation,
        rng: &mut R,
    ) -> CourtPieceState {
        // Before trumps as after: the cards the observer has not seen, dealt to the others.
        let play = obs.play.determinized(obs.seat, rng);
        CourtPieceState {
            courts: obs.courts,
            dealer: obs.dealer,
            deals: obs.deals,
            phase: obs.phase,
            streak: obs.streak,
            trump: obs.trump,
            seven: obs.seven,
            played_on: obs.played_on,
            play,
            tally: obs.tally,
        }
    }

    /// Every move is public.
    fn observe_action(
        &self,
        _: &CourtPieceState,
        action: CourtPieceAction,
        _: Seat,
    ) -> Option<CourtPieceAction> {
        Some(action)
    }

    fn outcome(&self, state: &CourtPieceState) -> Option<Outcome> {
        if state.phase != Phase::Over {
            return None;
        }
        Some(Self::teams().outcome(4, &state.courts.map(f64::from)))
    }

    fn stats(&self, state: &CourtPieceState, out: &mut Vec<f64>) {
        out.clear();
        let t = &state.tally;
        out.extend(
            [
                t.hands,
                t.seven_courts,
                t.streak_courts,
                t.play_ons,
                t.all_thirteen,
                t.trump_side_wins,
                t.same_dealer,
                t.longest_streak,
                state.courts[0],
                state.courts[1],
            ]
            .map(f64::from),
        );
    }

    fn check_invariants(&self, state: &CourtPieceState) -> Result<(), String> {
        let t = &state.tally;
        if t.hands != state.deals || state.deals > self.deals {
            return Err("hands do not add up".into());
        }
        let expect = t.seven_courts + t.streak_courts + (ALL_THIRTEEN - 1) * t.all_thirteen;
        if state.courts[0] + state.courts[1] != expect {
            return Err(format!(
                "courts {:?} do not add up to the courts scored",
                state.courts
            ));
        }
        if t.all_thirteen > t.play_ons || t.play_ons > t.seven_courts {
            return Err("more play-ons than courts for the first seven".into());
        }
        if state.streak.1 as usize >= COURT {
            return Err("a streak of seven was not scored".into());
        }
        let teams = Self::teams();
        match state.phase {
            Phase::Trump => {
                if state.trump.is_some() || state.seven.is_some() || state.played_on {
                    return Err("a fresh hand carries the last hand's state".into());
                }
                self.chooser.check_first(&state.play)?;
            }
            Phase::Play | Phase::Court | Phase::Over => {
                let play = &state.play;
                self.chooser.check_dealt(play, state.trump)?;
                if let Some(team) = state.seven {
                    if play.tricks_played() < COURT {
                        return Err("a court for seven tricks before seven were played".into());
                    }
                    if play.team_tricks(&teams, 1 - team) > 0 && !state.played_on {
                        return Err("the first seven tricks were not all one side's".into());
                    }
                }
                if state.phase == Phase::Court
                    && (play.tricks_played() != COURT || !play.trick().is_empty())
                {
                    return Err("the court decision comes right after the seventh trick".into());
                }
            }
        }
        Ok(())
    }

    fn move_cap(&self) -> Option<u64> {
        // A hand is one trump choice, 52 cards and a court decision.
        Some(u64::from(self.deals) * 54)
    }

    /// Partners sit across the table: seats 0 and 2 against 1 and 3.
    fn team(&self, seat: Seat) -> usize {
        CourtPiece::teams().team(seat)
    }
}

impl TrickTaking for CourtPiece {
    fn trick_play<'s>(&self, state: &'s CourtPieceState) -> Option<&'s TrickPlay> {
        Some(&state.play).filter(|p| state.phase == Phase::Play && !p.is_over())
    }

    fn teams(&self) -> Teams {
        CourtPiece::teams()
    }

    fn card(action: CourtPieceAction) -> Option<Card> {
        match action {
            CourtPieceAction::Play(c) => Some(c),
            _ => None,
        }
    }
}
mod deal_text;
pub mod encoding;

//! Snap, a tiny real-time game that exercises races: the driver, the conformance checks and
//! the honesty checks are tested on it. Not one of cardsim's games.
//!
//! Twelve cards, three ranks of four. Each player holds a face-down pile that nobody, its
//! owner included, can see. In turn each player with cards flips the top card of its pile
//! onto the centre. When the two top cards of the centre share a rank, every player races:
//! slap or hold back. The fastest slap takes the whole centre under its pile. A player
//! holding every card still in piles wins (the others hold none); if every card is in the
//! centre the game is a tie. The game declares a move cap (`cap`, default 300): reached, the
//! game is a draw.

use crate::game::{check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome};
use crate::game::{Params, RaceEntry, ToMove};
use crate::params::ParamSpec;
use crate::seat::{BySeat, Seat, SeatMask};
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// Cards in the game: card `c` has rank `c / 4`.
pub const CARDS: u8 = 12;

/// The rank of card `c`.
pub const fn rank(c: u8) -> u8 {
    c / 4
}

/// Snap for 2 to 4 players.
#[derive(Clone, Copy, Debug)]
pub struct Snap {
    players: usize,
    cap: u64,
}

/// A pile of cards, bottom first.
pub type Pile = ArrayVec<u8, { CARDS as usize }>;

/// A Snap position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapState {
    /// Each player's face-down pile, bottom first (the last card is flipped next).
    pub piles: BySeat<Pile>,
    /// The face-up centre, bottom first.
    pub centre: Pile,
    /// The seat whose turn it is to flip.
    pub turn: Seat,
    /// True while the players race for a pair on the centre.
    pub racing: bool,
    /// Slaps won by each seat.
    pub slaps: BySeat<u16>,
}

/// What a seat knows: the pile sizes, the centre and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Each pile's size.
    pub sizes: BySeat<u8>,
    /// The face-up centre.
    pub centre: Pile,
    /// The seat to flip.
    pub turn: Seat,
    /// True in a race.
    pub racing: bool,
    /// Slaps won by each seat.
    pub slaps: BySeat<u16>,
}

/// A Snap move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SnapAction {
    /// Flip the top card of one's pile onto the centre.
    Flip,
    /// Slap the centre (in a race).
    Slap,
    /// Hold back (in a race).
    Wait,
}

impl fmt::Display for SnapAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl Snap {
    fn holders(&self, s: &SnapState) -> usize {
        Seat::all(self.players)
            .filter(|&p| !s.piles[p].is_empty())
            .count()
    }

    /// The next seat from `from` (inclusive) that holds cards.
    fn next_holder(&self, s: &SnapState, from: Seat) -> Seat {
        (0..self.players)
            .map(|k| from.left(k, self.players))
            .find(|&p| !s.piles[p].is_empty())
            .unwrap_or(from)
    }

    fn pair_on_top(s: &SnapState) -> bool {
        let n = s.centre.len();
        n >= 2 && rank(s.centre[n - 1]) == rank(s.centre[n - 2])
    }
}

impl Game for Snap {
    type State = SnapState;
    type Action = SnapAction;
    type Observation = SnapObservation;

    const INFO: GameInfo = GameInfo {
        name: "snap",
        title: "Snap (test game)",
        min_players: 2,
        max_players: 4,
        default_players: 2,
        params: &[ParamSpec::int(
            "cap",
            "300",
            1,
            i64::MAX,
            "moves after which the game is a draw",
        )],
        stats: &["slaps"],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        check_players(&Self::INFO, players)?;
        params.check_keys(&Self::INFO)?;
        let cap = params.int(&Self::INFO, "cap")?;
        Ok(Snap { players, cap })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> SnapState {
        let mut cards: [u8; CARDS as usize] = std::array::from_fn(|i| i as u8);
        cards.shuffle(rng);
        let mut piles = BySeat::<Pile>::default();
        for (i, &c) in cards.iter().enumerate() {
            piles[Seat::new(i % self.players)].push(c);
        }
        SnapState {
            piles,
            centre: Pile::new(),
            turn: Seat::new(0),
            racing: false,
            slaps: BySeat::default(),
        }
    }

    fn to_move(&self, s: &SnapState) -> ToMove {
        if s.racing {
            ToMove::Race(SeatMask::all(self.players))
        } else if self.holders(s) <= 1 {
            ToMove::Over
        } else {
            ToMove::Seat(s.turn)
        }
    }

    fn legal_actions(&self, _: &SnapState, out: &mut Vec<SnapAction>) {
        out.clear();
        out.push(SnapAction::Flip);
    }

    fn apply<R: Rng + ?Sized>(&self, s: &mut SnapState, _: SnapAction, _: &mut R) {
        let card = s.piles[s.turn].pop().expect("the seat to move holds cards");
        s.centre.push(card);
        s.racing = Snap::pair_on_top(s);
        s.turn = self.next_holder(s, s.turn.next(self.players));
    }

    fn race_actions(&self, _: &SnapState, _: Seat, out: &mut Vec<SnapAction>) {
        out.clear();
        out.extend([SnapAction::Slap, SnapAction::Wait]);
    }

    fn apply_race<R: Rng + ?Sized>(
        &self,
        s: &mut SnapState,
        entries: &[RaceEntry<SnapAction>],
        _: &mut R,
    ) {
        s.racing = false;
        let fastest = entries
            .iter()
            .filter(|e| e.action == SnapAction::Slap)
            .min_by(|a, b| a.reaction.total_cmp(&b.reaction));
        if let Some(e) = fastest {
            let pile = &mut s.piles[e.seat];
            let mut taken = std::mem::take(&mut s.centre);
            taken.extend(pile.drain(..));
            *pile = taken;
            s.slaps[e.seat] += 1;
            s.turn = self.next_holder(s, s.turn);
        }
    }

    fn observe(&self, s: &SnapState, seat: Seat) -> SnapObservation {
        SnapObservation {
            seat,
            sizes: BySeat::from_fn(|p| s.piles[p].len() as u8),
            centre: s.centre.clone(),
            turn: s.turn,
            racing: s.racing,
            slaps: s.slaps,
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, o: &SnapObservation, rng: &mut R) -> SnapState {
        let mut hidden: Pile = (0..CARDS).filter(|c| !o.centre.contains(c)).collect();
        hidden.shuffle(rng);
        let mut piles = BySeat::<Pile>::default();
        let mut rest = hidden.iter().copied();
        for p in Seat::all(self.players) {
            piles[p].extend(rest.by_ref().take(o.sizes[p] as usize));
        }
        SnapState {
            piles,
            centre: o.centre.clone(),
            turn: o.turn,
            racing: o.racing,
            slaps: o.slaps,
        }
    }

    fn outcome(&self, s: &SnapState) -> Option<Outcome> {
        if self.to_move(s) != ToMove::Over {
            return None;
        }
        let mut scores = [0.0; 4];
        for p in Seat::all(self.players) {
            scores[p.index()] = s.piles[p].len() as f64;
        }
        Some(rank_by_score(&scores[..self.players]))
    }

    fn stats(&self, s: &SnapState, out: &mut Vec<f64>) {
        out.clear();
        out.push(s.slaps.first(self.players).iter().sum::<u16>() as f64);
    }

    fn check_invariants(&self, s: &SnapState) -> Result<(), String> {
        let mut seen = 0u16;
        let all = Seat::all(self.players).flat_map(|p| s.piles[p].iter());
        for &c in all.chain(s.centre.iter()) {
            if c >= CARDS || seen >> c & 1 == 1 {
                return Err(format!("card {c} out of range or twice"));
            }
            seen |= 1 << c;
        }
        if seen.count_ones() != CARDS as u32 {
            return Err("cards lost".into());
        }
        Ok(())
    }

    fn move_cap(&self) -> Option<u64> {
        Some(self.cap)
    }

    fn observe_action(&self, _: &SnapState, action: SnapAction, _: Seat) -> Option<SnapAction> {
        Some(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance;
    use crate::driver::{self, Ending, RandomPolicy, Scratch};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_snap_games_conform_races_and_draws_included() {
        for players in 2..=4 {
            // A cap short enough that some random games reach it.
            let game = Snap::new(players, &Params::parse(&["cap=30"]).unwrap()).unwrap();
            let report = conformance::random_games(&game, 0..60, 10_000);
            assert_eq!(report.games, 60);
            let slaps: f64 = report.stats.iter().map(|s| s[0]).sum();
            assert!(slaps > 0.0, "{players} players: races were never won");
            assert!(
                report.draws > 0,
                "{players} players: no game reached the cap"
            );
            assert!(
                report.draws < 60,
                "{players} players: every game reached the cap"
            );
        }
    }

    #[test]
    fn the_driver_stops_at_the_games_cap_as_a_draw() {
        let game = Snap::new(2, &Params::parse(&["cap=5"]).unwrap()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut state = game.deal(&mut rng);
        let mut scratch = Scratch::new();
        let end = driver::play(
            &game,
            &mut state,
            &mut RandomPolicy,
            &mut scratch,
            &mut rng,
            100,
        );
        assert_eq!(end, Ok(Ending::Draw { moves: 5 }));
        let outcome = end.unwrap().outcome(&game, &state);
        assert_eq!(outcome[Seat::new(0)].win, 0.5);
        assert_eq!(outcome[Seat::new(1)].place, 1);
    }

    #[test]
    fn the_callers_limit_is_not_a_draw() {
        let game = Snap::new(2, &Params::new()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut state = game.deal(&mut rng);
        let mut scratch = Scratch::new();
        let end = driver::play(
            &game,
            &mut state,
            &mut RandomPolicy,
            &mut scratch,
            &mut rng,
            4,
        );
        assert_eq!(end, Ok(Ending::Limit { moves: 4 }));
    }

    /// Slaps by seat 0 always (fast), never by the others: seat 0 collects every pair.
    struct SlapHappy;
    impl Policy<Snap> for SlapHappy {
        type Error = std::convert::Infallible;
        fn choose<R: Rng>(
            &mut self,
            _: &Snap,
            _: &SnapState,
            _: Seat,
            l: &[SnapAction],
            _: &mut R,
        ) -> Result<SnapAction, Self::Error> {
            Ok(l[0])
        }
        fn race<R: Rng>(
            &mut self,
            _: &Snap,
            _: &SnapState,
            seat: Seat,
            _: &[SnapAction],
            _: &mut R,
        ) -> Result<(SnapAction, f64), Self::Error> {
            Ok(if seat.index() == 0 {
                (SnapAction::Slap, 0.2)
            } else {
                (SnapAction::Wait, 0.1)
            })
        }
    }
    use crate::driver::Policy;

    #[test]
    fn the_fastest_slap_takes_the_centre() {
        let game = Snap::new(3, &Params::new()).unwrap();
        let mut wins = 0;
        for seed in 0..40 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = game.deal(&mut rng);
            let mut scratch = Scratch::new();
            let end = driver::play(
                &game,
                &mut state,
                &mut SlapHappy,
                &mut scratch,
                &mut rng,
                10_000,
            );
            let slaps = state.slaps;
            assert_eq!(slaps[Seat::new(1)] + slaps[Seat::new(2)], 0, "seed {seed}");
            if let Ok(Ending::Over { .. }) = end {
                let o = game.outcome(&state).unwrap();
                wins += usize::from(o[Seat::new(0)].win == 1.0);
            }
        }
        assert!(wins > 20, "the only slapper won {wins} of 40");
    }
}

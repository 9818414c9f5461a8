//! Are determinizations honest? A generic statistical check that the states a search samples
//! from a seat's observation agree with everything the seat saw and do not leak where the
//! hidden cards really are.
//!
//! A game describes its card positions with two functions:
//! - `places(state, out)`: the value (e.g. [`Card::index`](cardsim_engine::Card::index)) at
//!   each place in a fixed order: every layout spot, hand slot, stock position. Two states a
//!   seat cannot tell apart must have the same number of places.
//! - `belief(obs, place, value)`: the probability that `place` holds `value` given only what
//!   the observation shows (its owner's cards, cards played, voids, public draws), computed
//!   by the test from the game's public facts, not from [`Game::determinize`]. It is 1 for the
//!   card at a visible place and 0 for a card the seat knows cannot be there.
//!
//! [`check_random_games`] then plays random games and, at sampled decisions, draws many
//! determinizations for every seat and checks:
//! 1. each sample passes [`Game::check_invariants`], looks the same to the seat
//!    ([`Game::observe`] equals the observation), has the same seat to move and, for that
//!    seat, the same legal actions;
//! 2. no sample puts a value where the seat's belief gives it probability 0 (such as a card
//!    of a suit a player has shown void in);
//! 3. at each hidden place the sampled values follow the belief (a chi-square test with the
//!    unseen values lumped together), so hidden cards are spread over all the places they
//!    could be;
//! 4. over all hidden places, the sampled value equals the true one as often as the belief
//!    predicts, within five standard deviations: the true holder of a hidden card is not
//!    favoured beyond chance.
//!
//! ```
//! use cardsim_agents::search::honesty::check_random_games;
//! use cardsim_engine::games::trash::{Spot, Trash};
//! use cardsim_engine::{Game, Params, Seat};
//! let game = Trash::new(2, &Params::new()).unwrap();
//! // Places: every seat's layout spots, then the stock.
//! let places = |st: &<Trash as Game>::State, out: &mut Vec<u32>| {
//!     out.clear();
//!     for s in Seat::all(2) {
//!         let l = st.layout(s);
//!         out.extend((1..=l.size()).map(|k| l.card(k).index() as u32));
//!     }
//!     out.extend(st.stock().iter().map(|c| c.index() as u32));
//! };
//! // Belief: a face-up spot shows its card; anything else is a uniform draw from the cards
//! // nobody can see. (Enough from a deal, where the stock is almost never rebuilt; once it
//! // is, its cards are known: see the Trash tests in `games::trash` for the full belief.)
//! let belief = |obs: &<Trash as Game>::Observation, place: usize, value: u32| {
//!     let mut i = place;
//!     for s in Seat::all(2) {
//!         let l = &obs.layouts[s];
//!         if i < l.size as usize {
//!             if let Spot::Natural(c) | Spot::Jack(c) = l.spot(i as u8 + 1) {
//!                 return f64::from(c.index() as u32 == value);
//!             }
//!             break;
//!         }
//!         i -= l.size as usize;
//!     }
//!     let unseen = game.cards().checked_sub(obs.visible()).unwrap();
//!     let card = cardsim_engine::Card::from_index(value as u8);
//!     unseen.count(card) as f64 / unseen.len() as f64
//! };
//! let report = check_random_games(&game, 0..2, 40, 300, places, belief).unwrap();
//! assert!(report.hidden_checks > 0);
//! ```

use cardsim_engine::driver::{self, actions_of, RandomPolicy, Scratch};
use cardsim_engine::{Game, Seat, ToMove};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// A belief below this is treated as impossible, above `1 - EPS` as certain.
const EPS: f64 = 1e-12;

/// What [`check_random_games`] saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HonestyReport {
    /// Positions (a seat at a decision) whose determinizations were checked.
    pub positions: usize,
    /// Determinizations sampled.
    pub samples: usize,
    /// (sample, hidden place) pairs compared with the truth.
    pub hidden_checks: u64,
    /// How many of them held the true value.
    pub truth_matches: u64,
    /// How many the belief predicts: the sum of the belief in the true value.
    pub expected_matches: f64,
    /// The variance of `truth_matches` under the belief.
    pub variance: f64,
    /// Hidden places whose sampled values were tested against the belief (chi-square).
    pub places_tested: usize,
    /// The largest chi-square statistic of a place, as a standard normal score
    /// (Wilson-Hilferty); the check fails above 5.
    pub worst_chi_square: f64,
}

impl HonestyReport {
    /// How far the truth matches are from the belief's prediction, in standard deviations
    /// (positive when the truth is favoured).
    pub fn truth_bias(&self) -> f64 {
        (self.truth_matches as f64 - self.expected_matches) / self.variance.max(1.0).sqrt()
    }
}

/// Checks the determinizations of `samples` per position, at every `every`-th decision of one
/// uniformly random game per seed, for every seat; see the [module docs](self) for what is
/// checked and what `places` and `belief` must be.
///
/// # Errors
/// A description of the first failed check, with the seed, move and seat.
pub fn check_random_games<G: Game>(
    game: &G,
    seeds: std::ops::Range<u64>,
    every: usize,
    samples: usize,
    places: impl Fn(&G::State, &mut Vec<u32>),
    belief: impl Fn(&G::Observation, usize, u32) -> f64,
) -> Result<HonestyReport, String> {
    let mut report = HonestyReport::default();
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut sample_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0b5e_2fed);
        let mut state = game.deal(&mut rng);
        let mut moves = 0usize;
        let mut scratch = Scratch::new();
        while game.to_move(&state) != ToMove::Over {
            if moves % every.max(1) == 0 {
                for seat in Seat::all(game.players()) {
                    check_position(
                        game,
                        &state,
                        seat,
                        samples,
                        &mut sample_rng,
                        &places,
                        &belief,
                        &mut report,
                    )
                    .map_err(|e| format!("seed {seed}, move {moves}, seat {seat}: {e}"))?;
                }
            }
            let Ok(_) = driver::step(game, &mut state, &mut RandomPolicy, &mut scratch, &mut rng);
            moves += 1;
            if game.move_cap().is_some_and(|cap| moves as u64 >= cap) {
                break;
            }
        }
    }
    let bias = report.truth_bias();
    if bias.abs() > 5.0 {
        return Err(format!(
            "the true position of hidden cards is {} beyond chance: {} matches, {:.1} expected ({bias:+.1} sd)",
            if bias > 0.0 { "favoured" } else { "avoided" },
            report.truth_matches,
            report.expected_matches
        ));
    }
    Ok(report)
}

/// The checks of one position, accumulated into `report`.
#[allow(clippy::too_many_arguments)]
fn check_position<G: Game>(
    game: &G,
    state: &G::State,
    seat: Seat,
    samples: usize,
    rng: &mut ChaCha8Rng,
    places: &impl Fn(&G::State, &mut Vec<u32>),
    belief: &impl Fn(&G::Observation, usize, u32) -> f64,
    report: &mut HonestyReport,
) -> Result<(), String> {
    let obs = game.observe(state, seat);
    let to_move = game.to_move(state);
    let mut legal = Vec::new();
    let mut legal_d = Vec::new();
    actions_of(game, state, to_move, seat, &mut legal);
    let mut truth = Vec::new();
    places(state, &mut truth);
    // For each place: the true value's belief, and counts of the sampled values.
    let mut counts: Vec<BTreeMap<u32, u32>> = vec![BTreeMap::new(); truth.len()];
    let truth_belief: Vec<f64> = truth
        .iter()
        .enumerate()
        .map(|(i, &v)| belief(&obs, i, v))
        .collect();
    if let Some(i) = truth_belief.iter().position(|&b| b < EPS) {
        return Err(format!("the belief gives the true value at place {i} probability 0 (a bug in the test's belief)"));
    }
    let mut sampled = Vec::new();
    for _ in 0..samples {
        let d = game.determinize(&obs, rng);
        game.check_invariants(&d)
            .map_err(|e| format!("a determinization breaks an invariant: {e}"))?;
        if game.observe(&d, seat) != obs {
            return Err("a determinization changes what the seat sees".into());
        }
        if game.to_move(&d) != to_move {
            return Err("a determinization changes the seat to move".into());
        }
        actions_of(game, &d, to_move, seat, &mut legal_d);
        if legal_d != legal {
            return Err("a determinization changes the seat's legal or race actions".into());
        }
        places(&d, &mut sampled);
        if sampled.len() != truth.len() {
            return Err(format!(
                "a determinization has {} places, the true state {}",
                sampled.len(),
                truth.len()
            ));
        }
        for (i, &v) in sampled.iter().enumerate() {
            if belief(&obs, i, v) < EPS {
                return Err(format!("a determinization puts value {v} at place {i}, which the seat knows is impossible"));
            }
            if truth_belief[i] < 1.0 - EPS {
                *counts[i].entry(v).or_default() += 1;
                report.hidden_checks += 1;
                report.truth_matches += u64::from(v == truth[i]);
                let b = truth_belief[i];
                report.expected_matches += b;
                report.variance += b * (1.0 - b);
            }
        }
        report.samples += 1;
    }
    for (i, c) in counts.iter().enumerate() {
        if c.is_empty() {
            continue;
        }
        let n = samples as f64;
        // Cells expected to hold fewer than 5 samples, and the values never sampled, are
        // lumped into one cell so the chi-square approximation holds.
        let (mut chi2, mut cells) = (0.0, 0usize);
        let (mut seen_mass, mut other_k, mut other_e) = (0.0, 0.0, 0.0);
        for (&v, &k) in c {
            let e = n * belief(&obs, i, v);
            seen_mass += e / n;
            if e >= 5.0 {
                chi2 += (k as f64 - e).powi(2) / e;
                cells += 1;
            } else {
                other_k += k as f64;
                other_e += e;
            }
        }
        other_e += n * (1.0 - seen_mass).max(0.0);
        if other_e > 1e-9 {
            chi2 += (other_k - other_e).powi(2) / other_e;
            cells += 1;
        }
        if cells < 2 {
            continue;
        }
        // Wilson-Hilferty: (chi2 / df)^(1/3) is close to normal; z > 5 has p < 1e-6.
        let df = (cells - 1) as f64;
        let v = 2.0 / (9.0 * df);
        let z = ((chi2 / df).cbrt() - (1.0 - v)) / v.sqrt();
        report.places_tested += 1;
        report.worst_chi_square = report.worst_chi_square.max(z);
        if z > 5.0 {
            return Err(format!(
                "the sampled values at place {i} do not follow the belief: chi-square {chi2:.1} with {df} degrees of freedom"
            ));
        }
    }
    report.positions += 1;
    Ok(())
}

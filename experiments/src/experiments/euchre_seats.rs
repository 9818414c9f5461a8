//! `euchre-seats`: how much is the deal worth in Euchre, and what is going alone worth?
//!
//! Every seat plays the `heuristic` agent. Each deal is one hand (a void hand counts as a deal
//! that scored nothing). For the dealer's side: how often it makes trumps, how often its trumps
//! are euchred, and its net points per deal (its points minus the other side's). For going
//! alone: at every maker's decision the hand is played out twice from the same position with
//! the same later random choices, once alone and once with the partner, and the makers' net
//! points compared (paired), both over the hands where the heuristic goes alone and over all
//! hands where trumps were made.

use super::shard::{self, Emit, Part, Sharded};
use super::{Experiment, Settings};
use cardsim_agents::games::euchre::EuchreHeuristic;
use cardsim_agents::Agent;
use cardsim_engine::games::euchre::{Euchre, EuchreAction, EuchreState, Phase};
use cardsim_engine::{Game, Params, ToMove};
use cardsim_sim::{align_table, AtomicCsv};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::ops::Range;

/// The experiment's entry.
pub const EXPERIMENT: Experiment = Experiment {
    name: "euchre-seats",
    about: "Euchre, heuristic agents in every seat, one hand per deal (32 and 24 cards): the dealer's side advantage and the value of going alone, with 95% CIs (--deals N, default 100,000)",
    run,
};

const DEFAULT_DEALS: u64 = 100_000;

/// A running mean and variance (Welford).
#[derive(Clone, Copy, Default)]
struct Mean {
    n: u64,
    mean: f64,
    m2: f64,
}

impl Mean {
    fn add(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }
    fn interval(&self) -> (f64, f64) {
        if self.n < 2 {
            return (f64::NAN, f64::NAN);
        }
        let se = (self.m2 / (self.n - 1) as f64 / self.n as f64).sqrt();
        (self.mean - 1.96 * se, self.mean + 1.96 * se)
    }
}

/// Plays the current hand to its end with heuristic agents; returns the scores it added.
fn finish(game: &Euchre, state: &mut EuchreState, rng: &mut ChaCha8Rng) -> [i64; 2] {
    let before = state.scores();
    let deals = state.deals();
    let mut legal = Vec::new();
    let mut agent = EuchreHeuristic::default();
    while state.deals() == deals {
        let ToMove::Seat(seat) = game.to_move(state) else {
            break;
        };
        game.legal_actions(state, &mut legal);
        let a = agent.choose(game, seat, &game.observe(state, seat), &legal, rng);
        game.apply(state, a, rng);
    }
    let after = state.scores();
    [0, 1].map(|t| i64::from(after[t]) - i64::from(before[t]))
}

#[derive(Default)]
struct Tally {
    voids: Mean,
    dealer_makes: Mean,
    dealer_net: Mean,
    dealer_euchred: Mean,
    other_euchred: Mean,
    heuristic_alone: Mean,
    lone_alone: Mean,
    lone_partner: Mean,
    lone_gain: Mean,
    all_alone: Mean,
    all_partner: Mean,
    all_gain: Mean,
}

/// The measures, in the order of a sample's values and of the result's rows.
const MEASURES: [(&str, &str); 12] = [
    ("voids", "void deals (all four pass twice)"),
    ("dealer_makes", "dealer's side makes trumps (per deal)"),
    ("dealer_net", "dealer's side net points per deal"),
    ("dealer_euchred", "euchred when the dealer's side made"),
    ("other_euchred", "euchred when the other side made"),
    ("heuristic_alone", "maker goes alone (heuristic)"),
    ("lone_alone", "heuristic lone hands: makers' net alone"),
    (
        "lone_partner",
        "heuristic lone hands: makers' net with partner",
    ),
    ("lone_gain", "heuristic lone hands: gain of going alone"),
    ("all_alone", "every made hand: makers' net alone"),
    ("all_partner", "every made hand: makers' net with partner"),
    ("all_gain", "every made hand: gain of going alone"),
];

const COLUMNS: [&str; 12] = {
    let mut c = [""; 12];
    let mut i = 0;
    while i < 12 {
        c[i] = MEASURES[i].0;
        i += 1;
    }
    c
};

impl Tally {
    /// The measures in [`MEASURES`] order.
    fn measures(&self) -> [&Mean; 12] {
        [
            &self.voids,
            &self.dealer_makes,
            &self.dealer_net,
            &self.dealer_euchred,
            &self.other_euchred,
            &self.heuristic_alone,
            &self.lone_alone,
            &self.lone_partner,
            &self.lone_gain,
            &self.all_alone,
            &self.all_partner,
            &self.all_gain,
        ]
    }

    /// Adds one deal's values (`None`: the deal does not count for that measure).
    fn add(&mut self, x: &[Option<f64>]) {
        let means = [
            &mut self.voids,
            &mut self.dealer_makes,
            &mut self.dealer_net,
            &mut self.dealer_euchred,
            &mut self.other_euchred,
            &mut self.heuristic_alone,
            &mut self.lone_alone,
            &mut self.lone_partner,
            &mut self.lone_gain,
            &mut self.all_alone,
            &mut self.all_partner,
            &mut self.all_gain,
        ];
        for (m, v) in means.into_iter().zip(x) {
            if let Some(v) = v {
                m.add(*v);
            }
        }
    }
}

/// The deck's rules: one hand per deal.
fn deck_game(deck: &str) -> Result<Euchre, String> {
    let params = Params::parse(&[&format!("deck={deck}"), "target=1000", "max_deals=1000000"])
        .map_err(|e| e.to_string())?;
    Euchre::new(4, &params).map_err(|e| e.to_string())
}

/// Deal `deal` of seed `seed`: what it adds to each measure ([`MEASURES`] order).
fn play_deal(game: &Euchre, deal: u64, seed: u64) -> [Option<f64>; 12] {
    let mut x = [None; 12];
    let mut legal = Vec::new();
    let mut agent = EuchreHeuristic::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ deal.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut state = game.deal(&mut rng);
    let dealer = state.dealer();
    let dealer_team = Euchre::teams().team(dealer);
    // Bid with the heuristic up to the maker's decision (or a void hand).
    while state.phase() != Phase::Alone && state.deals() == 0 {
        let ToMove::Seat(seat) = game.to_move(&state) else {
            unreachable!("target 1000 is not reached in one deal")
        };
        game.legal_actions(&state, &mut legal);
        let a = agent.choose(game, seat, &game.observe(&state, seat), &legal, &mut rng);
        game.apply(&mut state, a, &mut rng);
    }
    if state.deals() > 0 {
        x[0] = Some(1.0);
        x[2] = Some(0.0);
        x[1] = Some(0.0);
        return x;
    }
    x[0] = Some(0.0);
    let maker = state.maker().expect("trumps made");
    let mt = Euchre::teams().team(maker);
    let ToMove::Seat(seat) = game.to_move(&state) else {
        unreachable!()
    };
    game.legal_actions(&state, &mut legal);
    let choice = agent.choose(game, seat, &game.observe(&state, seat), &legal, &mut rng);
    let play_seed = seed ^ deal.wrapping_mul(0xd1b5_4a32_d192_ed03) ^ 1;
    let mut net = [0i64; 2];
    for (i, option) in [EuchreAction::Alone, EuchreAction::WithPartner]
        .into_iter()
        .enumerate()
    {
        let mut s = state.clone();
        let mut r = ChaCha8Rng::seed_from_u64(play_seed);
        game.apply(&mut s, option, &mut r);
        let pts = finish(game, &mut s, &mut r);
        net[i] = pts[mt] - pts[1 - mt];
    }
    let actual = if choice == EuchreAction::Alone {
        net[0]
    } else {
        net[1]
    };
    let dealer_side_makes = mt == dealer_team;
    x[1] = Some(f64::from(u8::from(dealer_side_makes)));
    let dealer_net = if dealer_side_makes { actual } else { -actual };
    x[2] = Some(dealer_net as f64);
    let euchred = f64::from(u8::from(actual < 0));
    if dealer_side_makes {
        x[3] = Some(euchred);
    } else {
        x[4] = Some(euchred);
    }
    let alone = choice == EuchreAction::Alone;
    x[5] = Some(f64::from(u8::from(alone)));
    if alone {
        x[6] = Some(net[0] as f64);
        x[7] = Some(net[1] as f64);
        x[8] = Some((net[0] - net[1]) as f64);
    }
    x[9] = Some(net[0] as f64);
    x[10] = Some(net[1] as f64);
    x[11] = Some((net[0] - net[1]) as f64);
    x
}

#[cfg(test)]
fn run_deck(deck: &str, deals: u64, seed: u64) -> Result<Tally, String> {
    let game = deck_game(deck)?;
    let mut t = Tally::default();
    for deal in 0..deals {
        t.add(&play_deal(&game, deal, seed));
    }
    Ok(t)
}

const DECKS: [&str; 2] = ["32", "24"];

fn run(s: &Settings) -> Result<(), String> {
    shard::drive(&EuchreSeats, EXPERIMENT.name, s)
}

/// The parts are the decks; a sample is one deal.
struct EuchreSeats;

impl Sharded for EuchreSeats {
    type Acc = Vec<Tally>;

    fn columns(&self) -> &'static [&'static str] {
        &COLUMNS
    }

    fn parts(&self, s: &Settings) -> Result<Vec<Part>, String> {
        let deals = s.games.unwrap_or(DEFAULT_DEALS);
        Ok(DECKS
            .iter()
            .map(|d| Part {
                name: format!("{d} cards"),
                samples: deals,
            })
            .collect())
    }

    fn play(
        &self,
        s: &Settings,
        part: usize,
        range: Range<u64>,
        emit: &mut Emit<'_>,
    ) -> Result<(), String> {
        let game = deck_game(DECKS[part])?;
        for deal in range {
            emit(play_deal(&game, deal, s.seed).to_vec())?;
        }
        Ok(())
    }

    fn start(&self, parts: &[Part]) -> Vec<Tally> {
        parts.iter().map(|_| Tally::default()).collect()
    }

    fn add(&self, acc: &mut Vec<Tally>, part: usize, x: &[Option<f64>]) {
        acc[part].add(x);
    }

    fn finish(
        &self,
        s: &Settings,
        _parts: &[Part],
        acc: Vec<Tally>,
        _seconds: &[f64],
    ) -> Result<(), String> {
        report(s, &acc)
    }
}

fn report(s: &Settings, tallies: &[Tally]) -> Result<(), String> {
    let deals = s.games.unwrap_or(DEFAULT_DEALS);
    let e = |e: cardsim_sim::SimError| e.to_string();
    let mut out = AtomicCsv::create(&s.out).map_err(e)?;
    out.write(["deck", "measure", "n", "mean", "ci_low", "ci_high"])
        .map_err(e)?;
    let mut rows = vec![["deck", "measure", "n", "mean", "95% CI"]
        .map(String::from)
        .to_vec()];
    for (deck, t) in DECKS.into_iter().zip(tallies) {
        for ((_, name), m) in MEASURES.iter().zip(t.measures()) {
            let (lo, hi) = m.interval();
            out.write([
                deck.to_string(),
                name.to_string(),
                m.n.to_string(),
                format!("{:.6}", m.mean),
                format!("{lo:.6}"),
                format!("{hi:.6}"),
            ])
            .map_err(e)?;
            rows.push(vec![
                deck.to_string(),
                name.to_string(),
                m.n.to_string(),
                format!("{:+.4}", m.mean),
                format!("[{lo:+.4}, {hi:+.4}]"),
            ]);
        }
    }
    out.commit().map_err(e)?;
    super::show(
        &format!(
        "Euchre: heuristic agents in every seat, {deals} deals per deck, one hand each, seed {}",
        s.seed
    ),
        &align_table(&rows),
    )?;
    eprintln!("wrote {}", s.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_run_gives_sensible_figures() {
        let t = run_deck("24", 300, 1).unwrap();
        assert_eq!(t.voids.n, 300);
        assert_eq!(t.dealer_makes.n, 300);
        assert!(t.dealer_makes.mean > 0.2 && t.dealer_makes.mean < 0.9);
        assert_eq!(t.all_gain.n, t.all_alone.n);
        // A lone march scores 4 and a march with a partner 2; a euchre costs 2 either way.
        assert!(t.all_alone.mean.abs() <= 4.0 && t.all_partner.mean.abs() <= 2.0);
    }
}

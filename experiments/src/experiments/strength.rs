//! `strength`: are the search agents at their defaults stronger than the game's heuristic?
//! For every game with a heuristic and two or more players, `ismcts`, `pimc` and the unfair
//! `cheat` (defaults) play the heuristic, and the heuristic plays `random`, at the game's
//! default player count and rules, seated A, B, A, B, ...
//! on duplicate deals: each deal is played in every distinct rotation of the seating, so
//! the luck of the cards cancels out. A sample is one deal: A's win share over its tables,
//! and A's mean score lead; the intervals are the normal 95% intervals over deals (the
//! same tally as `whist-search`).
//!
//! With the heuristic as the common opponent, the rows place every agent on one ladder: the
//! ISMCTS paper's ordering is cheat > pimc ~ ismcts > heuristic > random (Cowling, Powley and
//! Whitehouse, 2012), and where a game departs from it the docs say why.

use super::search_strength::{add_deal, duel_note, DuelTally, Duels, Matchups, DUEL_COLUMNS};
use super::shard::{Emit, Part, Sharded};
use super::{Experiment, Settings};
use cardsim_agents::{catalog, GameAgents};
use cardsim_engine::Params;
use cardsim_sim::{align_table, AtomicCsv};
use std::ops::Range;

/// The experiment's entry.
pub const EXPERIMENT: Experiment = Experiment {
    name: "strength",
    about: "every game with a heuristic and two or more players: ismcts, pimc and cheat at \
            their defaults against the heuristic, and the heuristic against random, duplicate \
            deals at the default player count (A's win share and score lead, 95% CI)",
    run,
};

/// Deals per game and search agent.
const DEFAULT_DEALS: u64 = 20;

/// The matchups: the search agents and `cheat` against `heuristic`, then `heuristic`
/// against `random`, so that every agent is placed against one common opponent.
const MATCHUPS: Matchups = &[
    ("ismcts", "heuristic", DEFAULT_DEALS),
    ("pimc", "heuristic", DEFAULT_DEALS),
    ("cheat", "heuristic", DEFAULT_DEALS),
    ("heuristic", "random", DEFAULT_DEALS),
];

fn run(s: &Settings) -> Result<(), String> {
    super::shard::drive(&Strength, EXPERIMENT.name, s)
}

/// True when the game named by `G` is measured: it has a heuristic and two or more players.
fn measured<G: GameAgents>() -> Result<bool, String> {
    let has = catalog::<G>().kinds().iter().any(|k| k.name == "heuristic");
    Ok(has && G::INFO.default_players >= 2)
}

/// The measured games, in the order of `cardsim list`, of those `s` plays (`--game`).
fn games(s: &Settings) -> Result<Vec<&'static str>, String> {
    let mut out = Vec::new();
    for g in cardsim_sim::games() {
        if s.plays_game(g.info.name) && for_game!(g.info.name, measured())? {
            out.push(g.info.name);
        }
    }
    Ok(out)
}

/// Plays deals `range` of matchup `k` in `G`.
fn duel<G: GameAgents>(
    k: usize,
    s: &Settings,
    range: Range<u64>,
    emit: &mut Emit<'_>,
) -> Result<(), String> {
    let game = G::new(G::INFO.default_players, &Params::new()).map_err(|e| e.to_string())?;
    let d = Duels {
        name: EXPERIMENT.name,
        game,
        matchups: &MATCHUPS[k..=k],
        player: |x: &str| x.to_string(),
    };
    d.play(s, 0, range, emit)
}

/// Per game and matchup: A's win share and score lead.
struct Strength;

impl Sharded for Strength {
    type Acc = DuelTally;

    fn columns(&self) -> &'static [&'static str] {
        DUEL_COLUMNS
    }

    fn parts(&self, s: &Settings) -> Result<Vec<Part>, String> {
        let mut parts = Vec::new();
        for g in games(s)? {
            for &(a, b, deals) in MATCHUPS {
                parts.push(Part {
                    name: format!("{g}: {a} vs {b}"),
                    samples: s.games.unwrap_or(deals),
                });
            }
        }
        Ok(parts)
    }

    fn play(
        &self,
        s: &Settings,
        part: usize,
        range: Range<u64>,
        emit: &mut Emit<'_>,
    ) -> Result<(), String> {
        let game = games(s)?[part / MATCHUPS.len()];
        for_game!(game, duel(part % MATCHUPS.len(), s, range, emit))
    }

    fn start(&self, parts: &[Part]) -> Self::Acc {
        vec![Default::default(); parts.len()]
    }

    fn add(&self, acc: &mut Self::Acc, part: usize, x: &[Option<f64>]) {
        add_deal(acc, part, x)
    }

    fn note(&self, acc: &Self::Acc, part: usize) -> String {
        duel_note(acc, part)
    }

    fn finish(
        &self,
        s: &Settings,
        _parts: &[Part],
        acc: Self::Acc,
        seconds: &[f64],
    ) -> Result<(), String> {
        let e = |e: cardsim_sim::SimError| e.to_string();
        let mut out = AtomicCsv::create(&s.out).map_err(e)?;
        out.write([
            "game",
            "a",
            "b",
            "deals",
            "a_win",
            "win_ci_low",
            "win_ci_high",
            "a_lead",
            "lead_ci_low",
            "lead_ci_high",
            "seconds",
        ])
        .map_err(e)?;
        let mut rows = vec![[
            "game",
            "A",
            "B",
            "deals",
            "A win share",
            "95% CI",
            "A score lead",
            "95% CI",
        ]
        .map(String::from)
        .to_vec()];
        let names = games(s)?;
        for (i, ((win, lead), secs)) in acc.iter().zip(seconds).enumerate() {
            let game = names[i / MATCHUPS.len()];
            let (a, b, _) = MATCHUPS[i % MATCHUPS.len()];
            let (wl, wh) = win.interval();
            let (ll, lh) = lead.interval();
            out.write([
                game.to_string(),
                a.to_string(),
                b.to_string(),
                win.count().to_string(),
                format!("{:.6}", win.mean()),
                format!("{wl:.6}"),
                format!("{wh:.6}"),
                format!("{:.6}", lead.mean()),
                format!("{ll:.6}"),
                format!("{lh:.6}"),
                format!("{secs:.2}"),
            ])
            .map_err(e)?;
            rows.push(vec![
                game.to_string(),
                a.to_string(),
                b.to_string(),
                win.count().to_string(),
                format!("{:.3}", win.mean()),
                format!("[{wl:.3}, {wh:.3}]"),
                format!("{:.2}", lead.mean()),
                format!("[{ll:.2}, {lh:.2}]"),
            ]);
        }
        out.commit().map_err(e)?;
        super::show(
            &format!(
                "Search agents and cheat at their defaults against the heuristic, the \
                 heuristic against random, duplicate deals, default players and rules, seed {}",
                s.seed
            ),
            &align_table(&rows),
        )?;
        eprintln!("wrote {}", s.out.display());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(games: &[&str]) -> Settings {
        Settings::for_test("strength.csv", games)
    }

    #[test]
    fn every_game_with_a_heuristic_and_opponents_is_measured() {
        let names = games(&settings(&[])).unwrap();
        assert!(names.contains(&"whist") && names.contains(&"speed"));
        assert!(
            !names.contains(&"seahaven"),
            "one player: nobody to play against"
        );
    }

    /// True when `G` offers every agent the matchups name.
    fn offers_every_matchup<G: GameAgents>() -> Result<bool, String> {
        let catalog = catalog::<G>();
        let offers = |name: &str| catalog.kinds().iter().any(|k| k.name == name);
        Ok(MATCHUPS.iter().all(|&(a, b, _)| offers(a) && offers(b)))
    }

    /// A run never stops half-way on an agent a measured game lacks, and the ladder has
    /// its rungs: cheat, the two search agents against the heuristic, the heuristic
    /// against random.
    #[test]
    fn every_measured_game_offers_every_matchup() {
        for g in games(&settings(&[])).unwrap() {
            assert!(for_game!(g, offers_every_matchup()).unwrap(), "{g}");
        }
        let pairs: Vec<(&str, &str)> = MATCHUPS.iter().map(|&(a, b, _)| (a, b)).collect();
        for pair in [("cheat", "heuristic"), ("heuristic", "random")] {
            assert!(pairs.contains(&pair), "{pair:?}");
        }
    }

    /// `--game` keeps the named games that are measured: Seahaven (one player) is not.
    #[test]
    fn the_game_filter_keeps_the_named_games() {
        let names = games(&settings(&["seahaven", "xeri", "euchre"])).unwrap();
        assert_eq!(names, ["xeri", "euchre"]);
    }
}

//! Playing one game to its end.

use crate::SimError;
use cardsim_agents::Agent;
use cardsim_engine::{Game, RaceEntry, Seat, ToMove};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One seat's result in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatRecord {
    /// Which of the run's agent specs sat here.
    pub agent: usize,
    /// The game's score.
    pub score: f64,
    /// Placement (1 = best).
    pub place: u8,
    /// Win share.
    pub win: f64,
}

/// The result of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's index in the run.
    pub index: u64,
    /// One entry per seat.
    pub seats: Vec<SeatRecord>,
    /// Actions applied (decisions with one legal action included).
    pub moves: u64,
    /// The game's own statistics ([`cardsim_engine::GameInfo::stats`]).
    pub stats: Vec<f64>,
}

/// Plays one game: `agents[s]` sits in seat `s` and is agent number `labels[s]` of the run.
/// The deal and all chance come from `rng`; each seat's agent gets its own RNG seeded from it
/// at the start, so the game is a pure function of `rng`'s stream.
///
/// A decision with a single legal action is applied without asking the agent.
///
/// # Errors
/// [`SimError::TooLong`] past `max_moves`, [`SimError::IllegalChoice`] for an agent bug.
pub fn play_game<G: Game>(
    game: &G,
    agents: &mut [Box<dyn Agent<G>>],
    labels: &[usize],
    rng: &mut ChaCha8Rng,
    index: u64,
    max_moves: u64,
) -> Result<GameRecord, SimError> {
    let players = game.players();
    let mut agent_rngs: Vec<ChaCha8Rng> = (0..players)
        .map(|_| ChaCha8Rng::seed_from_u64(rng.next_u64()))
        .collect();
    for a in agents.iter_mut() {
        a.reset();
    }
    let mut state = game.deal(rng);
    let mut legal = Vec::with_capacity(64);
    let mut entries = Vec::new();
    let mut moves = 0u64;
    loop {
        match game.to_move(&state) {
            ToMove::Over => break,
            ToMove::Seat(seat) => {
                game.legal_actions(&state, &mut legal);
                let action = if legal.len() == 1 {
                    legal[0]
                } else {
                    let s = seat.index();
                    decide(
                        game,
                        agents[s].as_mut(),
                        seat,
                        &state,
                        &legal,
                        &mut agent_rngs[s],
                        index,
                    )?
                };
                game.apply(&mut state, action, rng);
            }
            ToMove::Race(mask) => {
                entries.clear();
                for seat in mask.iter() {
                    game.race_actions(&state, seat, &mut legal);
                    if legal.is_empty() {
                        continue;
                    }
                    let s = seat.index();
                    let action = decide(
                        game,
                        agents[s].as_mut(),
                        seat,
                        &state,
                        &legal,
                        &mut agent_rngs[s],
                        index,
                    )?;
                    let reaction = agents[s].reaction_time(&mut agent_rngs[s]);
                    entries.push(RaceEntry {
                        seat,
                        action,
                        reaction,
                    });
                }
                game.apply_race(&mut state, &entries, rng);
            }
        }
        moves += 1;
        if moves > max_moves {
            return Err(SimError::TooLong { index, max_moves });
        }
    }
    let outcome = game
        .outcome(&state)
        .expect("a finished game has an outcome");
    let seats = Seat::all(players)
        .map(|s| {
            let r = outcome[s];
            SeatRecord {
                agent: labels[s.index()],
                score: r.score,
                place: r.place,
                win: r.win,
            }
        })
        .collect();
    let mut stats = Vec::new();
    game.stats(&state, &mut stats);
    Ok(GameRecord {
        index,
        seats,
        moves,
        stats,
    })
}

/// Asks `agent` for its choice (handing the full state only to an unfair perfect-information
/// baseline such as `cheat`) and checks that the choice is legal.
fn decide<G: Game>(
    game: &G,
    agent: &mut dyn Agent<G>,
    seat: Seat,
    state: &G::State,
    legal: &[G::Action],
    rng: &mut ChaCha8Rng,
    index: u64,
) -> Result<G::Action, SimError> {
    let action = if agent.perfect_information() {
        agent.choose_with_state(game, seat, state, legal, rng)
    } else {
        agent.choose(game, seat, &game.observe(state, seat), legal, rng)
    };
    if !legal.contains(&action) {
        return Err(SimError::IllegalChoice {
            agent: agent.label(),
            action: action.to_string(),
            index,
        });
    }
    Ok(action)
}

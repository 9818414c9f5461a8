//! Envite's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (68):
//!
//! | ids   | action                                                                   |
//! |-------|--------------------------------------------------------------------------|
//! | 0..64 | play the card with that [`Card::index`] (`16·suit + rank slot`: AC = 15, KS = 62), for the observer or for the dummy |
//! | 64    | `pass`                                                                   |
//! | 65    | `raise`                                                                  |
//! | 66    | `accept`                                                                 |
//! | 67    | `fold`                                                                   |
//!
//! **Observation tensor.** With `P` places (the players, plus the dummy's place when their
//! number is odd) and places relative to the observer (entry `k` is the place `k` to its
//! left; "our team" is the observer's), the length is `263 P + 96`: 1,148 with 4 players,
//! 1,674 with 5 or 6, 3,252 with 11 or 12.
//!
//! | segment        | length | meaning                                                        |
//! |----------------|--------|----------------------------------------------------------------|
//! | `phase`        | 4      | one-hot: stake, lying down, play, over                         |
//! | `dealer`       | P      | one-hot place                                                  |
//! | `dummy`        | P      | one-hot: the dummy's place (all 0 with an even count)          |
//! | `speaker`      | 2      | one-hot: the team whose captain speaks (ours, theirs)          |
//! | `scores`       | 2      | stones of our team, their team, / 12                           |
//! | `games_won`    | 2      | games won by our team, their team, / `games`                   |
//! | `upcard`       | 64     | the turned-up card (trumps are its suit)                       |
//! | `stake`        | 5      | one-hot: the stake agreed, 2, 4, 7, 9, the game                |
//! | `pending`      | 5      | one-hot: a raise waiting for an answer                         |
//! | `passes`       | 1      | passes so far in the negotiation, / 2                          |
//! | `lying`        | 2      | our team, their team lying down (at 11)                        |
//! | the card play  | 261 P + 9 | [`encode_play`] with `P` seats and 3 tricks (`hands`, `hand_sizes`, `trick`, `trick.leader`, `trick.led_suit`, `trick.to_play`, `trump`, `played`, `voids`, `tricks_won`, `tricks_played`, `active`); `hands` shows the hands the observer sees (its own, the dummy's for captain 1, the team's with `captain_sees_team`) |

use super::{Envite, EnviteAction, EnviteObservation, Phase, Stake};
use crate::cards::{Card, CardSet};
use crate::encoding::{Encoding, Tensor};
use crate::games::common::text::{name, teams, Fmt, ObsText};
use crate::tricks::encode_play;
use crate::tricks::text::{write_hands, write_play};

/// The id of `pass`; raise, accept and fold follow.
const PASS: usize = Card::SLOTS;

fn stake_index(stake: Stake) -> usize {
    match stake {
        Stake::Two => 0,
        Stake::Four => 1,
        Stake::Seven => 2,
        Stake::Nine => 3,
        Stake::Game => 4,
    }
}

impl Encoding for Envite {
    fn num_distinct_actions(&self) -> usize {
        PASS + 4
    }

    fn action_id(&self, action: EnviteAction) -> usize {
        match action {
            EnviteAction::Play(c) => c.index(),
            EnviteAction::Pass => PASS,
            EnviteAction::Raise => PASS + 1,
            EnviteAction::Accept => PASS + 2,
            EnviteAction::Fold => PASS + 3,
        }
    }

    fn encode_observation(&self, obs: &EnviteObservation, out: &mut Tensor) {
        let me = obs.seat;
        let places = self.places();
        let phase = match obs.phase {
            Phase::Stake => 0,
            Phase::LyingDown => 1,
            Phase::Play => 2,
            Phase::Over => 3,
        };
        out.one_hot("phase", Some(phase), 4);
        out.seat_one_hot("dealer", Some(obs.dealer), me, places);
        out.seat_one_hot("dummy", obs.dummy, me, places);
        let ours = self.teams().team(me);
        let side = |team: usize| usize::from(team != ours);
        out.one_hot("speaker", Some(side(usize::from(obs.speaker))), 2);
        let sides = |v: [u32; 2], scale: f32| [v[ours], v[1 - ours]].map(|x| x as f32 / scale);
        out.values_of("scores", &sides(obs.scores, 12.0));
        out.values_of(
            "games_won",
            &sides(obs.games_won, self.games().max(1) as f32),
        );
        out.cards("upcard", CardSet::from_card(obs.upcard));
        out.one_hot("stake", Some(stake_index(obs.stake)), 5);
        out.one_hot("pending", obs.pending.map(stake_index), 5);
        out.scalar("passes", f32::from(obs.passes) / 2.0);
        let lying = [ours, 1 - ours].map(|t| f32::from(obs.lying >> t & 1));
        out.values_of("lying", &lying);
        encode_play(out, &obs.play, me, 3);
    }

    fn observation_string(&self, obs: &EnviteObservation) -> String {
        let places = self.places();
        let mut t = ObsText::dealt(obs.seat, crate::Game::players(self), obs.dealer, obs.phase);
        t.opt("dummy", obs.dummy)
            .line("score", teams(&obs.scores, places))
            .line("games won", teams(&obs.games_won, places))
            .line("upcard", obs.upcard)
            .line("stake", name(obs.stake))
            .opt("raise pending", obs.pending.map(name))
            .line("team to speak", obs.speaker)
            .line("passes", obs.passes)
            .line(
                "lying down",
                Fmt(|f: &mut std::fmt::Formatter<'_>| match obs.lying {
                    0 => f.write_str("-"),
                    1 => f.write_str("team 0"),
                    2 => f.write_str("team 1"),
                    _ => f.write_str("both teams"),
                }),
            );
        match obs.phase {
            Phase::Play | Phase::Over => write_play(&mut t, &obs.play, obs.seat),
            _ => write_hands(&mut t, &obs.play, obs.seat),
        }
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::assert_checked;
    use crate::tricks::{assert_hand_plane, assert_lead_shows};
    use crate::{Game, Params, Seat};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(players: usize, params: &[&str]) -> Envite {
        Envite::new(players, &Params::parse(params).unwrap()).unwrap()
    }

    /// The text shows the trick and the tricks won once cards are played, and only the hands
    /// while the stake is negotiated.
    #[test]
    fn the_text_shows_the_trick_only_in_play() {
        let g = game(4, &[]);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut s = g.deal(&mut rng);
        assert_eq!(s.phase, Phase::Stake);
        let text = g.observation_string(&g.observe(&s, Seat::new(0)));
        assert!(
            !text.contains("trick: ") && !text.contains("tricks won: "),
            "{text}"
        );
        let mut legal = Vec::new();
        while s.phase != Phase::Play {
            g.legal_actions(&s, &mut legal);
            g.apply(&mut s, legal[0], &mut rng);
        }
        let text = g.observation_string(&g.observe(&s, Seat::new(0)));
        assert!(
            text.contains("trick: ") && text.contains("tricks won: "),
            "{text}"
        );
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        let g = game(4, &[]);
        let text = crate::tricks::text::assert_text_shows_own_hand(
            &g,
            3,
            Seat::new(1),
            |o: &EnviteObservation| crate::CardSet::from_card(o.upcard),
        );
        assert!(text.starts_with("seat 1 of 4, dealer "), "{text}");
        assert!(text.contains("upcard: "), "{text}");
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for players in 4..=12 {
            for params in [&["games=1"][..], &["games=1", "captain_sees_team=true"]] {
                let g = game(players, params);
                assert_checked(&g, 0..6, 200, 263 * g.places() + 96);
            }
        }
    }

    #[test]
    fn named_actions_have_the_documented_ids() {
        let g = game(4, &[]);
        assert_eq!(g.action_id(EnviteAction::Play("AC".parse().unwrap())), 15);
        assert_eq!(g.action_id(EnviteAction::Play("KS".parse().unwrap())), 62);
        assert_eq!(g.action_id(EnviteAction::Pass), 64);
        assert_eq!(g.action_id(EnviteAction::Fold), 67);
        assert_eq!(g.num_distinct_actions(), 68);
    }

    #[test]
    fn captain_one_sees_the_dummys_hand_at_its_place() {
        let g = game(5, &[]);
        let state = g.deal(&mut ChaCha8Rng::seed_from_u64(3));
        let dummy = g.dummy().unwrap();
        let mut t = Tensor::new();
        let captain = Seat::new(1);
        g.encode_observation(&g.observe(&state, captain), &mut t);
        let dummys = state.play().hand(dummy);
        assert_hand_plane(&t, state.play().hand(captain), dummys);
        // The dummy (place 5) is 4 places to seat 1's left of 6.
        let hands = t.get("hands").unwrap();
        assert!(dummys.iter().all(|c| hands[4 * 64 + c.index()] == 1.0));
        assert_eq!(t.get("dummy").unwrap()[4], 1.0);
        // Another player sees only its own hand.
        t.clear();
        g.encode_observation(&g.observe(&state, Seat::new(2)), &mut t);
        assert_hand_plane(&t, state.play().hand(Seat::new(2)), CardSet::EMPTY);
        for seed in 0..4 {
            assert_lead_shows(&g, seed, Seat::new(seed as usize));
        }
    }

    /// The public scalars, from the observer's side: scores / 12, games won / `games`,
    /// passes / 2, the speaker, the stake and the pending raise, lying down; and the text.
    #[test]
    fn the_public_values_are_scaled_and_sided() {
        let g = game(4, &[]);
        let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
        s.scores = [3, 7];
        s.games_won = [1, 0];
        s.tally.games = 1;
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        g.apply(&mut s, EnviteAction::Pass, &mut rng);
        g.apply(&mut s, EnviteAction::Raise, &mut rng);
        g.check_invariants(&s).unwrap();
        let mut t = Tensor::new();
        // Seat 1 is team 1: "ours" is team 1.
        g.encode_observation(&g.observe(&s, Seat::new(1)), &mut t);
        assert_eq!(t.get("scores").unwrap(), [7.0 / 12.0, 3.0 / 12.0]);
        assert_eq!(t.get("games_won").unwrap(), [0.0, 1.0 / 3.0]);
        assert_eq!(t.get("passes").unwrap(), [0.5]);
        // Team 0's captain answers the raise: the other team's, for seat 1.
        assert_eq!(t.get("speaker").unwrap(), [0.0, 1.0]);
        assert_eq!(t.get("stake").unwrap(), [1.0, 0.0, 0.0, 0.0, 0.0]);
        assert_eq!(t.get("pending").unwrap(), [0.0, 1.0, 0.0, 0.0, 0.0]);
        assert_eq!(t.get("phase").unwrap(), [1.0, 0.0, 0.0, 0.0]);
        assert_eq!(t.get("lying").unwrap(), [0.0, 0.0]);
        t.clear();
        g.encode_observation(&g.observe(&s, Seat::new(0)), &mut t);
        assert_eq!(t.get("scores").unwrap(), [3.0 / 12.0, 7.0 / 12.0]);
        assert_eq!(t.get("speaker").unwrap(), [1.0, 0.0]);
        let text = g.observation_string(&g.observe(&s, Seat::new(0)));
        for line in [
            "stake: two",
            "raise pending: four",
            "passes: 1",
            "lying down: -",
        ] {
            assert!(text.contains(line), "{line}: {text}");
        }
        // Each stake and each lying-down state has its own entry and its own words.
        let names = ["two", "four", "seven", "nine", "game"];
        for (i, stake) in [
            Stake::Two,
            Stake::Four,
            Stake::Seven,
            Stake::Nine,
            Stake::Game,
        ]
        .into_iter()
        .enumerate()
        {
            assert_eq!(stake_index(stake), i);
            let mut o = g.observe(&s, Seat::new(0));
            o.stake = stake;
            let text = g.observation_string(&o);
            assert!(text.contains(&format!("stake: {}", names[i])), "{text}");
        }
        for (lying, words, sided) in [
            (1, "team 0", [1.0, 0.0]),
            (2, "team 1", [0.0, 1.0]),
            (3, "both teams", [1.0, 1.0]),
        ] {
            let mut o = g.observe(&s, Seat::new(0));
            o.lying = lying;
            let text = g.observation_string(&o);
            assert!(text.contains(&format!("lying down: {words}")), "{text}");
            t.clear();
            g.encode_observation(&o, &mut t);
            assert_eq!(t.get("lying").unwrap(), sided);
            // From team 1's side the entries swap: its own team first.
            let mut o = g.observe(&s, Seat::new(1));
            o.lying = lying;
            t.clear();
            g.encode_observation(&o, &mut t);
            assert_eq!(t.get("lying").unwrap(), [sided[1], sided[0]]);
        }
        // The phases, one-hot in the documented order.
        for (i, phase) in [Phase::Stake, Phase::LyingDown, Phase::Play, Phase::Over]
            .into_iter()
            .enumerate()
        {
            let mut o = g.observe(&s, Seat::new(0));
            o.phase = phase;
            t.clear();
            g.encode_observation(&o, &mut t);
            let mut one_hot = [0.0; 4];
            one_hot[i] = 1.0;
            assert_eq!(t.get("phase").unwrap(), one_hot);
        }
        assert_eq!(g.action_id(EnviteAction::Raise), 65);
        assert_eq!(g.action_id(EnviteAction::Accept), 66);
    }
}

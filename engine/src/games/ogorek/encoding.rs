//! Ogórek's [`Encoding`]: action ids and the observation tensor.
//!
//! **Action ids** (66):
//!
//! | ids   | action                                                                   |
//! |-------|--------------------------------------------------------------------------|
//! | 0..64 | play the card with that [`Card::index`] (`16·suit + rank slot`: 2C = 2, AS = 63) |
//! | 64    | `kontra`                                                                 |
//! | 65    | pass on kontra                                                           |
//!
//! **Observation tensor.** With `P` players (3 to 8) and seats relative to the observer
//! (entry `k` is the seat `k` places to its left) the length is `268 P + 11`: 815 with 3
//! players, 1,083 with 4, 2,155 with 8.
//!
//! | segment        | length | meaning                                                         |
//! |----------------|--------|-----------------------------------------------------------------|
//! | `dealer`       | P      | one-hot seat                                                    |
//! | `totals`       | P      | each seat's penalty total, / `target`                           |
//! | `out`          | P      | the seats that are out                                          |
//! | `king_out`     | P      | the seats out by a king kontra                                  |
//! | `deal`         | 1      | the deal number, / 20                                           |
//! | `asking`       | P      | one-hot: the seat to be asked about kontra next                 |
//! | `callers`      | P      | the seats that called kontra this deal                          |
//! | `last_penalty` | P      | each seat's penalty in the last completed deal, / 52            |
//! | `over`         | 1      | 1 at the end                                                    |
//! | the card play  | 261 P + 9 | [`encode_play`] with `P` seats and 6 tricks (`hands`, `hand_sizes`, `trick`, `trick.leader`, `trick.led_suit`, `trick.to_play`, `trump`, `played`, `voids`, `tricks_won`, `tricks_played`, `active`); `voids` holds every card a play showed a seat cannot hold |

use super::{Ogorek, OgorekAction, OgorekObservation};
use crate::cards::Card;
use crate::encoding::{Encoding, Tensor};
use crate::games::common::text::{seat_list, seats, ObsText};
use crate::tricks::encode_play;
use crate::tricks::text::write_play;
use crate::Seat;

impl Encoding for Ogorek {
    fn num_distinct_actions(&self) -> usize {
        Card::SLOTS + 2
    }

    fn action_id(&self, action: OgorekAction) -> usize {
        match action {
            OgorekAction::Play(c) => c.index(),
            OgorekAction::Kontra => Card::SLOTS,
            OgorekAction::NoKontra => Card::SLOTS + 1,
        }
    }

    fn encode_observation(&self, obs: &OgorekObservation, out: &mut Tensor) {
        let me = obs.seat;
        let p = usize::from(self.players);
        let target = self.target().max(1) as f32;
        let flag = |b: bool| f32::from(u8::from(b));
        out.seat_one_hot("dealer", Some(obs.dealer), me, p);
        out.seat_values("totals", me, p, |s| obs.totals[s] as f32 / target);
        out.seat_values("out", me, p, |s| flag(obs.out.is_out(s)));
        out.seat_mask("king_out", obs.king_out, me, p);
        out.scalar("deal", f32::from(obs.deal) / 20.0);
        out.seat_one_hot("asking", obs.asking, me, p);
        out.seat_mask("callers", obs.callers, me, p);
        out.seat_values("last_penalty", me, p, |s| obs.last_penalty[s] as f32 / 52.0);
        out.scalar("over", flag(obs.over));
        encode_play(out, &obs.play, me, 6);
    }

    fn observation_string(&self, obs: &OgorekObservation) -> String {
        let p = usize::from(self.players);
        let mut t = ObsText::new(
            obs.seat,
            p,
            format_args!("dealer {}, deal {}", obs.dealer, obs.deal),
        );
        t.line("penalties", seats(p, |s| obs.totals[s]))
            .line("target", self.target())
            .line("last deal", seats(p, |s| obs.last_penalty[s]))
            .line(
                "out",
                seat_list(Seat::all(p).filter(|&s| obs.out.is_out(s))),
            )
            .line("out by a king kontra", seat_list(obs.king_out.iter()))
            .line("kontra callers", seat_list(obs.callers.iter()))
            .opt("asking about kontra", obs.asking);
        if obs.over {
            t.line("game", "over");
        }
        write_play(&mut t, &obs.play, obs.seat);
        t.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::{check, layout};
    use crate::tricks::{assert_hand_plane, assert_lead_shows};
    use crate::{CardSet, Game, Params, Seat};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(players: usize, params: &[&str]) -> Ogorek {
        Ogorek::new(players, &Params::parse(params).unwrap()).unwrap()
    }

    #[test]
    fn the_text_shows_the_own_hand_and_no_other() {
        let g = game(4, &[]);
        let text = crate::tricks::text::assert_text_shows_own_hand(&g, 3, Seat::new(2), |_| {
            crate::CardSet::EMPTY
        });
        assert!(text.contains("penalties: 0:0 1:0 2:0 3:0\n"), "{text}");
    }

    #[test]
    fn random_games_pass_the_encoding_check() {
        for players in 3..=8 {
            for params in [&["target=15"][..], &["target=15", "kontra=true"]] {
                let g = game(players, params);
                let r = check(&g, 0..5, 300);
                assert_eq!(r.games, 5);
                let len: usize = layout(&g).iter().map(|s| s.len).sum();
                assert_eq!(len, 268 * players + 11, "{players} players");
            }
        }
    }

    #[test]
    fn named_actions_have_the_documented_ids() {
        let g = game(4, &["kontra=true"]);
        assert_eq!(g.action_id(OgorekAction::Play("2C".parse().unwrap())), 2);
        assert_eq!(g.action_id(OgorekAction::Kontra), 64);
        assert_eq!(g.action_id(OgorekAction::NoKontra), 65);
        assert_eq!(g.num_distinct_actions(), 66);
    }

    #[test]
    fn the_hand_kontra_and_the_lead_show_where_they_belong() {
        let g = game(5, &["kontra=true"]);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut state = g.deal(&mut rng);
        // Seat 0 (the dealer's left) is asked first and calls kontra.
        g.apply(&mut state, OgorekAction::Kontra, &mut rng);
        let me = Seat::new(2);
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&state, me), &mut t);
        assert_hand_plane(&t, state.play.hand(me), CardSet::EMPTY);
        // Seat 0 sits 3 places to seat 2's left of 5, seat 1 (asked next) 4 places.
        assert_eq!(t.get("callers").unwrap(), &[0.0, 0.0, 0.0, 1.0, 0.0]);
        assert_eq!(t.get("asking").unwrap(), &[0.0, 0.0, 0.0, 0.0, 1.0]);
        for seed in 0..5 {
            assert_lead_shows(&g, seed, Seat::new(seed as usize));
        }
    }
}

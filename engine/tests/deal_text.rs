//! Every game's deal text: `parse(print(d)) == d` for random deals over player counts and
//! rule settings, and mutated texts give a clean error or a valid deal, never a panic.

use cardsim_engine::deal_text::{round_trip, DealText};
use cardsim_engine::{Game, ParamKind, Params};
use proptest::prelude::*;
use rand::SeedableRng;

/// Every player count, and each setting's other values one at a time (every choice and flag;
/// an integer's least, default and largest when the range is small).
fn configs<G: Game>() -> Vec<G> {
    let mut params = vec![Params::new()];
    for p in G::INFO.params {
        let values: Vec<String> = match p.kind {
            ParamKind::Choice(words) => words.iter().map(|w| w.to_string()).collect(),
            ParamKind::Flag => vec!["true".into(), "false".into()],
            ParamKind::Int { min, max } if max - min <= 64 => {
                vec![min.to_string(), max.to_string()]
            }
            _ => continue,
        };
        for v in values {
            params.push(Params::new().set(p.key, v));
        }
    }
    let mut out = Vec::new();
    for players in G::INFO.min_players..=G::INFO.max_players {
        for p in &params {
            if let Ok(g) = G::new(players, p) {
                out.push(g);
            }
        }
    }
    assert!(!out.is_empty(), "{} has no configuration", G::INFO.name);
    out
}

fn check_round_trips<G: DealText>(seed: u64) {
    for game in configs::<G>() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let state = game.deal(&mut rng);
        if let Err(e) = round_trip(&game, &state) {
            panic!("{} {game:?} seed {seed}: {e}", G::INFO.name);
        }
    }
}

/// A valid text mutated by `edits`: each edit (position, kind, byte) deletes, inserts,
/// replaces or cuts at a position.
fn mutate(text: &str, edits: &[(usize, u8, u8)]) -> String {
    let alphabet = b"AKQJT98765432CDHS-/:;. NEWx0";
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, kind, b) in edits {
        let c = alphabet[b as usize % alphabet.len()] as char;
        let i = at % (chars.len() + 1);
        match kind % 4 {
            0 if i < chars.len() => {
                chars.remove(i);
            }
            1 => chars.insert(i, c),
            2 if i < chars.len() => chars[i] = c,
            3 => chars.truncate(i),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn check_mutants<G: DealText>(seed: u64, edits: &[(usize, u8, u8)]) {
    for game in configs::<G>() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let text = game.print_deal(&game.deal(&mut rng));
        let bad = mutate(&text, edits);
        match game.parse_deal(&bad) {
            Ok(s) => {
                // A mutant that still reads is a deal: it prints back to a text that reads.
                assert!(round_trip(&game, &s).is_ok(), "{bad:?}");
            }
            Err(e) => {
                let msg = e.to_string();
                assert!(!msg.is_empty() && !msg.contains('\n'), "{bad:?}: {msg:?}");
            }
        }
    }
}

macro_rules! deal_text_tests {
    ($($name:ident: $game:ty,)*) => {
        mod round_trip {
            use super::*;
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(24))]
                $(
                    #[test]
                    fn $name(seed in any::<u64>()) {
                        check_round_trips::<$game>(seed);
                    }
                )*
            }
        }
        mod fuzz {
            use super::*;
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]
                $(
                    #[test]
                    fn $name(
                        seed in 0u64..4,
                        edits in prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..4),
                    ) {
                        check_mutants::<$game>(seed, &edits);
                    }
                )*
            }
        }
    };
}

use cardsim_engine::games::*;

deal_text_tests! {
    whist: whist::Whist,
    bridge: bridge::Bridge,
    orgy: orgy::Orgy,
    euchre: euchre::Euchre,
    omi: omi::Omi,
    court_piece: court_piece::CourtPiece,
    hasenpfeffer: hasenpfeffer::Hasenpfeffer,
    nap: nap::Nap,
    envite: envite::Envite,
    ogorek: ogorek::Ogorek,
    mattis: mattis::Mattis,
    myllymatti: myllymatti::Myllymatti,
    ninety_nine: ninety_nine::NinetyNine,
    xeri: xeri::Xeri,
    gin_rummy: gin_rummy::GinRummy,
    tong_its: tong_its::TongIts,
    speed: speed::Speed,
    dingo: dingo::Dingo,
    seahaven: seahaven::Seahaven,
    spoons: spoons::Spoons,
    pig: spoons::Pig,
    egyptian_ratscrew: egyptian_ratscrew::Ratscrew,
    royal_orgy: royal_orgy::RoyalOrgy,
    trash: trash::Trash,
}

//! The rules tests shared by the trump-chooser games (Omi, Court Piece): the deal in two
//! batches with trumps named in between, what the chooser sees while naming them, following
//! suit, the trick-game view, and the first cards and the lead in the observation tensor. Each game states its own numbers and hands; the checks are
//! written once here.

use super::legal_cards;
use crate::cards::{Card, CardSet, Suit};
use crate::encoding::{Encoding, Tensor};
use crate::game::ToMove;
use crate::seat::Seat;
use crate::tricks::{assert_hand_plane, assert_lead_shows};
use crate::tricks::{Teams, TrickPlay, TrickTaking, TrumpChooser};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A trump-chooser game as its shared tests see it: four seats in two partnerships, the first
/// dealer seat 3 (so seat 0 names trumps first), the chooser's deal, and its actions.
pub(crate) trait ChooserGame: TrickTaking {
    /// The two-batch deal.
    fn trump_chooser(&self) -> &TrumpChooser;
    /// The hands and play of `state`, trumps named or not.
    fn play(state: &Self::State) -> &TrickPlay;
    /// The hands (the observer's only) and play of `obs`.
    fn observed_play(obs: &Self::Observation) -> &TrickPlay;
    /// The action naming `suit` trumps.
    fn name(suit: Suit) -> Self::Action;
    /// The action playing `card`.
    fn play_card(card: Card) -> Self::Action;
}

/// The batch sizes of a trump-chooser deal as the rules state them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Batches {
    /// Cards each seat holds while trumps are named.
    pub first: usize,
    /// Cards left undealt meanwhile.
    pub undealt: usize,
    /// Cards each seat holds once all are dealt.
    pub hand: usize,
}

/// From twenty fresh deals (seeds 0..20): every seat holds `sizes.first` cards and
/// `sizes.undealt` stay undealt; seat 0 names trumps, choosing among the four suits (no pass,
/// no notrump); naming `suit` deals every seat `sizes.hand` cards keeping its first ones, the
/// whole of `deck` dealt and `suit` trumps, and seat 0 leads.
pub(crate) fn assert_first_cards_then_trumps<G: ChooserGame>(
    g: &G,
    sizes: Batches,
    deck: CardSet,
    suit: Suit,
) {
    let caller = Seat::new(0);
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.deal(&mut rng);
        assert_eq!(g.to_move(&s), ToMove::Seat(caller), "seed {seed}");
        let play = G::play(&s);
        let first: Vec<CardSet> = Seat::all(4).map(|x| play.hand(x)).collect();
        assert!(first.iter().all(|h| h.len() == sizes.first), "{first:?}");
        assert_eq!(g.trump_chooser().undealt(play).len(), sizes.undealt);
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        assert_eq!(
            legal,
            Suit::ALL.map(G::name).to_vec(),
            "no pass, no notrump"
        );
        g.apply(&mut s, G::name(suit), &mut rng);
        g.check_invariants(&s).unwrap();
        let play = G::play(&s);
        let mut all = CardSet::EMPTY;
        for x in Seat::all(4) {
            assert_eq!(play.hand(x).len(), sizes.hand);
            assert!(first[x.index()].is_subset(play.hand(x)));
            all |= play.hand(x);
        }
        assert_eq!(all, deck);
        assert_eq!(play.order().trump(), Some(suit));
        assert_eq!(g.to_move(&s), ToMove::Seat(caller), "the caller leads");
    }
}

/// Seat 0 decides on its first cards (the deal from `seed`): its observation holds them and
/// nothing else, the others' first cards counted but unseen; each of 200 determinizations
/// looks the same to it, leaves `sizes.undealt` cards undealt (the second batch exists in no
/// world yet) and deals each other seat first cards other than its true ones (at least 191
/// times in 200: nothing leaks). The partner sees his own first cards, not the caller's.
pub(crate) fn assert_caller_sees_only_the_first_cards<G: ChooserGame>(
    g: &G,
    sizes: Batches,
    seed: u64,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let s = g.deal(&mut rng);
    let me = Seat::new(0);
    let obs = g.observe(&s, me);
    let seen = G::observed_play(&obs);
    assert_eq!(seen.hand(me), G::play(&s).hand(me));
    for x in Seat::all(4).skip(1) {
        assert!(seen.hand(x).is_empty());
        assert_eq!(seen.hand_len(x), sizes.first);
    }
    let mut elsewhere = [0; 4];
    for _ in 0..200 {
        let d = g.determinize(&obs, &mut rng);
        g.check_invariants(&d).unwrap();
        assert_eq!(g.observe(&d, me), obs);
        assert_eq!(g.trump_chooser().undealt(G::play(&d)).len(), sizes.undealt);
        for x in Seat::all(4).skip(1) {
            elsewhere[x.index()] += usize::from(G::play(&d).hand(x) != G::play(&s).hand(x));
        }
    }
    assert!(
        elsewhere[1..].iter().all(|&n| n > 190),
        "the others' cards are not leaked: {elsewhere:?}"
    );
    let partner = Seat::new(2);
    let theirs = g.observe(&s, partner);
    assert!(G::observed_play(&theirs).hand(me).is_empty());
    assert_eq!(
        G::observed_play(&theirs).hand(partner),
        G::play(&s).hand(partner)
    );
}

/// "Follow suit if able, otherwise any card, trump or not": in `rigged` (every card dealt,
/// trumps not yet named), once the seat to move names spades the legal cards of the four
/// seats in turn are `legal`, each seat but the last playing its card of `plays`. The first
/// play is the lead (any card); the next seat is to move after it.
pub(crate) fn assert_follows_suit_or_plays_any<G: ChooserGame>(
    g: &G,
    mut rigged: G::State,
    plays: [&str; 3],
    legal: [&str; 4],
) {
    let s = &mut rigged;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let ToMove::Seat(leader) = g.to_move(s) else {
        panic!("no seat names trumps")
    };
    g.apply(s, G::name(Suit::Spades), &mut rng);
    g.check_invariants(s).unwrap();
    for (i, want) in legal.iter().enumerate() {
        assert_eq!(g.to_move(s), ToMove::Seat(leader.left(i, 4)), "turn {i}");
        let want: CardSet = want.parse().unwrap();
        assert_eq!(legal_cards(g, s), want, "turn {i}");
        if let Some(card) = plays.get(i) {
            g.apply(s, G::play_card(card.parse().unwrap()), &mut rng);
            g.check_invariants(s).unwrap();
        }
    }
}

/// The trick-game view around naming trumps, from the deal of `seed`: no card play while
/// trumps are named, the play once they are; each action's card (a card play's card, none for
/// naming trumps); partners across the table. Returns the state after clubs were named, with
/// the RNG, for the game's own further checks.
pub(crate) fn assert_trick_view_after_trumps<G: ChooserGame>(
    g: &G,
    seed: u64,
) -> (G::State, ChaCha8Rng) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = g.deal(&mut rng);
    assert!(
        g.trick_play(&s).is_none(),
        "no tricks while trumps are named"
    );
    g.apply(&mut s, G::name(Suit::Clubs), &mut rng);
    assert_eq!(g.trick_play(&s), Some(G::play(&s)));
    let card: Card = "9D".parse().unwrap();
    assert_eq!(G::card(G::play_card(card)), Some(card));
    assert_eq!(G::card(G::name(Suit::Clubs)), None);
    assert_eq!(
        Seat::all(4).map(|x| g.team(x)).collect::<Vec<_>>(),
        [0, 1, 0, 1]
    );
    assert_eq!(TrickTaking::teams(g), Teams::alternating(4, 2));
    (s, rng)
}

/// The observation tensors of the deal of seed 1: each seat's `hands` plane shows its
/// `first` cards and no other seat's; and after the first lead of the deals of seeds 0..4,
/// the lead shows where it belongs ([`assert_lead_shows`]).
pub(crate) fn assert_first_cards_and_the_lead_show<G: ChooserGame + Encoding>(g: &G, first: usize) {
    let state = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
    for me in Seat::all(4) {
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(&state, me), &mut t);
        assert_eq!(G::play(&state).hand(me).len(), first);
        assert_hand_plane(&t, G::play(&state).hand(me), CardSet::EMPTY);
    }
    for seed in 0..4 {
        assert_lead_shows(g, seed, Seat::new(seed as usize));
    }
}

//! Speed's deal text: the two hands of five, the two stocks of fifteen and the two talons of
//! five, each from the next card drawn or turned, and the two starting cards of the centre
//! piles: `hands: AS KD 7C 2H 9S / ...; stocks: QC 4H ... / ...; talons: 3D ... / ...;
//! piles: 8C / JD`.
//!
//! The text is the deal as the cards were laid out. When neither player can play at the start,
//! the talons' top cards are turned onto the piles (stalemate turns, no decision) before the
//! first move; that happens again when the text is read, so the state is the same. (Should the
//! opening stalemates exhaust a talon, which the text cannot show, its rebuild is reshuffled
//! from a fixed seed.)

use super::{Pile, Speed, SpeedState, HAND};
use crate::cards::{CardMultiset, CardSet};
use crate::deal_text::{
    check_deck, check_len, join_seats, parse_cards, print_cards, split_seats, template, DealError,
    DealText, Fields,
};
use rand::SeedableRng;

impl DealText for Speed {
    fn print_deal(&self, state: &SpeedState) -> String {
        let hands = join_seats(state.hands.iter().map(|h| print_cards(*h)));
        let next_first = |p: &Pile| print_cards(p.iter().rev());
        let stocks = join_seats(state.stocks.iter().map(next_first));
        // Undo the opening stalemate turns: the piles' cards above the first go back onto
        // their talons.
        let talons = join_seats((0..2).map(|i| {
            let pile = &state.public.piles[i];
            let turned = pile.iter().skip(1);
            print_cards(turned.chain(state.talons[i].iter().rev()))
        }));
        let piles = join_seats((0..2).map(|i| print_cards(state.public.piles[i].iter().take(1))));
        format!("hands: {hands}; stocks: {stocks}; talons: {talons}; piles: {piles}")
    }

    fn parse_deal(&self, text: &str) -> Result<SpeedState, DealError> {
        let mut fields = Fields::parse(text)?;
        let mut part = |label: &str| -> Result<Vec<Vec<crate::Card>>, DealError> {
            split_seats(fields.take(label)?, 2, label)?
                .into_iter()
                .map(parse_cards)
                .collect()
        };
        let hands = part("hands")?;
        let stocks = part("stocks")?;
        let talons = part("talons")?;
        let piles = part("piles")?;
        fields.finish()?;
        let all = [&hands, &stocks, &talons, &piles]
            .into_iter()
            .flatten()
            .flatten()
            .copied();
        check_deck(CardMultiset::copies(CardSet::FULL_DECK, 1), all)?;
        for i in 0..2 {
            check_len(&format!("seat {i}'s hand"), hands[i].len(), HAND)?;
            check_len(&format!("seat {i}'s stock"), stocks[i].len(), 15)?;
            check_len(&format!("seat {i}'s talon"), talons[i].len(), 5)?;
            check_len(&format!("pile {i}"), piles[i].len(), 1)?;
        }
        let mut s = template(self);
        let pile = |v: &Vec<crate::Card>| -> Pile { v.iter().rev().copied().collect() };
        s.hands = [0, 1].map(|i| hands[i].iter().copied().collect());
        s.stocks = [0, 1].map(|i| pile(&stocks[i]));
        s.talons = [0, 1].map(|i| pile(&talons[i]));
        s.public.piles = [0, 1].map(|i| pile(&piles[i]));
        s.public.talon_known = [None; 2];
        s.public.winner = None;
        s.public.stuck = false;
        s.public.since_play = 0;
        s.public.counts = [0; 4];
        self.settle(&mut s, &mut rand_chacha::ChaCha8Rng::seed_from_u64(0));
        Ok(s)
    }
}

//! The deal text of Spoons and Pig: each seat's hand (four cards, the dealer's five with the
//! full deck; a hand may hold two copies of a card with `decks=2`), then the stock from the
//! top (the next card drawn) down, `-` when there is none (`deck=matched`):
//! `hands: AS KD 7C 2H 9S / ...; stock: QC 4H ...`.

use super::{SpoonsGame, SpoonsState, SpoonsVariant};
use crate::cards::CardMultiset;
use crate::deal_text::{
    check_deck, check_len, join_seats, parse_cards, print_cards, split_seats, template, DealError,
    DealText, Fields,
};
use crate::Seat;

impl<V: SpoonsVariant> DealText for SpoonsGame<V> {
    fn print_deal(&self, state: &SpoonsState) -> String {
        let hands = join_seats(Seat::all(self.players).map(|s| print_cards(state.hands[s].iter())));
        let stock = print_cards(state.stock.as_slice().iter().rev());
        format!("hands: {hands}; stock: {stock}")
    }

    fn parse_deal(&self, text: &str) -> Result<SpoonsState, DealError> {
        let mut fields = Fields::parse(text)?;
        let hands = split_seats(fields.take("hands")?, self.players, "hands")?
            .into_iter()
            .map(parse_cards)
            .collect::<Result<Vec<_>, _>>()?;
        let stock = parse_cards(fields.take("stock")?)?;
        fields.finish()?;
        let t = template(self);
        let all = hands.iter().flatten().chain(&stock).copied();
        check_deck(t.public.pack, all)?;
        let dealer = t.public.dealer;
        for (i, h) in hands.iter().enumerate() {
            let want = t.hands[Seat::new(i)].len();
            let who = if Seat::new(i) == dealer {
                "the dealer's hand"
            } else {
                "a hand"
            };
            check_len(&format!("seat {i}'s hand ({who})"), h.len(), want)?;
        }
        let hands: Vec<CardMultiset> = hands.iter().map(|h| h.iter().copied().collect()).collect();
        Ok(self.position_counted(dealer, &hands, &stock, CardMultiset::EMPTY, &[]))
    }
}

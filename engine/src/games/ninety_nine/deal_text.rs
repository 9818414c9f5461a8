//! Ninety-nine's deal text: each seat's hand, then the stock from the top (the next card
//! drawn) down: `hands: AS KD 7C / 2H 9S TD / ...; stock: QC 4H ...`.

use super::{NinetyNine, NinetyNineState};
use crate::cards::{CardMultiset, CardSet};
use crate::deal_text::{
    check_deck, check_len, parse_cards, parse_seat_sets, print_cards, print_seat_sets, template,
    DealError, DealText, Fields,
};
use crate::games::common::Stock;
use crate::Seat;

impl DealText for NinetyNine {
    fn print_deal(&self, state: &NinetyNineState) -> String {
        let hands: Vec<CardSet> = Seat::all(self.n()).map(|s| state.hands[s]).collect();
        let top_first = state.stock.as_slice().iter().rev();
        format!(
            "hands: {}; stock: {}",
            print_seat_sets(&hands),
            print_cards(top_first)
        )
    }

    fn parse_deal(&self, text: &str) -> Result<NinetyNineState, DealError> {
        let mut fields = Fields::parse(text)?;
        let hands = parse_seat_sets(fields.take("hands")?, self.n(), "hands")?;
        let stock = parse_cards(fields.take("stock")?)?;
        fields.finish()?;
        let all = hands
            .iter()
            .flat_map(|h| h.iter())
            .chain(stock.iter().copied());
        check_deck(CardMultiset::copies(CardSet::FULL_DECK, 1), all)?;
        for (i, h) in hands.iter().enumerate() {
            check_len(&format!("seat {i}'s hand"), h.len(), self.hand as usize)?;
        }
        let mut s = template(self);
        for (i, h) in hands.into_iter().enumerate() {
            s.hands[Seat::new(i)] = h;
        }
        s.stock = Stock::from_top(stock);
        Ok(s)
    }
}

//! Tong-its' deal text: the three hands (thirteen for the dealer, seat 0 in the first hand,
//! twelve for the others), then the stock from the top (the next card drawn) down:
//! `hands: AS KD ... / 2H 9S ... / ...; stock: QC 4H ...`.

use super::{TongIts, TongitsState};
use crate::cards::{CardMultiset, CardSet};
use crate::deal_text::{
    check_deck, check_len, parse_cards, parse_seat_sets, print_cards, print_seat_sets, template,
    DealError, DealText, Fields,
};

impl DealText for TongIts {
    fn print_deal(&self, state: &TongitsState) -> String {
        format!(
            "hands: {}; stock: {}",
            print_seat_sets(&state.hands),
            print_cards(state.stock.iter().rev())
        )
    }

    fn parse_deal(&self, text: &str) -> Result<TongitsState, DealError> {
        let mut fields = Fields::parse(text)?;
        let hands = parse_seat_sets(fields.take("hands")?, 3, "hands")?;
        let stock = parse_cards(fields.take("stock")?)?;
        fields.finish()?;
        let all = hands
            .iter()
            .flat_map(|h| h.iter())
            .chain(stock.iter().copied());
        check_deck(CardMultiset::copies(CardSet::FULL_DECK, 1), all)?;
        let mut s = template(self);
        for (i, h) in hands.iter().enumerate() {
            let want = if i == s.dealer.index() { 13 } else { 12 };
            check_len(&format!("seat {i}'s hand"), h.len(), want)?;
        }
        s.hands = [hands[0], hands[1], hands[2]];
        s.stock = stock.iter().rev().copied().collect();
        Ok(s)
    }
}

//! Gin Rummy's deal text: the two hands of ten, the upcard (the first card of the discard
//! pile, which also sets the knock limit in Oklahoma), and the stock from the top (the next
//! card drawn) down: `hands: AS KD ... / 2H 9S ...; upcard: 7C; stock: QC 4H ...`.

use super::{GinRummy, GinState};
use crate::cards::{CardMultiset, CardSet};
use crate::deal_text::{
    check_deck, check_len, parse_card, parse_cards, parse_seat_sets, print_cards, print_seat_sets,
    template, DealError, DealText, Fields,
};

impl DealText for GinRummy {
    fn print_deal(&self, state: &GinState) -> String {
        format!(
            "hands: {}; upcard: {}; stock: {}",
            print_seat_sets(&state.hands),
            state.upcard,
            print_cards(state.stock.iter().rev())
        )
    }

    fn parse_deal(&self, text: &str) -> Result<GinState, DealError> {
        let mut fields = Fields::parse(text)?;
        let hands = parse_seat_sets(fields.take("hands")?, 2, "hands")?;
        let upcard = parse_card(fields.take("upcard")?)?;
        let stock = parse_cards(fields.take("stock")?)?;
        fields.finish()?;
        let all = hands
            .iter()
            .flat_map(|h| h.iter())
            .chain([upcard])
            .chain(stock.iter().copied());
        check_deck(CardMultiset::copies(CardSet::FULL_DECK, 1), all)?;
        for (i, h) in hands.iter().enumerate() {
            check_len(&format!("seat {i}'s hand"), h.len(), 10)?;
        }
        let mut s = template(self);
        s.hands = [hands[0], hands[1]];
        s.upcard = upcard;
        s.pile.clear();
        s.pile.push(upcard);
        s.limit = self.limit_for(upcard);
        s.stock = stock.iter().rev().copied().collect();
        Ok(s)
    }
}

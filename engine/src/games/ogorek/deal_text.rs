//! Ogórek's deal text: the hands of six, in PBN hand notation (`N:` and clockwise with four
//! players, else from seat 0 separated by spaces), then the undealt rest of the deck (in any
//! order): `AK.Q.J9.T8 ...; stock: ...`.

use super::{Ogorek, OgorekState, HAND};
use crate::cards::{CardMultiset, CardSet};
use crate::deal_text::{
    check_deck, check_len, hands_of, head_and_fields, parse_hands, parse_set, print_cards,
    print_hands, template, with_hands, DealError, DealText,
};

impl DealText for Ogorek {
    fn print_deal(&self, state: &OgorekState) -> String {
        let hands = hands_of(&state.play);
        let mut rest = CardSet::FULL_DECK;
        for h in &hands {
            rest -= *h;
        }
        format!("{}; stock: {}", print_hands(&hands), print_cards(rest))
    }

    fn parse_deal(&self, text: &str) -> Result<OgorekState, DealError> {
        let (head, mut fields) = head_and_fields(text)?;
        let hands = parse_hands(head, self.n())?;
        let rest = parse_set(fields.take("stock")?)?;
        fields.finish()?;
        let all = hands.iter().flat_map(|h| h.iter()).chain(rest);
        check_deck(CardMultiset::copies(CardSet::FULL_DECK, 1), all)?;
        for (i, h) in hands.iter().enumerate() {
            check_len(&format!("seat {i}'s hand"), h.len(), HAND)?;
        }
        let mut s = template(self);
        s.play = with_hands(&s.play, &hands);
        Ok(s)
    }
}

//! Nap's deal text: the hands of five, in PBN hand notation (with four players `N:` and the
//! hands clockwise; otherwise the hands from seat 0 separated by spaces), then the stub (the
//! undealt cards, in any order): `N:AK.Q.J.T ...; stub: ...`.

use super::{Nap, NapState, HAND};
use crate::cards::CardMultiset;
use crate::deal_text::{
    check_deck, check_len, hands_of, head_and_fields, parse_hands, parse_set, print_cards,
    print_hands, template, with_hands, DealError, DealText,
};

impl DealText for Nap {
    fn print_deal(&self, state: &NapState) -> String {
        let hands = hands_of(&state.play);
        let mut stub = self.deck;
        for h in &hands {
            stub -= *h;
        }
        format!("{}; stub: {}", print_hands(&hands), print_cards(stub))
    }

    fn parse_deal(&self, text: &str) -> Result<NapState, DealError> {
        let (head, mut fields) = head_and_fields(text)?;
        let hands = parse_hands(head, self.players)?;
        let stub = parse_set(fields.take("stub")?)?;
        fields.finish()?;
        let all = hands.iter().flat_map(|h| h.iter()).chain(stub);
        check_deck(CardMultiset::copies(self.deck, 1), all)?;
        for (i, h) in hands.iter().enumerate() {
            check_len(&format!("seat {i}'s hand"), h.len(), HAND)?;
        }
        let mut s = template(self);
        s.play = with_hands(&s.play, &hands);
        Ok(s)
    }
}

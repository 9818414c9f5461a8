//! Every declared setting of every registered game and agent has a default its own
//! declaration accepts, so `cardsim list` never advertises a default that would be refused.

use cardsim_sim::games;

#[test]
fn every_declared_default_is_a_valid_value() {
    let mut checked = 0;
    for g in games() {
        for p in g.info.params {
            assert_eq!(
                p.validate(p.default),
                Ok(()),
                "{} --param {}",
                g.info.name,
                p.key
            );
            checked += 1;
        }
        for (agent, _, params) in (g.agents)() {
            for p in params {
                if p.default != "none" {
                    assert_eq!(
                        p.validate(p.default),
                        Ok(()),
                        "{} {agent}:{}",
                        g.info.name,
                        p.key
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "{checked}");
}

"""Random Euchre hands through OpenSpiel's C++ loop, for comparison with
`cardsim simulate --game euchre --param deck=24 --param target=1 --param stick_the_dealer=true
--param dealer_pickup=mandatory --agents random --threads 1`.

OpenSpiel's `euchre` is one hand (24 cards, stick the dealer, going alone allowed, no lone
defender); cardsim's game runs to a target, so `target=1` makes it one hand with the same
rules. `pyspiel.evaluate_bots` plays each hand in C++ with C++ uniform random bots; Python only
starts each hand. OpenSpiel deals card by card as chance moves, which the C++ loop samples.

    python3 -m venv /tmp/os && /tmp/os/bin/pip install open_spiel==2.0.2
    /usr/bin/time -f "%e s %U user" /tmp/os/bin/python benches/openspiel/euchre_random.py 100000
"""

import sys

import pyspiel

hands = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
game = pyspiel.load_game("euchre")
bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(4)]
total = 0.0
for i in range(hands):
    total += pyspiel.evaluate_bots(game.new_initial_state(), bots, i)[0]
print(hands, "hands, mean score of seat 0", total / hands)

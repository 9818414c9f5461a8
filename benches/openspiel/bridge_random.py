"""Random Bridge deals (auction and play) through OpenSpiel's C++ loop, for comparison with
`cardsim simulate --game bridge --param scoring=deal --agents random --threads 1`.

`pyspiel.evaluate_bots` plays each deal in C++ with C++ uniform random bots; Python only
starts each deal. `use_double_dummy_result=false`: the deal is played out, not scored from a
double-dummy table.

    python3 -m venv /tmp/os && /tmp/os/bin/pip install open_spiel==2.0.2
    /usr/bin/time -f "%e s %U user" /tmp/os/bin/python benches/openspiel/bridge_random.py 100000
"""

import sys

import pyspiel

deals = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(4)]
total = 0.0
for i in range(deals):
    total += pyspiel.evaluate_bots(game.new_initial_state(), bots, i)[0]
print(deals, "deals, mean North-South score", total / deals)

"""Lesson 07, fast exact simulations: its exercise checks (:mod:`.exercises`).

The simulations themselves are shared by every game: :mod:`solitaire_lib.mersenne`,
:mod:`solitaire_lib.fastsim` and :mod:`solitaire_lib.accel`, with each game's ``fast.py``.
"""

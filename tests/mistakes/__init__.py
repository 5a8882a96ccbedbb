"""Wrong implementations that students write, one module per game: the checks must reject each.

They are student code, written as students write it: untyped on purpose. Used only by
``tests/test_exercise_mistakes.py``.
"""

"""`make bench`: performance ratios measured in one run (never timed tests).

Each module in this package defines `BENCH = (name, func)`; `func()` prints its own lines and
returns True when its targets are met. Run with `python -m checker.bench [NAME…]`.
"""

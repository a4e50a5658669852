"""proofgrid: grid puzzles whose answers are proved by theorems, and their engines."""

__version__ = "0.1.0"

"""proofgrid: grid puzzles whose answers are proved by theorems, and their engines.

:func:`par` (from :mod:`proofgrid.par`) is the Python API of ``proofgrid par``:
the smallest set of seeds whose cascade reaches every node of a directed graph.
Importing the package loads no numpy, networkx, igraph, pandas or polars.
"""

from proofgrid.par import Par, ParInputError, par

__version__ = "0.1.0"

__all__ = ["Par", "ParInputError", "__version__", "par"]

"""networkx's par (runs in bench/.venvs/networkx, networkx alone).

``python networkx_par.py FILE int|named``: ``read_edgelist`` into a ``DiGraph``,
``condensation``, the count of its nodes of in-degree 0.
"""

import sys

import networkx as nx

G = nx.read_edgelist(sys.argv[1], create_using=nx.DiGraph, nodetype=str, data=False)
C = nx.condensation(G)
print(sum(1 for _, d in C.in_degree() if d == 0))

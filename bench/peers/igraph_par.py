"""igraph's par, as its users write it (runs in bench/.venvs/igraph, igraph alone).

``python igraph_par.py FILE int|named``: ``Read_Edgelist`` for integer nodes,
``Read_Ncol`` for named ones; strong components; the condensation
(``cluster_graph``); the count of its nodes of in-degree 0.
"""

import sys

import igraph as ig

path, kind = sys.argv[1], sys.argv[2]
if kind == "int":
    g = ig.Graph.Read_Edgelist(path, directed=True)
else:
    g = ig.Graph.Read_Ncol(path, names=True, weights=False, directed=True)
cl = g.connected_components(mode="strong")
c = cl.cluster_graph(combine_edges=False)
print(sum(1 for d in c.indegree(loops=False) if d == 0))

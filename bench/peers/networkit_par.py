"""NetworKit's par (runs in bench/.venvs/networkit: networkit and what it requires).

``python networkit_par.py FILE int|named``: ``EdgeListReader`` (space separated,
``continuous=False`` maps any token, integer or name, to a node id); Tarjan-style
``StronglyConnectedComponents``; the edges between components gathered with
``iterEdges`` into numpy (NetworKit has no condensation routine); the count of
components no such edge enters.
"""

import itertools
import sys

import networkit as nk
import numpy as np

path, kind = sys.argv[1], sys.argv[2]
reader = nk.graphio.EdgeListReader(" ", 0, "#", continuous=False, directed=True)
g = reader.read(path)
scc = nk.components.StronglyConnectedComponents(g)
scc.run()
comp = np.asarray(scc.getPartition().getVector(), dtype=np.int64)
ends = np.fromiter(itertools.chain.from_iterable(g.iterEdges()), dtype=np.int64)
cu, cv = comp[ends[0::2]], comp[ends[1::2]]
entered = np.unique(cv[cu != cv])
print(scc.numberOfComponents() - entered.size)

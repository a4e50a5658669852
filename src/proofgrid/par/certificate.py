"""The certificate of a par answer as a Python dictionary (``Par.certificate``).

The same document :func:`proofgrid.par.writers.write_certificate_json` streams for
``proofgrid par --json`` (keys in ``docs/par.md``), for callers that want Python
objects: the nodes are whatever ``labels`` gives (the caller's own node objects).
Members are gathered by one sort (:func:`proofgrid.graph.sparse.source_groups`).
O(n log n) plus one Python step per listed member.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from proofgrid.graph.sparse import source_groups

if TYPE_CHECKING:
    from proofgrid.graph.sparse import ParCertificate
    from proofgrid.par.costs import CostTable

__all__ = ["certificate_dict"]


def certificate_dict(
    *,
    source: str,
    n: int,
    m: int,
    labels: Callable[[Any], list[Any]],
    cert: ParCertificate,
    costs: CostTable | None,
    members_limit: int,
    missing: int | None,
) -> dict[str, Any]:
    """The certificate ``proofgrid par --json`` prints, as a dictionary.

    ``labels(ids)`` gives the names (or the caller's node objects) of node ids.
    """
    seeds = labels(cert.seeds)
    groups = source_groups(cert, members_limit)
    members = labels(groups.nodes)
    bounds = groups.offsets.tolist()
    sources: list[dict[str, Any]] = []
    for i, (seed, v, size) in enumerate(
        zip(seeds, cert.seeds.tolist(), groups.sizes.tolist(), strict=True)
    ):
        entry: dict[str, Any] = {
            "seed": seed,
            "size": size,
            "members": members[bounds[i] : bounds[i + 1]],
        }
        if costs is not None:
            entry["seed_cost"] = costs.to_number(int(costs.values[v]))
        sources.append(entry)
    out: dict[str, Any] = {
        "file": source,
        "nodes": n,
        "edges": m,
        "par": cert.par,
        "seeds": seeds,
        "cost": cert.cost if costs is None else costs.to_number(cert.cost),
        "components": cert.n_components,
        "condensation_edges": cert.condensation_edges,
        "members_limit": members_limit,
        "sources": sources,
        "engine": cert.engine.value,
    }
    if missing is not None:
        out["check"] = {"ok": missing == 0, "unreached": missing}
    return out

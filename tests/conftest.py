"""Suite-wide test settings.

Hypothesis runs without per-example deadlines: CI has two shared cores, and a
deadline would turn a slow machine into a failing property. Timing belongs in
bench/, never in tests. ``derandomize`` keeps CI runs reproducible; set
``HYPOTHESIS_PROFILE=explore`` locally to search new examples.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

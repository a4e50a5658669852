"""Registers the toy puzzle: the module ``PROOFGRID_PLUGINS`` names in the toy test.

Importing it is registering (that is what a plugin module does); tests that
register the toy themselves import :data:`tests.toy.entry.ENTRY` instead.
"""

from __future__ import annotations

from proofgrid.registry import entries, register
from tests.toy.entry import ENTRY

if all(e.name != ENTRY.name for e in entries()):
    register(ENTRY)

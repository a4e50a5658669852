"""proofgrid.rng against published reference vectors and exact distribution oracles."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from proofgrid.rng import MASK64, SplitMix64, mix64, seed_from_text


def test_splitmix64_reference_vectors() -> None:
    # Published reference outputs of splitmix64.c for seed 1234567.
    rng = SplitMix64(1234567)
    assert [rng.next64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def _lemire_reference(rng: SplitMix64, bound: int) -> int:
    """Lemire's algorithm written the long way, with explicit 128-bit pieces."""
    while True:
        x = rng.next64()
        product = x * bound
        hi, lo = product >> 64, product & MASK64
        threshold = (2**64 - bound) % bound
        if lo >= threshold:
            return hi


@given(st.integers(0, MASK64), st.integers(1, 2**64))
def test_below_matches_long_form(seed: int, bound: int) -> None:
    a, b = SplitMix64(seed), SplitMix64(seed)
    for _ in range(4):
        value = a.below(bound)
        assert 0 <= value < bound
        assert value == _lemire_reference(b, bound)
    assert a.state == b.state


def test_below_is_unbiased_on_a_sample() -> None:
    # Lemire's accepted draws split exactly evenly over 0..bound-1, so a large
    # sample must sit within a few standard deviations of n/3 for each value.
    rng = SplitMix64(99)
    counts = Counter(rng.below(3) for _ in range(30_000))
    assert set(counts) == {0, 1, 2}
    assert all(9_400 < c < 10_600 for c in counts.values())


def test_below_rejection_path_is_taken() -> None:
    # bound = 2**63 + 1 rejects almost half the draws: the stream must still agree.
    bound = 2**63 + 1
    a, b = SplitMix64(5), SplitMix64(5)
    for _ in range(50):
        assert a.below(bound) == _lemire_reference(b, bound)


@pytest.mark.parametrize("bad", [0, -1, 2**64 + 1])
def test_below_rejects_bad_bounds(bad: int) -> None:
    with pytest.raises(ValueError):
        SplitMix64(1).below(bad)


@given(st.integers(0, MASK64), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation_and_matches_textbook(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    SplitMix64(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
    # Textbook Durstenfeld with the same draws.
    rng = SplitMix64(seed)
    expected = list(items)
    i = len(expected) - 1
    while i > 0:
        j = rng.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
        i -= 1
    assert shuffled == expected


def test_shuffle_of_three_hits_all_six_orders_evenly() -> None:
    rng = SplitMix64(2024)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(6_000):
        xs = [0, 1, 2]
        rng.shuffle(xs)
        seen[tuple(xs)] += 1
    assert len(seen) == 6
    assert all(850 < c < 1_150 for c in seen.values())


def test_chance_is_a_ratio_of_integers() -> None:
    rng = SplitMix64(7)
    hits = sum(rng.chance(3, 10) for _ in range(20_000))
    assert 5_700 < hits < 6_300
    assert not any(SplitMix64(s).chance(0, 5) for s in range(100))
    assert all(SplitMix64(s).chance(5, 5) for s in range(100))


def test_mix64_is_the_output_function() -> None:
    rng = SplitMix64(1234567)
    first = rng.next64()
    assert mix64((1234567 + 0x9E3779B97F4A7C15) & MASK64) == first


def test_seed_from_text_is_fnv1a_then_mix() -> None:
    # FNV-1a 64 of "a" is the published value 0xAF63DC4C8601EC8C.
    assert seed_from_text("a") == mix64((0xAF63DC4C8601EC8C + 0x9E3779B97F4A7C15) & MASK64)
    assert seed_from_text("matchless/v1/2026-11-30") != seed_from_text("matchless/v1/2026-12-01")
    assert 0 <= seed_from_text("é日本") <= MASK64


def test_seed_must_be_an_int() -> None:
    with pytest.raises(TypeError):
        SplitMix64("1")  # type: ignore[arg-type]

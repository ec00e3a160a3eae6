"""game_analysis.octal: the rare/common engine against the definition, computed here, and
the periods of Winning Ways' classic games."""

import pytest

from game_analysis import OctalError, octal


def definition(code, n):
    """G(0..=n) of an octal game straight from its digits (quadratic)."""
    whole, fraction = code.split(".")
    digits = [int(whole)] + [int(d) for d in fraction]
    g = [0] * (n + 1)
    for m in range(1, n + 1):
        options = set()
        for k, d in enumerate(digits):
            if k > m:
                break
            left = m - k
            if d & 1 and left == 0 and k > 0:
                options.add(0)
            if d & 2 and left > 0 and k > 0:
                options.add(g[left])
            if d & 4:
                options.update(g[a] ^ g[left - a] for a in range(1, left // 2 + 1))
        g[m] = next(v for v in range(len(options) + 1) if v not in options)
    return g


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.07", "0.6", "0.31"])
def test_the_values_are_the_definitions(code):
    assert octal.values(code, 400).values.tolist() == definition(code, 400)


@pytest.mark.parametrize(
    "code, preperiod, period",
    [("0.77", 71, 12), ("0.07", 53, 34), ("0.137", 52, 34), ("0.177", 497, 20)],
)
def test_classic_periods_are_proven(code, preperiod, period):
    found = octal.values(code, 100_000, until_proven=True)
    assert (found.preperiod, found.period) == (preperiod, period)
    assert len(found.values) < 100_001


def test_one_thread_and_two_give_the_same_values():
    # Far past the first 1,024 heaps, where the engine leaves the direct mex for the
    # rare/common split and the second thread starts to mark far pairs.
    one = octal.values("0.6", 200_000, threads=1)
    two = octal.values("0.6", 200_000, threads=2)
    assert one.checksum == two.checksum and one.rare_heaps == two.rare_heaps
    assert one.values.tolist()[:401] == definition("0.6", 400)


def test_a_split_with_the_heap_parity_gives_the_definitions_values():
    # .005's splits all remove 3 tokens: its values are dense under every mask alone, and
    # the engine reads the heap's parity too (heap n rare when popcount(G(n) & m) + n + 1
    # is even).
    found = octal.values("0.005", 3_000)
    assert found.values.tolist() == definition("0.005", 3_000)
    assert found.heap_parity == 1 and found.mask is not None
    rare = [
        n
        for n in range(1, 3_001)
        if (bin(int(found.values[n]) & found.mask).count("1") + n + 1) % 2 == 0
    ]
    assert found.rare_heaps == rare
    assert octal.values("0.6", 3_000).heap_parity is None


@pytest.mark.parametrize("threads", [0, 3, -1])
def test_thread_counts_other_than_one_or_two_are_refused(threads):
    with pytest.raises(OctalError):
        octal.values("0.77", 10, threads=threads)


@pytest.mark.parametrize("code", ["0.8", "1.2", "", "0.000", "x"])
def test_bad_codes_are_refused(code):
    with pytest.raises(OctalError):
        octal.values(code, 10)


def test_misere_quotient_of_kayles_is_proven_final():
    kayles = octal.misere_quotient("0.77", 200)
    assert kayles.order == 40
    assert kayles.period == (71, 12)
    assert len(kayles.p_portion) == 9
    # Misère Kayles: a heap of 1 alone is lost for the player to move (they must take it).
    assert kayles.outcome([1]) == "P" and kayles.outcome([1, 1]) == "N"


def test_dawsons_kayles_to_heap_30_has_360_elements():
    # Siegel's figure, as issue 32 quotes it; his MisereSolver gives the same orders.
    dawson = octal.misere_quotient("0.07", 30)
    assert dawson.order == 360
    assert len(dawson.p_portion) == 65
    assert dawson.period is None


def test_misere_quotient_errors():
    for code, n in [("0.8", 5), ("1.2", 5), ("", 5), ("0.77", 256), ("0.77", -1)]:
        with pytest.raises(OctalError):
            octal.misere_quotient(code, n)
    with pytest.raises(OctalError):
        octal.misere_quotient("0.6", 60)  # past the outcome search's budget

"""Dotsenko and Marynych's backgammon doubling, and the bear-off databases beyond it.

From the Rust crate ``backgammon-cube``. Pip counts k (the player on roll, A) and s (the
opponent, B); bear-off positions as the points of their checkers, one entry per checker
(``[6, 6, 5]``: two checkers on the 6-point, one on the 5-point).
"""

from __future__ import annotations

import json
import os
from enum import Enum
from fractions import Fraction
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from ._fractions import from_pair
from ._lists import whole_numbers
from ._native import backgammon as _native

FilePath = Union[str, "os.PathLike[str]"]
"""A file's path: a str or a path object (``pathlib.Path``)."""


class CubeAction(str, Enum):
    """The player on roll's cube action (Rust's ``backgammon_cube::cube::CubeAction``). A
    ``str`` as well, its value the action in the field's words."""

    NO_DOUBLE = "no double"
    DOUBLE_TAKE = "double, take"
    DOUBLE_PASS = "double, pass"

    def __str__(self) -> str:
        return self.value


class CubeEquities(NamedTuple):
    """A's money equities per unit stake (the paper's recursion (7)-(15)): Fractions when
    exact, floats otherwise."""

    owned: Union[Fraction, float]
    """E_my: A owns the cube."""
    centred: Union[Fraction, float]
    """E_our: the cube is centred."""
    owned_no_double: Union[Fraction, float]
    """E⁰_my: A owns the cube and does not double this turn."""
    centred_no_double: Union[Fraction, float]
    """E⁰_our: the cube is centred and A does not double this turn."""


class CubeDecisions(NamedTuple):
    """Table 5's three cube decisions, named as in the Rust crate's ``cube::CubeDecisions``."""

    double: bool
    """A doubles a centred cube (Db_our)."""
    redouble: bool
    """A redoubles a cube he owns (Db_my)."""
    take: bool
    """B takes A's double (Ac)."""


class Equities(NamedTuple):
    """The two-sided database's entry for the player on roll, before his cube decision."""

    win: float
    """P, the cubeless chance of winning."""
    centred: float
    """The money equity with the cube centred."""
    owned: float
    """The money equity owning the cube."""
    opponent_owns: float
    """The money equity with the opponent owning the cube."""


def race_win_probability(k: int, s: int) -> Fraction:
    """F(k, s), exactly: the chance that the player on roll at pip count ``k`` wins the
    single-checker race against pip count ``s`` (Table 4). Pip counts up to 2000.

    >>> race_win_probability(1, 5)
    Fraction(1, 1)
    """
    return from_pair(_native.race_win_probability(k, s))


def _exact(exact: bool) -> bool:
    """``exact`` itself, refused unless it is True or False."""
    if not isinstance(exact, bool):
        raise TypeError(f"exact = {exact!r}: True or False")
    return exact


def cube_equities(k: int, s: int, exact: bool = True) -> CubeEquities:
    """A's cube equities at (k, s): exactly as Fractions (pip counts up to 120; the table
    of every pair up to 110 takes about 12 s), or in floats with ``exact=False`` (up to
    2000). Releases the GIL while it computes."""
    if _exact(exact):
        return CubeEquities(*(from_pair(p) for p in _native.cube_equities(k, s)))
    return CubeEquities(*_native.cube_equities_float(k, s))


def cube_decisions(k: int, s: int, exact: bool = True) -> CubeDecisions:
    """Table 5's decisions at (k, s), from the exact equities (pip counts up to 120) or,
    with ``exact=False``, from equities in floats (up to 2000)."""
    if _exact(exact):
        return CubeDecisions(*_native.cube_decisions(k, s))
    return CubeDecisions(*_native.cube_decisions_float(k, s))


def _sides(on_roll: Sequence[int], opponent: Sequence[int]) -> Tuple[List[int], List[int]]:
    """Both sides' points as the lists the extension takes."""
    return whole_numbers("on_roll", on_roll), whole_numbers("opponent", opponent)


class OneSidedDatabase:
    """The one-sided bear-off database: for every position of at most ``max_checkers``
    checkers on the home points, the exact distribution of the number of rolls N needed to
    bear off, each roll played to minimise E N. Built once (about a second for 15)."""

    def __init__(self, max_checkers: int = 15) -> None:
        self._database = _native.OneSidedDatabase(max_checkers)

    def __len__(self) -> int:
        return len(self._database)

    def expected_rolls(self, points: Sequence[int]) -> Fraction:
        """E N for the position, exactly."""
        return from_pair(self._database.expected_rolls(whole_numbers("points", points)))

    def rolls_distribution(self, points: Sequence[int]) -> List[Fraction]:
        """P{N = j} for j = 0, 1, ..., exactly."""
        distribution = self._database.rolls_distribution(whole_numbers("points", points))
        return [from_pair(p) for p in distribution]


class TwoSidedDatabase:
    """The two-sided bear-off database: for every pair of positions of at most ``checkers``
    checkers a side, the cubeless chance and the cubeful money equities (no gammons), in
    floats. Built once (6 checkers: a quarter of a second)."""

    def __init__(self, checkers: int) -> None:
        self._database = _native.TwoSidedDatabase(checkers)

    def positions(self) -> int:
        """The number of positions a side, the empty one included."""
        return self._database.positions()

    def query(
        self, id: str, roll: Optional[str] = None, cube: Optional[str] = None
    ) -> PositionAnswer:
        """The position of ``id`` (a gnubg Position ID, ``POSITIONID:MATCHID`` or an XGID,
        money play) asked of the database: its chances, equities and proper cube action, and for
        ``roll`` (``"6-5"``, else the ID's dice) every legal play ranked. ``cube``
        (``"centred"``, ``"owned"`` or ``"opponent owns"``) overrides the ID's.

        >>> answer = TwoSidedDatabase(2).query("AQAADAAAAAAAAA", roll="6-5")
        >>> answer.win, answer.cube_action, answer.plays[0].play
        (1.0, <CubeAction.DOUBLE_PASS: 'double, pass'>, '1/off(2)')"""
        return _answer(self._database.query(id, roll, cube))

    def win_probability(self, on_roll: Sequence[int], opponent: Sequence[int]) -> float:
        """P, the cubeless chance that the player on roll wins."""
        return self._database.win_probability(*_sides(on_roll, opponent))

    def equities(self, on_roll: Sequence[int], opponent: Sequence[int]) -> Equities:
        """P and the cubeful equities of the player on roll."""
        return Equities(*self._database.equities(*_sides(on_roll, opponent)))

    def cube_action(
        self, on_roll: Sequence[int], opponent: Sequence[int], cube: str = "centred"
    ) -> CubeAction:
        """The player on roll's action; ``cube`` is "centred", "owned" (by the player on
        roll) or "opponent owns" (who then cannot double).

        >>> TwoSidedDatabase(1).cube_action([6], [1])
        <CubeAction.DOUBLE_PASS: 'double, pass'>
        """
        return CubeAction(self._database.cube_action(*_sides(on_roll, opponent), cube))


class GnubgOneSidedFile:
    """GNU Backgammon's one-sided bear-off file, the same bytes as ``makebearoff -o
    points``: for every position of at most fifteen checkers on the ``points`` points
    nearest the edge (1 to 8 here; up to 13 with ``game-analysis bearoff --one-sided``), the
    chances of bearing all off, and of bearing the first off, in exactly 0 to 31 rolls, in
    gnubg's 16-bit units (65,535 is certain). ``gammon`` and ``compress`` as gnubg's
    defaults; ``makebearoff``'s ``-g`` and ``-c`` turn them off."""

    def __init__(self, points: int, gammon: bool = True, compress: bool = True) -> None:
        self._file = _native.GnubgOneSidedFile(points, gammon, compress)

    def positions(self) -> int:
        """The number of positions, C(points + 15, points), in gnubg's numbering."""
        return self._file.positions()

    def distributions(self, position: int) -> Tuple[List[int], List[int]]:
        """The two distributions of position ``position`` (gnubg's number), 32 values each."""
        return self._file.distributions(position)

    def to_bytes(self) -> bytes:
        """The file's bytes."""
        return bytes(self._file.to_bytes())


def build_gnubg_two_sided_file(checkers: int, work_dir: FilePath, out: FilePath) -> None:
    """Builds GNU Backgammon's two-sided bear-off file for ``checkers`` checkers a side (1 to
    8 here; up to the complete 6x15 with ``game-analysis bearoff --two-sided 6xC --work-dir
    DIR``) at ``out``, the same bytes as ``makebearoff -t 6xC``, out of core: its work is kept
    in ``work_dir``, and a build that was interrupted resumes when called again."""
    _native.build_gnubg_two_sided_file(checkers, work_dir, out)


class GnubgTwoSidedFile:
    """A GNU Backgammon two-sided bear-off file (``makebearoff -t 6xC``, or one built by
    :func:`build_gnubg_two_sided_file` or ``game-analysis bearoff``), read one entry at a time
    without loading it: the complete database of fifteen checkers a side is 23.6 GB. Values
    are read as gnubg reads them (a stored ``s`` is the equity s / 32767.5 - 1)."""

    def __init__(self, path: FilePath) -> None:
        self._file = _native.GnubgTwoSidedFile(path)

    def max_checkers(self) -> int:
        """C, the most checkers a side."""
        return self._file.max_checkers()

    def query(
        self, id: str, roll: Optional[str] = None, cube: Optional[str] = None
    ) -> PositionAnswer:
        """The position of ``id`` (a gnubg Position ID, ``POSITIONID:MATCHID`` or an XGID,
        money play) asked of the file, read entry by entry: its chances, equities and proper
        cube action, and for ``roll`` (``"6-5"``, else the ID's dice) every legal play ranked.
        ``cube`` (``"centred"``, ``"owned"`` or ``"opponent owns"``) overrides the ID's."""
        return _answer(self._file.query(id, roll, cube))

    def equities(self, on_roll: Sequence[int], opponent: Sequence[int]) -> Equities:
        """P and the cubeful equities of the player on roll, before his cube decision."""
        return Equities(*self._file.equities(*_sides(on_roll, opponent)))

    def stored(self, on_roll: Sequence[int], opponent: Sequence[int]) -> Tuple[int, int, int, int]:
        """The four 16-bit values as stored: cubeless, owned, centred, opponent owns."""
        return tuple(self._file.stored(*_sides(on_roll, opponent)))  # type: ignore[return-value]

    def cube_action(
        self, on_roll: Sequence[int], opponent: Sequence[int], cube: str = "centred"
    ) -> CubeAction:
        """As :meth:`TwoSidedDatabase.cube_action`, from the file's equities."""
        return CubeAction(self._file.cube_action(*_sides(on_roll, opponent), cube))


class RatedPlay(NamedTuple):
    """A legal play of the roll asked, with the mover's equities after it."""

    play: str
    """The play in the field's notation, as ``6/off 5/3``."""
    position_id: str
    """The Position ID after the play, the opponent then on roll."""
    equity: float
    """The mover's money equity after it, the opponent's cube decision taken."""
    cubeless: float
    """The mover's cubeless money equity after it."""
    loss: float
    """The equity given up against the best play."""


class CubePoints(NamedTuple):
    """A player's points on one cube (``backgammon_cube::market``), each his winning
    chances."""

    take: float
    """TP: doubled, he takes at or above it."""
    initial_double: float
    """IDP: with the cube centred, he doubles above it."""
    redouble: float
    """RDP: owning the cube, he redoubles above it."""
    cash: float
    """CP: above it his opponent passes a double."""
    too_good: float
    """TG: above it he plays on for the gammon rather than cash."""


class MarketWindow(NamedTuple):
    """A player's market window, Janowski's points from the position's gammon values W and
    L, as GNU Backgammon's ``show marketwindow`` prints them (no Jacoby rule, no beavers)."""

    dead: CubePoints
    """The cube cannot be turned again once doubled (x = 0)."""
    live: CubePoints
    """The cube is fully live, as in the continuous model (x = 1)."""


class PositionAnswer(NamedTuple):
    """One position asked of a database (``backgammon_cube::query``), as GNU Backgammon's
    ``eval`` and ``hint`` answer it: equities per unit of the cube, from the player on roll."""

    position_id: str
    """The gnubg Position ID."""
    xgid: str
    """The XGID, the player on roll at the bottom."""
    cube_value: int
    """The cube's value."""
    cube: str
    """``"centred"``, ``"owned"`` (by the player on roll) or ``"opponent owns"``."""
    win: float
    """P(win), cubeless."""
    win_gammon: float
    """P(win a gammon or a backgammon); 0 in the bear-off databases, which count none."""
    win_backgammon: float
    """P(win a backgammon)."""
    lose_gammon: float
    """P(lose a gammon or a backgammon)."""
    lose_backgammon: float
    """P(lose a backgammon)."""
    cubeless_equity: float
    """The cubeless money equity."""
    centred: float
    """The money equity with the cube centred, not doubling now."""
    owned: float
    """Owning the cube, not redoubling now."""
    opponent_owns: float
    """The opponent owning the cube."""
    no_double: float
    """With the cube asked: the equity of not doubling."""
    double_take: float
    """The equity of a double taken (a pass is 1)."""
    cube_action: CubeAction
    """The proper cube action with the cube asked."""
    too_good: bool
    """Too good to double: playing on for the gammon is worth more than a pass."""
    market_window: MarketWindow
    """The player on roll's market window, in his winning chances."""
    opponent_market_window: MarketWindow
    """The opponent's market window, in his winning chances."""
    roll: Optional[str]
    """The roll played, as ``6-5``."""
    plays: List[RatedPlay]
    """The roll's legal plays, best first."""


def _answer(values: Tuple[Any, ...]) -> PositionAnswer:
    (position_id, xgid, cube_value, cube, outcomes, cubeless, equities, cube_equities,
     (action, too_good, windows), roll, plays) = values
    mine, theirs = (MarketWindow(CubePoints(*dead), CubePoints(*live)) for dead, live in windows)
    return PositionAnswer(position_id, xgid, cube_value, cube, *outcomes, cubeless, *equities,
                          *cube_equities, CubeAction(action), too_good, mine, theirs, roll,
                          [RatedPlay(*play) for play in plays])


class HypergammonEntry(NamedTuple):
    """A hypergammon position's values for the player on roll, before his roll: the cubeless
    outcome probabilities and the money equities per unit of the cube (before his cube
    decision), in GNU Backgammon's order."""

    win: float
    """P(win), cubeless."""
    win_gammon: float
    """P(win a gammon or a backgammon)."""
    win_backgammon: float
    """P(win a backgammon)."""
    lose_gammon: float
    """P(lose a gammon or a backgammon)."""
    lose_backgammon: float
    """P(lose a backgammon)."""
    owned: float
    """The money equity owning the cube, if he does not redouble."""
    centred: float
    """The money equity with the cube centred, if he does not double."""
    centred_jacoby: float
    """The same under the Jacoby rule (gammons single until the cube is turned)."""
    opponent_owns: float
    """The money equity with the opponent owning the cube."""


class HypergammonDatabase:
    """Hypergammon with ``checkers`` a side (1 to 3) solved with the doubling cube: every
    position's cubeless outcomes and money equities, to a residual of ``tolerance``.
    Positions are the places of each side's checkers from its owner's side, one entry per
    checker: points 1 to 24, 25 the bar. ``dance`` is "pass" (the rules: a roll that cannot
    be played passes the turn, and the opponent may double) or "makehyper" (gnubg's
    computation). ``residual``, ``cubeless_error_bound`` and ``cubeful_error_bound`` say how
    far the values can be from the equations' solution. One checker: milliseconds; two: a few
    seconds; three: about twenty minutes and 5 GB."""

    def __init__(self, checkers: int, tolerance: float = 1e-12, dance: str = "pass") -> None:
        self._database = _native.HypergammonDatabase(checkers, tolerance, dance)
        (
            self.checkers,
            self.positions,
            self.sweeps,
            self.residual,
            self.cubeless_error_bound,
            self.cubeful_error_bound,
        ) = self._database.summary()

    def entry(self, on_roll: Sequence[int], opponent: Sequence[int]) -> HypergammonEntry:
        """The position's values."""
        return HypergammonEntry(*self._database.entry(*_sides(on_roll, opponent)))

    def cube_action(
        self, on_roll: Sequence[int], opponent: Sequence[int], cube: str = "centred"
    ) -> CubeAction:
        """As :meth:`TwoSidedDatabase.cube_action` (the Jacoby rule off)."""
        return CubeAction(self._database.cube_action(*_sides(on_roll, opponent), cube))

    def query(
        self, id: str, roll: Optional[str] = None, cube: Optional[str] = None
    ) -> PositionAnswer:
        """The position of ``id`` (a gnubg Position ID, ``POSITIONID:MATCHID`` or an XGID,
        money play) asked of the database: its chances, equities and proper cube action, and for
        ``roll`` (``"6-5"``, else the ID's dice) every legal play ranked. ``cube``
        (``"centred"``, ``"owned"`` or ``"opponent owns"``) overrides the ID's."""
        return _answer(self._database.query(id, roll, cube))

    def census(self) -> Dict[str, Any]:
        """What the docs publish of the database, over every position, as a dict (the
        fields of ``docs/data/hypergammon-3.json``): ``start`` (the starting position's
        chances and equities), ``openings`` (each opening roll's best play, cubeless and with
        the cube centred), ``decisions`` (the centred cube's actions over every position in
        play), ``first_double`` (the chances that the first double is taken or passed) and
        ``race_formulas`` (each formula's share of the bear-offs where its cube action is the
        database's), with the solution's ``residual`` and turn bounds.

        >>> census = hypergammon(1).census()
        >>> len(census["openings"]), round(census["start"]["win"], 6)
        (15, 0.601583)
        """
        census: Dict[str, Any] = json.loads(self._database.census())
        return census

    def gnubg_bytes(self) -> bytes:
        """The database in GNU Backgammon's layout: what ``makehyper -c C`` writes."""
        return bytes(self._database.gnubg_bytes())


def hypergammon(checkers: int) -> HypergammonDatabase:
    """Hypergammon with ``checkers`` a side solved with the cube, to a residual of 1e-12.

    >>> round(hypergammon(1).entry([24], [24]).win, 6)
    0.601583
    """
    return HypergammonDatabase(checkers)


class GnubgHypergammonFile:
    """A GNU Backgammon hypergammon file (``makehyper -c C``, or
    :meth:`HypergammonDatabase.gnubg_bytes` written out), read whole and as gnubg reads it."""

    def __init__(self, path: FilePath) -> None:
        self._file = _native.GnubgHypergammonFile(path)

    def query(
        self, id: str, roll: Optional[str] = None, cube: Optional[str] = None
    ) -> PositionAnswer:
        """The position of ``id`` (a gnubg Position ID, ``POSITIONID:MATCHID`` or an XGID,
        money play) asked of the file: its chances, equities and proper cube action, and for
        ``roll`` (``"6-5"``, else the ID's dice) every legal play ranked. ``cube``
        (``"centred"``, ``"owned"`` or ``"opponent owns"``) overrides the ID's."""
        return _answer(self._file.query(id, roll, cube))

    def checkers(self) -> int:
        """C, the checkers a side."""
        return self._file.checkers()

    def entry(self, on_roll: Sequence[int], opponent: Sequence[int]) -> HypergammonEntry:
        """The position's values as stored (24-bit fixed point)."""
        return HypergammonEntry(*self._file.entry(*_sides(on_roll, opponent)))

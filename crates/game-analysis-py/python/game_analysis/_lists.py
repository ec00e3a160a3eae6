"""Lists of whole numbers across the boundary: the extension takes them as Python lists and
checks every element."""

from __future__ import annotations

from typing import Iterable, List


def whole_numbers(name: str, values: Iterable[int]) -> List[int]:
    """``values`` as a list. A str or bytes is an iterable too, of characters never meant as
    heaps or points, so it raises ``TypeError`` naming the argument."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} = {values!r}: a list of whole numbers, not a string")
    return list(values)

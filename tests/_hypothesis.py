"""How many examples a property test runs.

``make test-all`` (and CI) runs each property test with the count written beside it;
``make test`` loads the ``quick`` profile (``--hypothesis-profile quick``, registered in
``tests/conftest.py``), under which each runs a fifth of it and a property test without
a count runs 20 instead of hypothesis' 100.
"""

from __future__ import annotations

from hypothesis import settings

__all__ = ["DEFAULT_EXAMPLES", "QUICK_EXAMPLES", "examples"]

DEFAULT_EXAMPLES = 100  # hypothesis' own max_examples, the default profile's
QUICK_EXAMPLES = 20  # the quick profile's


def examples(n: int) -> int:
    """``n`` examples under the default profile, scaled like ``max_examples`` under
    another one (a fifth under ``quick``), and at least one.

    >>> examples(300) == 300 * settings.default.max_examples // DEFAULT_EXAMPLES
    True
    """
    return max(1, n * settings.default.max_examples // DEFAULT_EXAMPLES)

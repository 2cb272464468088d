"""``re``'s module functions over a larger cache of compiled patterns.

``re`` keeps 512 compiled patterns. Answering a question builds patterns from the names and
conditions it was asked about ("the Monk dies", "no Minion is alive"), more than 512 over a
few hundred questions, so the cache churned and the static patterns were compiled again and
again: a tenth of an answer's time went on compiling. Same signatures as ``re``'s.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator

CACHED = 8192  # patterns; a few hundred bytes to a few kilobytes each


def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    # (one cache key however it is called: lru_cache keys ``compiled(p)`` and
    # ``compiled(p, 0)`` apart, so a pattern primed one way was compiled again the other)
    return _compiled(pattern, flags)


@functools.lru_cache(maxsize=CACHED)
def _compiled(pattern: str, flags: int) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def search(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).search(string)


def match(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).match(string)


def fullmatch(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    return compiled(pattern, flags).fullmatch(string)


def finditer(pattern: str, string: str, flags: int = 0) -> Iterator[re.Match[str]]:
    return compiled(pattern, flags).finditer(string)


def findall(pattern: str, string: str, flags: int = 0) -> list:
    return compiled(pattern, flags).findall(string)


def split(pattern: str, string: str, maxsplit: int = 0, flags: int = 0) -> list[str]:
    return compiled(pattern, flags).split(string, maxsplit)


def sub(
    pattern: str,
    repl: str | Callable[[re.Match[str]], str],
    string: str,
    count: int = 0,
    flags: int = 0,
) -> str:
    return compiled(pattern, flags).sub(repl, string, count)

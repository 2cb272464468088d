"""Readers: one per document family, tolerant, each yielding records and problems.

Every reader has the signature ``read_<family>(path, lexicon) -> ReadResult``:
it never raises on odd content; what it cannot read cleanly becomes a ``Problem``.
"""

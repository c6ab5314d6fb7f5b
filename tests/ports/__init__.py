"""Independent ports of public game programs, to test the rules core against (test code only).

Each port is plain Python with the standard library, imports nothing of `rules`,
and cites the repository, file and lines of every function it ports.
"""

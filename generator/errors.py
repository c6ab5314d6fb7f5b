"""Errors that the command line reports as one line and exit status 2."""


class BuildError(Exception):
    """A build step cannot go on; the message is one line for the user."""


class SourceError(BuildError):
    """A source document is missing, altered or not UTF-8."""


class DataError(BuildError):
    """A hand-written data file is missing, not valid TOML, or breaks its schema."""

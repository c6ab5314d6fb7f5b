"""caipan generator: everything that reads files, enumerates, checks, draws and writes pages."""

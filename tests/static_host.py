"""A folder served on 127.0.0.1 as a static host with precompressed files serves it (nginx's gzip_static
and brotli_static, or a CDN): for `name`, the smallest of `name.br`, `name.zst` and `name.gz` that the
browser accepts (Accept-Encoding), sent as it is with its Content-Encoding; `name` itself when none is
accepted or there is none. HTTP/1.1 with keep-alive, as any real host (http.server's default HTTP/1.0
opens a connection per file). Used by the tests (the `site_url` fixture) and by the benchmarks, so that
what they measure is what a host sends.
"""
from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

# Content-Encoding token → the suffix of the copy
ENCODINGS = {"br": ".br", "zstd": ".zst", "gzip": ".gz"}


def accepted(header: str) -> set[str]:
    """The codings an Accept-Encoding header accepts (a q=0 refuses one).

    >>> sorted(accepted("gzip, deflate, br, zstd"))
    ['br', 'deflate', 'gzip', 'zstd']
    >>> sorted(accepted("gzip;q=1.0, br;q=0"))
    ['gzip']
    """
    out = set()
    for part in header.split(","):
        token, *params = (p.strip() for p in part.split(";"))
        q = next((p.split("=", 1)[1] for p in params if p.startswith("q=")), "1")
        try:
            if token and float(q) > 0:
                out.add(token.lower())
        except ValueError:
            continue
    return out


class Precompressed(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        codings = accepted(self.headers.get("Accept-Encoding", ""))
        copies = [(copy.stat().st_size, coding, copy) for coding, suffix in ENCODINGS.items()
                  if coding in codings and (copy := path.with_name(path.name + suffix)).is_file()]
        if not path.is_file() or not copies:
            return super().send_head()
        size, coding, copy = min(copies)
        body = copy.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(size))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return body


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        """A browser that closes a connection (a tab closed mid-download) is not an error of the host."""
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """The folder on a free port of 127.0.0.1, in a thread: (the server, to shut down; its base URL)."""
    server = Server(("127.0.0.1", 0), functools.partial(Precompressed, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"

#!/usr/bin/env python3
"""Serves the browser build (web/dist/) for players who host it: the right content types for
every file the game fetches, and the bigger ones compressed (brotli when the browser takes it,
else gzip). A file's precompressed copy beside it (`FILE.br`, `FILE.gz`, as web/build.sh writes
for the .wasm) is sent when it is newer than the file; otherwise the file is compressed once
(brotli needs the `brotli` module) and kept in memory.

    web/serve.sh [--bind ADDR] [--port PORT] [DIR]

Python's standard library only (plus `brotli` when present); no state, no writes.
"""

import argparse
import gzip
import http.server
import io
import os
import sys
import threading

try:
    import brotli  # type: ignore
except ImportError:  # gzip is enough; brotli only makes the .wasm a little smaller
    brotli = None

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".ron": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".wgsl": "text/plain; charset=utf-8",
    ".glb": "model/gltf-binary",
    ".gltf": "model/gltf+json",
    ".ktx2": "image/ktx2",
    ".png": "image/png",
    ".ogg": "audio/ogg",
    ".ttf": "font/ttf",
}
# Already compressed: sending them as they are is as small and costs nothing.
STORED = {".png", ".ogg", ".ktx2"}
MIN_COMPRESS = 1024
# The names of a file's precompressed copies, by encoding.
PRECOMPRESSED = {"br": ".br", "gzip": ".gz"}


class Cache:
    """Compressed bodies by (path, modification time, encoding): a file's fresh precompressed
    copy (`FILE.br`, `FILE.gz`) as it is, else the file compressed here."""

    def __init__(self):
        self.lock = threading.Lock()
        self.items = {}

    def get(self, path, mtime, encoding, raw):
        key = (path, mtime, encoding)
        with self.lock:
            if key in self.items:
                return self.items[key]
        body = None
        copy = path + PRECOMPRESSED[encoding]
        if fresh(copy, mtime):
            try:
                with open(copy, "rb") as f:
                    body = f.read()
            except OSError:
                body = None
        if body is None and encoding == "br":
            body = brotli.compress(raw, quality=9)
        elif body is None:
            body = gzip.compress(raw, compresslevel=9, mtime=0)
        with self.lock:
            # Keep only the newest version of each file.
            for k in [k for k in self.items if k[0] == path and k[1] != mtime]:
                del self.items[k]
            self.items[key] = body
        return body


CACHE = Cache()


def fresh(copy, mtime):
    """Whether a precompressed copy exists and was written after its file."""
    try:
        return os.path.getmtime(copy) >= mtime
    except OSError:
        return False


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self):
        # The page and its files change together on a new build: ask the browser to check.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        ext = os.path.splitext(path)[1].lower()
        if not os.path.isfile(path) or ext in STORED:
            return super().send_head()
        accepted = self.headers.get("Accept-Encoding", "")
        try:
            with open(path, "rb") as f:
                raw = f.read()
            mtime = os.path.getmtime(path)
        except OSError:
            self.send_error(404, "File not found")
            return None
        if "br" in accepted and (brotli or fresh(path + PRECOMPRESSED["br"], mtime)):
            encoding = "br"
        elif "gzip" in accepted:
            encoding = "gzip"
        else:
            encoding = None
        if encoding is None or len(raw) < MIN_COMPRESS:
            return super().send_head()
        body = CACHE.get(path, mtime, encoding, raw)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        # The page's download bar counts decoded bytes (web/index.html).
        self.send_header("X-Decoded-Length", str(len(raw)))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, fmt, *args):
        if os.environ.get("SERVE_QUIET") != "1":
            super().log_message(fmt, *args)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description="Serve the browser build of Carved Tables.")
    p.add_argument("--bind", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks one)")
    p.add_argument("dir", nargs="?", default=os.path.join(here, "dist"), help="the site (web/dist)")
    a = p.parse_args()
    if not os.path.isfile(os.path.join(a.dir, "index.html")):
        sys.exit(f"{a.dir} has no index.html: build the site first with web/build.sh")

    def handler(*args, **kwargs):
        return Handler(*args, directory=a.dir, **kwargs)

    server = http.server.ThreadingHTTPServer((a.bind, a.port), handler)
    host, port = server.server_address[:2]
    print(f"serving {a.dir} at http://{host}:{port}/ "
          f"({'brotli and gzip' if brotli else 'gzip'})", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()

"""A headless Debian chromium driven over the DevTools protocol, and a static file server.

No browser download: the system's /usr/bin/chromium is started with a fresh profile and a
remote-debugging port on 127.0.0.1, and driven with `websocket-client`. Only loopback
addresses are ever contacted.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import http.server
import json
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websocket

CHROMIUM = "/usr/bin/chromium"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-address=127.0.0.1",
    "--remote-debugging-port=0",
)
INSTALL_HINT = "apt-get update && apt-get install -y chromium chromium-driver"


def chromium_available() -> bool:
    return shutil.which(CHROMIUM) is not None


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve a folder on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@dataclass
class PageReport:
    """What loading one page showed."""

    url: str
    errors: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    title: str = ""


class Chromium:
    """One headless chromium with one page target."""

    def __init__(self, width: int = 1280, height: int = 900) -> None:
        self.profile = tempfile.mkdtemp(prefix="tme-chromium-")
        self.proc = subprocess.Popen(
            [CHROMIUM, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        port = self._port()
        targets = json.loads(
            urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10).read()
        )
        page = next(t for t in targets if t.get("type") == "page")
        self.ws = websocket.create_connection(
            page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True
        )
        self._id = 0
        self.events: list[dict[str, Any]] = []
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )

    def _port(self) -> int:
        marker = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if marker.exists():
                text = marker.read_text().split()
                if text:
                    return int(text[0])
            if self.proc.poll() is not None:
                raise RuntimeError(f"chromium exited with {self.proc.returncode} before listening")
            time.sleep(0.05)
        raise RuntimeError("chromium did not open its debugging port within 30 s")

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self._id += 1
        my_id = self._id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == my_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            if "method" in message:
                self.events.append(message)

    def _wait_for(self, event: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(e["method"] == event for e in self.events):
                return
            self.ws.settimeout(max(0.05, deadline - time.monotonic()))
            with contextlib.suppress(websocket.WebSocketTimeoutException):
                message = json.loads(self.ws.recv())
                if "method" in message:
                    self.events.append(message)
        raise TimeoutError(f"{event} did not arrive within {timeout} s")

    def _drain(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                message = json.loads(self.ws.recv())
            except websocket.WebSocketTimeoutException:
                break
            if "method" in message:
                self.events.append(message)
        self.ws.settimeout(30)

    def load(self, url: str, settle: float = 0.1) -> PageReport:
        """Navigate, wait for the load event and a short settle, and report errors and links."""
        self.events.clear()
        self.call("Page.navigate", url=url)
        self._wait_for("Page.loadEventFired", timeout=30)
        self._drain(settle)
        report = PageReport(url)
        for e in self.events:
            p = e.get("params", {})
            if e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                text = " ".join(
                    str(a.get("value", a.get("description", ""))) for a in p.get("args", [])
                )
                report.errors.append(f"console.{p['type']}: {text}")
            elif e["method"] == "Runtime.exceptionThrown":
                details = p.get("exceptionDetails", {})
                report.errors.append(
                    f"exception: {details.get('exception', {}).get('description', details.get('text'))}"
                )
            elif e["method"] == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                entry = p["entry"]
                report.errors.append(f"log: {entry.get('text')} {entry.get('url', '')}".strip())
            elif e["method"] == "Network.loadingFailed" and not p.get("canceled"):
                report.errors.append(f"network: {p.get('errorText')} ({p.get('type')})")
        value = self.call(
            "Runtime.evaluate",
            expression="JSON.stringify([document.title, Array.from(document.querySelectorAll('a[href]'), a => a.href)])",
            returnByValue=True,
        )["result"]["value"]
        report.title, report.links = json.loads(value)
        return report

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the current page."""
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)[
            "result"
        ].get("value")

    def screenshot(self, path: Path, *, full_page: bool = False, max_height: int = 8000) -> None:
        """Save a PNG of the viewport, or of the whole page up to `max_height` pixels."""
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            size = self.call("Page.getLayoutMetrics")["cssContentSize"]
            params["captureBeyondViewport"] = True
            params["clip"] = {
                "x": 0,
                "y": 0,
                "width": size["width"],
                "height": min(size["height"], max_height),
                "scale": 1,
            }
        data = self.call("Page.captureScreenshot", **params)["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)

"""Keys and URL credentials never leave the process in text: every line the runner prints or
stores that holds text from a server or a URL passes through `mask`.

A pattern for key shapes (`sk-…`, `Bearer …`) misses every other provider's format and plain
keys, so the values themselves are masked: each configured key is registered when its client is
made, and any `user:password@` in a URL is masked wherever a URL appears.
"""

from __future__ import annotations

import json
import os
import re
import threading
import urllib.parse

#: What a masked secret reads as.
MASK = "[redacted]"
#: Keys shorter than this are placeholders local servers accept ("none", "EMPTY"), not secrets;
#: masking them would blank ordinary words out of messages.
MIN_SECRET = 6
#: Placeholders sent when no key is configured.
PLACEHOLDERS = frozenset({"not-set", "sk-no-key-required"})

_SHAPES = re.compile(r"(sk-|gsk_|key-|Bearer\s+)[A-Za-z0-9_\-]{6,}")
_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)[^/\s@]*@")

_lock = threading.Lock()
_secrets: set[str] = set()


def register(secret: str | None) -> None:
    """Mask `secret` (and its JSON- and URL-escaped spellings) from now on."""
    if not secret or len(secret) < MIN_SECRET or secret in PLACEHOLDERS:
        return
    spellings = {secret, json.dumps(secret)[1:-1], urllib.parse.quote(secret, safe="")}
    with _lock:
        _secrets.update(s for s in spellings if len(s) >= MIN_SECRET)


def register_configured(key_envs: tuple[str | None, ...], urls: tuple[str | None, ...]) -> None:
    """Register the keys held by the named environment variables and the credentials of the
    URLs, before anything is asked of any server."""
    for name in key_envs:
        if name:
            register(os.environ.get(name))
    for url in urls:
        register_url(url)


def register_url(url: str | None) -> None:
    """Register the credentials a URL carries (`user:password@`)."""
    if not url:
        return
    parts = urllib.parse.urlsplit(url)
    for value in (parts.password, parts.username):
        if value:
            register(urllib.parse.unquote(value))
            register(value)


def holds_secret(text: str) -> bool:
    """Whether `text` holds a registered secret (by value, whatever its format)."""
    with _lock:
        known = list(_secrets)
    return any(secret in text for secret in known)


def mask(text: str) -> str:
    """`text` with every registered secret, every URL's `user:password@` and every key-shaped
    token replaced."""
    with _lock:
        known = sorted(_secrets, key=len, reverse=True)
    for secret in known:
        if secret in text:
            text = text.replace(secret, MASK)
    text = _USERINFO.sub(rf"\1{MASK}@", text)
    return _SHAPES.sub(rf"\1{MASK}", text)


def display_url(url: str) -> str:
    """A URL as it may be printed: no credentials."""
    return mask(url)

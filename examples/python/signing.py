"""The `hmac-sha256` signature of docs/site/gateway/wire-formats-and-signing.md, in Python's
standard library alone: what a merchant's Python backend needs to sign a request to the service or
check a notification from it.

Run as a script it reads the key as its first argument and one JSON body per line on standard
input, and prints each body's signature on its own line (the test suite compares it with
server/gateway/signing.ts on generated bodies).
"""
import hashlib
import hmac
import json
import sys

SIGNATURE_FIELD = "encryption_data"


def _utf16(text):
    # The order is by UTF-16 code unit, as JavaScript sorts; Python's own sort is by code point.
    return text.encode("utf-16-be")


def _is_empty(value):
    return value is None or value == "" or value == [] or value == {}


def _leaf(value):
    if isinstance(value, bool):
        raise ValueError("the interface has no true or false values")
    # JavaScript writes 3.0 as 3; both write other numbers in their shortest round-trip form.
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _json(value):
    if isinstance(value, list):
        return "[" + ",".join(_json(item) for item in value if item is not None) + "]"
    if isinstance(value, dict):
        names = sorted((name for name in value if value[name] is not None), key=_utf16)
        members = (json.dumps(name, ensure_ascii=False) + ":" + _json(value[name]) for name in names)
        return "{" + ",".join(members) + "}"
    return json.dumps(_leaf(value), ensure_ascii=False)


def canonical_string(fields):
    names = sorted(
        (n for n in fields if n != SIGNATURE_FIELD and not _is_empty(fields[n])), key=_utf16
    )
    written = (
        n + "=" + (_json(fields[n]) if isinstance(fields[n], (list, dict)) else _leaf(fields[n]))
        for n in names
    )
    return "&".join(written)


def sign(fields, key):
    """The lowercase hex signature of a body (a dict as json.loads gives it)."""
    text = canonical_string(fields).encode("utf-8")
    return hmac.new(key.encode("utf-8"), text, hashlib.sha256).hexdigest()


def verify(fields, key):
    """True when the body's encryption_data is its signature under key (constant-time compare)."""
    given = fields.get(SIGNATURE_FIELD)
    return isinstance(given, str) and hmac.compare_digest(sign(fields, key), given.lower())


if __name__ == "__main__":
    for line in sys.stdin:
        print(sign(json.loads(line), sys.argv[1]), flush=True)

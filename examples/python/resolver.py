"""What an order costs, answered to the companion (ORDER_RESOLVER) by a backend in Python.

Standard library only. The companion asks GET /orders/<order_ref> with the bearer token both
share (ORDER_RESOLVER_TOKEN), and pays what this answers: the browser never names an amount.

    ORDER_RESOLVER_TOKEN=<a long random token> python3 resolver.py
    # the companion: ORDER_RESOLVER=http://127.0.0.1:8000/orders/{order_ref}
"""

import hmac
import json
import os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote

TOKEN = os.environ["ORDER_RESOLVER_TOKEN"]
# Your shop's own records stand here: prices in cents, never a float.
PRODUCTS = {"tee": ("Organic T-shirt", 2500), "mug": ("Enamel mug", 1200)}
ORDERS = {"order-1001": {"tee": 2, "mug": 1}, "order-1002": {"mug": 3}}


def decimal(cents):
    return f"{cents // 100}.{cents % 100:02d}"


def priced(order_ref):
    lines = ORDERS.get(order_ref)
    if lines is None:
        return None
    items = [
        {"name": PRODUCTS[sku][0], "sku": sku, "unit_price": decimal(PRODUCTS[sku][1]), "quantity": count}
        for sku, count in lines.items()
    ]
    total = sum(PRODUCTS[sku][1] * count for sku, count in lines.items())
    return {"amount": decimal(total), "currency": "USD", "items": items}


class Resolver(BaseHTTPRequestHandler):
    def do_GET(self):
        given = self.headers.get("Authorization", "")
        if not hmac.compare_digest(given.encode(), f"Bearer {TOKEN}".encode()):
            return self.answer(401, {"error": "unauthorized"})
        prefix = "/orders/"
        if not self.path.startswith(prefix):
            return self.answer(404, {"error": "not_found"})
        order = priced(unquote(self.path[len(prefix):].split("?")[0]))
        if order is None:
            return self.answer(404, {"error": "no such order"})
        self.answer(200, order)

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


if __name__ == "__main__":
    address = (os.environ.get("HOST", "127.0.0.1"), int(os.environ.get("PORT", "8000")))
    server = ThreadingHTTPServer(address, Resolver)
    print(f"order resolver on http://{address[0]}:{server.server_port}/orders/", flush=True)
    server.serve_forever()

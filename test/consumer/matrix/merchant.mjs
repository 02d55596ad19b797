// The merchant's hooks in the configuration matrix: the bin loads them as ORDER_RESOLVER, the
// router's shop (shop.mjs) imports them. Orders are tees at 25.00 USD; the shop's own session is
// a cookie its /sign-in sets.

/** Prices an order the shop knows; `undefined` for any other reference. */
export function resolveOrder(ref) {
  if (!/^tee\.[0-9a-f]{8}$/.test(ref)) return undefined;
  return {
    amount: '25.00',
    currency: 'USD',
    items: [{ name: 'Organic tee', unit_price: '25.00', quantity: 1 }],
  };
}

/** The signed-in shopper, by the shop's cookie; anonymous without it. */
export function resolveShopper(request) {
  const signedIn = /(?:^|;\s*)shopper=ada(?:;|$)/.test(request.headers.cookie ?? '');
  return signedIn ? { id: 'ada', email: 'ada@example.com', first_name: 'Ada' } : undefined;
}

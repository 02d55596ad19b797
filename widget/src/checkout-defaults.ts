/**
 * The element's settings and state as each element starts (the manifest reads its defaults from a
 * constructed element, so they cannot drift from these). A function: each element gets objects
 * of its own, never one `shopper` or `messages` shared between two elements.
 */
export function checkoutDefaults() {
  return {
    companion: '',
    orderRef: '',
    mode: 'checkout' as const,
    paymentMethod: '',
    bankCode: '',
    locale: 'en',
    fields: 'email first_name last_name',
    shopper: {},
    returnUrl: '',
    dataCollection: 'essential' as const,
    fallback: 'redirect' as const,
    frameTimeout: 15_000,
    theme: 'light' as const,
    appearance: {},
    messages: {},
    _values: {},
    _errors: {},
    _chosen: {},
  };
}

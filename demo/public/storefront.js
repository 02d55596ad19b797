// The demo storefront's own script: a catalogue, a cart, and the <acquiring-checkout> element
// that the script tag registered. The cart travels to the companion as the order reference; the
// total shown here is for the shopper's eyes only (the companion prices the order itself).
(() => {
  const companion = document.body.dataset.companion;
  const catalogue = JSON.parse(document.getElementById('catalogue').textContent);
  const cart = new Map();
  const $ = (id) => document.getElementById(id);
  // Prices are decimal strings and totals integer cents: never a float. Intl formats the decimal
  // string itself (USD and BRL both have cents).
  const cents = (price) => {
    const [whole, fraction = ''] = price.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  };
  // One format per currency, made when a cart first needs it: making one costs milliseconds.
  const formats = new Map();
  const money = (minor, currency = 'USD') => {
    if (!formats.has(currency))
      formats.set(currency, new Intl.NumberFormat('en-US', { style: 'currency', currency }));
    return formats
      .get(currency)
      .format(`${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`);
  };

  // The products come in the page (demo/pages.ts), each with its button.
  for (const button of document.querySelectorAll('#products .product button'))
    button.addEventListener('click', () => addToCart(find(button.closest('.product').dataset.sku)));

  function addToCart(product) {
    // A subscription is bought on its own, and a cart is in one currency (see demo/catalogue.ts).
    const hasSubscription = [...cart.keys()].some((sku) => find(sku).subscription);
    const otherCurrency = [...cart.keys()].some((sku) => find(sku).currency !== product.currency);
    if (product.subscription || hasSubscription || otherCurrency) cart.clear();
    if (!product.subscription) cart.set(product.sku, (cart.get(product.sku) ?? 0) + 1);
    else cart.set(product.sku, 1);
    closeCheckout();
    renderCart();
  }

  const find = (sku) => catalogue.find((product) => product.sku === sku);
  // A cart is in one currency (see add()); an empty one counts as dollars.
  const cartCurrency = () => find([...cart.keys()][0] ?? '')?.currency ?? 'USD';

  function renderCart() {
    let total = 0;
    let currency = 'USD';
    $('cart-lines').replaceChildren(
      ...[...cart].map(([sku, quantity]) => {
        const product = find(sku);
        total += cents(product.price) * quantity;
        currency = product.currency;
        const line = document.createElement('li');
        line.textContent = `${quantity} × ${product.name}`;
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'link';
        remove.textContent = 'Remove';
        remove.setAttribute('aria-label', `Remove ${product.name}`);
        remove.addEventListener('click', () => {
          cart.delete(sku);
          closeCheckout();
          renderCart();
        });
        line.append(' ', remove);
        return line;
      }),
    );
    // Nothing to pay for (an empty cart, or one just paid): no total and no way to pay (just
    // paid, the element says what was paid: no "Total $0.00" above it).
    if (cart.size > 0) $('cart-total').value = money(total, currency);
    for (const id of ['modes', 'checkout-button']) $(id).hidden = cart.size === 0;
    $('cart-total').parentElement.hidden = cart.size === 0;
  }

  /** The cart as an order reference: `mug_2-tee.k3x9f0`, headed by the visitor's space if any. */
  function orderRef() {
    const lines = [...cart].map(([sku, quantity]) => (quantity > 1 ? `${sku}_${quantity}` : sku));
    const ref = `${lines.join('-')}.${crypto.randomUUID().slice(0, 8)}`;
    return document.body.dataset.space ? `${document.body.dataset.space}.${ref}` : ref;
  }

  // The open checkout outlives a reload (in the tab's sessionStorage), as a shop's cart page
  // would: the element on the reloaded page resumes the attempt it saved.
  const OPEN = 'demo-checkout';
  const remember = (open) =>
    sessionStorage.setItem(OPEN, JSON.stringify({ ...open, cart: [...cart] }));

  function closeCheckout() {
    $('checkout-button').classList.remove('quiet');
    $('checkout-slot').replaceChildren();
    $('event-log').replaceChildren();
    sessionStorage.removeItem(OPEN);
  }

  // The element tells the shopper how the payment went; the page only keeps its events, folded
  // away for developers, and empties the cart once the order is paid.
  const EVENTS = [
    'acquiring-submit',
    'acquiring-frame-mounted',
    'acquiring-redirect',
    'acquiring-result',
    'acquiring-failure',
  ];

  function logEvent(event) {
    const item = document.createElement('li');
    item.dataset.event = event.type;
    item.textContent = `${event.type} ${JSON.stringify(event.detail)}`;
    $('event-log').append(item);
  }

  // A shop knows its signed-in customer: the demo shopper's details are filled in for her, so a
  // saved card pays in one click.
  const DEMO_SHOPPER = {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    'billing.country': 'GB',
    'billing.city': 'London',
    'billing.address': '12 St James Sq',
    'billing.postal_code': 'SW1Y 4JH',
  };

  function checkoutElement() {
    const element = document.createElement('acquiring-checkout');
    element.setAttribute('companion', companion);
    element.setAttribute('fields', 'email first_name last_name billing');
    if (document.body.dataset.shopper === 'signed-in') element.shopper = DEMO_SHOPPER;
    for (const name of EVENTS) element.addEventListener(name, logEvent);
    element.addEventListener('acquiring-result', (event) => {
      if (['authorised', 'captured', 'review'].includes(event.detail.status)) {
        cart.clear();
        renderCart();
        if (element.orderRef) remember({ ref: element.orderRef, mode: element.mode });
      }
    });
    return element;
  }

  function openCheckout(ref, mode) {
    const element = checkoutElement();
    element.setAttribute('order-ref', ref);
    element.setAttribute('mode', mode);
    // mode="auto" shows the ways to pay the companion ranks for the order and the shopper. The
    // APM: PIX for an order in reais (the element asks for the payer's CPF), else a bank transfer.
    if (mode === 'apm')
      element.setAttribute('payment-method', cartCurrency() === 'BRL' ? 'PIX' : 'BANK_TRANSFER');
    closeCheckout();
    $('checkout-slot').replaceChildren(element);
    $('checkout-button').classList.add('quiet');
    remember({ ref, mode });
  }

  $('checkout-button').addEventListener('click', () => {
    openCheckout(orderRef(), document.querySelector('input[name="mode"]:checked').value);
  });

  const open = JSON.parse(sessionStorage.getItem(OPEN) ?? 'null');
  for (const [sku, quantity] of open?.cart ?? []) if (find(sku)) cart.set(sku, quantity);
  renderCart();
  // A reload, or back from the payment method or a redirect: the element resumes its attempt.
  if (open) openCheckout(open.ref, open.mode);
  else if (new URLSearchParams(location.search).has('acquiring_order_ref'))
    $('checkout-slot').replaceChildren(checkoutElement());
})();

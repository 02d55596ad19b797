// The console's order detail: one order's items and the order and risk data its latest payment
// attempt was sent with (GET /console/api/orders/<ref>, the operations API's `details`).
const $ = (id) => document.getElementById(id);

/** What the order's latest attempt was sent with, as label and text, in this order. */
const DETAIL_ROWS = [
  ['Item total', (d) => d.item_total],
  ['Shipping', (d) => d.shipping],
  ['Handling', (d) => d.handling],
  ['Tax', (d) => d.tax_total],
  ['Insurance', (d) => d.insurance],
  ['Shipping discount', (d) => d.shipping_discount],
  ['Discount', (d) => d.discount],
  [
    'Coupons',
    (d) => d.total_discount?.map((c) => `${c.coupon_code_used} (${c.discount_type})`).join(', '),
  ],
  [
    'Account',
    (d) =>
      d.account_owner
        ?.map(
          (a) =>
            `${a.account_id}${a.email ? `, ${a.email}` : ''}${a.past_orders_count !== undefined ? `, ${a.past_orders_count} past orders` : ''}${a.past_orders_sum !== undefined ? ` (${a.past_orders_sum})` : ''}`,
        )
        .join('; '),
  ],
  ['3-D Secure window', (d) => d.challenge_window_size],
  ['Storefront', (d) => d.storefront_domains],
  ['Instalments', (d) => d.installments],
  [
    'Payer document',
    (d) => d.person && `${d.person.document_type ?? ''} ${d.person.document_number ?? ''}`.trim(),
  ],
  ['Saved card', (d) => d.token_id && `token ${d.token_id}`],
];

/** Shows one order's detail: its items and the order and risk data it was sent with. */
export async function showDetail(ref, { call, cell, say }) {
  const { ok, answer } = await call(`orders/${encodeURIComponent(ref)}`);
  if (!ok) return say(`Could not load ${ref}: ${answer.detail ?? answer.title}`, true);
  const details = answer.details ?? {};
  const panel = $('order-detail');
  $('order-detail-title').textContent = `Order ${ref}: ${answer.amount} ${answer.currency}`;
  // `items` carries each line's exact decimal price (cart_items has it as a JSON number).
  const lines = details.items ? details.items.split('#;#').map((entry) => entry.split('#,#')) : [];
  const items = lines.map(([name, sku, price, quantity]) => {
    const row = document.createElement('tr');
    row.append(cell(name), cell(sku), cell(`${price} ${answer.currency}`), cell(quantity));
    return row;
  });
  $('detail-items').tBodies[0].replaceChildren(...items);
  $('detail-items').hidden = items.length === 0;
  const list = $('detail-data');
  list.replaceChildren();
  for (const [label, read] of DETAIL_ROWS) {
    const value = read(details);
    if (value === undefined || value === '') continue;
    const term = document.createElement('dt');
    term.textContent = label;
    const description = document.createElement('dd');
    description.textContent = value;
    description.dataset.field = label;
    list.append(term, description);
  }
  panel.hidden = false;
  panel.scrollIntoView({ block: 'nearest' });
}

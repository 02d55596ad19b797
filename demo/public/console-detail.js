// The console's order detail: one order's items, the order and risk data its latest payment
// attempt was sent with (GET /console/api/orders/<ref>, the operations API's `details`), and its
// audit trail: who did what to it, when, for how much, and what came of it
// (GET /console/api/orders/<ref>/audit, the operations API's GET /audit?order_ref=).
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

/** What an operation did, in words: `review` with its decision, a subscription cancelled. */
const WHAT = {
  capture: 'Capture',
  cancel: 'Cancel',
  refund: 'Refund',
  review: 'Review',
  'cancel-subscription': 'Cancel subscription',
  'direct-payments': 'Payment with a stored card',
};

/** An entry's result for one order: the outcome, the service's status, and why when refused. */
function resultOf(entry, ref) {
  if (entry.outcome === 'requested') return 'requested, no answer recorded';
  const result = entry.results?.find((r) => r.ref === ref);
  const message = result?.error_message ?? entry.error?.message;
  const status = result ? ` (${result.status})` : '';
  return `${entry.outcome}${status}${message && entry.outcome !== 'done' ? `: ${message}` : ''}`;
}

/** Fills the order's audit trail: one row per operation on it, newest first. */
async function showAudit(ref, { call, cell }) {
  const { ok, answer } = await call(`orders/${encodeURIComponent(ref)}/audit`);
  const entries = ok ? answer.entries : [];
  const rows = entries.map((entry) => {
    const line = entry.amounts.find((a) => a.ref === ref);
    const what = `${WHAT[entry.operation] ?? entry.operation}${line?.decision ? `: ${line.decision}` : ''}`;
    const row = document.createElement('tr');
    row.dataset.outcome = entry.outcome;
    row.append(
      cell(new Date(entry.at).toLocaleString('en-GB'), 'when'),
      cell(entry.actor, 'who'),
      cell(what, 'what'),
      cell(line?.amount ? `${line.amount} ${line.currency}` : '', 'amount'),
      cell(resultOf(entry, ref), 'result'),
    );
    return row;
  });
  $('detail-audit').tBodies[0].replaceChildren(...rows);
  $('detail-audit-region').hidden = rows.length === 0;
  $('detail-audit-empty').hidden = rows.length > 0;
}

/** Shows one order's detail: its items, the data it was sent with, and its audit trail. */
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
  await showAudit(ref, { call, cell });
  panel.dataset.orderRef = ref;
  panel.hidden = false;
  panel.scrollIntoView({ block: 'nearest' });
}

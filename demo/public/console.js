// The operations console: the companion's orders with their history, and the merchant's
// operations on them. Every call goes to /console/api, which the demo server forwards to the
// companion's operations API with its token (the browser never holds it).
import { showDetail } from './console-detail.js';

{
  const $ = (id) => document.getElementById(id);
  /** The visitor's space in a public demo (pages.ts), else none. */
  const space = document.body.dataset.space;
  let orders = [];

  async function call(name, body) {
    const post = body !== undefined;
    const response = await fetch(`/console/api/${name}`, {
      method: post ? 'POST' : 'GET',
      headers: {
        'content-type': 'application/json',
        // One key per click: a retried request never acts twice.
        ...(post ? { 'idempotency-key': crypto.randomUUID() } : {}),
      },
      ...(post ? { body: JSON.stringify(body) } : {}),
    });
    const answer = await response.json().catch(() => ({}));
    return { ok: response.ok, answer };
  }

  function say(text, failed = false) {
    $('message').textContent = text;
    $('message').classList.toggle('failed', failed);
  }

  /** What an operation's answer means, in a sentence. */
  function outcome(verb, ref, { ok, answer }) {
    if (!ok) return [`${verb} ${ref}: ${answer.detail ?? answer.title ?? 'refused'}`, true];
    const row = answer.orders?.[0];
    const problem = row?.error_message || answer.failures?.[0]?.message || answer.error_message;
    if (answer.ok === false || problem) return [`${verb} ${ref} refused: ${problem}`, true];
    return [`${verb} ${ref}: done`, false];
  }

  async function act(verb, name, body, ref) {
    say(`${verb} ${ref}…`);
    const [text, failed] = outcome(verb, ref, await call(name, body));
    await load();
    // The order's detail, when open, shows the operation in its audit trail at once.
    const detail = $('order-detail');
    if (!detail.hidden && detail.dataset.orderRef === ref)
      await showDetail(ref, { call, cell, say });
    say(text, failed);
  }

  const ACTIONS = {
    capture: (o) => ['Capture', 'capture', { orders: [{ order_ref: o.order_ref }] }],
    cancel: (o) => ['Cancel', 'cancel', { orders: [{ order_ref: o.order_ref }] }],
    approve: (o) => [
      'Approve',
      'review',
      { orders: [{ order_ref: o.order_ref, decision: 'approve' }] },
    ],
    reject: (o) => [
      'Reject',
      'review',
      { orders: [{ order_ref: o.order_ref, decision: 'reject' }] },
    ],
    'cancel-subscription': (o) => [
      'Cancel subscription',
      'cancel-subscription',
      { order_ref: o.order_ref },
    ],
  };
  const OFFERED = {
    authorised: ['capture', 'cancel'],
    review: ['approve', 'reject'],
    captured: [],
    partially_refunded: [],
  };
  const LABELS = {
    capture: 'Capture',
    cancel: 'Cancel',
    approve: 'Approve',
    reject: 'Reject',
    'cancel-subscription': 'Cancel subscription',
  };

  function cell(text, field) {
    const td = document.createElement('td');
    td.textContent = text ?? '';
    if (field) td.dataset.field = field;
    return td;
  }

  function actionsCell(order) {
    const td = document.createElement('td');
    const box = document.createElement('div');
    box.className = 'actions';
    td.append(box);
    const offered = [...(OFFERED[order.status] ?? [])];
    if (order.recurring_id && !order.subscription_status) offered.push('cancel-subscription');
    if (order.subscription_status) {
      const note = document.createElement('span');
      note.dataset.field = 'subscription_status';
      note.textContent = `subscription ${order.subscription_status}`;
      box.append(note);
    }
    for (const action of offered) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = LABELS[action];
      button.dataset.action = action;
      button.addEventListener('click', () => {
        const [verb, name, body] = ACTIONS[action](order);
        void act(verb, name, body, order.order_ref);
      });
      box.append(button);
    }
    if (['captured', 'partially_refunded'].includes(order.status)) {
      const form = document.createElement('form');
      form.className = 'refund';
      const input = document.createElement('input');
      input.name = 'amount';
      input.inputMode = 'decimal';
      input.required = true;
      input.placeholder = 'amount';
      input.setAttribute('aria-label', `Refund amount for ${order.order_ref}`);
      const button = document.createElement('button');
      button.textContent = 'Refund';
      form.append(input, button);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const body = { orders: [{ order_ref: order.order_ref, amount: input.value.trim() }] };
        void act('Refund', 'refund', body, order.order_ref);
      });
      box.append(form);
    }
    return td;
  }

  function historyCell(order) {
    const td = document.createElement('td');
    if (!order.history.length) return td;
    const details = document.createElement('details');
    const summary = document.createElement('summary');
    const flagged = order.history.filter((entry) => entry.flag).length;
    summary.textContent = `${order.history.length} notification${order.history.length === 1 ? '' : 's'}${flagged ? `, ${flagged} flagged` : ''}`;
    const list = document.createElement('ol');
    for (const entry of order.history) {
      const item = document.createElement('li');
      item.textContent = `${new Date(entry.received_at).toLocaleTimeString()} ${entry.event} #${entry.sequence}${entry.order_no === order.order_no ? '' : ` (${entry.order_no})`}${entry.flag ? ` — not applied: ${entry.flag}` : ''}`;
      list.append(item);
    }
    details.append(summary, list);
    td.append(details);
    return td;
  }

  function render() {
    $('orders').tBodies[0].replaceChildren(
      ...orders.map((order) => {
        const row = document.createElement('tr');
        row.dataset.orderRef = order.order_ref;
        const refCell = document.createElement('td');
        const open = document.createElement('button');
        open.type = 'button';
        open.className = 'link';
        open.textContent = order.order_ref;
        open.setAttribute('aria-label', `Details of ${order.order_ref}`);
        open.addEventListener('click', () => void showDetail(order.order_ref, { call, cell, say }));
        refCell.append(open);
        row.append(
          refCell,
          cell(order.order_no, 'order_no'),
          cell(order.mode),
          cell(`${order.amount} ${order.currency}`, 'amount'),
          cell(order.status, 'status'),
          cell(order.captured, 'captured'),
          cell(order.refunded, 'refunded'),
          actionsCell(order),
          historyCell(order),
        );
        row.querySelector('[data-field="status"]').className = `status status-${order.status}`;
        return row;
      }),
    );
  }

  async function load() {
    const { ok, answer } = await call('orders');
    if (!ok) return say(`Could not load the orders: ${answer.detail ?? answer.title}`, true);
    orders = answer.orders;
    render();
    const payouts = await call('payouts');
    if (payouts.ok) renderPayouts(payouts.answer.payouts);
  }

  /** A payout's quote in a sentence: what leaves, the fee, what the beneficiary receives. */
  function quote(amounts) {
    if (!amounts) return '';
    return `we pay ${amounts.amount_payer_pays} ${amounts.source_currency} (fee ${amounts.fee_amount} ${amounts.fee_currency}); the beneficiary receives ${amounts.amount_beneficiary_receives} ${amounts.payment_currency}`;
  }

  function renderPayouts(payouts) {
    $('payouts').replaceChildren(
      ...payouts.map((payout) => {
        const item = document.createElement('li');
        const record = payout.record ?? {};
        const amounts = payout.amounts ? ` (${quote(payout.amounts)})` : '';
        item.textContent = `${record.payment_amount ?? ''} ${record.payment_currency ?? ''} — ${payout.status}${amounts}`;
        item.dataset.requestId = payout.request_id;
        return item;
      }),
    );
  }

  $('refresh').addEventListener('click', () => void load());
  $('reconcile').addEventListener('click', async () => {
    const { ok, answer } = await call('reconcile', {});
    await load();
    say(
      ok ? `Reconciled: ${JSON.stringify(answer)}` : `Reconciliation failed: ${answer.detail}`,
      !ok,
    );
  });

  $('payout-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const body = {
      beneficiary: {
        first_name: form.get('first_name'),
        last_name: form.get('last_name'),
        bank_details: { account_number: form.get('account_number') },
      },
      // The amount is one side; the service quotes the other at its rate.
      [form.get('amount_side') === 'source' ? 'source_amount' : 'payment_amount']: String(
        form.get('amount'),
      ).trim(),
      payment_currency: form.get('payment_currency'),
      source_currency: form.get('source_currency'),
      // A public demo's visitor pays out under their own space: their token reaches nothing else.
      ...(space ? { reference: `${space}.payout.${crypto.randomUUID().slice(0, 8)}` } : {}),
    };
    const { ok, answer } = await call('payouts/new', body);
    await load();
    $('payout-quote').textContent = ok && answer.amounts ? `Quote: ${quote(answer.amounts)}.` : '';
    say(
      ok
        ? `Payout ${answer.status ?? 'sent'}: ${answer.request_id ?? ''}`
        : `Payout refused: ${answer.detail ?? answer.title}`,
      !ok,
    );
  });

  $('refund-search-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const orderNo = new FormData(event.target).get('order_no');
    const { ok, answer } = await call('refund-search', { order_no: String(orderNo).trim() });
    if (!ok) return say(`Refund search failed: ${answer.detail ?? answer.title}`, true);
    $('refunds').tBodies[0].replaceChildren(
      ...answer.orders.map((refund) => {
        const row = document.createElement('tr');
        row.append(
          cell(refund.order_no),
          cell(refund.refund_reference ?? refund.refund_reference_id ?? ''),
          cell(`${refund.refund_amount} ${refund.currency}`, 'refund_amount'),
          cell(refund.refund_status, 'refund_status'),
        );
        return row;
      }),
    );
    say(`${answer.orders.length} refund${answer.orders.length === 1 ? '' : 's'} for ${orderNo}`);
  });

  // Notifications arrive on their own: refresh now and then, but never under the user's hands.
  setInterval(() => {
    if (!document.activeElement?.closest('form, table')) void load();
  }, 3000);
  void load();
}

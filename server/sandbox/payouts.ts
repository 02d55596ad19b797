/**
 * Payouts at the sandbox: idempotent by request_id, pending until `payoutSettleMs` has passed on
 * the sandbox clock, then completed or failed (test-inputs.ts), with a notification each time.
 * The amounts, fee and conversion between currencies are payout-quote.ts's.
 */
import { createHash } from 'node:crypto';
import { canonicalString, formatAmount, type PayoutRequest } from '../gateway/index.ts';
import { newId, type Engine } from './engine.ts';
import { HttpError } from './http-error.ts';
import { exactNumber, quotePayout } from './payout-quote.ts';
import type { Payout } from './records.ts';
import { PAYOUT_TRANSITIONS } from './state-machine.ts';
import { FAILING_BENEFICIARIES } from './test-inputs.ts';

function offsetTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + '+00:00';
}

/** Creates the payout, or returns the one already made with this request_id and the same body. */
export function createPayout(engine: Engine, fields: PayoutRequest): Record<string, unknown> {
  const { encryption_data: _signature, ...request } = fields;
  const bodyHash = createHash('sha256').update(canonicalString(request)).digest('hex');
  return engine.store.transaction(() => {
    const existing = engine.store.payouts.get(fields.merchant_id, fields.request_id);
    if (existing) {
      if (existing.body_hash !== bodyHash) {
        throw new HttpError(
          400,
          `request_id ${fields.request_id} was already used with a different body`,
          'request_id',
        );
      }
      return existing.record;
    }
    const quote = quotePayout(fields);
    const { sourceCurrency, paymentCurrency } = quote;
    const now = engine.now();
    const record = {
      ...request,
      payment_amount: formatAmount(quote.payment, paymentCurrency),
      source_amount: formatAmount(quote.source, sourceCurrency),
      source_currency: sourceCurrency,
      amount_beneficiary_receives: exactNumber(
        quote.beneficiaryReceives,
        paymentCurrency,
        'payment_amount',
      ),
      amount_payer_pays: exactNumber(quote.payerPays, sourceCurrency, 'source_amount'),
      fee_amount: exactNumber(quote.fee, sourceCurrency, 'source_amount'),
      fee_currency: sourceCurrency,
      created_at: offsetTime(now),
      last_updated_at: offsetTime(now),
      failure_reason: '',
      failure_type: '',
      payer_id: `PY${fields.merchant_id}`,
      transaction_id: newId('PO'),
      short_reference_id: newId('').slice(0, 10),
      status: 'pending',
    };
    const payout: Payout = {
      merchant_id: fields.merchant_id,
      request_id: fields.request_id,
      body_hash: bodyHash,
      record,
      status: 'pending',
      settle_at: now + engine.config.payoutSettleMs,
      sequence: 0,
    };
    save(engine, notify(engine, payout));
    return record;
  });
}

function save(engine: Engine, payout: Payout): void {
  engine.store.payouts.put(
    { merchant_id: payout.merchant_id, request_id: payout.request_id, settle_at: payout.settle_at },
    payout,
  );
}

function notify(engine: Engine, payout: Payout): Payout {
  const sequence = payout.sequence + 1;
  const { encryption_data: _old, ...record } = payout.record;
  engine.notify(payout.merchant_id, payout.record.notify_url, {
    event: `payout.${payout.status}`,
    sequence,
    ...record,
  });
  return { ...payout, sequence };
}

/** Completes or fails every pending payout whose time has come. */
export function settleDuePayouts(engine: Engine): void {
  const due = engine.store.payouts.where(
    "json_extract(doc, '$.status') = 'pending' AND settle_at <= ?",
    engine.now(),
  );
  for (const { merchant_id, request_id } of due) {
    engine.store.transaction(() => {
      const payout = engine.store.payouts.get(merchant_id, request_id);
      if (!payout || payout.status !== 'pending') return;
      const { beneficiary } = payout.record;
      const failure = FAILING_BENEFICIARIES[beneficiary.bank_details?.account_number ?? ''];
      const status = failure ? 'failed' : 'completed';
      if (!PAYOUT_TRANSITIONS[payout.status].includes(status)) return;
      const record = {
        ...payout.record,
        status,
        last_updated_at: offsetTime(engine.now()),
        ...(failure ?? {}),
      };
      save(engine, notify(engine, { ...payout, record, status, settle_at: null }));
    });
  }
}

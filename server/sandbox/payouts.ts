/**
 * Payouts at the sandbox: idempotent by request_id, pending until `payoutSettleMs` has passed on
 * the sandbox clock, then completed or failed (test-inputs.ts), with a notification each time.
 * Fees are whole minor units: 1.00 plus 0.5 % of the payment, rounded half up.
 */
import { createHash } from 'node:crypto';
import {
  canonicalString,
  formatAmount,
  parseAmount,
  type PayoutRequest,
} from '../gateway/index.ts';
import { newId, type Engine } from './engine.ts';
import { HttpError } from './http-error.ts';
import type { Payout } from './records.ts';
import { PAYOUT_TRANSITIONS } from './state-machine.ts';
import { FAILING_BENEFICIARIES } from './test-inputs.ts';

function offsetTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + '+00:00';
}

/** The fee on a payment of `amount` minor units, with its currency's exponent. */
export function payoutFee(amount: number, currency: string): number {
  const fixed = parseAmount('1', currency);
  return fixed + Math.floor((amount * 5 + 500) / 1000);
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
    if (fields.source_currency && fields.source_currency !== fields.payment_currency) {
      throw new HttpError(
        400,
        'the sandbox pays out in the source currency only: source_currency must equal payment_currency',
        'source_currency',
      );
    }
    const currency = fields.payment_currency;
    const amount = parseAmount((fields.payment_amount ?? fields.source_amount) as string, currency);
    const fee = payoutFee(amount, currency);
    const payerPays = fields.fee_paid_by === 'PAYER';
    if (!payerPays && fee >= amount)
      throw new HttpError(
        400,
        `payment_amount does not cover the fee of ${formatAmount(fee, currency)}`,
        'payment_amount',
      );
    const now = engine.now();
    const record = {
      ...request,
      payment_amount: formatAmount(amount, currency),
      source_amount:
        fields.source_amount ?? formatAmount(payerPays ? amount + fee : amount, currency),
      source_currency: currency,
      amount_beneficiary_receives: Number(
        formatAmount(payerPays ? amount : amount - fee, currency),
      ),
      amount_payer_pays: Number(formatAmount(payerPays ? amount + fee : amount, currency)),
      fee_amount: Number(formatAmount(fee, currency)),
      fee_currency: currency,
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
  engine.notify(payout.merchant_id, payout.record.notify_url as string | undefined, {
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
      const beneficiary = payout.record.beneficiary as PayoutRequest['beneficiary'];
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

/**
 * The sandbox's core: its store, its clock (which tests can advance), its merchants, and the
 * background tick that delivers notifications, settles payouts and charges subscriptions.
 */
import { randomBytes } from 'node:crypto';
import {
  formatAmount,
  NOTIFICATION_SIGNATURE_HEADER,
  signed,
  signNotification,
} from '../gateway/index.ts';
import type { SandboxConfig, SandboxMerchant } from './config.ts';
import type { Faults, Order } from './records.ts';
import { SandboxStore } from './store.ts';
import { isRecord, parsedJson } from '../unknown.ts';

/** YYYYMMDDhhmmss in UTC. */
export function timestamp14(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** YYYY-MM-DD hh:mm:ss in UTC. */
export function dateTimeSpace(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** An identifier with a readable prefix: `TX…`, `RC…`. */
export function newId(prefix: string): string {
  return prefix + randomBytes(10).toString('hex').toUpperCase();
}

export type { Faults } from './records.ts';

/** Delivers one notification; true when it was acknowledged. */
export type NotificationSender = (url: string, body: string, signature: string) => Promise<boolean>;

export class Engine {
  readonly store: SandboxStore;
  readonly #tasks: (() => Promise<void> | void)[] = [];
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<void> | undefined;

  constructor(
    readonly config: SandboxConfig,
    readonly sendNotification: NotificationSender = postNotification,
  ) {
    this.store = new SandboxStore(config.database);
  }

  /** The sandbox's time: the real time plus however far the tests advanced the clock. */
  now(): number {
    return Date.now() + (this.store.clock.get('clock_offset') ?? 0);
  }

  advanceClock(ms: number): void {
    const offset = (this.store.clock.get('clock_offset') ?? 0) + ms;
    this.store.clock.put({ name: 'clock_offset' }, offset);
  }

  merchant(merchantId: unknown, accountId: unknown): SandboxMerchant | undefined {
    return this.config.merchants.find(
      (m) => m.merchant_id === merchantId && m.account_id === accountId,
    );
  }

  merchantById(merchantId: string): SandboxMerchant | undefined {
    return this.config.merchants.find((m) => m.merchant_id === merchantId);
  }

  faults(merchantId: string): Faults {
    return this.store.faults.get(`faults:${merchantId}`) ?? {};
  }

  setFaults(merchantId: string, faults: Faults): void {
    this.store.faults.put({ name: `faults:${merchantId}` }, faults);
  }

  /** Uses up one of a counted fault; true when it applies to this request. */
  takeFault(
    merchantId: string,
    name:
      | 'drop_connection'
      | 'drop_after_acting'
      | 'status_5xx'
      | 'bad_signature'
      | 'drop_notifications',
  ): boolean {
    const faults = this.faults(merchantId);
    const left = faults[name] ?? 0;
    if (left <= 0) return false;
    this.setFaults(merchantId, { ...faults, [name]: left - 1 });
    return true;
  }

  /** Queues a signed notification to `url`; it is sent on the next tick and retried until acknowledged. */
  notify(merchantId: string, url: string | undefined, fields: Record<string, unknown>): void {
    const merchant = this.merchantById(merchantId);
    if (!url || !merchant) return;
    const body = signed(
      { notification_id: newId('NT'), event_time: timestamp14(this.now()), ...fields },
      merchant.secret_key,
    );
    this.store.enqueueNotification(url, JSON.stringify(body), Date.now());
    // Not now: the caller may be inside a transaction that has yet to commit.
    setImmediate(() => void this.kick());
  }

  /** Queues the notification of an order's event, numbering it in the order's sequence. */
  notifyOrder(order: Order, event: string, extra: Record<string, unknown> = {}): Order {
    const next = { ...order, sequence: order.sequence + 1 };
    this.notify(order.merchant_id, order.notify_url, {
      event,
      sequence: next.sequence,
      merchant_id: order.merchant_id,
      account_id: order.account_id,
      order_no: order.order_no,
      transaction_id: order.transaction_id,
      amount: formatAmount(order.amount, order.currency),
      currency: order.currency,
      payment_status: order.payment_status,
      order_status: order.order_status,
      result_info: order.result_info,
      captured_amount: formatAmount(order.captured, order.currency),
      refunded_amount: formatAmount(order.refunded, order.currency),
      recurring_id: order.recurring_id,
      ...extra,
    });
    return next;
  }

  /** Adds work for every tick (payouts, subscriptions). */
  onTick(task: () => Promise<void> | void): void {
    this.#tasks.push(task);
  }

  start(): void {
    this.#timer ??= setInterval(() => this.kick(), this.config.tickMs);
    this.#timer.unref();
  }

  /** Runs a tick now, unless one is running; resolves when it is done. */
  kick(): Promise<void> {
    this.#ticking ??= this.#tick().finally(() => (this.#ticking = undefined));
    return this.#ticking;
  }

  /** Runs a tick that starts after this call: one already running may have read an older clock. */
  async tickNow(): Promise<void> {
    await this.#ticking;
    await this.kick();
  }

  async #tick(): Promise<void> {
    for (const task of this.#tasks) await task();
    await this.#deliverDue();
  }

  async #deliverDue(): Promise<void> {
    const due = this.store.dueNotifications(Date.now());
    await Promise.all(
      due.map(async (row) => {
        const body = parsedJson(row.body);
        const merchant_id = isRecord(body) ? String(body.merchant_id) : '';
        const key = this.merchantById(merchant_id)?.secret_key ?? '';
        const dropped = this.takeFault(merchant_id, 'drop_notifications');
        // Signed at each attempt, so a genuine retry is always fresh to the receiver.
        const delivered =
          !dropped &&
          (await this.sendNotification(row.url, row.body, signNotification(row.body, key)));
        const delay = this.config.notificationRetryMs[row.attempts];
        this.store.recordAttempt(
          row.id,
          delivered,
          delay === undefined ? null : Date.now() + delay,
        );
      }),
    );
  }

  /** True once closed: a request still waiting on a delay then acts on nothing. */
  get closed(): boolean {
    return !this.store.db.isOpen;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#ticking;
    this.store.close();
  }
}

/** POSTs a notification; any 2xx within 10 s acknowledges it. */
async function postNotification(url: string, body: string, signature: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [NOTIFICATION_SIGNATURE_HEADER]: signature },
      body,
      signal: AbortSignal.timeout(10_000),
      redirect: 'manual',
    });
    await response.arrayBuffer();
    return response.status >= 200 && response.status < 300;
  } catch {
    return false;
  }
}

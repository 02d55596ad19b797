/**
 * The real system the model-based test drives: a sandbox, and a companion on one database that
 * can crash at a durable step and be started again on it, behind one server whose address (the
 * orders' notify URL) outlives each companion.
 *
 * A crash is made in this process: at the armed step (the companion's `acquiring-checkout:step`
 * channel) the server drops every connection and the companion is closed, so whatever the request
 * does after that step reaches no client and records nothing that needs a new transaction; then
 * a new companion opens the same database. The crash matrix kills a real process at each step.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createCompanion, type Companion } from '../../../../server/companion/app.ts';
import { STEPS_CHANNEL, type DurableStep } from '../../../../server/companion/core/steps.ts';
import { resolveOrder } from '../../../fixtures/catalogue.mjs';
import { MERCHANT, startSandbox, type RunningSandbox } from '../../helpers/sandbox.ts';
import { OPS_TOKEN, SHOP, sessionBody } from '../../helpers/companion.ts';
import { MONEY_HELD } from './words.ts';
import { until } from '../../helpers/until.ts';

/** Who the shopper is, from the storefront's session cookie (only one signs in here). */
const shopperOf = (request: { headers: { cookie?: string | undefined } }) =>
  request.headers.cookie?.includes('session=ada') ? { id: 'cust-ada', email: 'ada@example.com' } : undefined; // prettier-ignore

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export class ModelSystem {
  #companion: Companion | undefined;
  #armed: DurableStep | undefined;
  #crashed: Promise<void> | undefined;
  readonly opsToken = OPS_TOKEN;
  /** The signed-in shopper's session cookie (resolveShopper reads it), for saved-card payments. */
  readonly shopperCookie = 'session=ada';
  /** The shopper's saved card, saved with a payment at start (`saveCard`). */
  savedCard = '';
  /** How long an attempt may stay unpaid before reconciliation expires it. */
  readonly attemptTtlMs = 6 * 3_600_000;
  crashes = 0;

  private constructor(
    readonly sandbox: RunningSandbox,
    readonly server: Server,
    readonly url: string,
    readonly database: string,
    readonly recoverAfterMs: number,
  ) {
    subscribe(STEPS_CHANNEL, this.#onStep);
  }

  static async start(database: string, recoverAfterMs: number): Promise<ModelSystem> {
    // Notifications go out at once; one the test drops waits for `deliver(true)`.
    const hour = 3_600_000;
    const sandbox = await startSandbox({ tickMs: hour, notificationRetryMs: Array(6).fill(hour) });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const system = new ModelSystem(sandbox, server, url, database, recoverAfterMs);
    await system.boot();
    await system.saveCard();
    return system;
  }

  get companion(): Companion {
    if (!this.#companion) throw new Error('the companion is not running');
    return this.#companion;
  }

  /** Starts a companion on the database, as after a deploy or a crash. */
  async boot(): Promise<void> {
    this.#companion = await createCompanion({
      gateway: {
        baseUrl: this.sandbox.url, merchantId: MERCHANT.merchant_id, accountId: MERCHANT.account_id,
        secretKey: MERCHANT.secret_key, timeoutMs: 2_000, backoffMs: 1,
      },
      database: this.database, publicUrl: this.url, allowedOrigins: [SHOP], operationsToken: OPS_TOKEN,
      resolveOrder, reconcileEveryMs: 0, directCardPayments: true, resolveShopper: shopperOf, rateLimitPerMinute: 100_000, recoverAfterMs: this.recoverAfterMs,
      attemptTtlMs: this.attemptTtlMs, logger: pino({ level: process.env.MODEL_LOG ?? 'silent' }),
    }); // prettier-ignore
    this.server.removeAllListeners('request');
    this.server.on('request', this.#companion.app);
  }

  /** A card saved by the signed-in shopper with a payment of an order of its own, as the widget does. */
  async saveCard(): Promise<void> {
    const card = { number: '4111111111111111', expiry_month: '12', expiry_year: '2030', security_code: '123' }; // prettier-ignore
    const cookie = { cookie: this.shopperCookie };
    const paid = await this.call('/api/card-payments', sessionBody('mug.saved', { card, save_card: true }), cookie); // prettier-ignore
    if (paid.status !== 201) throw new Error(`saving a card: ${JSON.stringify(paid)}`);
    const listed = await fetch(`${this.url}/api/saved-cards`, {
      headers: { origin: SHOP, ...cookie },
    });
    const { cards } = (await listed.json()) as { cards: { card_id: string }[] };
    this.savedCard = cards[0]?.card_id ?? '';
    if (!this.savedCard) throw new Error('saving a card: none listed');
  }

  /** The service's status of one attempt (the sandbox's word, not the companion's). */
  statusAtService(orderNo: string): string | undefined {
    return this.sandbox.sandbox.engine.store.orders.where('order_no = ?', orderNo)[0]
      ?.payment_status;
  }

  /** Whether the service holds the shopper's money for one attempt. */
  holdsMoney(orderNo: string): boolean {
    return MONEY_HELD.includes(this.statusAtService(orderNo) ?? '');
  }

  /** The next time a request reaches `step`, the companion crashes there (undefined: disarm). */
  arm(step: DurableStep | undefined): void {
    this.#armed = step;
  }

  /**
   * Waits for what a command set going: notifications on their way are delivered (a crash may
   * come of one), a crashed companion is started again, and the companion has applied every
   * notification it acknowledged (it applies them after answering) and finished every recovery
   * it ran beside a request.
   */
  async quiesce(): Promise<void> {
    await this.sandbox.sandbox.engine.tickNow();
    await this.recover();
    const { context } = this.companion;
    await until(
      () => context.store.notifications.unapplied(),
      (rows) => rows.length === 0,
      {
        timeoutMs: 10_000,
        what: 'every notification acknowledged is applied',
      },
    );
    await context.recoveries.settled();
  }

  readonly #onStep = (step: unknown): void => {
    if (step !== this.#armed || !this.#companion) return;
    this.#armed = undefined;
    this.crashes++;
    const dying = this.#companion;
    this.#companion = undefined;
    // Down until `recover()`: a request meanwhile finds its connection reset, as at a dead port.
    this.server.removeAllListeners('request');
    this.server.on('request', (request) => request.socket.destroy());
    this.server.closeAllConnections();
    this.#crashed = dying.close().catch(() => undefined);
  };

  /** After a crash, the companion started again on the same database. */
  async recover(): Promise<void> {
    if (!this.#crashed) return;
    await this.#crashed;
    this.#crashed = undefined;
    await this.boot();
  }

  /**
   * A request as the widget sends it; status 0 when the connection was dropped by a crash. Every
   * request is answered within `withinMs`: one left waiting longer fails the run.
   */
  async call(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    withinMs = 10_000,
  ): Promise<Answer> {
    const response = await fetch(this.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SHOP, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(withinMs),
    }).catch((error: unknown) => {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new Error(`${path}: no answer in ${withinMs} ms`);
      return undefined;
    });
    if (!response) return { status: 0, body: {} };
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** The next notification the sandbox sends is lost on the way (it is sent again later). */
  dropNext(): void {
    const { engine } = this.sandbox.sandbox;
    engine.setFaults(MERCHANT.merchant_id, { ...engine.faults(MERCHANT.merchant_id), drop_notifications: 1 });
  } // prettier-ignore

  /** Delivers every notification still waiting (dropped, or refused during a crash). */
  async deliver(): Promise<void> {
    const { engine } = this.sandbox.sandbox;
    engine.store.db.prepare("UPDATE notifications SET due_at = 0 WHERE state = 'pending'").run();
    await engine.tickNow();
  }

  /** Sends a delivered notification again: a replay, and out of order if newer ones came since. */
  async replay(nth: number): Promise<void> {
    const { engine } = this.sandbox.sandbox;
    const delivered = engine.store.notifications().filter((n) => n.state === 'delivered');
    const row = delivered[nth % Math.max(1, delivered.length)];
    if (!row) return;
    engine.store.db
      .prepare("UPDATE notifications SET state = 'pending', due_at = 0 WHERE id = ?")
      .run([row.id]);
    await engine.tickNow();
  }

  /** Moves the companion's clock on by `ms`: every order and attempt is made that much older. */
  async age(ms: number): Promise<void> {
    const { db } = this.companion.context.store;
    await db.updateTable('orders').set((eb) => ({ created_at: eb('created_at', '-', ms), updated_at: eb('updated_at', '-', ms), next_check_at: 0 })).execute();
    await db.updateTable('attempts').set((eb) => ({ created_at: eb('created_at', '-', ms) })).execute();
  } // prettier-ignore

  async close(): Promise<void> {
    unsubscribe(STEPS_CHANNEL, this.#onStep);
    await this.#crashed;
    await this.#companion?.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.sandbox.close();
  }
}

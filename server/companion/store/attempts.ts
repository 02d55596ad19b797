/**
 * The payment attempts of each order: `<order_ref>-<seq>` at the service. Claims and settlements
 * touch the order too, so that no request (or process) sees one without the other.
 */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import {
  attemptAfter,
  fromStates,
  orderGuardOf,
  orderStatusOf,
  toState,
  type Move,
} from '../attempt-machine/index.ts';
import { CompiledQueries, listValues, rowValues, shapeOf } from './compiled.ts';
import { ATTEMPT_NUMBERS, numbers, ORDER_NUMBERS, type Attempt, type Order } from './rows.ts';
import type { NewOrder, OrderPatch } from './orders.ts';
import type { AttemptsTable, Database } from './schema.ts';

/** An attempt as claimed: its state is the table's (`claimed`). */
export type NewAttempt = Omit<Insertable<AttemptsTable>, 'state'>;
/** What an event records of an attempt besides its state, which the table gives. */
export type AttemptPatch = Omit<Updateable<AttemptsTable>, 'state'>;

/** A move whose order was not in a status the table lets it write over: nothing is written. */
class Unmoved extends Error {}

/** A one-time address of a checkout attempt's page, handed out with the attempt's settlement. */
export interface PageToken {
  token: string;
  expires_at: number;
}

export class AttemptsRepository {
  /** The session path's statements (a new order's claim, its settlement), compiled once. */
  readonly #compiled = new CompiledQueries();

  constructor(private readonly db: Kysely<Database>) {}

  async get(orderNo: string): Promise<Attempt | undefined> {
    const row = await this.db
      .selectFrom('attempts')
      .selectAll()
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
    return row && numbers(row, ATTEMPT_NUMBERS);
  }

  async latest(orderRef: string): Promise<Attempt | undefined> {
    const row = await this.db
      .selectFrom('attempts')
      .selectAll()
      .where('order_ref', '=', orderRef)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && numbers(row, ATTEMPT_NUMBERS);
  }

  /**
   * A new order with its first attempt claimed, in one transaction (one commit where a session
   * for a new order used to take three): the order row names the attempt from the start.
   * Undefined, with nothing written, when the order exists; then `claim` takes the next attempt.
   */
  async openOrder(
    order: NewOrder,
    claimed: NewAttempt,
  ): Promise<{ order: Order; attempt: Attempt } | undefined> {
    const attempt = { ...claimed, state: toState('claimed') };
    const status = orderStatusOf('claimed');
    const row = {
      ...order,
      status,
      order_no: attempt.order_no,
      attempts: attempt.seq,
      last_sequence: 0,
    };
    return this.db.transaction().execute(async (trx) => {
      const insertOrder = this.#compiled.query(`open:${shapeOf(row)}`, rowValues('', row), (slots) =>
        this.db.insertInto('orders').values(slots.row('', row))
          .onConflict((c) => c.column('order_ref').doNothing()).returningAll(),
      ); // prettier-ignore
      const inserted = (await trx.executeQuery(insertOrder)).rows[0];
      if (!inserted) return undefined;
      const insertAttempt = this.#compiled.query(`claim:${shapeOf(attempt)}`, rowValues('', attempt), (slots) =>
        this.db.insertInto('attempts').values(slots.row('', attempt)),
      ); // prettier-ignore
      await trx.executeQuery(insertAttempt);
      return {
        order: numbers(inserted, ORDER_NUMBERS),
        attempt: { page_html: null, issuer_url: null, error: null, request_hash: null, opened_at: null, details: null, ...attempt },
      }; // prettier-ignore
    });
  }

  /**
   * Claims attempt number `seq` of an order. Exactly one of any number of concurrent claimants,
   * in this process or another, gets true; the others must use the winner's attempt.
   */
  async claim(attempt: NewAttempt): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('attempts')
        .values({ ...attempt, state: toState('claimed') })
        // Any unique conflict: two claims of one attempt collide on (order_ref, seq) or on its
        // order_no, whichever index PostgreSQL checks first; naming one left the other an error.
        .onConflict((c) => c.doNothing())
        .executeTakeFirst();
      const claimed = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      if (claimed)
        await trx
          .updateTable('orders')
          // The order's status is its current attempt's: a new one starts as the table says
          // (`created`), whatever ended the last (declined, failed, expired), so reconciliation
          // finds it if it stops; the new attempt's notifications count from the start.
          .set({
            order_no: attempt.order_no,
            attempts: attempt.seq,
            status: orderStatusOf('claimed'),
            result_info: null,
            last_sequence: 0,
            updated_at: Date.now(),
          })
          .where('order_ref', '=', attempt.order_ref)
          .execute();
      return claimed;
    });
  }

  /**
   * Records `move` (an event of attempt-machine/transitions.ts, with its order's status) of an
   * attempt and its order in one transaction, so no other request (or process) can see the
   * attempt settled while the order still looks untouched. Only an attempt in one of the event's
   * `from` states moves (a recovery racing a slow request: the first to settle wins), and the
   * order's status is written only over those the table lets it (`orderGuardOf`); false when the
   * attempt did not move.
   */
  async settle(
    orderNo: string,
    orderRef: string,
    move: Move,
    attempt: AttemptPatch,
    order: OrderPatch,
  ): Promise<boolean> {
    return this.#moving(() =>
      this.db
        .transaction()
        .execute((trx) => this.#settleIn(trx, orderNo, orderRef, move, attempt, order)),
    );
  }

  /**
   * `settle` of a session's answer, and in the same transaction the first one-time address of its
   * page, so a session that reached the service is written in one commit. False (and no address)
   * when a recovery settled the attempt first.
   */
  async settleWithPage(
    orderNo: string,
    orderRef: string,
    move: Move,
    attempt: AttemptPatch,
    order: OrderPatch,
    page: PageToken,
  ): Promise<boolean> {
    return this.#moving(() =>
      this.db.transaction().execute(async (trx) => {
        if (!(await this.#settleIn(trx, orderNo, orderRef, move, attempt, order))) return false;
        const token = { ...page, order_no: orderNo, used_at: null };
        const insertToken = this.#compiled.query(
          // Stryker disable next-line StringLiteral: a page token has one shape (PageToken's columns and these two): any key does
          `page:${shapeOf(token)}`,
          rowValues('', token),
          (slots) => this.db.insertInto('page_tokens').values(slots.row('', token)),
        );
        await trx.executeQuery(insertToken);
        return true;
      }),
    );
  }

  /** A settlement's transaction, false when it rolled back because its order had moved on. */
  async #moving(settlement: () => Promise<boolean>): Promise<boolean> {
    try {
      return await settlement();
    } catch (error) {
      if (error instanceof Unmoved) return false;
      throw error;
    }
  }

  /**
   * Replaces a ready checkout attempt that nobody has opened (its page never served) by nothing:
   * it is abandoned and its order is `created` again, so the next claim starts a fresh attempt.
   * False when it was opened or settled meanwhile (`opened` races this on the same row, so one
   * of the two wins on SQLite and PostgreSQL alike).
   */
  async supersede(orderNo: string, orderRef: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('attempts')
        .set(attemptAfter('superseded'))
        .where('order_no', '=', orderNo)
        .where('state', 'in', fromStates('superseded'))
        .where('opened_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('orders')
        .set({ status: orderStatusOf('superseded'), result_info: null, updated_at: Date.now() })
        .where('order_ref', '=', orderRef)
        .where('order_no', '=', orderNo)
        .execute();
      return true;
    });
  }

  /**
   * The attempt whose page is being served, marked opened (so it is never superseded from now
   * on); undefined unless it is ready, i.e. it was abandoned, expired or never had a page.
   */
  async opened(orderNo: string, now = Date.now()): Promise<Attempt | undefined> {
    const row = await this.db
      .updateTable('attempts')
      .set((eb) => ({
        state: toState('opened'),
        opened_at: eb.fn.coalesce('opened_at', eb.val(now)),
      }))
      .where('order_no', '=', orderNo)
      .where('state', 'in', fromStates('opened'))
      .returningAll()
      .executeTakeFirst();
    return row && numbers(row, ATTEMPT_NUMBERS);
  }

  /**
   * The attempt's move and its order's, in `trx` (see `settle`); compiled once per shape: the
   * event's from-states, the columns written, the order's guard.
   */
  async #settleIn(
    trx: Transaction<Database>,
    orderNo: string,
    orderRef: string,
    move: Move,
    attempt: AttemptPatch,
    order: OrderPatch,
  ): Promise<boolean> {
    const set = { ...attemptAfter(move.event), ...attempt };
    const from = fromStates(move.event);
    const moveAttempt = this.#compiled.query(
      `settle:${shapeOf(set)}:${shapeOf(from)}`,
      { ...rowValues('set.', set), ...listValues('from.', from), order_no: orderNo },
      (slots) =>
        this.db.updateTable('attempts').set(slots.row('set.', set))
          .where('order_no', '=', slots.value<string>('order_no'))
          .where('state', 'in', slots.list('from.', from)),
    ); // prettier-ignore
    const moved = await trx.executeQuery(moveAttempt);
    if (Number(moved.numAffectedRows ?? 0) === 0) return false;
    const guard = orderGuardOf(move);
    const patch = {
      ...order,
      ...(move.status ? { status: move.status } : {}),
      updated_at: Date.now(),
    };
    // Stryker disable next-line ArrayDeclaration: without a guard, the statement has no list: its values are never read
    const guarded = guard?.from ?? [];
    // Stryker disable next-line StringLiteral: a guard's shape is its length, never empty: '' marks no guard as well as '-'
    const guardShape = guard ? shapeOf(guarded) : '-';
    const writeOrder = this.#compiled.query(
      `settle-order:${shapeOf(patch)}:${guardShape}`,
      { ...rowValues('set.', patch), ...listValues('from.', guarded), order_ref: orderRef },
      (slots) => {
        const update = this.db.updateTable('orders').set(slots.row('set.', patch))
          .where('order_ref', '=', slots.value<string>('order_ref'));
        return guard ? update.where('status', 'in', slots.list('from.', guarded)) : update;
      },
    ); // prettier-ignore
    const written = await trx.executeQuery(writeOrder);
    // Expiry of an order paid meanwhile: the attempt is left as it was too.
    if (guard?.strict && Number(written.numAffectedRows ?? 0) === 0) throw new Unmoved();
    return true;
  }
}

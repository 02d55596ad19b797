/** The orders: one row per merchant order reference, the companion's record of its payment. */
import type { Insertable, Kysely, Updateable } from 'kysely';
import { statusesTaking } from '../attempt-machine/index.ts';
import { numbers, ORDER_NUMBERS, type Order } from './rows.ts';
import type { Database, OrdersTable } from './schema.ts';
import { present } from '../../unknown.ts';

/** An order as first written with its first attempt: its status is the table's (a claim's). */
export type NewOrder = Omit<Insertable<OrdersTable>, 'status'>;
/** What an event or the service's word records of an order besides its status, which they give. */
export type OrderPatch = Omit<Updateable<OrdersTable>, 'status'>;

/** What a write of the service's word did: moved the order's status, wrote beside it, or nothing. */
export type Written = 'moved' | 'written' | false;

export class OrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(orderRef: string): Promise<Order | undefined> {
    const row = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('order_ref', '=', orderRef)
      .executeTakeFirst();
    return row && numbers(row, ORDER_NUMBERS);
  }

  /** The order one of whose attempts is `orderNo`. */
  async byOrderNo(orderNo: string): Promise<Order | undefined> {
    const row = await this.db
      .selectFrom('orders')
      .innerJoin('attempts', 'attempts.order_ref', 'orders.order_ref')
      .selectAll('orders')
      .where('attempts.order_no', '=', orderNo)
      .executeTakeFirst();
    return row && numbers(row, ORDER_NUMBERS);
  }

  /** Inserts the order unless it exists; returns the stored one either way. */
  async ensure(order: Insertable<OrdersTable>): Promise<Order> {
    const inserted = await this.db
      .insertInto('orders')
      .values(order)
      .onConflict((c) => c.column('order_ref').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return numbers(inserted, ORDER_NUMBERS);
    return present(await this.get(order.order_ref), `order ${order.order_ref}`);
  }

  async update(orderRef: string, patch: Updateable<OrdersTable>): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({ ...patch, updated_at: Date.now() })
      .where('order_ref', '=', orderRef)
      .execute();
  }

  /**
   * Records the service's `status` of an order, with what came with it, only over a status that
   * takes it (attempt-machine/order-status.ts): a newer status written meanwhile stands.
   */
  report(orderRef: string, status: Order['status'], patch: OrderPatch): Promise<Written> {
    return this.#write(orderRef, { ...patch, status });
  }

  /**
   * Applies a notification's state only if its sequence is newer than what was applied (an older
   * notification arriving late cannot undo a newer one), and its status only over one that takes
   * it.
   */
  applySequenced(
    orderRef: string,
    sequence: number,
    patch: Updateable<OrdersTable>,
  ): Promise<Written> {
    return this.#write(orderRef, { ...patch, last_sequence: sequence }, sequence);
  }

  /**
   * Writes `patch` over a status that takes its status: first as a move out of another status,
   * then, if none was made, over the same status. Each is one conditional update, so of two
   * writers of one status (an operation's answer and its notification) exactly one moves it.
   */
  async #write(
    orderRef: string,
    patch: Updateable<OrdersTable>,
    sequence?: number,
  ): Promise<Written> {
    const update = async (move: boolean) => {
      let query = this.db
        .updateTable('orders')
        .set({ ...patch, updated_at: Date.now() })
        .where('order_ref', '=', orderRef);
      if (sequence !== undefined) query = query.where('last_sequence', '<', sequence);
      if (patch.status) {
        query = query.where('status', 'in', statusesTaking(patch.status));
        if (move) query = query.where('status', '<>', patch.status);
      }
      return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
    };
    if (patch.status && (await update(true))) return 'moved';
    return (await update(false)) ? 'written' : false;
  }

  /**
   * Orders in `statuses`, untouched since `updatedBefore`, whose next check is due by `dueBy`
   * (null: whenever it is). Never an unbounded number in a query: PostgreSQL's BIGINT refuses it.
   */
  async due(
    statuses: readonly Order['status'][],
    updatedBefore: number,
    dueBy: number | null = Date.now(),
  ): Promise<Order[]> {
    let query = this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', statuses)
      .where('updated_at', '<', updatedBefore);
    if (dueBy !== null) query = query.where('next_check_at', '<=', dueBy);
    const rows = await query.orderBy('next_check_at').limit(500).execute();
    return rows.map((row) => numbers(row, ORDER_NUMBERS));
  }

  /** For each of `statuses`, how many orders are in it and when the oldest was last moved. */
  async countsOf(
    statuses: readonly Order['status'][],
  ): Promise<{ status: Order['status']; count: number; oldest: number }[]> {
    const rows = await this.db
      .selectFrom('orders')
      .select((eb) => ['status', eb.fn.countAll<number>().as('count'), eb.fn.min('updated_at').as('oldest')])
      .where('status', 'in', statuses)
      .groupBy('status')
      .execute();
    return rows.map((row) => ({ status: row.status, count: Number(row.count), oldest: Number(row.oldest) }));
  } // prettier-ignore

  /** When reconciliation may next ask about the order (it does not touch updated_at). */
  async checkLater(orderRef: string, at: number): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({ next_check_at: at })
      .where('order_ref', '=', orderRef)
      .execute();
  }

  /** The newest orders, those whose reference starts with `prefix` when given. */
  async recent(limit: number, prefix?: string): Promise<Order[]> {
    let query = this.db.selectFrom('orders').selectAll();
    // substr, not LIKE: `_` is a wildcard to LIKE and common in references.
    if (prefix)
      query = query.where((eb) =>
        eb(eb.fn('substr', ['order_ref', eb.val(1), eb.val(prefix.length)]), '=', prefix),
      );
    const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
    return rows.map((row) => numbers(row, ORDER_NUMBERS));
  }

  /**
   * Deletes orders created before `before`, with their attempts and page tokens (a public demo's
   * retention; a merchant keeps its orders). The number of orders deleted.
   */
  async prune(before: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const old = trx.selectFrom('orders').select('order_ref').where('created_at', '<', before);
      const attempts = trx.selectFrom('attempts').select('order_no').where('order_ref', 'in', old);
      await trx.deleteFrom('page_tokens').where('order_no', 'in', attempts).execute();
      await trx.deleteFrom('attempts').where('order_ref', 'in', old).execute();
      const result = await trx
        .deleteFrom('orders')
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  /** Binds an unbound order to a client secret's hash; false when another got there first. */
  async bind(orderRef: string, clientSecretHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ client_secret_hash: clientSecretHash })
      .where('order_ref', '=', orderRef)
      .where('client_secret_hash', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records that a subscription is no longer active (cancelled or completed). */
  async setSubscriptionStatus(recurringId: string, status: string): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({ subscription_status: status, updated_at: Date.now() })
      .where('recurring_id', '=', recurringId)
      .execute();
  }
}

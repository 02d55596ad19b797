/** The orders: one row per merchant order reference, the companion's record of its payment. */
import type { Insertable, Kysely, Updateable } from 'kysely';
import { numbers, ORDER_NUMBERS, type Order } from './rows.ts';
import type { Database, OrdersTable } from './schema.ts';

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
    return inserted
      ? numbers(inserted, ORDER_NUMBERS)
      : ((await this.get(order.order_ref)) as Order);
  }

  async update(orderRef: string, patch: Updateable<OrdersTable>): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({ ...patch, updated_at: Date.now() })
      .where('order_ref', '=', orderRef)
      .execute();
  }

  /**
   * Applies a notification's state only if its sequence is newer than what was applied: an older
   * notification arriving late cannot undo a newer one. True when applied.
   */
  async applySequenced(
    orderRef: string,
    sequence: number,
    patch: Updateable<OrdersTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ ...patch, last_sequence: sequence, updated_at: Date.now() })
      .where('order_ref', '=', orderRef)
      .where('last_sequence', '<', sequence)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
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

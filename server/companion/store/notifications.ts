/** The service's notifications as received: stored before they are acknowledged, then applied. */
import type { Kysely } from 'kysely';
import { numbers } from './rows.ts';
import type { Database } from './schema.ts';

export interface NotificationEntry {
  event: string;
  sequence: number;
  received_at: number;
  order_no: string | null;
  /** Set when it was not applied because it did not match its order. */
  flag: string | null;
}

export class NotificationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a notification; false when its notification_id was stored before (a replay). */
  async record(row: {
    notification_id: string;
    order_no: string | null;
    event: string;
    sequence: number;
    body: string;
  }): Promise<boolean> {
    const result = await this.db
      .insertInto('notifications')
      .values({ ...row, received_at: Date.now(), applied_at: null, flag: null })
      .onConflict((c) => c.column('notification_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async markApplied(notificationId: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ applied_at: Date.now() })
      .where('notification_id', '=', notificationId)
      .execute();
  }

  /** Sets a notification aside, unapplied, with the reason the merchant will see. */
  async flag(notificationId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ applied_at: Date.now(), flag: reason.slice(0, 500) })
      .where('notification_id', '=', notificationId)
      .execute();
  }

  /** Forgets notifications processed (applied or flagged) before `before`. */
  async prune(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('notifications')
      .where('applied_at', 'is not', null)
      .where('applied_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async unapplied(): Promise<{ notification_id: string; body: string }[]> {
    return this.db
      .selectFrom('notifications')
      .select(['notification_id', 'body'])
      .where('applied_at', 'is', null)
      .orderBy('received_at')
      .limit(200)
      .execute();
  }

  /** The history of these orders, a subscription's later charges included. */
  async forOrders(orderNos: string[]): Promise<NotificationEntry[]> {
    if (orderNos.length === 0) return [];
    // A subscription's charges are payments of their own, `<order_no>-R<n>`, found by prefix:
    // substr, because LIKE reads `_` as a wildcard and a range depends on the collation.
    const rows = await this.db
      .selectFrom('notifications')
      .select(['event', 'sequence', 'received_at', 'order_no', 'flag'])
      .where((eb) =>
        eb.or([
          eb('order_no', 'in', orderNos),
          ...orderNos.map((no) =>
            eb(eb.fn('substr', ['order_no', eb.val(1), eb.val(no.length + 2)]), '=', `${no}-R`),
          ),
        ]),
      )
      .orderBy('received_at')
      .execute();
    return rows.map((row) => numbers(row, ['sequence', 'received_at']));
  }
}

/**
 * The payment attempts of each order: `<order_ref>-<seq>` at the service. Claims and settlements
 * touch the order too, so that no request (or process) sees one without the other.
 */
import type { Insertable, Kysely, Updateable } from 'kysely';
import { ATTEMPT_NUMBERS, numbers, type Attempt } from './rows.ts';
import type { AttemptState, AttemptsTable, Database, OrdersTable } from './schema.ts';

export class AttemptsRepository {
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
   * Claims attempt number `seq` of an order. Exactly one of any number of concurrent claimants,
   * in this process or another, gets true; the others must use the winner's attempt.
   */
  async claim(attempt: Insertable<AttemptsTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('attempts')
      .values(attempt)
      .onConflict((c) => c.columns(['order_ref', 'seq']).doNothing())
      .executeTakeFirst();
    const claimed = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    if (claimed)
      await this.db
        .updateTable('orders')
        .set({ order_no: attempt.order_no, attempts: attempt.seq, updated_at: Date.now() })
        .where('order_ref', '=', attempt.order_ref)
        .execute();
    return claimed;
  }

  async update(orderNo: string, patch: Updateable<AttemptsTable>): Promise<void> {
    await this.db.updateTable('attempts').set(patch).where('order_no', '=', orderNo).execute();
  }

  /**
   * Records what came of an attempt and its order in one transaction, so no other request (or
   * process) can see the attempt settled while the order still looks untouched. With `from`, only
   * an attempt still in one of those states is settled (a recovery racing a slow request: the
   * first to settle wins); false when it was not.
   */
  async settle(
    orderNo: string,
    orderRef: string,
    attempt: Updateable<AttemptsTable>,
    order: Updateable<OrdersTable>,
    from?: readonly AttemptState[],
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      let update = trx.updateTable('attempts').set(attempt).where('order_no', '=', orderNo);
      if (from) update = update.where('state', 'in', from);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('orders')
        .set({ ...order, updated_at: Date.now() })
        .where('order_ref', '=', orderRef)
        .execute();
      return true;
    });
  }
}

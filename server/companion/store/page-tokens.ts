/** One-time, short-lived addresses of a checkout attempt's payment page (`/pay/:token`). */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export class PageTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(token: string, orderNo: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('page_tokens')
      .values({ token, order_no: orderNo, expires_at: expiresAt, used_at: null })
      .execute();
  }

  /** Forgets tokens that expired before `before`. */
  async prune(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('page_tokens')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Uses a token once: its attempt's order number, or undefined when unknown, used or expired. */
  async use(token: string, now = Date.now()): Promise<string | undefined> {
    const row = await this.db
      .updateTable('page_tokens')
      .set({ used_at: now })
      .where('token', '=', token)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('order_no')
      .executeTakeFirst();
    return row?.order_no;
  }

  /**
   * The order number of a token not expired, used or not: its page was posted out of sight from
   * the session's form by the widget (a page prepared before Pay), and is the page the shopper
   * is shown now (a used token's attempt was opened as its address served the page).
   */
  async live(token: string, now = Date.now()): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('page_tokens')
      .select('order_no')
      .where('token', '=', token)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.order_no;
  }
}

/**
 * Shoppers' saved cards: the service's token of each, with what the shopper recognises it by
 * (brand, last four, expiry) and when they consented. Every read and delete is by the shopper's
 * id as well as the card's, so one shopper can never reach another's card.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import { numbers } from './rows.ts';
import type { Database, SavedCardsTable } from './schema.ts';

export type SavedCard = Selectable<SavedCardsTable>;

const NUMBERS: (keyof SavedCard)[] = ['consent_at', 'created_at', 'last_used_at'];

export class SavedCardsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Saves a card; the same token saved twice for a shopper stays one card (the first). */
  async add(card: Insertable<SavedCardsTable>): Promise<SavedCard> {
    await this.db
      .insertInto('saved_cards')
      .values(card)
      .onConflict((c) => c.columns(['shopper_id', 'token_id']).doNothing())
      .execute();
    const row = await this.db
      .selectFrom('saved_cards')
      .selectAll()
      .where('shopper_id', '=', card.shopper_id)
      .where('token_id', '=', card.token_id)
      .executeTakeFirstOrThrow();
    return numbers(row, NUMBERS);
  }

  /**
   * The shopper's cards, the one they paid with last first (one never paid with counts from when
   * it was saved): the widget chooses the first, as a shopper expects the card they used last.
   */
  async list(shopperId: string): Promise<SavedCard[]> {
    const rows = await this.db
      .selectFrom('saved_cards')
      .selectAll()
      .where('shopper_id', '=', shopperId)
      .orderBy((eb) => eb.fn.coalesce('last_used_at', 'created_at'), 'desc')
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
    return rows.map((row) => numbers(row, NUMBERS));
  }

  /** One of the shopper's cards; undefined for another shopper's, or none. */
  async get(shopperId: string, cardId: string): Promise<SavedCard | undefined> {
    const row = await this.db
      .selectFrom('saved_cards')
      .selectAll()
      .where('shopper_id', '=', shopperId)
      .where('card_id', '=', cardId)
      .executeTakeFirst();
    return row && numbers(row, NUMBERS);
  }

  /** Removes one of the shopper's cards; false when they have no such card. */
  async remove(shopperId: string, cardId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('saved_cards')
      .where('shopper_id', '=', shopperId)
      .where('card_id', '=', cardId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Notes that the shopper's card of the service's `tokenId` paid, `at`: it is listed first from
   * then on. By the token, as the attempt that paid knows it (its `details`).
   */
  async used(shopperId: string, tokenId: string, at = Date.now()): Promise<void> {
    await this.db
      .updateTable('saved_cards')
      .set({ last_used_at: at })
      .where('shopper_id', '=', shopperId)
      .where('token_id', '=', tokenId)
      .execute();
  }
}

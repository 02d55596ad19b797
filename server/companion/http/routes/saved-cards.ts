/**
 * The signed-in shopper's saved cards, for the widget: list them, remove one. Who the shopper is
 * is the merchant's resolveShopper's to say; an anonymous shopper has none, and a card of another
 * shopper's is as unknown as one that never was (404).
 */
import express, { type Router } from 'express';
import { WIDGET_ROUTES, type SavedCardsResponse } from 'acquiring-checkout/contract';
import { scoped, type EdgeContext } from '../edge-context.ts';
import type { ResolvedShopper } from '../../config/index.ts';
import { pathParam } from '../params.ts';
import { refusal } from '../../core/index.ts';
import { savedCardView, shopperOf } from '../../payment/index.ts';
import { storefrontOrigin } from '../security.ts';
import type { SavedCard } from '../../store/index.ts';

/** The shopper's saved card `cardId`, or a 404 naming `card_id`. */
export async function savedCardOf(
  ctx: EdgeContext,
  shopper: ResolvedShopper | undefined,
  cardId: string,
): Promise<SavedCard> {
  const card = shopper && (await ctx.store.savedCards.get(shopper.id, cardId));
  if (card) return card;
  throw unknownCard();
}

const unknownCard = () => refusal(404, 'Unknown saved card', 'card_id', 'no such saved card');

export function savedCardsRouter(ctx: EdgeContext): Router {
  const router = express.Router();

  router.get(
    WIDGET_ROUTES.savedCards,
    ctx.limits.polls,
    scoped(ctx, async (ctx, request, response) => {
      storefrontOrigin(request, ctx.config);
      const shopper = await shopperOf(ctx, request);
      const cards = shopper ? await ctx.store.savedCards.list(shopper.id) : [];
      const answer: SavedCardsResponse = { signed_in: !!shopper, cards: cards.map(savedCardView) };
      response.set('Cache-Control', 'no-store').json(answer);
    }),
  );

  router.delete(
    WIDGET_ROUTES.savedCard,
    ctx.limits.starts,
    scoped(ctx, async (ctx, request, response) => {
      storefrontOrigin(request, ctx.config);
      const shopper = await shopperOf(ctx, request);
      const cardId = pathParam(request, 'card_id');
      if (!shopper || !(await ctx.store.savedCards.remove(shopper.id, cardId))) throw unknownCard();
      response.status(204).end();
    }),
  );
  return router;
}

// A merchant's shop in the configuration matrix, run from a fresh app with the packed packages
// installed. COMPANION says where the companion is: `shop` (its router mounted at /payments on
// the shop's own origin), `own` (its router in a second Express app on COMPANION_ORIGIN), or the
// address of a companion the bin runs. DATABASE is the router's store (default orders.sqlite).
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createCompanion } from 'acquiring-checkout-server/companion';
import { startSandbox } from 'acquiring-checkout-server/sandbox';
import { resolveOrder, resolveShopper } from './merchant.mjs';

const shop = process.env.SHOP_URL;
const place = process.env.COMPANION;
const app = express();

async function companionRouter(publicUrl) {
  const sandbox = await startSandbox();
  const companion = await createCompanion({
    publicUrl,
    gateway: sandbox.gateway,
    database: process.env.DATABASE ?? 'orders.sqlite',
    allowedOrigins: [shop],
    operationsToken: 'a-long-random-token-for-the-back-office',
    directCardPayments: true,
    resolveOrder,
    resolveShopper,
  });
  return companion.router;
}

let companionUrl = place;
if (place === 'shop') {
  companionUrl = `${shop}/payments`;
  app.use('/payments', await companionRouter(companionUrl));
} else if (place === 'own') {
  const origin = process.env.COMPANION_ORIGIN;
  companionUrl = `${origin}/payments`;
  const own = express().use('/payments', await companionRouter(companionUrl));
  await new Promise((resolve) => own.listen(new URL(origin).port, '127.0.0.1', resolve));
}

app.use(
  '/widget',
  express.static(dirname(fileURLToPath(import.meta.resolve('acquiring-checkout/script')))),
);
app.get('/sign-in', (_request, response) =>
  response.set('set-cookie', 'shopper=ada; Path=/; SameSite=Lax').redirect('/?mode=card'),
);
app.get('/', (request, response) => {
  const mode = request.query.mode === 'card' ? 'card' : 'checkout';
  response.send(`<!doctype html><title>Shop</title>
  <script defer src="/widget/acquiring-checkout.js"></script>
  <acquiring-checkout companion="${companionUrl}" mode="${mode}" order-ref="tee.${randomUUID().slice(0, 8)}"></acquiring-checkout>`);
});
app.listen(new URL(shop).port, '127.0.0.1', () => console.log(`shop on ${shop}`));

// A merchant's whole integration, as the docs' Getting started tells it: the companion mounted
// in the shop's own Express app, the sandbox standing in for the service, and the widget from a
// script tag.
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createCompanion } from 'acquiring-checkout-server/companion';
import { startSandbox } from 'acquiring-checkout-server/sandbox';

const shop = process.env.SHOP_URL ?? 'http://127.0.0.1:3000';
const sandbox = await startSandbox(); // in production: your merchant account's gateway settings
const companion = await createCompanion({
  publicUrl: `${shop}/payments`,
  gateway: sandbox.gateway,
  database: 'orders.sqlite',
  allowedOrigins: [shop],
  operationsToken: process.env.OPERATIONS_TOKEN ?? 'a-long-random-token-for-your-back-office',
  // Your order system decides what is paid; the browser only names the order.
  resolveOrder: (ref) => ({
    amount: '25.00',
    currency: 'USD',
    items: [{ name: `Order ${ref}`, unit_price: '25.00', quantity: 1 }],
  }),
});

const app = express();
app.use('/payments', companion.router);
app.use(
  '/widget',
  express.static(dirname(fileURLToPath(import.meta.resolve('acquiring-checkout/script')))),
);
// Each visit is a new order here; your shop names its own (letters, digits, . _ -, at most 48).
app.get('/', (_request, response) =>
  response.send(`<!doctype html><title>Shop</title>
  <script defer src="/widget/acquiring-checkout.js"></script>
  <acquiring-checkout companion="${shop}/payments" order-ref="tee.${randomUUID().slice(0, 8)}"></acquiring-checkout>`),
);
app.listen(new URL(shop).port, () => console.log(`shop on ${shop}`));

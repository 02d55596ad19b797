/**
 * The SPA example: the element imported from the package's ESM build (the demo server bundles
 * this file with `acquiring-checkout` pointing at dist/acquiring-checkout.esm.js), and every one
 * of its events handled in code, as an app would. The element tells the shopper how the payment
 * went; the app only keeps the events, folded away for developers.
 */
import { AcquiringCheckout } from 'acquiring-checkout';

const EVENTS = [
  'acquiring-ready', 'acquiring-change', 'acquiring-submit', 'acquiring-frame-mounted',
  'acquiring-redirect', 'acquiring-result', 'acquiring-failure',
] as const; // prettier-ignore

const app = document.getElementById('app') as HTMLElement;
const log = document.getElementById('event-log') as HTMLOListElement;

function record(name: string, detail: unknown): void {
  const item = document.createElement('li');
  item.textContent = detail === undefined ? name : `${name} ${JSON.stringify(detail)}`;
  item.dataset.event = name;
  log.append(item);
}

function startCheckout(): void {
  const checkout = new AcquiringCheckout();
  checkout.companion = document.body.dataset.companion ?? '';
  const space = document.body.dataset.space;
  checkout.orderRef = `${space ? `${space}.` : ''}tee.spa-${crypto.randomUUID().slice(0, 8)}`;
  checkout.shopper = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
  for (const name of EVENTS)
    checkout.addEventListener(name, (event) =>
      record(name, (event as Event & { detail?: unknown }).detail),
    );
  const heading = document.createElement('h2');
  heading.textContent = 'Organic T-shirt — $25.00';
  app.replaceChildren(heading, checkout);
}

const buy = document.createElement('button');
buy.type = 'button';
buy.className = 'primary';
buy.textContent = 'Buy the T-shirt';
buy.addEventListener('click', startCheckout);
app.append(buy);

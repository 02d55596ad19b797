/**
 * React 19 with the @lit/react wrapper: typed props, and the element's events as React props.
 * (React 19 also takes the plain element, `<acquiring-checkout>`, with its events as `onacquiring-result`.)
 */
import { createComponent, type EventName } from '@lit/react';
import { AcquiringCheckout, type CheckoutResultEvent } from 'acquiring-checkout';
import * as React from 'react';
import { createRoot } from 'react-dom/client';

export const Checkout = createComponent({
  tagName: 'acquiring-checkout',
  elementClass: AcquiringCheckout,
  react: React,
  events: { onResult: 'acquiring-result' as EventName<CheckoutResultEvent> },
});

function App({ companion }: { companion: string }) {
  const [orderRef] = React.useState(() => {
    const space = document.body.dataset.space;
    return `${space ? `${space}.` : ''}poster.react-${crypto.randomUUID().slice(0, 8)}`;
  });
  // The element tells the shopper how it went; the page keeps the event for developers only.
  const [results, setResults] = React.useState<CheckoutResultEvent['detail'][]>([]);
  return (
    <>
      <h2>Risograph poster — $9.50</h2>
      <Checkout
        companion={companion}
        orderRef={orderRef}
        onResult={(e) => setResults((all) => [...all, e.detail])}
      />
      <details className="event-log-box">
        <summary>Events, for developers</summary>
        <ol id="react-result" className="event-log">
          {results.map((detail, i) => (
            <li key={i}>acquiring-result {JSON.stringify(detail)}</li>
          ))}
        </ol>
      </details>
    </>
  );
}

const root = document.getElementById('root') as HTMLElement;
createRoot(root).render(<App companion={document.body.dataset.companion ?? ''} />);

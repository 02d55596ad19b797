/**
 * The demo shopper's sign-in from the playground: the same POSTs as the shop's banner
 * (demo/sign-in.ts sets or clears the cookie the companion's resolveShopper reads), sent from
 * code so that the page, and its settings, stay.
 */

/** Signs the demo shopper in (`on`) or out; whether it worked. */
export async function signDemoShopper(on: boolean): Promise<boolean> {
  try {
    const response = await fetch(`/demo/sign-${on ? 'in' : 'out'}`, {
      method: 'POST',
      body: new URLSearchParams({ back: '/' }),
      // The answer sends the browser back to a page: not followed, the cookie is what counts.
      redirect: 'manual',
    });
    return response.type === 'opaqueredirect' || response.ok;
  } catch {
    return false;
  }
}

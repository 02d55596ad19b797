/**
 * The device fingerprint, from FingerprintJS, loaded on demand in a chunk of its own so it never
 * weighs on the first paint or delays the Pay button. It gets a time budget; past it, or on any
 * error, the payment goes on without a fingerprint.
 */
import FingerprintJS from '@fingerprintjs/fingerprintjs';

export async function deviceFingerprint(budgetMs = 1_500): Promise<string> {
  const fingerprint = (async () => {
    const agent = await FingerprintJS.load({ monitoring: false });
    return (await agent.get()).visitorId;
  })();
  const fallback = new Promise<string>((resolve) => setTimeout(() => resolve(''), budgetMs));
  return Promise.race([fingerprint.catch(() => ''), fallback]);
}

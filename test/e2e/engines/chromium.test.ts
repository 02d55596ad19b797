/** The payment flows (flows.ts) in Chromium, through playwright-core. */
import { paymentFlows } from './flows.ts';

paymentFlows('chromium');

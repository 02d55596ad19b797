/** The payment flows (flows.ts) in Firefox ESR, through puppeteer-core over WebDriver BiDi. */
import { paymentFlows } from './flows.ts';

paymentFlows('firefox');

/** The payment flows (flows.ts) in WebKitGTK, through WebKitWebDriver (W3C WebDriver). */
import { paymentFlows } from './flows.ts';

paymentFlows('webkit');

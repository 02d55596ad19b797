/** The demo stack and browser a test of the end-to-end suite works in (demo.ts starts it). */
import type { Browser, Page } from 'playwright-core';
import type { DemoStack } from '../../../demo/stack.ts';
import type { GatewayClient } from '../../../server/gateway/index.ts';

export interface World {
  stack: DemoStack;
  browser: Browser;
  /** A fresh browser context (its own storage) and page, 1280 × 900 unless told. */
  page(viewport?: { width: number; height: number }): Promise<Page>;
  /** The sandbox's own word on a payment. */
  serviceStatus(orderNo: string): Promise<string | undefined>;
  query: GatewayClient['query'];
  /** The companion's store. */
  storeStatus(orderRef: string): Promise<string | undefined>;
  /** Calls the sandbox's admin routes: POSTs `body` (faults, clock), or GETs (an order). */
  admin(path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Where the standalone companion (the `acquiring-checkout-companion` bin) gets the merchant's
 * `resolveOrder`, from `ORDER_RESOLVER`:
 *
 * - an `http(s)://` address of the merchant's backend: the companion GETs it with the order
 *   reference in place of `{order_ref}` (or appended as a last path segment), with
 *   `ORDER_RESOLVER_TOKEN` as a bearer token when set. 200 with a ResolvedOrder in JSON is the
 *   order, 404 is "no such order", anything else is an error;
 * - otherwise a module (a file path, relative to the working directory, or a package name) whose
 *   `resolveOrder` export (or default export) is the function; its `resolveShopper` export, if
 *   any, is the merchant's resolveShopper.
 */
import { context, propagation } from '@opentelemetry/api';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { orderProblems, type CompanionConfig, type ResolvedOrder } from '../config/index.ts';
import { messageOf } from '../../unknown.ts';

export type OrderResolver = CompanionConfig['resolveOrder'];
type ShopperResolver = CompanionConfig['resolveShopper'];

/** What a merchant plugs in: how orders are priced, and who the shopper is (optional). */
export interface MerchantHooks {
  resolveOrder: OrderResolver;
  resolveShopper?: NonNullable<ShopperResolver>;
}

function httpResolver(address: string, token: string | undefined): OrderResolver {
  return async (orderRef) => {
    // `.` and `..` are no order's (the contract refuses them): as a path segment, an address
    // would resolve them to another of the merchant's, and send it the token.
    if (/^\.*$/.test(orderRef)) return undefined;
    const ref = encodeURIComponent(orderRef);
    let url: URL;
    if (address.includes('{order_ref}')) url = new URL(address.replaceAll('{order_ref}', ref));
    else {
      // The reference is the last path segment, whatever query the address carries.
      url = new URL(address);
      url.pathname = `${url.pathname.replace(/\/+$/, '')}/${ref}`;
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    // The payment's trace goes on in the merchant's backend (W3C traceparent), when traced.
    propagation.inject(context.active(), headers);
    const response = await fetch(url, {
      headers,
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      throw new Error(`ORDER_RESOLVER did not answer for ${orderRef}: ${messageOf(error)}`, {
        cause: error,
      });
    });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`ORDER_RESOLVER answered ${response.status} for ${orderRef}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new Error(`ORDER_RESOLVER answered ${orderRef} with a body that is not JSON`, {
        cause: error,
      });
    }
    const problems = orderProblems(body);
    if (problems.length > 0) {
      throw new Error(
        `ORDER_RESOLVER answered an invalid order for ${orderRef}: ${problems.join('; ')}`,
      );
    }
    return body as ResolvedOrder;
  };
}

/** The merchant's hooks a module exports: `resolveOrder` (or its default), `resolveShopper`. */
async function moduleHooks(specifier: string): Promise<MerchantHooks> {
  const local = specifier.startsWith('.') || isAbsolute(specifier);
  let module: { resolveOrder?: unknown; resolveShopper?: unknown; default?: unknown };
  try {
    module = (await import(local ? pathToFileURL(resolve(specifier)).href : specifier)) as {
      resolveOrder?: unknown;
      resolveShopper?: unknown;
      default?: unknown;
    };
  } catch (error) {
    throw new Error(`ORDER_RESOLVER: cannot load ${specifier}: ${messageOf(error)}`, {
      cause: error,
    });
  }
  const resolver = module.resolveOrder ?? module.default;
  if (typeof resolver !== 'function')
    throw new Error(`ORDER_RESOLVER: ${specifier} exports no resolveOrder function`);
  if (module.resolveShopper !== undefined && typeof module.resolveShopper !== 'function')
    throw new Error(`ORDER_RESOLVER: ${specifier} exports a resolveShopper that is not a function`);
  return {
    resolveOrder: resolver as OrderResolver,
    ...(module.resolveShopper
      ? { resolveShopper: module.resolveShopper as NonNullable<ShopperResolver> }
      : {}),
  };
}

/** The `resolveOrder` that `ORDER_RESOLVER` names (see the module's comment). */
export async function orderResolver(setting: string, token?: string): Promise<OrderResolver> {
  return (await merchantHooks(setting, token)).resolveOrder;
}

/**
 * The merchant's hooks `ORDER_RESOLVER` names: its `resolveOrder`, and the module's
 * `resolveShopper` when it exports one (an address of the backend gives resolveOrder alone).
 */
export async function merchantHooks(setting: string, token?: string): Promise<MerchantHooks> {
  if (/^https?:\/\//.test(setting)) return { resolveOrder: httpResolver(setting, token) };
  return moduleHooks(setting);
}

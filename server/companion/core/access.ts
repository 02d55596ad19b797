/**
 * The operations API's authorization, as one pure decision: given who is asking (a token's roles
 * and scope), the role a route needs and the order references the request reaches (read by the
 * route from the same parse it acts on), may it go ahead, under which role, and if not, what is
 * missing. Nothing here reads a request or a setting; the routes declare, this decides.
 */
import type { OperationsRole } from '../config/index.ts';

/** Who is asking: a token's name, its roles, and the prefixes of the references it may reach. */
export interface Principal {
  readonly name: string;
  readonly roles: readonly OperationsRole[];
  /** The reference prefixes it may act on; undefined: every reference. */
  readonly scope?: readonly string[] | undefined;
}

/** One order (or payout) reference a request acts on, and where the request names it. */
export interface Target {
  readonly path: string;
  readonly ref: string;
}

/**
 * What a request reaches: the references it names; `narrowed`, a list the route narrows to the
 * principal's scope itself; or `unnamed`, orders it does not name (a reconciliation, a search by
 * date), which only a token without a scope may reach: `unnamed` is the field that would name them.
 */
export type Reach = readonly Target[] | 'narrowed' | { readonly unnamed: string };

export type Verdict =
  | { readonly allowed: true; readonly role: OperationsRole }
  | { readonly allowed: false; readonly lacks: OperationsRole }
  | { readonly allowed: false; readonly outside: readonly Target[] };

/** The role `principal` acts under to use `role`: that role, else `admin`, else none. */
export function roleFor(principal: Principal, role: OperationsRole): OperationsRole | undefined {
  if (principal.roles.includes(role)) return role;
  return principal.roles.includes('admin') ? 'admin' : undefined;
}

/** Whether `ref` lies within `scope` (undefined: every reference does). */
export function inScope(scope: readonly string[] | undefined, ref: string): boolean {
  return scope === undefined || scope.some((prefix) => ref.startsWith(prefix));
}

/** Whether `principal` may use a route that needs `role`, before its request is read. */
export function mayUse(principal: Principal, role: OperationsRole): Verdict {
  const used = roleFor(principal, role);
  return used ? { allowed: true, role: used } : { allowed: false, lacks: role };
}

/**
 * Whether `principal` may do what a route that needs `role` does with a request that reaches
 * `reach`. Every reference must lie within its scope: one outside refuses the whole request, and
 * the verdict lists each one outside.
 */
export function authorize(principal: Principal, role: OperationsRole, reach: Reach): Verdict {
  const verdict = mayUse(principal, role);
  if (!verdict.allowed || principal.scope === undefined || reach === 'narrowed') return verdict;
  if ('unnamed' in reach) return { allowed: false, outside: [{ path: reach.unnamed, ref: '*' }] };
  const outside = reach.filter((target) => !inScope(principal.scope, target.ref));
  return outside.length > 0 ? { allowed: false, outside } : verdict;
}

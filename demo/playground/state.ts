/**
 * The playground's state, and its place in the page's address: every choice that differs from
 * its default is a query parameter (`?mode=card&locale=ar&colorPrimary=%237c3aed`), so a link
 * brings back the same setup. Read back, each value is checked against what the controls offer;
 * one that is not (a stale or hand-edited link) falls back to its default.
 */
import type { AppearanceTheme, DataCollection } from 'acquiring-checkout';
import type { PlaygroundData } from './data.ts';
import {
  DATA_COLLECTIONS,
  defaults,
  FIELDS,
  isKeyOf,
  keysOf,
  LOCALES,
  MODES,
  PRESETS,
  THEMES,
  VARIABLES,
  type FieldName,
  type Mode,
  type Theme,
  type VariableName,
} from './options.ts';

export interface PlaygroundState {
  mode: Mode;
  locale: string;
  fields: FieldName[];
  dataCollection: DataCollection;
  theme: Theme;
  preset: AppearanceTheme;
  variables: Partial<Record<VariableName, string>>;
  /** The sample order's currency. */
  currency: string;
  /** The payment method of `mode="apm"`, one of those offered in the currency. */
  method: string;
  /** The demo shopper signed in, so saved cards show. */
  saved: boolean;
}

/** The field names of a `fields` value, known ones only, in the controls' order. */
export function fieldsOf(value: string): FieldName[] {
  const named = new Set(value.split(/\s+/));
  return keysOf(FIELDS).filter((name) => named.has(name));
}

/** Whether a variable's value is one the element takes (it checks with CSS.supports too). */
export function validVariable(name: VariableName, value: string): boolean {
  return value.trim() !== '' && CSS.supports(VARIABLES[name].syntax, value);
}

/** The methods of `data` offered in `currency`, the card aside (it is not `mode="apm"`'s). */
export function methodsIn(data: PlaygroundData, currency: string): string[] {
  return data.methods
    .filter((offer) => offer.method !== 'card')
    .filter((offer) => !offer.currencies || offer.currencies.includes(currency))
    .map((offer) => offer.method);
}

/** The state of a fresh playground: the element's own defaults, read from one it constructs. */
export function defaultState(data: PlaygroundData): PlaygroundState {
  const fresh = defaults();
  const currency = data.orders[0]?.currency ?? '';
  return {
    mode: fresh.mode,
    locale: fresh.locale,
    fields: fieldsOf(fresh.fields),
    dataCollection: fresh.dataCollection,
    theme: fresh.theme,
    preset: PRESETS[0],
    variables: {},
    currency,
    method: methodsIn(data, currency)[0] ?? '',
    saved: false,
  };
}

/** `state` with its method one of its currency's (the first, when it was not). */
export function withCurrency(data: PlaygroundData, state: PlaygroundState): PlaygroundState {
  const methods = methodsIn(data, state.currency);
  return methods.includes(state.method) ? state : { ...state, method: methods[0] ?? '' };
}

/** Reads a state from the page's query, each value checked; the defaults where it says nothing. */
export function stateFromQuery(query: URLSearchParams, data: PlaygroundData): PlaygroundState {
  const defaults = defaultState(data);
  const pick = <K extends string>(name: string, record: Record<K, unknown>, fallback: K): K => {
    const value = query.get(name);
    return isKeyOf(record, value) ? value : fallback;
  };
  const locale = query.get('locale');
  const fields = query.get('fields');
  const currency = query.get('currency');
  const variables: PlaygroundState['variables'] = {};
  for (const name of keysOf(VARIABLES)) {
    const value = query.get(name);
    if (value !== null && validVariable(name, value)) variables[name] = value;
  }
  return withCurrency(data, {
    mode: pick('mode', MODES, defaults.mode),
    locale: LOCALES.find((tag) => tag === locale) ?? defaults.locale,
    fields: fields === null ? defaults.fields : fieldsOf(fields),
    dataCollection: pick('data-collection', DATA_COLLECTIONS, defaults.dataCollection),
    theme: pick('theme', THEMES, defaults.theme),
    preset: PRESETS.find((preset) => preset === query.get('preset')) ?? defaults.preset,
    variables,
    currency: data.orders.some((o) => o.currency === currency)
      ? (currency ?? '')
      : defaults.currency,
    method: query.get('payment-method') ?? '',
    saved: query.get('saved') === '1',
  });
}

/** The query that brings `state` back: what differs from the defaults, nothing else. */
export function queryOf(state: PlaygroundState, data: PlaygroundData): URLSearchParams {
  const defaults = withCurrency(data, { ...defaultState(data), currency: state.currency });
  const query = new URLSearchParams();
  const differs = <K extends keyof PlaygroundState>(key: K, name: string, value: string) => {
    if (state[key] !== defaults[key]) query.set(name, value);
  };
  differs('mode', 'mode', state.mode);
  differs('locale', 'locale', state.locale);
  if (state.fields.join(' ') !== defaults.fields.join(' '))
    query.set('fields', state.fields.join(' '));
  differs('dataCollection', 'data-collection', state.dataCollection);
  differs('theme', 'theme', state.theme);
  differs('preset', 'preset', state.preset);
  for (const name of keysOf(VARIABLES)) {
    const value = state.variables[name];
    if (value !== undefined) query.set(name, value);
  }
  if (state.currency !== data.orders[0]?.currency) query.set('currency', state.currency);
  differs('method', 'payment-method', state.method);
  if (state.saved) query.set('saved', '1');
  return query;
}

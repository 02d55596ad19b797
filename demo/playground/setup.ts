/**
 * One element's setup, in one place: the live element in the preview and the three snippets are
 * all made from it, so what the snippets say is what the preview shows. Attribute names and
 * defaults come from the element itself (its declared properties, and one it constructs).
 */
import { AcquiringCheckout, type Appearance } from 'acquiring-checkout';
import { defaults, PRESETS } from './options.ts';
import type { PlaygroundState } from './state.ts';

/** The element's properties the playground sets, in the order the snippets write them. */
export type SetProperty =
  | 'companion'
  | 'orderRef'
  | 'mode'
  | 'paymentMethod'
  | 'locale'
  | 'fields'
  | 'dataCollection'
  | 'theme';

export interface ElementSetup {
  /** Each property whose value is not the element's default, with that value. */
  properties: [SetProperty, string][];
  /** Undefined when it would be the default look. */
  appearance: Appearance | undefined;
  /** Prefilled shopper fields (the signed-in demo shopper's), or none. */
  shopper: Record<string, string> | undefined;
}

export interface SetupContext {
  companion: string;
  orderRef: string;
  shopper: Record<string, string> | undefined;
}

/** The attribute a property is written as, by the element's own declaration (`order-ref`). */
export function attributeOf(property: SetProperty): string {
  const declared = AcquiringCheckout.elementProperties.get(property)?.attribute;
  return typeof declared === 'string' ? declared : property.toLowerCase();
}

/** The setup that `state` asks for, in `context` (the companion, the order, the shopper). */
export function setupOf(state: PlaygroundState, context: SetupContext): ElementSetup {
  const fresh = defaults();
  const wanted: [SetProperty, string][] = [
    ['companion', context.companion],
    ['orderRef', context.orderRef],
    ['mode', state.mode],
    // Only `mode="apm"` reads it.
    ['paymentMethod', state.mode === 'apm' ? state.method : ''],
    ['locale', state.locale],
    ['fields', state.fields.join(' ')],
    ['dataCollection', state.dataCollection],
    ['theme', state.theme],
  ];
  const variables = Object.entries(state.variables).filter(([, value]) => value !== undefined);
  const appearance: Appearance = {
    ...(state.preset !== PRESETS[0] ? { theme: state.preset } : {}),
    ...(variables.length > 0 ? { variables: Object.fromEntries(variables) } : {}),
  };
  return {
    properties: wanted.filter(([name, value]) => String(fresh[name]) !== value),
    appearance: Object.keys(appearance).length > 0 ? appearance : undefined,
    shopper: context.shopper,
  };
}

/** What makes a new element necessary: anything but the appearance, which can change in place. */
export function identityOf(setup: ElementSetup): string {
  return JSON.stringify([setup.properties, setup.shopper]);
}

/** A new element as the script-tag snippet makes it: attributes, then the properties. */
export function createCheckout(setup: ElementSetup): AcquiringCheckout {
  const element = document.createElement('acquiring-checkout');
  for (const [property, value] of setup.properties)
    element.setAttribute(attributeOf(property), value);
  restyle(element, setup);
  if (setup.shopper) element.shopper = setup.shopper;
  return element;
}

/** Gives `element` the setup's appearance (a new object: the element does not watch inside one). */
export function restyle(element: AcquiringCheckout, setup: ElementSetup): void {
  element.appearance = setup.appearance ? structuredClone(setup.appearance) : {};
}

/**
 * What the playground's controls offer, taken from the widget wherever it has a table: the
 * locales and the presets are its exported `LOCALES` and `APPEARANCE_THEMES`; the defaults are
 * those of an element it constructs. The widget exports no runtime table of its modes, device-data
 * levels, shopper fields or appearance variables, only their types, so those lists are written
 * here as records keyed by those types: a mode, field or variable added to (or taken from) the
 * widget is a type error here until the playground offers it too.
 */
import {
  APPEARANCE_THEMES,
  LOCALES,
  type AcquiringCheckout,
  type AppearanceVariables,
  type DataCollection,
  type Shopper,
} from 'acquiring-checkout';

export { APPEARANCE_THEMES as PRESETS, LOCALES };

export type Mode = AcquiringCheckout['mode'];
export type Theme = AcquiringCheckout['theme'];
export type FieldName = keyof Shopper;
export type VariableName = keyof AppearanceVariables;

/** The modes, in the order a merchant meets them, with what each does. */
export const MODES: Record<Mode, string> = {
  checkout: 'hosted page in a frame',
  card: 'card fields here',
  apm: "the method's own page",
  auto: 'the shopper chooses',
};

export const DATA_COLLECTIONS: Record<DataCollection, string> = {
  none: 'a time and a session id',
  essential: 'the browser too',
  full: 'a cookie and a fingerprint too',
};

export const THEMES: Record<Theme, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'Auto',
};

/** The names the `fields` attribute takes: the shopper's own fields and two addresses. */
export const FIELDS: Record<FieldName, string> = {
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
  phone: 'Phone',
  billing: 'Billing address',
  delivery: 'Delivery address',
};

export interface Variable {
  label: string;
  /** The element's custom property the variable sets. */
  property: `--acquiring-${string}`;
  /** The CSS property whose syntax a value must have (the element checks the same). */
  syntax: 'color' | 'font-family' | 'font-size' | 'border-radius' | 'row-gap';
}

/** The eleven variables of the `appearance` property, each with its custom property. */
export const VARIABLES: Record<VariableName, Variable> = {
  colorText: { label: 'Text', property: '--acquiring-text', syntax: 'color' },
  colorBackground: { label: 'Background', property: '--acquiring-background', syntax: 'color' },
  colorPrimary: { label: 'Buttons', property: '--acquiring-accent', syntax: 'color' },
  colorPrimaryText: {
    label: 'Text on buttons',
    property: '--acquiring-accent-text',
    syntax: 'color',
  },
  colorBorder: { label: 'Borders', property: '--acquiring-border', syntax: 'color' },
  colorInputBackground: {
    label: 'Input fill',
    property: '--acquiring-input-background',
    syntax: 'color',
  },
  colorDanger: { label: 'Errors', property: '--acquiring-error', syntax: 'color' },
  fontFamily: { label: 'Font family', property: '--acquiring-font', syntax: 'font-family' },
  fontSizeBase: { label: 'Font size', property: '--acquiring-font-size', syntax: 'font-size' },
  borderRadius: { label: 'Corner radius', property: '--acquiring-radius', syntax: 'border-radius' },
  spacing: { label: 'Space between fields', property: '--acquiring-gap', syntax: 'row-gap' },
};

let fresh: AcquiringCheckout | undefined;

/** An element made once and never connected: its properties are the element's defaults. */
export function defaults(): AcquiringCheckout {
  fresh ??= document.createElement('acquiring-checkout');
  return fresh;
}

/** Typed keys of a record written above (Object.keys answers plain strings). */
export function keysOf<K extends string>(record: Record<K, unknown>): K[] {
  return Object.keys(record) as K[];
}

/** Whether `value` is one of `record`'s keys. */
export function isKeyOf<K extends string>(record: Record<K, unknown>, value: unknown): value is K {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(record, value);
}

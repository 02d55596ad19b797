/**
 * The `appearance` property, after Stripe's Appearance API: a named preset and variables, each
 * mapped onto one of the element's CSS custom properties (`--acquiring-*`, declared in
 * checkout-element.styles.ts). They are set on the element through the CSSOM
 * (`style.setProperty`), which a Content-Security-Policy without `'unsafe-inline'` allows, unlike
 * a `style` attribute in markup.
 */

/** The presets: `default` is the element's own look (light or dark by its `theme` attribute). */
export const APPEARANCE_THEMES = ['default', 'night', 'flat', 'minimal'] as const;
export type AppearanceTheme = (typeof APPEARANCE_THEMES)[number];

/** Values of the page's own: each a CSS value of its kind, or a `var(--your-property)`. */
export interface AppearanceVariables {
  /** Text colour (`--acquiring-text`). */
  colorText?: string;
  /** Background colour (`--acquiring-background`). */
  colorBackground?: string;
  /** Colour of the buttons (`--acquiring-accent`). */
  colorPrimary?: string;
  /** Text colour of the buttons (`--acquiring-accent-text`). */
  colorPrimaryText?: string;
  /** Border colour of inputs and the frame (`--acquiring-border`). */
  colorBorder?: string;
  /** Fill of the inputs (`--acquiring-input-background`). */
  colorInputBackground?: string;
  /** Colour of errors (`--acquiring-error`). */
  colorDanger?: string;
  /** Font family (`--acquiring-font`): `"Inter", system-ui, sans-serif`. */
  fontFamily?: string;
  /** Base font size (`--acquiring-font-size`): `15px`, `1rem`. */
  fontSizeBase?: string;
  /** Corner radius (`--acquiring-radius`): `0`, `8px`. */
  borderRadius?: string;
  /** Space between fields (`--acquiring-gap`): `1rem`. */
  spacing?: string;
}

export interface Appearance {
  /** A preset (`default` when unset); variables go over it. */
  theme?: AppearanceTheme;
  variables?: AppearanceVariables;
}

/**
 * Each variable's custom property (`--acquiring-<name>`), and the CSS property whose syntax its
 * value must have.
 */
const VARIABLES: Record<keyof AppearanceVariables, readonly [name: string, syntax: string]> = {
  colorText: ['text', 'color'],
  colorBackground: ['background', 'color'],
  colorPrimary: ['accent', 'color'],
  colorPrimaryText: ['accent-text', 'color'],
  colorBorder: ['border', 'color'],
  colorInputBackground: ['input-background', 'color'],
  colorDanger: ['error', 'color'],
  fontFamily: ['font', 'font-family'],
  fontSizeBase: ['font-size', 'font-size'],
  borderRadius: ['radius', 'border-radius'],
  spacing: ['gap', 'row-gap'],
};

/**
 * The presets' variables. Each but `default` sets every colour, so it is light or dark whatever
 * the `theme` attribute says; `night` also makes the native controls dark (`color-scheme`).
 * Text on the accent keeps a contrast of at least 4.5:1.
 */
const PRESETS: Record<AppearanceTheme, AppearanceVariables & { colorScheme?: 'dark' }> = {
  default: {},
  night: {
    colorText: '#e2e8f0',
    colorBackground: '#0f172a',
    colorPrimary: '#818cf8',
    colorPrimaryText: '#0f172a',
    colorBorder: '#334155',
    colorInputBackground: '#1e293b',
    colorDanger: '#fca5a5',
    borderRadius: '8px',
    colorScheme: 'dark',
  },
  flat: {
    colorText: '#1e293b',
    colorBackground: '#ffffff',
    colorPrimary: '#0f766e',
    colorPrimaryText: '#ffffff',
    colorBorder: '#e9eef4',
    colorInputBackground: '#e9eef4',
    colorDanger: '#c81e1e',
    borderRadius: '4px',
    spacing: '1rem',
  },
  minimal: {
    colorText: '#111111',
    colorBackground: '#ffffff',
    colorPrimary: '#111111',
    colorPrimaryText: '#ffffff',
    colorBorder: '#a3a3a3',
    colorDanger: '#b91c1c',
    fontFamily: '"Helvetica Neue", Helvetica, Arial, sans-serif',
    borderRadius: '0',
    spacing: '1.25rem',
  },
};

/** Whether `key` is one of `record`'s own keys (not one it inherits, such as `toString`). */
function isKeyOf<K extends string>(record: Record<K, unknown>, key: unknown): key is K {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(record, key);
}

/**
 * The custom properties an appearance sets, by name, and why any of its values were refused:
 * the preset's variables, then the page's over them. A value is refused when it is not a string
 * the CSS property of its kind accepts (`CSS.supports`): a custom property takes any value, and
 * one its uses cannot parse would leave, say, a button with no background. The preset's value,
 * or the element's own, stays instead.
 */
export function appearanceProperties(appearance: Appearance): {
  properties: Map<string, string>;
  refused: string[];
} {
  const refused: string[] = [];
  const theme = appearance.theme ?? 'default';
  if (!isKeyOf(PRESETS, theme))
    refused.push(`theme ${JSON.stringify(theme)} is not one of ${APPEARANCE_THEMES.join(', ')}`);
  const { colorScheme, ...preset } = PRESETS[isKeyOf(PRESETS, theme) ? theme : 'default'];
  const properties = new Map<string, string>(colorScheme ? [['color-scheme', colorScheme]] : []);
  const variables = [...Object.entries(preset), ...Object.entries(appearance.variables ?? {})];
  for (const [key, value] of variables) {
    if (!isKeyOf(VARIABLES, key)) refused.push(`${key} is not a variable`);
    else if (typeof value !== 'string' || !CSS.supports(VARIABLES[key][1], value))
      refused.push(`${key} ${JSON.stringify(value)} is not a valid ${VARIABLES[key][1]} value`);
    else properties.set(`--acquiring-${VARIABLES[key][0]}`, value);
  }
  return { properties, refused };
}

/** The properties each element was given last, to take them back when its appearance changes. */
const applied = new WeakMap<HTMLElement, readonly string[]>();

/**
 * Styles `host` by `appearance`: its properties in the host's own style (over the page's
 * stylesheets), those of a previous appearance removed, `data-painted` when it sets a
 * background, and a console warning for each value refused. Properties the page set on the host itself are left alone unless the appearance sets
 * them too.
 */
export function applyAppearance(host: HTMLElement, appearance: Appearance | undefined): void {
  // On a server (Lit SSR runs willUpdate) there is nothing to style.
  if (typeof CSS === 'undefined') return;
  const { properties, refused } = appearanceProperties(appearance ?? {});
  for (const name of applied.get(host) ?? []) host.style.removeProperty(name);
  for (const [name, value] of properties) host.style.setProperty(name, value);
  applied.set(host, [...properties.keys()]);
  // An element that paints a background of its own keeps its content off the edge (the styles'
  // --acquiring-padding); on the page's own background it lines up with the page.
  host.toggleAttribute('data-painted', properties.has('--acquiring-background'));
  for (const reason of refused)
    console.warn(`<${host.localName}> appearance: ${reason}; it is ignored.`);
}

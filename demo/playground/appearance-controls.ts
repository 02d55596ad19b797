/**
 * The appearance's controls: the `theme` attribute, the `appearance` property's preset, and its
 * eleven variables, the colours by colour pickers. A variable left unset shows the value the
 * element uses now (its own, or the preset's), read from the live element's computed style.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AcquiringCheckout } from 'acquiring-checkout';
import { isKeyOf, keysOf, PRESETS, THEMES, VARIABLES, type VariableName } from './options.ts';
import { validVariable, type PlaygroundState } from './state.ts';

export interface AppearanceContext {
  state: PlaygroundState;
  /** What the live element uses for each variable now. */
  effective: Partial<Record<VariableName, string>>;
  /** Variables whose last typed value the element would refuse, with that value. */
  refused: Partial<Record<VariableName, string>>;
  change(patch: Partial<PlaygroundState>): void;
  /** A typed value that is not valid CSS of its kind (nothing is set). */
  refuse(name: VariableName, value: string | undefined): void;
}

let canvas: CanvasRenderingContext2D | null | undefined;

/** `#rrggbb` for an opaque CSS colour (a colour picker's only form), else undefined. */
export function hexOf(colour: string): string | undefined {
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas || !colour) return undefined;
  canvas.fillStyle = '#000000';
  canvas.fillStyle = colour;
  const normal = String(canvas.fillStyle);
  return /^#[0-9a-f]{6}$/.test(normal) ? normal : undefined;
}

/** The value each variable has on `element` now, as its custom property computes. */
export function effectiveValues(element: AcquiringCheckout): Record<VariableName, string> {
  const style = getComputedStyle(element);
  const values = {} as Record<VariableName, string>;
  for (const name of keysOf(VARIABLES))
    values[name] = style.getPropertyValue(VARIABLES[name].property).trim();
  return values;
}

function setVariable(c: AppearanceContext, name: VariableName, value: string | undefined): void {
  const variables = { ...c.state.variables };
  if (value === undefined) delete variables[name];
  else variables[name] = value;
  c.change({ variables });
}

function colourControl(c: AppearanceContext, name: VariableName): TemplateResult {
  const set = c.state.variables[name];
  const now = set ?? c.effective[name] ?? '';
  const id = `pg-var-${name}`;
  return html`<div class="swatch">
    <input
      type="color"
      id=${id}
      .value=${hexOf(now) ?? '#ffffff'}
      @input=${(e: Event) => setVariable(c, name, (e.target as HTMLInputElement).value)}
    />
    <label for=${id}>${VARIABLES[name].label} <code>${name}</code></label>
    <output for=${id}>${set ? now : now ? `unset: ${now}` : 'unset'}</output>
    ${
      set
        ? html`<button
            type="button"
            class="link"
            aria-label="Reset ${VARIABLES[name].label}"
            @click=${() => setVariable(c, name, undefined)}
          >
            Reset
          </button>`
        : nothing
    }
  </div>`;
}

function textControl(c: AppearanceContext, name: VariableName): TemplateResult {
  const { label, syntax } = VARIABLES[name];
  const refused = c.refused[name];
  const id = `pg-var-${name}`;
  const typed = (e: Event) => {
    const text = (e.target as HTMLInputElement).value.trim();
    c.refuse(name, text === '' || validVariable(name, text) ? undefined : text);
    if (text === '') setVariable(c, name, undefined);
    else if (validVariable(name, text)) setVariable(c, name, text);
  };
  return html`<div class="variable">
    <label for=${id}>${label} <code>${name}</code></label>
    <input
      type="text"
      id=${id}
      .value=${refused ?? c.state.variables[name] ?? ''}
      placeholder=${c.effective[name] ?? ''}
      aria-invalid=${refused ? 'true' : 'false'}
      aria-describedby=${`${id}-error`}
      @change=${typed}
    />
    <p id="${id}-error" class="hint error">
      ${refused ? `Not a valid ${syntax} value: the element would ignore it.` : ''}
    </p>
  </div>`;
}

/** The appearance's selects and their values (see controls.ts, chosenValues). */
export function chosenLooks(state: PlaygroundState): [id: string, value: string][] {
  return [
    ['pg-theme', state.theme],
    ['pg-preset', state.preset],
  ];
}

/** The theme, the preset and the variables. */
export function appearanceControls(c: AppearanceContext): TemplateResult {
  const pick = (event: Event) => (event.target as HTMLSelectElement).value;
  const names = keysOf(VARIABLES);
  const colours = names.filter((name) => VARIABLES[name].syntax === 'color');
  const others = names.filter((name) => VARIABLES[name].syntax !== 'color');
  return html`<fieldset class="group">
    <legend>Appearance</legend>
    <div class="pairs">
      <div class="variable">
        <label for="pg-theme">Theme <code>theme</code></label>
        <select
          id="pg-theme"
          @change=${(e: Event) => {
            const theme = pick(e);
            if (isKeyOf(THEMES, theme)) c.change({ theme });
          }}
        >
          ${keysOf(THEMES).map((theme) => html`<option value=${theme}>${THEMES[theme]}</option>`)}
        </select>
      </div>
      <div class="variable">
        <label for="pg-preset">Preset <code>appearance.theme</code></label>
        <select
          id="pg-preset"
          @change=${(e: Event) => {
            const preset = PRESETS.find((name) => name === pick(e));
            if (preset) c.change({ preset });
          }}
        >
          ${PRESETS.map((preset) => html`<option>${preset}</option>`)}
        </select>
      </div>
    </div>
    <fieldset class="variables">
      <legend>Variables <span class="hint">(<code>appearance.variables</code>)</span></legend>
      ${colours.map((name) => colourControl(c, name))}
      <div class="pairs">${others.map((name) => textControl(c, name))}</div>
    </fieldset>
  </fieldset>`;
}

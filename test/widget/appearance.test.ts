/**
 * `appearance`: a preset and variables land on the element's computed style; a value that is not
 * of its kind is refused with a warning, and the preset's (or the element's own) value stays.
 */
import { expect, fixture } from '@open-wc/testing';
import '../../widget/src/index.ts';
import {
  APPEARANCE_THEMES,
  type Appearance,
  type AcquiringCheckout,
} from '../../widget/src/index.ts';
import { part } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion } from '/__stack.js';

/** The default light look paints nothing: the page's own background shows. */
const PAGE = 'rgba(0, 0, 0, 0)';
const NIGHT = 'rgb(15, 23, 42)';
const DEFAULT_ACCENT = 'rgb(26, 86, 219)';

async function checkout(appearance?: Appearance): Promise<AcquiringCheckout> {
  const el = await fixture<AcquiringCheckout>(
    `<acquiring-checkout companion="${companion}" order-ref="mug.appearance"></acquiring-checkout>`,
  );
  if (appearance) {
    el.appearance = appearance;
    await el.updateComplete;
  }
  return el;
}

const style = (el: Element) => getComputedStyle(el);

/** What `run` answers, and the warnings written while it ran. */
async function withWarnings<T>(run: () => Promise<T>): Promise<[T, string[]]> {
  const original = console.warn;
  const written: string[] = [];
  console.warn = (...args: unknown[]) => void written.push(args.join(' '));
  try {
    return [await run(), written];
  } finally {
    console.warn = original;
  }
}

describe('appearance', () => {
  it('is the element’s own look by default', async () => {
    const el = await checkout();
    expect(el.appearance).to.deep.equal({});
    expect(style(el).backgroundColor).to.equal(PAGE);
    expect(style(part(el, 'pay-button')).backgroundColor).to.equal(DEFAULT_ACCENT);
  });

  it('takes a preset: night is dark, inputs and native controls too', async () => {
    const el = await checkout({ theme: 'night' });
    expect(style(el).backgroundColor).to.equal(NIGHT);
    expect(style(el).colorScheme).to.equal('dark');
    expect(style(part(el, 'input')).backgroundColor).to.equal('rgb(30, 41, 59)');
    expect(style(part(el, 'input')).borderTopLeftRadius).to.equal('8px');
  });

  it('has presets that each look different', async () => {
    const looks = new Set<string>();
    for (const theme of APPEARANCE_THEMES) {
      const el = await checkout({ theme });
      const button = style(part(el, 'pay-button'));
      looks.add(`${style(el).backgroundColor} ${button.backgroundColor} ${button.borderRadius}`);
    }
    expect(looks.size).to.equal(APPEARANCE_THEMES.length);
  });

  it('takes variables over the preset', async () => {
    const el = await checkout({
      theme: 'night',
      variables: {
        colorPrimary: '#ff0000',
        fontSizeBase: '20px',
        borderRadius: '0',
        spacing: '2rem',
        fontFamily: 'monospace',
      },
    });
    const button = style(part(el, 'pay-button'));
    expect(button.backgroundColor).to.equal('rgb(255, 0, 0)');
    expect(button.borderTopLeftRadius).to.equal('0px');
    expect(style(el).fontSize).to.equal('20px');
    expect(style(part(el, 'input')).fontSize).to.equal('20px');
    expect(style(el).fontFamily).to.equal('monospace');
    expect(style(part(el, 'form')).rowGap).to.equal('32px');
    expect(style(el).backgroundColor).to.equal(NIGHT, 'the preset’s other values stay');
  });

  it('takes a var() of the page’s own', async () => {
    document.documentElement.style.setProperty('--brand', 'rgb(124, 58, 237)');
    try {
      const el = await checkout({ variables: { colorPrimary: 'var(--brand)' } });
      expect(style(part(el, 'pay-button')).backgroundColor).to.equal('rgb(124, 58, 237)');
    } finally {
      document.documentElement.style.removeProperty('--brand');
    }
  });

  it('refuses a value that is not of its kind, keeping the preset’s, and says so', async () => {
    const [el, written] = await withWarnings(() =>
      checkout({
        theme: 'night',
        variables: { colorPrimary: 'not-a-colour', borderRadius: 'red', fontSizeBase: '-3px' },
      }),
    );
    expect(style(part(el, 'pay-button')).backgroundColor).to.equal('rgb(129, 140, 248)');
    expect(style(part(el, 'pay-button')).borderTopLeftRadius).to.equal('8px');
    expect(style(el).fontSize).to.equal('16px', 'the page’s size stays');
    expect(written).to.have.length(3);
    expect(written[0]).to.contain('colorPrimary "not-a-colour" is not a valid color value');
  });

  it('refuses an unknown preset, keeping the element’s own look', async () => {
    // A page without TypeScript can pass any name.
    const neon = JSON.parse('{ "theme": "neon" }') as Appearance;
    const [el, written] = await withWarnings(() => checkout(neon));
    expect(style(el).backgroundColor).to.equal(PAGE);
    expect(written.join()).to.contain('theme "neon" is not one of default, night, flat, minimal');
  });

  it('takes back what a previous appearance set, and leaves the page’s own properties', async () => {
    const el = await checkout();
    el.style.setProperty('--acquiring-gap', '3rem');
    el.appearance = { theme: 'night' };
    await el.updateComplete;
    expect(style(el).backgroundColor).to.equal(NIGHT);
    el.appearance = {};
    await el.updateComplete;
    expect(style(el).backgroundColor).to.equal(PAGE);
    expect(style(el).colorScheme).to.equal('light');
    expect(el.style.getPropertyValue('--acquiring-gap')).to.equal('3rem');
  });

  it('keeps its content off its edge when it paints a background of its own', async () => {
    const el = await checkout();
    expect([el.hasAttribute('data-painted'), style(el).paddingTop]).to.deep.equal([false, '0px']);
    el.appearance = { variables: { colorPrimary: '#7c3aed' } };
    await el.updateComplete;
    expect(style(el).paddingTop).to.equal('0px', 'no background of its own: none');
    for (const appearance of [{ theme: 'night' }, { variables: { colorBackground: '#fef3c7' } }]) {
      el.appearance = appearance as Appearance;
      await el.updateComplete;
      expect(el.hasAttribute('data-painted'), JSON.stringify(appearance)).to.equal(true);
      expect(style(el).paddingTop).to.equal('20px');
      expect(style(el).borderTopLeftRadius).not.to.equal('0px');
    }
    el.appearance = {};
    await el.updateComplete;
    expect([el.hasAttribute('data-painted'), style(el).paddingTop]).to.deep.equal([false, '0px']);
  });

  it('is accessible in each preset', async () => {
    for (const theme of APPEARANCE_THEMES) {
      const el = await checkout({ theme });
      await expect(el).to.be.accessible();
    }
  });
});

/**
 * Light or dark: a light storefront never gets a dark checkout, whatever the system prefers;
 * `theme="auto"` follows the page's color-scheme, and the system only where the page allows both.
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../widget/src/index.ts';
import type { AcquiringCheckout } from '../../widget/src/index.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion } from '/__stack.js';
import { systemColorScheme } from './helpers.ts';

const background = (el: Element) => getComputedStyle(el).backgroundColor;
/** Light paints nothing: the page's own background shows. */
const LIGHT = 'rgba(0, 0, 0, 0)';
const DARK = 'rgb(17, 24, 39)';

function checkout(theme?: string): Promise<AcquiringCheckout> {
  const attribute = theme ? ` theme="${theme}"` : '';
  return fixture<AcquiringCheckout>(
    `<acquiring-checkout companion="${companion}" order-ref="mug.theme"${attribute}></acquiring-checkout>`,
  );
}

/**
 * Makes the system prefer `scheme`; skips the test in an engine that cannot change it while a
 * page runs (WebKitGTK, whose scheme is GTK's when the browser starts).
 */
async function systemPrefers(test: Mocha.Context, scheme: 'light' | 'dark'): Promise<void> {
  if (!(await systemColorScheme(scheme))) test.skip();
}

describe('theme', () => {
  afterEach(async () => {
    document.documentElement.style.colorScheme = '';
    await systemColorScheme(null);
  });

  it('is light by default, even when the system prefers dark', async function () {
    await systemPrefers(this, 'dark');
    expect(background(await checkout())).to.equal(LIGHT);
  });

  it('is dark with theme="dark", its content kept off the edge of its own background', async () => {
    const el = await checkout('dark');
    expect(background(el)).to.equal(DARK);
    expect(getComputedStyle(el).paddingTop).to.equal('20px');
    expect(getComputedStyle(await checkout()).paddingTop).to.equal('0px', 'light: none');
  });

  it('with theme="auto", follows the page: light on a page that only says light', async function () {
    await systemPrefers(this, 'dark');
    document.documentElement.style.colorScheme = 'light';
    expect(background(await checkout('auto'))).to.equal(LIGHT);
  });

  it('with theme="auto", on a page allowing both, follows the system as it changes', async function () {
    document.documentElement.style.colorScheme = 'light dark';
    const el = await checkout('auto');
    expect(background(el)).to.equal(LIGHT);
    await systemPrefers(this, 'dark');
    await waitUntil(() => el.getAttribute('data-scheme') === 'dark', 'it stayed light');
    expect(background(el)).to.equal(DARK);
  });
});

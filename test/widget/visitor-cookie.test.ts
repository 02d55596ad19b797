/**
 * The first-party visitor cookie at `data-collection="full"`: device data is collected more than
 * once a page (the session prepared before Pay, then Pay), and `cookie_old` stays the value the
 * page found, not one written a moment before by the same page.
 */
import { expect } from '@open-wc/testing';
import { collectDeviceData } from '../../widget/src/device-data.ts';

describe('the visitor cookie', () => {
  it('reports the value from before this visit however often data is collected', () => {
    const before = 'vid=returning&first=1700000000&last=1700000100';
    document.cookie = `acquiring_checkout=${encodeURIComponent(before)}; path=/`;
    const first = collectDeviceData('full', 'cookie-test');
    const second = collectDeviceData('full', 'cookie-test');
    expect(first.cookie_old).to.equal(before);
    expect(second.cookie_old, 'not the value the first collection wrote').to.equal(before);
    const fresh = new URLSearchParams(String(second.cookie_new));
    expect([fresh.get('vid'), fresh.get('first')]).to.deep.equal(['returning', '1700000000']);
    expect(document.cookie).to.contain('acquiring_checkout=');
  });
});

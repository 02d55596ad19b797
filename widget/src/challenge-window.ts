/**
 * The 3-D Secure challenge window the payment page's frame really has room for, as the EMV 3-D
 * Secure window-size code the companion sends the service (`challenge_window_size`): `01`
 * 250×400, `02` 390×400, `03` 500×600, `04` 600×400, `05` the full screen. The issuer's challenge
 * is drawn in that size inside the frame, so a code too large for the frame would be cut off.
 */
import type { ChallengeWindowSize } from './contract.ts';
import { PHONE } from './phone.ts';

/** The windows by code, the largest (by area) first: the first that fits is the one sent. */
const WINDOWS: readonly [ChallengeWindowSize, number, number][] = [
  ['03', 500, 600],
  ['04', 600, 400],
  ['02', 390, 400],
];

/**
 * The code for a frame of `width` × `height` CSS pixels: the largest window that fits in it; `05`
 * when the frame takes the whole screen (a phone); `01`, the smallest, when nothing larger fits.
 */
export function challengeWindowSize(
  width: number,
  height: number,
  fullScreen = false,
): ChallengeWindowSize {
  if (fullScreen) return '05';
  return WINDOWS.find(([, w, h]) => width >= w && height >= h)?.[0] ?? '01';
}

/**
 * `--acquiring-frame-height` as set on the element, in pixels: `560px`, or `40rem` at the root's
 * font size; anything else (unset, `60vh`, a `calc()`) counts as the default 560 px.
 */
export function frameHeight(height: string, rootFontSize = 16): number {
  const match = /^\s*([\d.]+)(px|rem)\s*$/.exec(height);
  const value = Number(match?.[1]);
  if (!match || !(value > 0)) return 560;
  return match[2] === 'rem' ? value * rootFontSize : value;
}

/**
 * The code for `element`'s frame, measured as the payment starts: the frame is as wide as the
 * element's content and `--acquiring-frame-height` high, or the whole screen at 480 px and below
 * (as the element's styles lay it out).
 */
export function challengeWindowOf(element: HTMLElement): ChallengeWindowSize {
  const style = getComputedStyle(element);
  const width =
    element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const root = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const height = frameHeight(style.getPropertyValue('--acquiring-frame-height'), root || 16);
  return challengeWindowSize(width, height, matchMedia(PHONE).matches);
}

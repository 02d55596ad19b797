/**
 * The layout matrix's invariants, measured in the page itself (any engine): bundled by
 * `probeScript` (probe-script.ts) and evaluated as a string, so it runs under the storefront's
 * strict CSP and through every driver. Each check answers what it found wrong, in words a
 * reader of a failed test can act on; an empty list is a pass.
 */

/** What the page knows of the combination it is checked in. */
export interface ProbeInput {
  /** The element's locale, which `lang` must carry. */
  locale: string;
  /** The locale is written right to left. */
  rtl: boolean;
}

/** Values of a fixed length: each must show whole in its input. */
const FIXED = ['card.number', 'card.expiry', 'card.security_code', 'payer.document'];
/** Inputs that read left to right whatever the locale: numbers, emails, dates, documents. */
const LEFT_TO_RIGHT = [...FIXED, 'email', 'phone'];
/** WCAG 2.5.8 (target size, minimum). */
const TARGET_PX = 24;
/** Rounding of layout to device pixels. */
const SLACK_PX = 1;

function host(): HTMLElement {
  const element = document.querySelector('acquiring-checkout');
  if (!(element instanceof HTMLElement) || !element.shadowRoot) throw new Error('no element');
  return element;
}

/**
 * Whether `el` is on screen: a box, not hidden, and not inside anything transparent (the payment
 * page loading out of sight before Pay is laid out in the element, invisible: page-ahead.ts).
 */
function shows(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const seen = el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  return r.width > 0 && r.height > 0 && seen;
}

/** A short name for an element of the shadow root, for the findings. */
function nameOf(el: Element): string {
  const part = el.getAttribute('part');
  const name = el.getAttribute('name');
  return `<${el.localName}${part ? ` part="${part}"` : ''}${name ? ` name="${name}"` : ''}>`;
}

function sideways(): string[] {
  const wide = document.documentElement.scrollWidth;
  const view = document.documentElement.clientWidth;
  return wide > view ? [`the page scrolls sideways: ${wide} px wide in ${view}`] : [];
}

function outsideHost(root: ShadowRoot, box: DOMRect): string[] {
  const found: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    if (!shows(el) || el.localName === 'option') continue;
    const r = el.getBoundingClientRect();
    const over = Math.max(box.left - r.left, r.right - box.right);
    if (over > SLACK_PX)
      found.push(`${nameOf(el)} lies ${Math.round(over)} px outside the element`);
  }
  return found;
}

/** The width `text` takes in `input`'s font (its value's, unless said). */
function textWidth(input: HTMLInputElement | HTMLSelectElement, text = input.value): number {
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return 0;
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return context.measureText(text).width;
}

/** Room a native select's arrow takes beside its text (the engines draw 16 to 20 px). */
const SELECT_ARROW_PX = 20;

/** A select whose chosen option's text is cut: the shopper cannot read what they chose. */
function cutChoices(root: ShadowRoot): string[] {
  const found: string[] = [];
  for (const select of root.querySelectorAll('select')) {
    const chosen = select.selectedOptions[0]?.textContent?.trim();
    if (!chosen || !shows(select)) continue;
    const style = getComputedStyle(select);
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const room = select.clientWidth - padding - SELECT_ARROW_PX;
    const need = textWidth(select, chosen);
    if (need > room + SLACK_PX)
      found.push(`"${chosen}" in ${nameOf(select)} needs ${Math.ceil(need)} px, has ${room}`);
  }
  return found;
}

function cutValues(root: ShadowRoot): string[] {
  const found: string[] = [];
  for (const input of root.querySelectorAll('input')) {
    if (!FIXED.includes(input.name) || !input.value || !shows(input)) continue;
    const style = getComputedStyle(input);
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const need = textWidth(input);
    if (need > room + SLACK_PX)
      found.push(`"${input.value}" in ${nameOf(input)} needs ${Math.ceil(need)} px, has ${room}`);
    // What sits over the input (the card's brand) keeps off the text's room.
    const r = input.getBoundingClientRect();
    const [start, end] = [
      r.left + parseFloat(style.paddingLeft),
      r.right - parseFloat(style.paddingRight),
    ];
    for (const badge of input.parentElement?.querySelectorAll('[part~="card-brand"]') ?? []) {
      const b = badge.getBoundingClientRect();
      const across = b.right > start + SLACK_PX && b.left < end - SLACK_PX;
      if (across && b.bottom > r.top + SLACK_PX && b.top < r.bottom - SLACK_PX)
        found.push(`the card's brand covers ${nameOf(input)}'s text`);
    }
  }
  return found;
}

function rightToLeft(root: ShadowRoot): string[] {
  const found: string[] = [];
  for (const input of root.querySelectorAll('input')) {
    if (!LEFT_TO_RIGHT.includes(input.name) || !shows(input)) continue;
    const style = getComputedStyle(input);
    if (style.direction !== 'ltr') found.push(`${nameOf(input)} reads ${style.direction}`);
    // Left to right, and aligned to the locale's side, as the labels are.
    const right = style.textAlign === 'right' || style.textAlign === 'end';
    if (!right)
      found.push(`${nameOf(input)} is aligned ${style.textAlign} in a right-to-left form`);
  }
  return found;
}

/** Text of `el` outside any isolation: \u2068…\u2069 runs and <bdi> elements. */
function unisolatedText(el: Element): string {
  let text = '';
  for (const node of el.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    else if (node instanceof Element && node.localName !== 'bdi') text += unisolatedText(node);
  }
  return text.replace(/\u2068[^\u2069]*\u2069/g, '');
}

/** An amount: digits with two decimals (the carts are in dollars and reais). */
const AMOUNT = /\d[.,٫]\d\d(?!\d)|[٠-٩][٫,.][٠-٩]{2}/;

function unisolatedAmounts(root: ShadowRoot): string[] {
  const found: string[] = [];
  const where = '[part~="pay-button"], [part~="amount"], [part~="result"] p, option';
  for (const el of root.querySelectorAll(where)) {
    const text = unisolatedText(el);
    if (AMOUNT.test(text))
      found.push(`the amount in ${nameOf(el)} is not isolated: "${text.trim()}"`);
  }
  return found;
}

function language(element: HTMLElement, input: ProbeInput): string[] {
  const lang = element.getAttribute('lang');
  return lang === input.locale ? [] : [`lang is ${JSON.stringify(lang)}, not "${input.locale}"`];
}

/** The focusable parts that show, as the shopper would reach them. */
function focusables(root: ShadowRoot): HTMLElement[] {
  const selector =
    'input:not([type="hidden"]), select, button, a[href], summary, [tabindex]:not([tabindex="-1"])';
  return [...root.querySelectorAll<HTMLElement>(selector)].filter(
    (el) => shows(el) && !(el as HTMLButtonElement).disabled,
  );
}

function smallTargets(root: ShadowRoot): string[] {
  const found: string[] = [];
  for (const el of focusables(root)) {
    // A radio or a checkbox is pressed by its label too: the label is its target.
    const label = el.closest('label');
    const check = el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox');
    const r = (check && label ? label : el).getBoundingClientRect();
    if (r.width < TARGET_PX - 0.5 || r.height < TARGET_PX - 0.5)
      found.push(`${nameOf(el)} is ${Math.round(r.width)}×${Math.round(r.height)} px`);
  }
  return found;
}

/** Every invariant but focus (focusIndicator, after each key press): what is wrong, if anything. */
export function check(input: ProbeInput): string[] {
  const element = host();
  const root = element.shadowRoot as ShadowRoot;
  return [
    ...sideways(),
    ...outsideHost(root, element.getBoundingClientRect()),
    ...cutValues(root),
    ...cutChoices(root),
    // Right to left, numbers and amounts need their own direction; left to right they have it.
    ...(input.rtl ? [...rightToLeft(root), ...unisolatedAmounts(root)] : []),
    ...language(element, input),
    ...smallTargets(root),
  ];
}

/** The widest mark of `style`: its outline, or a box shadow's spread. */
function markWidth(style: CSSStyleDeclaration): number {
  const outline = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth) || 0;
  // "rgb(…) 0px 0px 0px 3px, …": a shadow's fourth length is its spread (colours hold no px).
  const spreads = style.boxShadow
    .split(/,(?![^(]*\))/)
    .map((shadow) => parseFloat(shadow.match(/-?[\d.]+px/g)?.[3] ?? '0'));
  return Math.max(outline, ...spreads);
}

/**
 * The part that has the focus in the element, and the mark it shows: its own, or its label's or
 * method tile's (a radio's mark may be drawn around what it is pressed by). Null when the focus
 * is not in the element.
 */
export function focusIndicator(): { name: string; px: number } | null {
  const focused = host().shadowRoot?.activeElement;
  if (!(focused instanceof HTMLElement)) return null;
  const around = [focused, focused.closest('label'), focused.closest('[part~="saved-card"]')];
  const px = Math.max(...around.map((el) => (el ? markWidth(getComputedStyle(el)) : 0)));
  return { name: nameOf(focused), px };
}

/** Puts the focus on the element's first focusable part (the walk goes on from it by Tab). */
export function focusFirst(): number {
  const all = focusables(host().shadowRoot as ShadowRoot);
  all[0]?.focus();
  return all.length;
}

/**
 * The code that makes the preview's element, three ways: a script tag (the attributes in HTML,
 * the properties in a script), an ESM import (an element made in code) and React 19 (the tag in
 * TSX, typed by `acquiring-checkout/react`). Pure functions of the setup: the end-to-end test
 * pastes each into an empty page and compares the element it makes with the preview's.
 */
import { attributeOf, type ElementSetup } from './setup.ts';

/** Where the script-tag file is served, and its integrity. */
export interface ScriptSource {
  src: string;
  integrity: string;
}

export type SnippetKind = 'script' | 'esm' | 'react';

/** A JavaScript string literal, safe inside an HTML `<script>` (no `</script>` can close it). */
function quote(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/</g, '\\x3C');
  return `'${escaped}'`;
}

/** An object literal as Prettier would write it: on one line when it fits in `room`. */
function literal(value: Record<string, unknown>, indent: string, room = 80): string {
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));
  const item = (v: unknown, inner: string) =>
    typeof v === 'string' ? quote(v) : literal(v as Record<string, unknown>, inner, room);
  const entries = Object.entries(value);
  const inline = `{ ${entries.map(([name, v]) => `${key(name)}: ${item(v, indent)}`).join(', ')} }`;
  if (indent.length + inline.length <= room && !inline.includes('\n')) return inline;
  const inner = `${indent}  `;
  const lines = entries.map(([name, v]) => `${inner}${key(name)}: ${item(v, inner)},`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The properties set from code: the appearance and the prefilled shopper, when there are any. */
function codeProperties(setup: ElementSetup): [string, Record<string, unknown>][] {
  const set: [string, Record<string, unknown>][] = [];
  if (setup.appearance) set.push(['appearance', { ...setup.appearance }]);
  if (setup.shopper) set.push(['shopper', setup.shopper]);
  return set;
}

function scriptTag(setup: ElementSetup, source: ScriptSource): string {
  const attributes = setup.properties.map(
    ([property, value]) => `  ${attributeOf(property)}="${escapeAttribute(value)}"\n`,
  );
  const lines = [
    `<script defer src="${escapeAttribute(source.src)}"`,
    `        integrity="${escapeAttribute(source.integrity)}"`,
    `        crossorigin="anonymous"></script>`,
    `<acquiring-checkout\n${attributes.join('')}></acquiring-checkout>`,
  ];
  const code = codeProperties(setup);
  if (code.length > 0) {
    lines.push("<script>\n  const checkout = document.querySelector('acquiring-checkout');");
    for (const [name, value] of code) lines.push(`  checkout.${name} = ${literal(value, '  ')};`);
    lines.push('</script>');
  }
  return `${lines.join('\n')}\n`;
}

function esmImport(setup: ElementSetup): string {
  const properties = setup.properties.map(([property, value]) => `  ${property}: ${quote(value)},`);
  const code = codeProperties(setup).map(([name, value]) => `  ${name}: ${literal(value, '  ')},`);
  return [
    "import 'acquiring-checkout';",
    '',
    "const checkout = document.createElement('acquiring-checkout');",
    'Object.assign(checkout, {',
    ...properties,
    ...code,
    '});',
    'document.body.append(checkout);',
    '',
  ].join('\n');
}

function react(setup: ElementSetup): string {
  const text = (value: string) => (/["{}<>&]/.test(value) ? `{${quote(value)}}` : `"${value}"`);
  const props = [
    ...setup.properties.map(([property, value]) => `${attributeOf(property)}=${text(value)}`),
    ...codeProperties(setup).map(([name, value]) => `${name}={${literal(value, '      ')}}`),
  ];
  return [
    "import 'acquiring-checkout';",
    "import type {} from 'acquiring-checkout/react';",
    '',
    'export function Checkout() {',
    '  return (',
    '    <acquiring-checkout',
    ...props.map((prop) => `      ${prop}`),
    '    />',
    '  );',
    '}',
    '',
  ].join('\n');
}

/** The three snippets of `setup`. */
export function snippetsOf(setup: ElementSetup, source: ScriptSource): Record<SnippetKind, string> {
  return { script: scriptTag(setup, source), esm: esmImport(setup), react: react(setup) };
}

#!/usr/bin/env node
// The custom-elements manifest (custom-elements.json), for editors, Storybook and framework
// wrappers. `cem analyze` reads the class; this script then keeps only the public API, points the
// module at the file the package really ships, and fills each property's default from an element
// constructed by the built module itself, so the defaults cannot drift from the code.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

execFileSync(
  'npx',
  ['cem', 'analyze', '--litelement', '--globs', 'src/checkout-element.ts', '--outdir', '.'],
  {
    stdio: 'inherit',
  },
);
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
const { AcquiringCheckout, LOCALES } = await import(
  new URL('./dist/acquiring-checkout.esm.js', import.meta.url).href
);
const element = new AcquiringCheckout();

// The locales the built module speaks, named where `locale` is described, so the list cannot drift.
const withLocales = (item) =>
  item.name === 'locale'
    ? { ...item, description: `${item.description} Locales: ${LOCALES.join(', ')}.` }
    : item;

const isPublic = (member) =>
  !member.name.startsWith('_') &&
  !member.name.startsWith('#') &&
  member.privacy !== 'private' &&
  member.privacy !== 'protected';
const defaultOf = (name) => {
  const value = element[name];
  return value === undefined ? undefined : JSON.stringify(value);
};

const [module] = manifest.modules;
const declaration = module.declarations.find((d) => d.name === 'AcquiringCheckout');
declaration.members = declaration.members.filter(isPublic).map((member) => {
  if (member.kind !== 'field' || member.static) return member;
  const value = defaultOf(member.name);
  return withLocales(value === undefined ? member : { ...member, default: value });
});
declaration.attributes = (declaration.attributes ?? [])
  .filter((attribute) => !attribute.fieldName?.startsWith('_'))
  .map((attribute) => {
    const value = defaultOf(attribute.fieldName);
    return withLocales(value === undefined ? attribute : { ...attribute, default: value });
  });
// The analyzer also lists dispatchEvent calls it cannot name; the JSDoc @event tags name them all.
declaration.events = (declaration.events ?? []).filter((event) => event.name);

const shipped = 'dist/acquiring-checkout.esm.js';
manifest.modules = [
  {
    kind: 'javascript-module',
    path: shipped,
    declarations: [declaration],
    exports: [
      {
        kind: 'js',
        name: 'AcquiringCheckout',
        declaration: { name: 'AcquiringCheckout', module: shipped },
      },
      {
        kind: 'custom-element-definition',
        name: 'acquiring-checkout',
        declaration: { name: 'AcquiringCheckout', module: shipped },
      },
    ],
  },
];
writeFileSync('custom-elements.json', `${JSON.stringify(manifest, null, 2)}\n`);

/**
 * The framework typings as an app gets them: the packed widget installed into a fresh app with
 * React 19, Vue 3.5, TypeScript and vue-tsc. TSX and single-file components that use
 * `<acquiring-checkout>` rightly must compile, and each wrong use must be an error at that
 * attribute. No `skipLibCheck`, so the package's own declarations are checked too. Besides the
 * hand-written uses, every attribute and event of the shipped custom-elements.json is tried both
 * ways, so the typings cannot drift from the element.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npm, REPO } from './helpers.ts';

type Manifest = { modules: { declarations: Declaration[] }[] };
type Declaration = {
  tagName?: string;
  attributes: { name: string; fieldName: string }[];
  events: { name: string }[];
};
type Diagnostic = { file: string; line: number; column: number; text: string };
type Check = { code: number; errors: Diagnostic[]; output: string };

/** `--pretty false` output as diagnostics (`file` empty for a global one, e.g. a bad tsconfig). */
function errorsOf(output: string): Diagnostic[] {
  const errors: Diagnostic[] = [];
  for (const line of output.split('\n')) {
    const m = /^(?:(.+)\((\d+),(\d+)\): )?error (.*)$/.exec(line);
    if (m) errors.push({ file: m[1] ?? '', line: +(m[2] ?? 0), column: +(m[3] ?? 0), text: m[4]! });
    else if (line.startsWith(' ') && errors.length > 0) errors.at(-1)!.text += `\n${line}`;
  }
  return errors;
}

/** Runs `tsc` or `vue-tsc` on one of the app's tsconfigs; resolves with the result, never rejects. */
function typeCheck(app: string, bin: string, tsconfig: string, ...args: string[]) {
  const command = join(app, 'node_modules/.bin', bin);
  const argv = ['-p', tsconfig, '--pretty', 'false', ...args];
  return new Promise<Check>((resolve) =>
    execFile(command, argv, { cwd: app }, (e, out, err) =>
      resolve({
        code: e ? (typeof e.code === 'number' ? e.code : -1) : 0,
        errors: errorsOf(out),
        output: out + err,
      }),
    ),
  );
}

/** A file of wrong uses, one a line between `head` and `tail`, and each line's attribute. */
function wrongUses(head: string[], uses: [attribute: string, use: string][], tail: string[]) {
  const text = [...head, ...uses.map(([, use]) => use), ...tail, ''].join('\n');
  const attributes = new Map(uses.map(([attribute], i) => [head.length + 1 + i, attribute]));
  return { text, attributes };
}

/** The errors in `file`: one on each wrong line, each naming its attribute or pointing at it. */
function assertErrorsAt(app: string, { errors }: Check, file: string, wrong: Map<number, string>) {
  const source = readFileSync(join(app, file), 'utf8').split('\n');
  const inFile = errors.filter((e) => e.file === file);
  const lines = [...new Set(inFile.map((e) => e.line))].sort((a, b) => a - b);
  assert.deepEqual(lines, [...wrong.keys()]);
  for (const { line, column, text } of inFile) {
    const name = wrong.get(line)!;
    const at = source[line - 1]!.slice(column - 1);
    assert.ok(text.includes(name) || at.startsWith(name), `${file}:${line} ${name}: ${text}`);
  }
}

/**
 * No `skipLibCheck`: every package's declarations are checked, this one's first. Only TypeScript's
 * own lib files are skipped, which halves the time of each check.
 */
const compilerOptions = {
  skipDefaultLibCheck: true,
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  module: 'preserve',
  moduleResolution: 'bundler',
  strict: true,
  noEmit: true,
};

describe('the framework typings, installed into a fresh app', () => {
  const work = mkdtempSync(join(tmpdir(), 'acquiring-types-'));
  const app = join(work, 'app');
  let element: Declaration;
  let wrongTsx: Map<number, string>;
  let wrongVue: Map<number, string>;
  let react: Promise<Check>;
  let vue: Promise<Check>;
  let plain: Promise<Check>;
  const write = (file: string, text: string) => writeFileSync(join(app, file), text);
  const tsconfig = (file: string, options: object, include: string[]) =>
    write(file, JSON.stringify({ compilerOptions: { ...compilerOptions, ...options }, include }));

  before(() => {
    const [packed] = JSON.parse(
      npm(join(REPO, 'widget'), 'pack', '--json', '--ignore-scripts', '--pack-destination', work),
    ) as { filename: string }[];
    mkdirSync(app);
    write('package.json', '{ "name": "shop", "private": true, "type": "module" }');
    npm(
      app,
      'install',
      join(work, packed!.filename),
      'typescript@~6.0.3',
      '@types/react@19',
      'react@19',
      'vue@3.5',
      'vue-tsc@3',
    );
    const manifest = readFileSync(
      join(app, 'node_modules/acquiring-checkout/custom-elements.json'),
    );
    element = (JSON.parse(manifest.toString()) as Manifest).modules
      .flatMap((m) => m.declarations)
      .find((d) => d.tagName === 'acquiring-checkout')!;
    wrongTsx = writeReactFiles();
    wrongVue = writeVueFiles();
    tsconfig('tsconfig.plain.json', { types: [] }, ['plain.ts']);
    write(
      'plain.ts',
      `import { AcquiringCheckout, type CheckoutResultEvent } from 'acquiring-checkout';
const el = document.createElement('acquiring-checkout');
el.mode = 'card';
el.addEventListener('acquiring-result', (event: CheckoutResultEvent) => el.append(event.detail.status));
export const upgraded = el instanceof AcquiringCheckout;
`,
    );
    // Side by side; each test awaits its own.
    react = typeCheck(app, 'tsc', 'tsconfig.react.json');
    vue = typeCheck(app, 'vue-tsc', 'tsconfig.vue.json');
    plain = typeCheck(app, 'tsc', 'tsconfig.plain.json', '--listFiles');
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  /** React 19 TSX, opted in by `import type {} from 'acquiring-checkout/react'`. */
  function writeReactFiles() {
    const { attributes, events } = element;
    tsconfig('tsconfig.react.json', { jsx: 'react-jsx' }, ['*.tsx']);
    write(
      'right.tsx',
      `import { useState } from 'react';
import 'acquiring-checkout';
import type { AcquiringCheckout } from 'acquiring-checkout';
import type {} from 'acquiring-checkout/react';

export function Checkout({ companion }: { companion: string }) {
  const [status, setStatus] = useState('');
  return (
    <>
      <acquiring-checkout
        companion={companion}
        order-ref="poster.42"
        mode="card"
        data-collection="full"
        frame-timeout={15000}
        shopper={{ email: 'ada@example.com' }}
        className="checkout"
        onacquiring-result={(event) => setStatus(event.detail.status)}
      />
      <p>{status}</p>
    </>
  );
}

declare const el: AcquiringCheckout;
export const everyAttribute = [
${attributes.map((a) => `  <acquiring-checkout ${a.name}={el.${a.fieldName}} />,`).join('\n')}
];
export const everyEvent = [
${events.map((e) => `  <acquiring-checkout on${e.name}={(event: GlobalEventHandlersEventMap['${e.name}']) => event} />,`).join('\n')}
];
`,
    );
    const wrong = wrongUses(
      ["import type {} from 'acquiring-checkout/react';", 'declare const wrong: symbol;'],
      [
        ['mode', 'export const a = <acquiring-checkout mode="cash" />;'],
        ['frame-timeout', 'export const b = <acquiring-checkout frame-timeout={{}} />;'],
        ['data-collection', 'export const c = <acquiring-checkout data-collection={42} />;'],
        ...attributes.map(({ name }, i): [string, string] => [
          name,
          `export const d${i} = <acquiring-checkout ${name}={wrong} />;`,
        ]),
        ...events.map(({ name }, i): [string, string] => [
          `on${name}`,
          `export const e${i} = <acquiring-checkout on${name}={wrong} />;`,
        ]),
      ],
      [],
    );
    write('wrong.tsx', wrong.text);
    return wrong.attributes;
  }

  /** Vue 3.5 single-file components, opted in by tsconfig's `types`. */
  function writeVueFiles() {
    const { attributes, events } = element;
    tsconfig('tsconfig.vue.json', { types: ['acquiring-checkout/vue'] }, ['*.vue']);
    write(
      'Right.vue',
      `<script setup lang="ts">
import { ref } from 'vue';
import 'acquiring-checkout';
import type { AcquiringCheckout } from 'acquiring-checkout';

defineProps<{ companion: string }>();
const status = ref('');
const el = {} as AcquiringCheckout;
</script>

<template>
  <acquiring-checkout
    :companion="companion"
    order-ref="poster.42"
    mode="card"
    data-collection="full"
    :frame-timeout="15000"
    :shopper="{ email: 'ada@example.com' }"
    class="checkout"
    @acquiring-result="(event) => (status = event.detail.status)"
  />
  <p>{{ status }}</p>
${attributes.map((a) => `  <acquiring-checkout :${a.name}="el.${a.fieldName}" />`).join('\n')}
${events.map((e) => `  <acquiring-checkout @${e.name}="(event: GlobalEventHandlersEventMap['${e.name}']) => event" />`).join('\n')}
</template>
`,
    );
    const wrong = wrongUses(
      ['<script setup lang="ts">', 'const wrong = Symbol();', '</script>', '<template>'],
      [
        ['mode', '  <acquiring-checkout mode="cash" />'],
        ['frame-timeout', '  <acquiring-checkout :frame-timeout="{}" />'],
        ['data-collection', '  <acquiring-checkout :data-collection="42" />'],
        ['frame-timeout', '  <acquiring-checkout frame-timeout="15000" />'],
        ...attributes.map(({ name }): [string, string] => [
          name,
          `  <acquiring-checkout :${name}="wrong" />`,
        ]),
        ...events.map(({ name }): [string, string] => [
          name,
          `  <acquiring-checkout @${name}="wrong" />`,
        ]),
      ],
      ['</template>'],
    );
    write('Wrong.vue', wrong.text);
    return wrong.attributes;
  }

  it('finds the element in the shipped manifest, with its attributes and events', () => {
    assert.ok(element.attributes.length >= 12, 'attributes');
    assert.ok(element.events.length >= 7, 'events');
  });

  describe('acquiring-checkout/react, under tsc', () => {
    it('accepts the element as documented, and every attribute and event at its type', async () => {
      const { errors } = await react;
      assert.deepEqual(
        errors.filter((e) => e.file !== 'wrong.tsx'),
        [],
      );
    });

    it('reports each wrong attribute value or event handler, at that attribute', async () => {
      const check = await react;
      assert.notEqual(check.code, 0);
      assertErrorsAt(app, check, 'wrong.tsx', wrongTsx);
    });
  });

  describe('acquiring-checkout/vue, under vue-tsc', () => {
    it('accepts the element as documented, and every attribute and event at its type', async () => {
      const { errors } = await vue;
      assert.deepEqual(
        errors.filter((e) => e.file !== 'Wrong.vue'),
        [],
      );
    });

    it('reports each wrong attribute value or event handler, at that attribute', async () => {
      const check = await vue;
      assert.notEqual(check.code, 0);
      assertErrorsAt(app, check, 'Wrong.vue', wrongVue);
    });
  });

  it('type-checks a widget-only file with neither React nor Vue types loaded', async () => {
    const { code, output } = await plain;
    assert.equal(code, 0, output);
    const files = output.split('\n').filter((line) => line.startsWith('/'));
    assert.ok(files.some((f) => f.endsWith('/acquiring-checkout/dist/types/index.d.ts')));
    const frameworks = /\/node_modules\/(react|vue|@vue|@types\/react)\/|\/(react|vue)\.d\.ts$/;
    assert.deepEqual(
      files.filter((f) => frameworks.test(f)),
      [],
    );
  });
});

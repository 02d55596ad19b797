/**
 * The element's reference, generated from the widget's custom-elements.json (which the widget's
 * build makes from the class's JSDoc with `cem analyze --litelement`): its attributes and
 * properties with their types and defaults, methods, events, parts and CSS custom properties.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

interface Described {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
}
interface Member extends Described {
  kind: 'field' | 'method';
  privacy?: string;
  static?: boolean;
  attribute?: string;
  readonly?: boolean;
  parameters?: Described[];
  return?: { type?: { text: string } };
}
interface Declaration {
  tagName?: string;
  name: string;
  summary?: string;
  description?: string;
  attributes?: (Described & { fieldName?: string })[];
  members?: Member[];
  events?: Described[];
  cssParts?: Described[];
  cssProperties?: Described[];
  slots?: Described[];
}
interface Manifest {
  modules: { path: string; declarations?: Declaration[] }[];
}

export const MANIFEST = join(ROOT, 'widget', 'custom-elements.json');

/** A table cell: one line, pipes escaped. */
const cell = (text: string | undefined) =>
  (text ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|') || ' ';
const code = (text: string | undefined) => (text ? `\`${text.replace(/\|/g, '\\|')}\`` : ' ');

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The `<acquiring-checkout>` declaration of the manifest. */
export function elementDeclaration(manifest: Manifest = readManifest()): Declaration {
  const element = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .find((declaration) => declaration.tagName === 'acquiring-checkout');
  if (!element) throw new Error(`${MANIFEST} declares no <acquiring-checkout>`);
  return element;
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

function properties(element: Declaration): string {
  const fields = (element.members ?? []).filter(
    (m) => m.kind === 'field' && m.privacy !== 'private' && m.privacy !== 'protected' && !m.static,
  );
  const rows = fields.map((field) => {
    const name = !field.attribute
      ? `${code(field.name)} (property only)`
      : field.attribute === field.name
        ? code(field.name)
        : `${code(field.attribute)} / ${code(field.name)}`;
    return [name, code(field.type?.text), code(field.default), cell(field.description)];
  });
  return table(['attribute / property', 'type', 'default', 'description'], rows);
}

function methods(element: Declaration): string {
  const rows = (element.members ?? [])
    .filter((m) => m.kind === 'method' && m.privacy !== 'private' && m.privacy !== 'protected')
    .map((method) => {
      const parameters = (method.parameters ?? [])
        .map((p) => `${p.name}: ${p.type?.text ?? 'unknown'}`)
        .join(', ');
      const returns = method.return?.type?.text ?? 'void';
      return [code(`${method.name}(${parameters}): ${returns}`), cell(method.description)];
    });
  return table(['method', 'description'], rows);
}

const described = (items: Described[] | undefined, head: string) =>
  table(
    [head, 'description'],
    (items ?? []).map((item) => [code(item.name), cell(item.description)]),
  );

/** The reference as Markdown: a section per kind, each a table. */
export function elementReference(): string {
  const element = elementDeclaration();
  const sections = [
    `## Attributes and properties\n\n${properties(element)}`,
    `## Methods\n\n${methods(element)}`,
    `## Events\n\nEach bubbles and is composed; \`GlobalEventHandlersEventMap\` types its \`detail\`.\n\n${described(element.events, 'event')}`,
    `## CSS parts\n\nFor \`::part()\`.\n\n${described(element.cssParts, 'part')}`,
    `## CSS custom properties\n\n${described(element.cssProperties, 'property')}`,
  ];
  if (element.slots?.length) sections.push(`## Slots\n\n${described(element.slots, 'slot')}`);
  const summary = element.summary ? `${element.summary}\n\n` : '';
  return `${summary}${sections.join('\n\n')}\n`;
}

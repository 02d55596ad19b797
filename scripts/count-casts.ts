/**
 * Counts the type casts in the packages' sources (`server/**` and `widget/src/**`, tests and
 * builds aside): every `x as T` and `<T>x` the TypeScript compiler parses, except `as const`,
 * which asserts nothing. A cast is a place where the types stopped carrying the facts; the count
 * is watched so seams stay typed (test/server/casts.test.ts holds the ceiling).
 *
 * `node --import tsx scripts/count-casts.ts` prints `{ "casts": n, "files": { path: n } }`;
 * `--list` prints each cast's place and text instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The packages' source folders. */
const FOLDERS = ['server', 'widget/src'];
/** Folders inside them that are not source: builds and installed packages. */
const SKIPPED = /(^|\/)(dist|node_modules)(\/|$)/;

export interface Cast {
  file: string;
  line: number;
  text: string;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !SKIPPED.test(path))
    .sort();
}

function isAsConst(node: ts.AsExpression | ts.TypeAssertion): boolean {
  const type = node.type;
  return (
    ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const'
  );
}

/** The casts in one file's text. */
export function castsIn(file: string, text: string): Cast[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const casts: Cast[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isAsConst(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      casts.push({ file, line: line + 1, text: node.getText(source).replace(/\s+/g, ' ') });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return casts;
}

/** Every cast in the packages' sources. */
export function packageCasts(): Cast[] {
  return FOLDERS.flatMap(sourceFiles).flatMap((file) =>
    castsIn(file, readFileSync(join(ROOT, file), 'utf8')),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const casts = packageCasts();
  if (process.argv.includes('--list')) {
    for (const cast of casts) console.log(`${cast.file}:${cast.line}  ${cast.text.slice(0, 120)}`);
  } else {
    const files: Record<string, number> = {};
    for (const cast of casts) files[cast.file] = (files[cast.file] ?? 0) + 1;
    console.log(JSON.stringify({ casts: casts.length, files }, null, 2));
  }
}

#!/usr/bin/env node
/**
 * How straight a session request reads in the companion's sources (issue 34), counted without
 * running it: from the route's handler (`POST /api/checkout-sessions`, http/routes/widget.ts) to
 * its answer, following every call that passes the request's context on (an argument typed
 * `Context` or `EdgeContext`) into the function it calls, in source order and down every branch,
 * callbacks where they are passed. Calls that do not pass the context (the store's methods, the
 * gateway client, pure helpers) are what the path uses, not steps of it, and are not followed.
 *
 * Each function is read once: a second call of one already read enters its file and comes back,
 * without reading it again. A file is "entered" when a call crosses into it, "come back to" when a
 * call returns into it from another; re-entries are entries of a file after its first.
 *
 * Prints JSON (`node --import tsx scripts/session-path-static.ts`; `--sequence` adds the walk).
 */
import ts from 'typescript';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { counted } from './path-count.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const COMPANION = join(ROOT, 'server', 'companion');
const ROUTE_FILE = join(COMPANION, 'http', 'routes', 'widget.ts');
const CONTEXT_TYPES = new Set(['Context', 'EdgeContext']);

const config = ts.getParsedCommandLineOfConfigFile(
  join(ROOT, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
);
if (!config) throw new Error('tsconfig.json could not be read');
const program = ts.createProgram([ROUTE_FILE], config.options);
const checker = program.getTypeChecker();

type FunctionLike = ts.FunctionLikeDeclaration;

/** The route's handler: the function `start` hands to `scoped`, whose first parameter is the context. */
function routeHandler(): FunctionLike {
  const source = program.getSourceFile(ROUTE_FILE);
  let found: FunctionLike | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'start') {
      const inner = (n: ts.Node): void => {
        if (
          !found &&
          ts.isArrowFunction(n) &&
          n.parameters.length === 3 &&
          isContext(n.parameters[0]!)
        )
          found = n;
        else ts.forEachChild(n, inner);
      };
      inner(node);
    } else ts.forEachChild(node, visit);
  };
  if (source) visit(source);
  if (!found) throw new Error('the route handler of the session routes was not found in widget.ts');
  return found;
}

function isContext(node: ts.Node): boolean {
  const type = checker.getTypeAtLocation(node);
  const name = (type.aliasSymbol ?? type.getSymbol())?.getName();
  return name !== undefined && CONTEXT_TYPES.has(name);
}

/** The declaration a call runs, when it is a function of the companion's sources. */
function callee(call: ts.CallExpression): FunctionLike | undefined {
  let symbol = checker.getSymbolAtLocation(
    ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression,
  );
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  for (const declaration of symbol?.declarations ?? []) {
    if (!declaration.getSourceFile().fileName.startsWith(COMPANION)) continue;
    if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration))
      return declaration.body ? declaration : undefined;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
      const init = declaration.initializer;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
  }
  return undefined;
}

const fileOf = (node: ts.Node) => relative(COMPANION, node.getSourceFile().fileName);
const sequence: string[] = [];
const calls: string[] = [];
const read = new Set<FunctionLike>();
const at = (file: string) => sequence.at(-1) !== file && sequence.push(file);

function walk(fn: FunctionLike): void {
  read.add(fn);
  const here = fileOf(fn);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.some(isContext)) {
      // Its arguments first (a callback given the context is read where it is passed), then the call.
      node.arguments.forEach(visit);
      const target = callee(node);
      if (target) {
        const there = fileOf(target);
        if (there !== here) calls.push(there);
        at(there);
        if (!read.has(target)) walk(target);
        at(here);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
}

const handler = routeHandler();
at(fileOf(handler));
calls.push(fileOf(handler));
walk(handler);
const report = {
  from: 'POST /api/checkout-sessions: the route handler in http/routes/widget.ts',
  functions_read: read.size,
  by_calls: counted(calls),
  by_calls_and_returns: counted(sequence),
  ...(process.argv.includes('--sequence') ? { sequence } : {}),
};
console.log(JSON.stringify(report, null, 2));

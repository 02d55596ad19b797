/**
 * The server package's API reference, generated from its TSDoc with the TypeScript compiler's
 * own API (what TypeDoc reads, without TypeDoc: its JSON of these three entry points is 3.7 MB and
 * took 10 s here, this takes about 2 s). Every export of each entry point, grouped by the module
 * that declares it (whose leading comment introduces the group), with its declaration as written,
 * its documentation and, for interfaces and classes, each public member's.
 */
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT, repositoryUrl } from './paths.ts';

/** The package's entry points: `acquiring-checkout-server/<name>`. */
export const ENTRY_POINTS = {
  companion: 'server/companion/index.ts',
  gateway: 'server/gateway/index.ts',
  sandbox: 'server/sandbox/index.ts',
} as const;
export type EntryPoint = keyof typeof ENTRY_POINTS;

/** A declaration is shown up to this many lines, then the source is linked. */
const MAX_LINES = 30;

/**
 * One program over the three entry points and what they import from the package itself. Neither
 * the standard library nor other packages are loaded (only the package's own declarations are
 * shown, as written), which keeps it to about a second.
 */
export function apiProgram(): ts.Program {
  const configFile = join(ROOT, 'server', 'tsconfig.build.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  const options = { ...config?.options, noEmit: true, noLib: true, types: [] };
  const host = ts.createCompilerHost(options);
  host.resolveModuleNameLiterals = (literals, containing) =>
    literals.map((literal) =>
      literal.text.startsWith('.')
        ? ts.resolveModuleName(literal.text, containing, options, host)
        : { resolvedModule: undefined },
    );
  const rootNames = Object.values(ENTRY_POINTS).map((path) => join(ROOT, path));
  return ts.createProgram({ rootNames, options, host });
}

/** TSDoc as Markdown: `{@link X}` becomes `X` in code. */
function docText(parts: ts.SymbolDisplayPart[]): string {
  return ts
    .displayPartsToString(parts)
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)(?:[\s|]+([^}]*))?\}/g, (_m, name, text) =>
      text ? `${text} (\`${name}\`)` : `\`${name}\``,
    );
}

function tagsText(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  return symbol
    .getJsDocTags(checker)
    .map((tag) => {
      const text = docText(tag.text ?? []);
      if (tag.name === 'example') return `**Example**\n\n\`\`\`ts\n${text.trim()}\n\`\`\``;
      if (tag.name === 'param') return `- parameter ${text.replace(/^(\S+)\s*-?\s*/, '`$1`: ')}`;
      if (tag.name === 'returns') return `- returns ${text}`;
      return `- @${tag.name} ${text}`;
    })
    .join('\n\n');
}

/** The declaration as written, without `export`, a function's body or a long tail. */
function declarationText(node: ts.Declaration): string {
  const source = node.getSourceFile();
  let start = node.getStart(source);
  let end = node.getEnd();
  if (ts.isVariableDeclaration(node)) start = node.parent.getStart(source);
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.body)
    end = node.body.getStart(source);
  if (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) {
    end = node.members.pos;
  }
  let text = source.text.slice(start, end).trim();
  if (ts.isVariableDeclaration(node)) text = text.replace(/;$/, '');
  text = text
    .replace(/^export\s+(default\s+)?/, '')
    .replace(/\{$/, '')
    .trim();
  const lines = text.split('\n');
  if (lines.length <= MAX_LINES) return text;
  return `${lines.slice(0, MAX_LINES).join('\n')}\n// … ${lines.length - MAX_LINES} more lines: see the source`;
}

const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|') || ' ';
const inlineCode = (text: string) => `\`${text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|')}\``;

function isPublicMember(member: ts.ClassElement | ts.TypeElement): boolean {
  if (ts.isConstructorDeclaration(member)) return true;
  if (!member.name || ts.isPrivateIdentifier(member.name)) return false;
  const flags = ts.getCombinedModifierFlags(member as ts.Declaration);
  return !(flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected));
}

/** Each public member of an interface or class: its name, its type or signature, its doc. */
function membersTable(
  node: ts.InterfaceDeclaration | ts.ClassDeclaration,
  checker: ts.TypeChecker,
): string {
  const source = node.getSourceFile();
  const rows = (node.members as ts.NodeArray<ts.ClassElement | ts.TypeElement>)
    .filter(isPublicMember)
    .map((member) => {
      const symbol = member.name ? checker.getSymbolAtLocation(member.name) : undefined;
      const doc = symbol ? docText(symbol.getDocumentationComment(checker)) : '';
      const body = 'body' in member ? (member.body as ts.Node | undefined) : undefined;
      const end = body ? body.getStart(source) : member.getEnd();
      const text = source.text.slice(member.getStart(source), end).trim().replace(/[;,]$/, '');
      return `| ${inlineCode(text)} | ${cell(doc)} |`;
    });
  return rows.length ? `| member | description |\n| --- | --- |\n${rows.join('\n')}` : '';
}

function sourceLink(node: ts.Node): string {
  const source = node.getSourceFile();
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const path = relative(join(ROOT, 'server'), source.fileName);
  return `[${path}:${line}](${repositoryUrl(source.fileName)}#L${line})`;
}

/** One export: a heading, its declarations, documentation, members and source. */
function exportSection(name: string, symbol: ts.Symbol, checker: ts.TypeChecker): string {
  const declarations = (symbol.declarations ?? []).filter((d) => !ts.isExportSpecifier(d));
  const parts = [`### \`${name}\``];
  parts.push(`\`\`\`ts\n${declarations.map(declarationText).join('\n\n')}\n\`\`\``);
  const doc = docText(symbol.getDocumentationComment(checker));
  if (doc) parts.push(doc);
  const tags = tagsText(symbol, checker);
  if (tags) parts.push(tags);
  for (const declaration of declarations)
    if (ts.isInterfaceDeclaration(declaration) || ts.isClassDeclaration(declaration)) {
      const members = membersTable(declaration, checker);
      if (members) parts.push(members);
    }
  if (declarations[0]) parts.push(`Source: ${sourceLink(declarations[0])}`);
  return parts.join('\n\n');
}

/** A module's leading comment, the introduction of its group of exports. */
function moduleComment(file: ts.SourceFile): string {
  const first = file.statements[0];
  const ranges = first ? (ts.getLeadingCommentRanges(file.text, first.getFullStart()) ?? []) : [];
  const block = ranges.find((range) => file.text.startsWith('/**', range.pos));
  if (!block) return '';
  return file.text
    .slice(block.pos + 3, block.end - 2)
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim();
}

/** The reference of one entry point, as Markdown: a section per declaring module. */
export function apiReference(program: ts.Program, entry: EntryPoint): string {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(join(ROOT, ENTRY_POINTS[entry]));
  const module = file && checker.getSymbolAtLocation(file);
  if (!module) throw new Error(`no module at ${ENTRY_POINTS[entry]}`);
  const groups = new Map<ts.SourceFile, string[]>();
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declared = symbol.declarations?.find((d) => !ts.isExportSpecifier(d));
    if (!declared) continue;
    const group = groups.get(declared.getSourceFile()) ?? [];
    group.push(exportSection(exported.name, symbol, checker));
    groups.set(declared.getSourceFile(), group);
  }
  const packageDir = dirname(dirname(join(ROOT, ENTRY_POINTS[entry])));
  return [...groups]
    .map(([source, sections]) => {
      const path = relative(packageDir, source.fileName);
      const intro = moduleComment(source);
      return [`## \`${path}\``, intro, ...sections].filter(Boolean).join('\n\n');
    })
    .join('\n\n');
}

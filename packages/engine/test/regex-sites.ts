/**
 * Finds the regular expressions of the engine's source for the ReDoS test (src/redos.test.ts): literals through the
 * TypeScript parser, patterns built with `new RegExp(…)` by importing the modules and recording what they build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

export interface Pattern {
  source: string;
  flags: string;
  /** `src/…/file.ts:line`, relative to the package. */
  site: string;
}

/** The engine's own modules: every .ts under src except tests. */
function sourceFiles(srcDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  walk(srcDir);
  return files.sort();
}

const siteOf = (srcDir: string, file: string, sourceFile: ts.SourceFile, node: ts.Node) =>
  `${relative(join(srcDir, '..'), file)}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`;

/**
 * Every regex literal (with its flags), and the sites of every `RegExp(…)` / `new RegExp(…)` call. A call whose
 * pattern is a plain string literal is read here as well; the others are built at run time.
 */
export interface DynamicSite {
  /** `src/…/file.ts:line`, as importCapturingRegExps names the line that built a pattern. */
  site: string;
  file: string;
  /** The call as written: `new RegExp(…)`. */
  call: string;
}

export function collectRegexSites(srcDir: string): { patterns: Pattern[]; dynamicSites: DynamicSite[] } {
  const patterns: Pattern[] = [];
  const dynamicSites: DynamicSite[] = [];
  for (const file of sourceFiles(srcDir)) {
    const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(sourceFile);
        const end = text.lastIndexOf('/');
        patterns.push({
          source: text.slice(1, end),
          flags: text.slice(end + 1),
          site: siteOf(srcDir, file, sourceFile, node),
        });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        const [source, flags] = node.arguments ?? [];
        const isLiteral = (n: ts.Node | undefined) =>
          n === undefined || ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);
        if (source && isLiteral(source) && isLiteral(flags)) {
          patterns.push({
            source: (source as ts.StringLiteral).text,
            flags: flags ? (flags as ts.StringLiteral).text : '',
            site: siteOf(srcDir, file, sourceFile, node),
          });
        } else {
          const site = siteOf(srcDir, file, sourceFile, node);
          dynamicSites.push({ site, file: site.replace(/:\d+$/, ''), call: node.getText(sourceFile) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return { patterns, dynamicSites };
}

/**
 * Imports every module of the engine with the global RegExp wrapped, and returns each pattern built while they load
 * (module-level constants built from lists) or during `warmUp`, with the line that built it (vitest maps stack
 * traces to the source).
 */
export async function importCapturingRegExps(
  srcDir: string,
  warmUp?: () => Promise<void>,
): Promise<Pattern[]> {
  const root = join(srcDir, '..');
  const built: Pattern[] = [];
  const Original = globalThis.RegExp;
  const here = fileURLToPath(import.meta.url);
  const record = (regex: RegExp) => {
    // The first frame outside this file built the pattern: the engine's own line, or a library's (zod's and
    // libphonenumber's patterns, built while the engine imports them, are theirs and not read here).
    const frame = (new Error().stack ?? '')
      .split('\n')
      .map((line) => /\((.*):(\d+):\d+\)$|at (.*):(\d+):\d+$/.exec(line))
      .find((m) => m && (m[1] ?? m[3]) !== here);
    const path = frame?.[1] ?? frame?.[3];
    if (!path?.startsWith(srcDir) || path.endsWith('.test.ts')) return;
    built.push({
      source: regex.source,
      flags: regex.flags,
      site: `${relative(root, path)}:${frame?.[2] ?? frame?.[4]}`,
    });
  };
  globalThis.RegExp = new Proxy(Original, {
    construct(target, args, newTarget) {
      const regex = Reflect.construct(target, args, newTarget) as RegExp;
      record(regex);
      return regex;
    },
    apply(target, thisArg, args) {
      const regex = Reflect.apply(target, thisArg, args) as RegExp;
      record(regex);
      return regex;
    },
  });
  try {
    for (const file of sourceFiles(srcDir)) await import(pathToFileURL(file).href);
    await warmUp?.();
  } finally {
    globalThis.RegExp = Original;
  }
  return built;
}

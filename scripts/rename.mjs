// Renames a declaration and every reference to it across the project with TypeScript's
// language service (the editor's "Rename Symbol"), so that a rename can be re-run after a
// merge brings in new uses. .astro files are not seen: it prints any left there.
//
//   node scripts/rename.mjs <file> <old name> <new name> [<line>]
//
// The declaration is the first `old name` declared in <file> (or the one on <line>).
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';

const [file, from, to, lineArg] = process.argv.slice(2);
if (!file || !from || !to) {
  console.error('usage: node scripts/rename.mjs <file> <old name> <new name> [<line>]');
  process.exit(2);
}
const root = process.cwd();
const parsed = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => console.error(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  },
);
const names = parsed.fileNames.filter((f) => /\.(ts|mts|mjs|js)$/.test(f) && !f.includes('/node_modules/'));
const host = {
  getScriptFileNames: () => names,
  getScriptVersion: () => '1',
  getScriptSnapshot: (f) => (ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f)) : undefined),
  getCurrentDirectory: () => root,
  getCompilationSettings: () => parsed.options,
  getDefaultLibFileName: ts.getDefaultLibFilePath,
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
};
const service = ts.createLanguageService(host);
const target = path.resolve(file);
const source = service.getProgram().getSourceFile(target);
if (!source) throw new Error(`${file} is not part of the project`);

/** The declaration's name node: a class member, a variable, a function or a parameter. */
let at;
const find = (node) => {
  if (at) return;
  const name = node.name;
  if (
    name &&
    ts.isIdentifier(name) &&
    name.text === from &&
    (ts.isClassElement(node) || ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node))
  ) {
    const line = source.getLineAndCharacterOfPosition(name.getStart()).line + 1;
    if (!lineArg || Number(lineArg) === line) at = name.getStart();
  }
  ts.forEachChild(node, find);
};
find(source);
if (at === undefined) throw new Error(`no declaration of ${from} in ${file}`);

const locations =
  service.findRenameLocations(target, at, false, false, { providePrefixAndSuffixTextForRename: true }) ?? [];
const byFile = new Map();
for (const l of locations) byFile.set(l.fileName, [...(byFile.get(l.fileName) ?? []), l]);
for (const [name, spans] of byFile) {
  let text = readFileSync(name, 'utf8');
  // From the end, so that each edit leaves the earlier offsets as they were.
  for (const l of [...spans].sort((a, b) => b.textSpan.start - a.textSpan.start)) {
    const { start, length } = l.textSpan;
    text = text.slice(0, start) + (l.prefixText ?? '') + to + (l.suffixText ?? '') + text.slice(start + length);
  }
  writeFileSync(name, text);
  console.log(`${path.relative(root, name)}: ${spans.length}`);
}
// The language service does not read .astro files: say where the old name might still be used.
try {
  const astro = execFileSync('git', ['grep', '-n', '-E', '-e', `\\.${from}\\b`, '--', '*.astro'], { encoding: 'utf8' });
  console.log(`check by hand in .astro files:\n${astro.trim()}`);
} catch {
  // git grep exits 1 when nothing matches.
}

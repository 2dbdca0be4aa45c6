// /mesura.js's shortened properties (SDK_INTERNAL_PROPERTIES in packages/sdk/bundle-options.mjs) are
// its own wiring's. terser renames them throughout /mesura.js, so a name read from outside the
// bundle, or by the bundle itself through a string, would break without a word. Each name must be
// used as a property by the bundle's own modules (its esbuild module graph) and:
// 1. be written in no string or template literal of those modules: a data-element path, a computed
//    key, a quoted key or a JSON field keeps its text while the property is renamed;
// 2. be used as a property (or written in a string) by none of the code that meets the bundle in the
//    page without being bundled with it: the other bundles' own modules, the site (apps/site/src) and
//    the consent manager (packages/consent/src);
// 3. be no property of what the bundle shares with the page by name (BOUNDARY_TYPES: window.mesura,
//    mesuraConfig, the data layer, the snippet's queue, the CMP's answer), however deep;
// 4. be no DOM or ECMAScript name, which terser would leave as it is anyway, nor a browser property
//    TypeScript's types lack (UNTYPED_BROWSER_NAMES).
// Prints one line per finding and fails; silent and 0 when there is none.
// Usage: node scripts/lint/sdk-bundle-properties.mjs   (part of npm run lint)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SDK_INTERNAL_PROPERTIES } from '@mesura/sdk/bundle-options';
import { bundleModules } from '@mesura/sdk/bundle-modules';
import ts from 'typescript';
import { BROWSER_TYPES } from './media-bundle-properties.mjs';

/** The bundle whose properties are shortened. */
export const SDK_BUNDLE = 'dist/mesura.js';
/** Code of the page that no bundle holds: the site and the consent manager it runs. */
export const PAGE_SOURCES = ['apps/site/src', 'packages/consent/src'];
/** What /mesura.js and the page read of each other by name: [file, exported type]. */
export const BOUNDARY_TYPES = [
  ['packages/sdk/src/mesura-global.ts', 'MesuraGlobal'],
  ['packages/sdk/src/start.ts', 'MesuraConfig'],
  ['packages/sdk/src/command-queue.ts', 'SnippetQueue'],
  ['packages/sdk/src/tcf-consent.ts', 'TcData'],
  ['packages/datalayer/src/data-layer.ts', 'MesuraData'],
];

/** What the bundle reads of the browser that TypeScript's DOM types lack: IE's `document.documentMode` (§5). */
export const UNTYPED_BROWSER_NAMES = ['documentMode'];

const LEFT_OUT = /[/\\](node_modules|dist|test)[/\\]/;
const isSource = (file) => /\.tsx?$/.test(file) && !LEFT_OUT.test(`${path.sep}${file}`);

/** `x.name`, `name:`/`name?:` (a key or a declaration), `'name'` and `name(` (a method), as the media lint reads them. */
const asProperty = (name) => new RegExp(`\\.${name}\\b|\\b${name}\\??:|['"\`]${name}['"\`]|\\b${name}\\(`);
/**
 * The texts of a TypeScript source's string and template literals that reach the JavaScript: not
 * those of types (`Pick<T, 'name'>`), nor imports' and exports' sources.
 */
export function runtimeStrings(text) {
  const texts = [];
  const visit = (node) => {
    if (ts.isTypeNode(node) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('source.ts', text, ts.ScriptTarget.Latest, true));
  return texts;
}
const asWord = (name) => new RegExp(`(^|[^\\w$])${name}($|[^\\w$])`);

/**
 * The findings for `properties`: `{ name, problem }`, with `file` where one file is the reason.
 * `own` are the bundle's modules, `beside` the code that meets it in the page, `browser` the DOM
 * and ECMAScript types (each `{ file, text }`), `boundary` the names of BOUNDARY_TYPES.
 */
export function propertyFindings({ own, beside, browser, boundary }, properties) {
  const found = [];
  const strings = own.map(({ file, text }) => ({ file, texts: runtimeStrings(text) }));
  for (const name of properties) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) {
      found.push({ name, problem: 'is not a property name' });
      continue;
    }
    if (!own.some(({ text }) => asProperty(name).test(text))) found.push({ name, problem: 'is not used as a property by the bundle' });
    for (const { file, texts } of strings) if (texts.some((text) => asWord(name).test(text))) found.push({ name, problem: 'is written in a string by', file });
    for (const { file, text } of [...beside, ...browser]) if (asProperty(name).test(text)) found.push({ name, problem: 'is used as a property by', file });
    if (boundary.has(name)) found.push({ name, problem: 'is shared with the page (BOUNDARY_TYPES)' });
    if (UNTYPED_BROWSER_NAMES.includes(name)) found.push({ name, problem: 'is read from the browser (UNTYPED_BROWSER_NAMES)' });
  }
  return found;
}

/** /mesura.js's modules (`own`) and those of the other bundles that it does not hold (`beside`), relative to `root`. */
export async function moduleGraphs(root) {
  const graphs = await bundleModules(root);
  const own = new Set(graphs.find(({ file }) => file === SDK_BUNDLE)?.modules.filter(isSource));
  const beside = new Set(graphs.flatMap(({ modules }) => modules.filter(isSource)).filter((module) => !own.has(module)));
  return { own: [...own], beside: [...beside] };
}

/** Every property name reachable from BOUNDARY_TYPES: members, their types, parameters and results, type arguments. */
export function boundaryNames(root, types = BOUNDARY_TYPES) {
  const files = types.map(([file]) => path.join(root, file));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: ['mesura-source'],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const names = new Set();
  const seen = new Set();
  const visit = (type) => {
    if (seen.has(type)) return;
    seen.add(type);
    if (type.isUnionOrIntersection()) return type.types.forEach(visit);
    for (const property of checker.getPropertiesOfType(type)) {
      // The browser's and ECMAScript's own members (an array's, a promise's) are not the bundle's.
      if (property.declarations?.some((declaration) => declaration.getSourceFile().hasNoDefaultLib)) continue;
      names.add(property.name);
      visit(checker.getTypeOfSymbol(property));
    }
    for (const signature of type.getCallSignatures()) {
      for (const parameter of signature.getParameters()) visit(checker.getTypeOfSymbol(parameter));
      visit(signature.getReturnType());
    }
    for (const info of checker.getIndexInfosOfType(type)) visit(info.type);
    if (type.flags & ts.TypeFlags.Object && type.objectFlags & ts.ObjectFlags.Reference) checker.getTypeArguments(type).forEach(visit);
  };
  for (const [file, typeName] of types) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(path.join(root, file)));
    const symbol = module && checker.getExportsOfModule(module).find((exported) => exported.name === typeName);
    if (!symbol) throw new Error(`${file} exports no ${typeName}`);
    visit(checker.getDeclaredTypeOfSymbol(symbol));
  }
  return names;
}

/** Each .ts/.tsx file under `dir` (relative to `root`), tests and builds left out. */
function sourcesUnder(root, dir) {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter(isSource);
}

const read = (root) => (file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') });

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const { own, beside } = await moduleGraphs(root);
  const page = PAGE_SOURCES.flatMap((dir) => sourcesUnder(root, dir)).filter((file) => !own.includes(file) && !beside.includes(file));
  const found = propertyFindings(
    { own: own.map(read(root)), beside: [...beside, ...page].map(read(root)), browser: BROWSER_TYPES.map(read(root)), boundary: boundaryNames(root) },
    SDK_INTERNAL_PROPERTIES,
  );
  for (const { name, problem, file } of found)
    console.error(`/mesura.js property '${name}' ${problem}${file ? ` ${file}` : ''}: terser renames it in /mesura.js (packages/sdk/bundle-options.mjs SDK_INTERNAL_PROPERTIES)`);
  process.exitCode = found.length > 0 ? 1 : 0;
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types (npm run lint runs it).
import { boundaryNames, propertyFindings, runtimeStrings } from '../../lint/sdk-bundle-properties.mjs';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The bundle's own modules: options handed from one package to another. */
const OWN = [
  { file: 'packages/tags/src/runtime.ts', text: 'export function start(options: { services: Services; flushEvery?: number }) { return options.services.run(); }' },
  { file: 'packages/sdk/src/start.ts', text: "start({ services, flushEvery: 5 }); const label = 'services started';" },
];
const context = (overrides: object = {}) => ({ own: OWN, beside: [], browser: [], boundary: new Set<string>(), ...overrides });

describe('scripts/lint/sdk-bundle-properties.mjs', () => {
  it("finds nothing for a property the bundle's modules pass only among themselves", () => {
    expect(propertyFindings(context(), ['flushEvery'])).toEqual([]);
  });

  it('finds a name written in a string of the bundle, which a path or a computed key would read', () => {
    expect(propertyFindings(context(), ['services'])).toEqual([{ name: 'services', problem: 'is written in a string by', file: 'packages/sdk/src/start.ts' }]);
  });

  it('finds a name the bundle does not use as a property', () => {
    expect(propertyFindings(context(), ['missing'])).toEqual([{ name: 'missing', problem: 'is not used as a property by the bundle' }]);
  });

  it('finds each neighbour in the page and each browser type that uses the name', () => {
    const found = propertyFindings(
      context({
        beside: [{ file: 'apps/site/src/page.tsx', text: 'mesura.flushEvery = 1;' }],
        browser: [{ file: 'node_modules/typescript/lib/lib.dom.d.ts', text: 'interface Queue { flushEvery(): void }' }],
      }),
      ['flushEvery'],
    );
    expect(found).toEqual([
      { name: 'flushEvery', problem: 'is used as a property by', file: 'apps/site/src/page.tsx' },
      { name: 'flushEvery', problem: 'is used as a property by', file: 'node_modules/typescript/lib/lib.dom.d.ts' },
    ]);
  });

  it('finds a name shared with the page, and a browser property TypeScript does not type', () => {
    expect(propertyFindings(context({ boundary: new Set(['flushEvery']) }), ['flushEvery'])).toEqual([{ name: 'flushEvery', problem: 'is shared with the page (BOUNDARY_TYPES)' }]);
    const own = [...OWN, { file: 'packages/tags/src/ie.ts', text: 'const mode = document.documentMode;' }];
    expect(propertyFindings(context({ own }), ['documentMode'])).toEqual([{ name: 'documentMode', problem: 'is read from the browser (UNTYPED_BROWSER_NAMES)' }]);
  });

  it('refuses a name that is not a property name instead of reading it as a pattern', () => {
    expect(propertyFindings(context(), ['a.*'])).toEqual([{ name: 'a.*', problem: 'is not a property name' }]);
  });

  it("reads the strings that reach the JavaScript, not types' or imports'", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text, whose template the lint reads.
    const text = "import { x } from './services.js';\ntype K = Pick<O, 'hosts'>;\nconst path = `variables.${name}`;\nconst key = 'derived';";
    expect(runtimeStrings(text)).toEqual(['variables.', '', 'derived']);
  });

  it('names every member reachable from a boundary type: properties, parameters, results and type arguments', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mesura-sdk-properties-'));
    made.push(root);
    mkdirSync(path.join(root, 'src'));
    const source = [
      'export interface Input { pageName: string; detail?: Record<string, { linkText: string }> }',
      'export interface Global { track(input: Input): Promise<{ sent: boolean }>; items: Array<{ code: string }> }',
    ].join('\n');
    writeFileSync(path.join(root, 'src/global.ts'), source);
    expect([...boundaryNames(root, [['src/global.ts', 'Global']])].sort()).toEqual(['code', 'detail', 'items', 'linkText', 'pageName', 'sent', 'track']);
  });
});

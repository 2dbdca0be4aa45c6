import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core impacts that fail a test; moderate and minor ones are left to a person's review. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** The WCAG 2.2 AA rules the site and the console are held to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Every WCAG 2.2 AA violation of the page, whatever its impact, one line each (impact, rule, help, where). */
export async function everyViolation(page: Page): Promise<string[]> {
  return (await wcagViolations(page)).map(violationLine);
}

/**
 * The page's serious and critical WCAG 2.2 AA violations, one line each (impact, rule, help, where).
 * Injects axe-core unless the document has it: the page's context must bypass its Content-Security-Policy.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await wcagViolations(page)).filter((violation) => FAILING_IMPACTS.has(violation.impact ?? '')).map(violationLine);
}

function violationLine(violation: AxeViolation): string {
  return `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join('; ')})`;
}

async function wcagViolations(page: Page): Promise<AxeViolation[]> {
  // Once per document: a second check of the same page (at another width) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    // resultTypes: only the violations are read; axe-core then details at most one node of each
    // other result type, which spares most of a run's work and changes no violation.
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations;
  }, WCAG_TAGS);
}

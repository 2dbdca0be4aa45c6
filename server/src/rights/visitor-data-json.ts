/**
 * The access export of one visitor as streamed JSON text: an object with the visitor id, the row
 * counts, and one array per section, each written chunk by chunk as the store yields it.
 */
import { VISITOR_DATA_SECTIONS, type VisitorDataSection, type VisitorRowCounts } from '../store/visitor-data-store.js';

export type SectionRows = (section: VisitorDataSection) => AsyncIterable<Record<string, unknown>[]>;

export async function* visitorDataJson(visitorId: string, counts: VisitorRowCounts, rowsOf: SectionRows): AsyncGenerator<string> {
  yield `{"visitorId":${JSON.stringify(visitorId)},"counts":${JSON.stringify(counts)}`;
  for (const section of VISITOR_DATA_SECTIONS) {
    yield `,\n${JSON.stringify(section)}:[`;
    let first = true;
    for await (const rows of rowsOf(section)) {
      if (rows.length === 0) continue;
      yield (first ? '\n' : ',\n') + rows.map((row) => JSON.stringify(row)).join(',\n');
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}

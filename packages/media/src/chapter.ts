/** The chapter object (spec §3: name, position, length, startTime). */
import { checkObject, type Checked, type Schema } from './input-checks.js';
import { floorIfNumber } from './ad-break.js';

export interface ChapterObject {
  name: string;
  /** Its index among the content's chapters, from 1 (`l:stream:chapter_pos`). */
  position: number;
  /** Seconds, floored. */
  length: number;
  /** Where it starts in the content, seconds (`l:stream:chapter_offset`). */
  startTime: number;
}

const CHAPTER_SCHEMA: Schema = {
  name: { rule: 'string' },
  position: { rule: 'count' },
  length: { rule: 'count' },
  startTime: { rule: 'count' },
};

export function createChapterObject(name: string, position: number, length: number, startTime: number): ChapterObject {
  return { name, position: floorIfNumber(position), length: floorIfNumber(length), startTime: floorIfNumber(startTime) };
}

export function checkChapterObject(data: unknown): Checked<ChapterObject> {
  return checkObject<ChapterObject>('chapter', data, CHAPTER_SCHEMA);
}

/**
 * Context data: free-form keys the wire nests between `c.` and `.c`. Inside the block, `key.`
 * opens a prefix and `.key` closes it, so `c.&a.&activitymap.&page=x&.activitymap&.a&.c` carries
 * `a.activitymap.page = x`. Decoded hits keep the flat dotted keys; the encoder nests them again.
 */
import { MAX_CONTEXT_DATA_ENTRIES, MAX_CONTEXT_DATA_KEY_CHARS, MAX_CONTEXT_DATA_VALUE_CHARS } from './constants.js';
import { setDataMember } from './data-member.js';
import {
  CONTEXT_DATA_EMPTY_KEY,
  TOO_MANY_CONTEXT_DATA_ENTRIES,
  contextDataMarkerWithValue,
  contextDataUnbalanced,
  duplicateContextDataKey,
  oversizedContextDataKey,
  oversizedContextDataValue,
  unencodableContextDataKey,
} from './errors.js';

/** The parameters that open and close the block. */
export const CONTEXT_DATA_OPEN = 'c.';
export const CONTEXT_DATA_CLOSE = '.c';
const ROOT = 'c';
const SEGMENT_SEPARATOR = '.';

/**
 * Reads the parameters of one or more `c.` … `.c` blocks of a beacon into one flat record. The
 * library may send two blocks in one beacon (the page's own context data and ActivityMap's), so
 * the reader is reopened rather than recreated, and keys must be unique across blocks.
 */
export class ContextDataReader {
  /** Flat dotted keys → values, in the order the beacon sent them. */
  readonly data: Record<string, string> = {};
  /** Prefixes opened inside the current block, innermost last; the block itself is not on it. */
  private readonly prefixes: string[] = [];
  private entryCount = 0;
  private open = false;

  get isOpen(): boolean {
    return this.open;
  }

  /** Called on `c.` outside a block. */
  openBlock(value: string): string | undefined {
    if (value !== '') return contextDataMarkerWithValue(CONTEXT_DATA_OPEN);
    this.open = true;
    return undefined;
  }

  /** Reads one parameter inside the block; returns the reason when the block is malformed. */
  read(key: string, value: string): string | undefined {
    if (key === '') return CONTEXT_DATA_EMPTY_KEY;
    if (key.startsWith(SEGMENT_SEPARATOR)) return this.close(key, value);
    if (key.endsWith(SEGMENT_SEPARATOR)) {
      if (value !== '') return contextDataMarkerWithValue(key);
      this.prefixes.push(key.slice(0, -SEGMENT_SEPARATOR.length));
      return undefined;
    }
    return this.leaf(key, value);
  }

  private close(key: string, value: string): string | undefined {
    if (value !== '') return contextDataMarkerWithValue(key);
    const innermost = this.prefixes.at(-1) ?? ROOT;
    if (key.slice(SEGMENT_SEPARATOR.length) !== innermost) {
      return contextDataUnbalanced(key, `${innermost}${SEGMENT_SEPARATOR}`);
    }
    if (this.prefixes.length === 0) this.open = false;
    else this.prefixes.pop();
    return undefined;
  }

  private leaf(name: string, value: string): string | undefined {
    // An empty value is no value, as everywhere on the wire: the library does not send it.
    if (value === '') return undefined;
    const key = [...this.prefixes, name].join(SEGMENT_SEPARATOR);
    if (key.length > MAX_CONTEXT_DATA_KEY_CHARS) return oversizedContextDataKey(key);
    if (value.length > MAX_CONTEXT_DATA_VALUE_CHARS) return oversizedContextDataValue(key, value.length);
    if (Object.hasOwn(this.data, key)) return duplicateContextDataKey(key);
    if (this.entryCount === MAX_CONTEXT_DATA_ENTRIES) return TOO_MANY_CONTEXT_DATA_ENTRIES;
    setDataMember(this.data, key, value);
    this.entryCount += 1;
    return undefined;
  }
}

interface KeyNode {
  value?: string;
  children: Map<string, KeyNode>;
}

/**
 * The encoded parameters of one `c.` … `.c` block for `data`, or none when it has no value.
 * Keys are grouped into a tree by their dotted segments, so keys that share a prefix nest under
 * one `prefix.` … `.prefix` pair; siblings keep the order the record lists them in, which is the
 * order the library wrote them when the record came from a decoded beacon. Throws on a key with an
 * empty segment (`a..b`, `.a`, `a.`), which the nested form cannot carry.
 */
export function encodeContextData(data: Readonly<Record<string, string>>): string[] {
  const root: KeyNode = { children: new Map() };
  for (const [key, value] of Object.entries(data)) {
    if (value === '') continue;
    const segments = key.split(SEGMENT_SEPARATOR);
    if (segments.some((segment) => segment === '')) throw new Error(unencodableContextDataKey(key));
    let node = root;
    for (const segment of segments) {
      let child = node.children.get(segment);
      if (!child) {
        child = { children: new Map() };
        node.children.set(segment, child);
      }
      node = child;
    }
    node.value = value;
  }
  if (root.children.size === 0) return [];
  return [CONTEXT_DATA_OPEN, ...encodeChildren(root), CONTEXT_DATA_CLOSE];
}

function encodeChildren(node: KeyNode): string[] {
  const params: string[] = [];
  for (const [segment, child] of node.children) {
    const name = encodeURIComponent(segment);
    if (child.value !== undefined) params.push(`${name}=${encodeURIComponent(child.value)}`);
    if (child.children.size > 0) {
      params.push(`${name}${SEGMENT_SEPARATOR}`, ...encodeChildren(child), `${SEGMENT_SEPARATOR}${name}`);
    }
  }
  return params;
}

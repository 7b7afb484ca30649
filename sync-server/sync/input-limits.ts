/**
 * Limits on the parsed JSON of sync requests, checked before Ajv (the limits are
 * schemas/sync-protocol.ts `syncInputLimits`, docs/architecture.md "Sync"). Ajv checks what a
 * schema describes, but a free-form value (`planData`, the trip context's plans, a property no
 * schema names) can be anything: nested 100,000 levels deep it overflows the stack of every
 * recursive step after parsing (the conflict compare, JSON.stringify when storing), and a number
 * like 1e400 parses to Infinity, which JSON stores as null. One walk over the request, iterative so
 * no input can overflow it, finds the first such problem and names the field.
 *
 * Parsing itself is safe: V8's JSON.parse and Fastify's prototype-poisoning scan
 * (secure-json-parse) are iterative, and the route's body limit bounds the text.
 */
import type { CollectionDescriptor } from '../../schemas/collections/descriptor.ts';
import { syncInputLimits } from '../../schemas/sync-protocol.ts';

/** The part of a JSON Schema the walk follows: named properties and uniform array items. */
interface Shape {
  properties?: Record<string, Shape>;
  items?: Shape | readonly Shape[];
}

/** A free-form value being measured: where it starts and its JSON length so far. */
interface FreeFormValue {
  path: string;
  jsonLength: number;
}

/** An object or array whose children are still to be visited. */
interface Cursor {
  value: object;
  /** The object's keys, or null for an array. */
  keys: string[] | null;
  next: number;
  /** What the schema says of the children: an array's item shape, an object's properties. */
  itemShape: Shape | null;
  properties: Record<string, Shape> | null;
  freeForm: FreeFormValue | null;
  /** Nesting inside `freeForm` (the free-form value itself is 1). */
  depth: number;
  parent: Cursor | null;
  /** This container's key in its parent (an index for arrays); '' for the body. */
  key: string | number;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** The shape `properties` gives the property `key`, or null when it names none. */
function childShape(properties: Record<string, Shape> | null, key: string): Shape | null {
  return properties && Object.hasOwn(properties, key) ? properties[key]! : null;
}

function isNonFiniteNumber(value: unknown): boolean {
  return typeof value === 'number' && !Number.isFinite(value);
}

/** True when `shape` describes `value`'s children (so they are not free-form). */
function describesChildren(shape: Shape | null, value: object): boolean {
  if (!shape) return false;
  if (Array.isArray(value)) return isContainer(shape.items) && !Array.isArray(shape.items);
  return isContainer(shape.properties);
}

/** `rows[0].newDocumentState.planData`: the path of the child `key` of `parent`. */
function pathOf(parent: Cursor | null, key: string | number): string {
  const keys: (string | number)[] = [key];
  for (let cursor = parent; cursor; cursor = cursor.parent) keys.push(cursor.key);
  let path = '';
  for (const segment of keys.reverse()) {
    if (segment === '') continue;
    path += typeof segment === 'number' ? `[${segment}]` : path ? `.${segment}` : segment;
  }
  return path;
}

/** JSON characters `value` adds itself, without those of its children. */
function ownJsonLength(value: unknown, keys: string[] | null): number {
  if (typeof value === 'string') return JSON.stringify(value).length;
  if (typeof value === 'number') return String(value).length;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (value === null) return 4;
  const count = keys ? keys.length : (value as unknown[]).length;
  let length = 2 + Math.max(0, count - 1);
  // Each key is `"key":`.
  for (const key of keys ?? []) length += JSON.stringify(key).length + 1;
  return length;
}

/**
 * The first problem of a parsed request `body` read against `shape` (a JSON Schema), or null:
 * a number that is not finite, or a free-form value (one `shape` does not describe) nested
 * deeper than `syncInputLimits.maxFreeFormDepth` or longer than
 * `syncInputLimits.maxFreeFormJsonLength` characters as JSON. The message names the field by
 * its path (`rows[0].newDocumentState.planData`). Visits each value once, without recursion.
 */
export function findInputProblem(body: unknown, shape: Shape): string | null {
  const { maxFreeFormDepth, maxFreeFormJsonLength } = syncInputLimits;
  const stack: Cursor[] = [];

  /** Checks one value; returns a problem, or pushes a cursor for its children. */
  const visit = (
    value: unknown,
    shapeOfValue: Shape | null,
    parent: Cursor | null,
    key: string | number,
  ): string | null => {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      return `${pathOf(parent, key) || 'the request body'} is not a finite number (a JSON number such as 1e400 is too large to store).`;
    }
    let freeForm = parent?.freeForm ?? null;
    let depth = parent?.depth ?? 0;
    const container = isContainer(value);
    const described = container && describesChildren(shapeOfValue, value);
    if (!freeForm && container && !described) {
      freeForm = { path: pathOf(parent, key) || 'the request body', jsonLength: 0 };
      depth = 0;
    }
    const keys = container && !Array.isArray(value) ? Object.keys(value) : null;
    if (freeForm) {
      freeForm.jsonLength += ownJsonLength(value, keys);
      if (freeForm.jsonLength > maxFreeFormJsonLength) {
        return `${freeForm.path} is larger than ${maxFreeFormJsonLength} characters of JSON.`;
      }
    }
    if (!container) return null;
    if (freeForm) {
      depth += 1;
      if (depth > maxFreeFormDepth) {
        return `${freeForm.path} is nested deeper than ${maxFreeFormDepth} levels of objects and arrays.`;
      }
    }
    stack.push({
      value,
      keys,
      next: 0,
      itemShape: described && keys === null ? (shapeOfValue!.items as Shape) : null,
      properties: described && keys !== null ? shapeOfValue!.properties! : null,
      freeForm,
      depth,
      parent,
      key,
    });
    return null;
  };

  const first = visit(body, shape, null, '');
  if (first) return first;
  while (stack.length > 0) {
    const cursor = stack.at(-1)!;
    const index = cursor.next;
    const keys = cursor.keys;
    if (index >= (keys ? keys.length : (cursor.value as unknown[]).length)) {
      stack.pop();
      continue;
    }
    cursor.next = index + 1;
    const key = keys ? keys[index]! : index;
    const child = (cursor.value as Record<string | number, unknown>)[key];
    // Strings, booleans, null and finite numbers outside a free-form value need no visit:
    // skipping them made the walk several times faster on ordinary documents.
    if (!cursor.freeForm && !isContainer(child) && !isNonFiniteNumber(child)) continue;
    const shapeOfChild = keys ? childShape(cursor.properties, key as string) : cursor.itemShape;
    const problem = visit(child, shapeOfChild, cursor, key);
    if (problem) return problem;
  }
  return null;
}

const pushShapes = new WeakMap<CollectionDescriptor, Shape>();

/**
 * The shape of a push body for `collection`: `{ rows: [{ assumedMasterState, newDocumentState }] }`
 * with both states described by the collection's schema (its descriptor's).
 */
export function pushBodyShape(collection: CollectionDescriptor): Shape {
  let shape = pushShapes.get(collection);
  if (!shape) {
    const document = collection.schema as unknown as Shape;
    shape = {
      properties: {
        rows: {
          items: { properties: { assumedMasterState: document, newDocumentState: document } },
        },
      },
    };
    pushShapes.set(collection, shape);
  }
  return shape;
}

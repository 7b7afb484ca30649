// fast-check arbitraries of documents valid for a collection's JSON Schema, for the property
// tests of the sync merge (tests/unit/sync/descriptor-properties.test.ts). Values are kept
// small and drawn from narrow ranges on purpose: two devices then often write the same or
// nearly the same value, which is where merges go wrong.
import fc from 'fast-check';
import type { CollectionDescriptor } from '../../schemas/collections/descriptor.ts';

/** The subset of JSON Schema the collection schemas use. */
interface JsonSchema {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** One schema for every item, or (draft-07 tuples) one per position. */
  items?: JsonSchema | readonly JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  anyOf?: readonly JsonSchema[];
}

/** Longest array generated: enough for a union to have something to unite. */
const longestArray = 3;
/** Widest number range generated from a bound: collisions stay likely. */
const numberSpread = 40;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    const maxLength = schema.maxLength ?? Infinity;
    const minLength = schema.minLength ?? 0;
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((text) => text.length >= minLength && text.length <= maxLength);
  }
  const minLength = schema.minLength ?? 0;
  // A tiny alphabet, so two devices' strings are often equal.
  return fc.string({
    unit: fc.constantFrom('a', 'b', 'é', ' '),
    minLength,
    maxLength: Math.min(schema.maxLength ?? minLength + 4, minLength + 4),
  });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  // An exclusive bound becomes the next half step inside it (every value drawn is a multiple of 0.5).
  const low =
    schema.exclusiveMinimum !== undefined
      ? schema.exclusiveMinimum + 0.5
      : (schema.minimum ?? -numberSpread / 2);
  const upper =
    schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 0.5 : schema.maximum;
  const high = Math.min(upper ?? low + numberSpread, low + numberSpread);
  const whole = fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  if (integer || schema.multipleOf === 1) return whole;
  return fc.oneof(
    whole,
    whole.map((value) => value + 0.5).filter((value) => value <= high),
    fc.constant(low),
  );
}

function arrayArbitrary(schema: JsonSchema): fc.Arbitrary<unknown[]> {
  if (Array.isArray(schema.items)) {
    return fc.tuple(...(schema.items as JsonSchema[]).map((item) => schemaArbitrary(item)));
  }
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? longestArray, Math.max(minLength, longestArray));
  const items = schema.items ? schemaArbitrary(schema.items as JsonSchema) : freeFormValue();
  return schema.uniqueItems
    ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
    : fc.array(items, { minLength, maxLength });
}

/** A small JSON value for parts a schema leaves open ("an object", "anything"). */
function freeFormValue(): fc.Arbitrary<unknown> {
  return fc.oneof(fc.constantFrom('x', 'y'), fc.integer({ min: 0, max: 3 }), fc.boolean());
}

function objectArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  if (!schema.properties) {
    return fc.dictionary(fc.constantFrom('a', 'b', 'c'), freeFormValue(), {
      maxKeys: 3,
      noNullPrototype: true,
    });
  }
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(schema.properties))
    model[key] = schemaArbitrary(property);
  return fc.record(model, {
    requiredKeys: Object.keys(model).filter((key) => required.has(key)),
    noNullPrototype: true,
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values valid for `schema` (types, enums, bounds, patterns, arrays, objects, nullable types). */
export function schemaArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((choice) => schemaArbitrary(choice)));
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length === 0) return freeFormValue();
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'string':
          return stringArbitrary(schema);
        case 'number':
          return numberArbitrary(schema, false);
        case 'integer':
          return numberArbitrary(schema, true);
        case 'boolean':
          return fc.boolean();
        case 'array':
          return arrayArbitrary(schema);
        case 'object':
          return objectArbitrary(schema);
        default:
          throw new Error(`schemaArbitrary: JSON Schema type "${type}" is not supported.`);
      }
    }),
  );
}

/**
 * Documents of `descriptor`'s collection under id `id`, valid for its schema: every required
 * field, some optional ones, without the merge's own fields (`updatedAt` and `syncConflicts`,
 * set by the caller and by the merge). A discriminated field (a record's `data`) is drawn from
 * the schema its discriminator names, and the discriminator is fixed to `choices[field]` so all
 * states of one document share it (a record's kind is part of its id).
 */
export function documentArbitrary(
  descriptor: CollectionDescriptor,
  id: string,
  choices: Readonly<Record<string, string>> = {},
): fc.Arbitrary<Record<string, unknown>> {
  const schema = descriptor.schema as unknown as JsonSchema;
  const properties: Record<string, JsonSchema> = { ...schema.properties };
  delete properties.syncConflicts;
  delete properties.updatedAt;
  for (const { field, discriminator, schemas } of descriptor.discriminatedFields ?? []) {
    const choice = choices[discriminator];
    if (choice === undefined) throw new Error(`documentArbitrary: no ${discriminator} chosen.`);
    properties[discriminator] = { const: choice };
    properties[field] = schemas[choice] as JsonSchema;
  }
  return objectArbitrary({
    ...schema,
    properties: { ...properties, id: { const: id } },
    required: (schema.required ?? []).filter((key) => key !== 'updatedAt'),
  });
}

/** For each discriminated field of `descriptor`, one of its discriminator's values. */
export function discriminatorChoicesArbitrary(
  descriptor: CollectionDescriptor,
): fc.Arbitrary<Record<string, string>> {
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const { discriminator, schemas } of descriptor.discriminatedFields ?? []) {
    model[discriminator] = fc.constantFrom(...Object.keys(schemas));
  }
  return fc.record(model, { noNullPrototype: true });
}

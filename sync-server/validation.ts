/**
 * Request and document validation against the collection schemas of schemas/ (the one contract
 * shared with the client, docs/architecture.md#sync-server). Ajv ignores RxDB's own keywords
 * (`version`, `primaryKey`, `indexes`) because strict mode is off.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { documentIdPattern, documentIdProperty, documentIdRule } from '../schemas/document-id.ts';
import { collectionSchemas, type CollectionName } from '../schemas/index.ts';
import type { CollectionDescriptor } from '../schemas/collections/descriptor.ts';

/** A validation failure: where (JSON pointer into the document) and what is wrong. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export type ValidationResult = { valid: true } | { valid: false; issues: ValidationIssue[] };

// ajv-formats is a CommonJS module whose default export is the plugin function.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

// strictNumbers: a JSON number such as 1e400 parses to Infinity, which JSON stores as null;
// refuse it rather than store a value our own schema then rejects.
const ajv = addFormats(new Ajv({ strict: false, strictNumbers: true, allErrors: true }));

/**
 * `schema` with its primary key held to the id grammar (schemas/document-id.ts). The grammar is
 * added here rather than in the collection schemas because RxDB hashes those: changing them
 * would need a version bump and migration of every collection on every device.
 */
function withDocumentIdGrammar(schema: object): object {
  const { properties } = schema as { properties: Record<string, unknown> };
  return { ...schema, properties: { ...properties, id: documentIdProperty } };
}

// Compiled on first use: compiling every schema at import took most of a second of each start.
const validators = new Map<CollectionName, ValidateFunction>();

function documentValidator(collection: CollectionName): ValidateFunction {
  let validate = validators.get(collection);
  if (!validate) {
    validate = ajv.compile(withDocumentIdGrammar(collectionSchemas[collection]));
    validators.set(collection, validate);
  }
  return validate;
}

function toIssues(errors: ErrorObject[] | null | undefined): ValidationIssue[] {
  return (errors ?? []).map((error) => ({
    path: error.instancePath || '/',
    message:
      error.keyword === 'additionalProperties'
        ? `must NOT have additional property '${String(error.params.additionalProperty)}'`
        : (error.message ?? 'is invalid'),
  }));
}

/**
 * Checks one document against its collection's schema (schemas/index.ts). Returns every issue
 * found, never throws.
 */
export function validateDocument(collection: CollectionName, document: unknown): ValidationResult {
  const validate = documentValidator(collection);
  if (validate(document)) return { valid: true };
  return { valid: false, issues: toIssues(validate.errors) };
}

// Compiled on first use, like `validators`, and kept per collection schema object so a
// collection a test defines validates the same way as the app's.
const wireValidators = new WeakMap<object, ValidateFunction>();

/**
 * Checks a document in wire form (schemas/sync-protocol.ts `WireDocument`: the stored document
 * plus RxDB's `_deleted` flag, which must be a boolean) against its collection's schema (a
 * collection name of the app, or a descriptor), so a push is validated as it arrived instead of
 * as a copy without the flag. Returns every issue found, never throws.
 */
export function validateWireDocument(
  collection: CollectionName | CollectionDescriptor,
  document: unknown,
): ValidationResult {
  const collectionSchema =
    typeof collection === 'string' ? collectionSchemas[collection] : collection.schema;
  let validate = wireValidators.get(collectionSchema);
  if (!validate) {
    const schema = withDocumentIdGrammar(collectionSchema) as {
      properties: Record<string, unknown>;
    };
    validate = ajv.compile({
      ...schema,
      properties: { ...schema.properties, _deleted: { type: 'boolean' } },
    });
    wireValidators.set(collectionSchema, validate);
  }
  if (validate(document)) return { valid: true };
  return { valid: false, issues: toIssues(validate.errors) };
}

const schemaValidators = new WeakMap<object, ValidateFunction>();

/**
 * Checks `value` against `schema` (a discriminated field's schema, such as a record's `data`
 * for its kind: schemas/collections/descriptor.ts `DiscriminatedField`), compiled once per
 * schema object. Returns every issue found, never throws.
 */
export function validateAgainst(schema: object, value: unknown): ValidationResult {
  let validate = schemaValidators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    schemaValidators.set(schema, validate);
  }
  if (validate(value)) return { valid: true };
  return { valid: false, issues: toIssues(validate.errors) };
}

/**
 * Like validateDocument but throws an Error naming the collection, the document id and every
 * issue. Used where an invalid document is a programming or data error (e.g. seeding).
 */
export function assertValidDocument(collection: CollectionName, document: unknown): void {
  const result = validateDocument(collection, document);
  if (result.valid) return;
  const id =
    typeof document === 'object' && document !== null && 'id' in document
      ? String((document as { id: unknown }).id)
      : '(no id)';
  const details = result.issues.map((issue) => `${issue.path} ${issue.message}`).join('; ');
  throw new Error(`Invalid ${collection} document ${id}: ${details}`);
}

/**
 * Request validation for Fastify routes (bodies, params). Unlike Fastify's default Ajv setup it
 * never coerces types and never strips unknown properties: a number where a string belongs, or
 * an extra property, is a 400, not silently repaired. Defaults (e.g. vehicleType 4x4) are
 * filled in. Stops at the first error, which keeps hostile bodies cheap to reject.
 */
const requestAjv = addFormats(
  new Ajv({
    strict: true,
    allErrors: false,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: true,
  }),
);

/**
 * Compiles a route schema for `app.setValidatorCompiler`. An id that breaks the id grammar is
 * reported with the grammar in words instead of Ajv's regular expression.
 */
export function compileRequestSchema(schema: object): ((data: unknown) => boolean) & {
  errors: ErrorObject[] | null;
} {
  const validate = requestAjv.compile(schema);
  const check = (data: unknown): boolean => {
    const valid = validate(data) as boolean;
    check.errors = valid ? null : (validate.errors ?? null);
    for (const error of check.errors ?? []) {
      if (error.keyword === 'pattern' && error.params.pattern === documentIdPattern) {
        error.message = `is not a valid id: ${documentIdRule}`;
      }
    }
    return valid;
  };
  check.errors = null as ErrorObject[] | null;
  return check;
}

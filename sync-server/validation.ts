/**
 * Request and document validation against the collection schemas of schemas/ (the one contract
 * shared with the client, docs/architecture.md#sync-server). Ajv ignores RxDB's own keywords
 * (`version`, `primaryKey`, `indexes`) because strict mode is off.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { collectionSchemas, type CollectionName } from '../schemas/index.ts';

/** A validation failure: where (JSON pointer into the document) and what is wrong. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export type ValidationResult = { valid: true } | { valid: false; issues: ValidationIssue[] };

// ajv-formats is a CommonJS module whose default export is the plugin function.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));

const validators = Object.fromEntries(
  Object.entries(collectionSchemas).map(([name, schema]) => [name, ajv.compile(schema)]),
) as Record<CollectionName, ValidateFunction>;

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
  const validate = validators[collection];
  if (validate(document)) return { valid: true };
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

/** Compiles a route schema for `app.setValidatorCompiler`. */
export function compileRequestSchema(schema: object): ValidateFunction {
  return requestAjv.compile(schema);
}

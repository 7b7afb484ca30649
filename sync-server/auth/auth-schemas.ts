/**
 * JSON Schemas of the auth request bodies (requirements §core-3 "Registration payload", §core-5
 * login rules, §core-7). Every body is an object with exactly these properties and every string is
 * bounded, so nothing oversized reaches argon2 or the database.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const maximumUsernameLength = 64;
export const minimumPasswordLength = 8;
/** Bounds the work a single sign-in can ask of argon2. */
export const maximumPasswordLength = 1024;
export const defaultVehicleType = '4x4';

/** No control characters (they would only confuse people reading the name). */
const printable = '^[^\\u0000-\\u001F\\u007F]*$';

const usernameProperty = {
  type: 'string',
  minLength: 1,
  maxLength: maximumUsernameLength,
  pattern: printable,
} as const;

/** Opaque refresh tokens are 43 characters; leave room without accepting anything huge. */
const refreshTokenProperty = { type: 'string', minLength: 1, maxLength: 256 } as const;

/** POST /api/auth/register. vehicleType defaults to 4x4 (requirements §core-5). */
export const registerBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'email', 'password'],
  properties: {
    username: usernameProperty,
    email: { type: 'string', format: 'email', maxLength: 254 },
    password: {
      type: 'string',
      minLength: minimumPasswordLength,
      maxLength: maximumPasswordLength,
    },
    vehicleType: {
      type: 'string',
      minLength: 1,
      maxLength: 40,
      pattern: printable,
      default: defaultVehicleType,
    },
  },
} as const;
export type RegisterBody = FromSchema<typeof registerBodySchema>;

/** POST /api/auth/login: both non-empty strings (requirements §core-5). */
export const loginBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'password'],
  properties: {
    username: usernameProperty,
    password: { type: 'string', minLength: 1, maxLength: maximumPasswordLength },
  },
} as const;
export type LoginBody = FromSchema<typeof loginBodySchema>;

/** POST /api/auth/refresh and /api/auth/logout. */
export const refreshTokenBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['refreshToken'],
  properties: { refreshToken: refreshTokenProperty },
} as const;
export type RefreshTokenBody = FromSchema<typeof refreshTokenBodySchema>;

/** `:id` of the user routes. */
export const userIdParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
export type UserIdParams = FromSchema<typeof userIdParamsSchema>;

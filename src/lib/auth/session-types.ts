/**
 * Shapes of the signed-in session shared by the session machine, its storage and the API calls
 * (requirements §core-3 "User", "Tokens", "Registration payload"; §core-7 auth calls).
 */

/**
 * The user stored locally after sign-in (requirements §core-3 "User"; the server's public user).
 */
export interface SessionUser {
  id?: string;
  username: string;
  email?: string | null;
  vehicleType?: string;
  /** 'admin', 'test' or any other role id; absent on legacy stored users. */
  roleId?: string | null;
  /** When the account was created: epoch ms (as the server sends it) or an ISO 8601 string. */
  createdAt?: number | string;
}

/**
 * Tokens of a session (requirements §core-3 "Tokens"). `expiresAt` is the access token's expiry,
 * epoch ms.
 */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number | null;
}

/** What a successful sign-in yields (POST /api/auth/login). */
export interface LoginResult {
  user: SessionUser;
  tokens: SessionTokens;
}

/** Sign-in form values (requirements §core-5 "Login"). */
export interface LoginCredentials {
  username: string;
  password: string;
}

/** Registration payload (requirements §core-3): vehicleType defaults to '4x4'. */
export interface RegistrationDetails extends LoginCredentials {
  email: string;
  vehicleType: string;
}

/** The vehicle types offered at registration, default first-class '4x4' (requirements §core-5). */
export const VEHICLE_TYPES = [
  { id: 'atv', label: 'ATV' },
  { id: 'utv', label: 'UTV' },
  { id: '4x4', label: '4x4' },
  { id: 'dirt-bike', label: 'Dirt bike' },
  { id: 'other', label: 'Other' },
] as const;

/** Registration default vehicle type (requirements §core-3, §core-5). */
export const DEFAULT_VEHICLE_TYPE = '4x4';

/** Human label of a stored vehicle type id ('dirt-bike' → 'Dirt bike'); unknown ids as given. */
export function vehicleTypeLabel(id: string | undefined): string | null {
  if (!id) return null;
  return VEHICLE_TYPES.find((type) => type.id === id)?.label ?? id;
}

/**
 * Reads a user object from an API answer or storage: needs a non-empty `username`; other
 * fields are kept only when they have the right type. Returns null for anything else
 * (requirements §core-7: GET /api/auth/user may answer an empty body).
 */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.username !== 'string' || record.username === '') return null;
  const user: SessionUser = { username: record.username };
  if (typeof record.id === 'string') user.id = record.id;
  if (typeof record.email === 'string' || record.email === null) user.email = record.email;
  if (typeof record.vehicleType === 'string') user.vehicleType = record.vehicleType;
  if (typeof record.roleId === 'string' || record.roleId === null) user.roleId = record.roleId;
  if (
    (typeof record.createdAt === 'number' && Number.isFinite(record.createdAt)) ||
    typeof record.createdAt === 'string'
  ) {
    user.createdAt = record.createdAt;
  }
  return user;
}

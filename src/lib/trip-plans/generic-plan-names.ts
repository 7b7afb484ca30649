/**
 * Outdated generic trip plan names (requirements §core-5): plans the old planner saved with a
 * placeholder name are purged from the device wherever they turn up (legacy migration, sync).
 */

/**
 * True for the outdated generic trip plan names requirements §core-5 purges: a name containing
 * 'basic trip plan' or 'fallback plan', or equal to 'basic trip' or 'trip plan'
 * (case-insensitive, surrounding spaces ignored).
 */
export function isOutdatedGenericPlanName(name: string): boolean {
  const normalized = name.trim().toLowerCase();
  return (
    normalized.includes('basic trip plan') ||
    normalized.includes('fallback plan') ||
    normalized === 'basic trip' ||
    normalized === 'trip plan'
  );
}

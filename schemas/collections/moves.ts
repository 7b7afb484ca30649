/**
 * Collections whose documents moved into another collection (docs/architecture.md "Collection
 * budget"): the free RxDB build opens at most 13 collections, so data with the same owner,
 * lifetime and sync rule is kept together as kinds of one collection. Each move is one pure
 * conversion both sides run: the server once over its stored rows (a migration of
 * sync-server/storage/migrations.ts), each device once over what it holds, pending writes
 * included (src/db/collection-moves.ts). Converted ids are deterministic, so a document the
 * server and a device both converted is one document, and a device that was offline through
 * the change syncs its pending documents exactly once. An app still built for the old layout
 * is told to update (426) when it syncs the retired collection.
 */
import { isDocumentId } from '../document-id.ts';
import { recordId, type AchievementProgressData } from '../records.ts';
import { userAchievementSchema } from '../user-achievements.ts';
import type { CollectionSchema } from './descriptor.ts';

/** One retired collection and where its documents went. */
export interface CollectionMove {
  /** The retired collection's name. */
  from: string;
  /** Its last schema, to open it on a device that still holds it. */
  fromSchema: CollectionSchema;
  /** The collection its documents now live in. */
  to: string;
  /**
   * The document in `to` (its `status` as the side converting it knows it), or null when it
   * cannot exist there (say why at the move).
   */
  convert(
    document: Record<string, unknown>,
    status: 'pending' | 'synced',
  ): Record<string, unknown> | null;
}

const achievementIdPattern = /^[A-Za-z0-9_-]{1,60}$/;

/**
 * Achievement progress became `achievementProgress` records. Progress toward an id that is not
 * an achievement id of data/achievements.json (letters, digits, `-`, `_`) counted toward
 * nothing the app shows, so it is not carried over.
 */
const userAchievementsIntoRecords: CollectionMove = {
  from: 'userAchievements',
  fromSchema: userAchievementSchema,
  to: 'records',
  convert(document, status) {
    const achievementId = String(document.achievementId);
    const userId = String(document.userId);
    const id = recordId(userId, 'achievementProgress', achievementId);
    if (!achievementIdPattern.test(achievementId) || !isDocumentId(id)) return null;
    const updatedAt = Number(document.updatedAt);
    return {
      id,
      userId,
      kind: 'achievementProgress',
      data: {
        achievementId,
        progress: Number(document.progress),
        earnedAt: typeof document.earnedAt === 'number' ? document.earnedAt : null,
      } satisfies AchievementProgressData,
      status,
      createdAt: updatedAt,
      updatedAt,
    };
  },
};

/** Every move, oldest first. */
export const collectionMoves: readonly CollectionMove[] = [userAchievementsIntoRecords];

/** The move that retired `collection`, if any. */
export function moveOf(collection: string): CollectionMove | undefined {
  return collectionMoves.find((move) => move.from === collection);
}

/**
 * The `photos` table (photo-migrations.ts): which photo contents the server stores, their type
 * and size as read from the content, and each rider's uploads per Arkansas calendar day.
 */
import { TZDate } from '@date-fns/tz';
import type { Kysely } from 'kysely';
import { thumbnailLongSidePixels, type PhotoType } from '../../schemas/photos.ts';
import type { ServerDatabase } from '../storage/database.ts';

type Db = Kysely<ServerDatabase>;

/** A stored photo. Sizes in px and bytes, `storedAt` epoch ms. */
export interface PhotoRecord {
  hash: string;
  type: PhotoType;
  bytes: number;
  width: number;
  height: number;
  uploaderId: string;
  storedAt: number;
}

/** The Arkansas (America/Chicago) calendar day of `time` (epoch ms), YYYY-MM-DD. */
export function arkansasDayOf(time: number): string {
  const zoned = new TZDate(time, 'America/Chicago');
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}`;
}

/** The stored photo `hash`, or null. */
export async function findPhoto(db: Db, hash: string): Promise<PhotoRecord | null> {
  const row = await db.selectFrom('photos').selectAll().where('hash', '=', hash).executeTakeFirst();
  return row
    ? {
        hash: row.hash,
        type: row.type as PhotoType,
        bytes: Number(row.bytes),
        width: row.width,
        height: row.height,
        uploaderId: row.uploader_id,
        storedAt: Number(row.stored_at),
      }
    : null;
}

/** What one rider uploaded on the Arkansas day of `time`: full photos, and bytes of all. */
export async function riderPhotoUsage(
  db: Db,
  riderId: string,
  time: number,
): Promise<{ photos: number; bytes: number }> {
  const row = await db
    .selectFrom('photos')
    .select((expression) => [
      expression.fn.sum<number | string | null>('bytes').as('bytes'),
      expression.fn
        .sum<number | string | null>(
          expression.case().when('is_thumbnail', '=', 0).then(1).else(0).end(),
        )
        .as('photos'),
    ])
    .where('uploader_id', '=', riderId)
    .where('arkansas_day', '=', arkansasDayOf(time))
    .executeTakeFirst();
  return { photos: Number(row?.photos ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Whether a photo of these dimensions is a thumbnail (not counted among a day's photos). */
export function isThumbnailSize(width: number, height: number): boolean {
  return Math.max(width, height) <= thumbnailLongSidePixels;
}

/** Records a stored photo; a content already recorded keeps its first record. */
export async function recordPhoto(db: Db, photo: PhotoRecord): Promise<void> {
  await db
    .insertInto('photos')
    .values({
      hash: photo.hash,
      type: photo.type,
      bytes: photo.bytes,
      width: photo.width,
      height: photo.height,
      uploader_id: photo.uploaderId,
      stored_at: photo.storedAt,
      arkansas_day: arkansasDayOf(photo.storedAt),
      is_thumbnail: isThumbnailSize(photo.width, photo.height) ? 1 : 0,
    })
    .onConflict((conflict) => conflict.column('hash').doNothing())
    .execute();
}

/** Photos whose first uploader deleted their account (candidates for removal). */
export async function photosOfDeletedAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .innerJoin('users', 'users.id', 'photos.uploader_id')
    .select('photos.hash')
    .where('users.deleted_at', 'is not', null)
    .execute();
  return rows.map((row) => row.hash);
}

/** Whether any stored document (of any rider, not deleted) names `hash`. */
export async function isReferencedAnywhere(db: Db, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_documents')
    .select('id')
    .where('deleted', '=', 0)
    .where('data', 'like', `%${hash}%`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the record of `hash`. */
export async function deletePhotoRecord(db: Db, hash: string): Promise<void> {
  await db.deleteFrom('photos').where('hash', '=', hash).execute();
}

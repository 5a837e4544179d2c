import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { profilePictures, users } from '../../db/schema';
import type { DocumentPlace } from '../../providers/storage/file-store';
import type { KeptPicture } from './picture';

/** Finds a user's details; `GET /keycloak/user` runs it on every page, so it is built once and prepared. */
export function prepareUserDetailsLookup(db: Database) {
  const query = db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      language: users.language,
      birthDate: users.birthDate,
      gender: users.gender,
      phoneNumber: users.phoneNumber,
      postalCode: users.postalCode,
      role: users.role,
      pictureSha256: profilePictures.sha256,
    })
    .from(users)
    .leftJoin(profilePictures, eq(profilePictures.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('find_user_details');
  return async (userId: string) => {
    const [row] = await query.execute({ userId });
    return row;
  };
}

/** The editable part of a profile (language, birth date, gender, picture): nothing else is ever written here. */
export async function updateProfileFields(
  db: Executor,
  userId: string,
  values: { language: string; birthDate: string; gender: string },
  now: Date,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId));
}

/** A picture as a row keeps it: its bytes in the row, or the key of its object in the bucket. */
export type PictureRow = Omit<KeptPicture, 'content'> & DocumentPlace & { sha256: string };

/** Keeps the user's picture in place of any earlier one; the earlier one's bucket key, if it had one. */
export async function replaceProfilePicture(db: Executor, userId: string, picture: PictureRow, now: Date) {
  const [earlier] = await db
    .select({ objectKey: profilePictures.objectKey })
    .from(profilePictures)
    .where(eq(profilePictures.userId, userId))
    .for('update');
  const values = { ...picture, updatedAt: now };
  await db
    .insert(profilePictures)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profilePictures.userId, set: values });
  return earlier?.objectKey ?? null;
}

/** Deletes the picture; the deleted row's bucket key (null when its bytes were in the row), or undefined if none. */
export async function deleteProfilePicture(db: Executor, userId: string) {
  const [row] = await db
    .delete(profilePictures)
    .where(eq(profilePictures.userId, userId))
    .returning({ objectKey: profilePictures.objectKey });
  return row && row.objectKey;
}

export async function findProfilePicture(db: Pick<Database, 'select'>, userId: string) {
  const [row] = await db
    .select({
      content: profilePictures.content,
      objectKey: profilePictures.objectKey,
      contentType: profilePictures.contentType,
      sha256: profilePictures.sha256,
    })
    .from(profilePictures)
    .where(eq(profilePictures.userId, userId))
    .limit(1);
  return row;
}

export async function findCommunicationPreferences(db: Pick<Database, 'select'>, userId: string) {
  const [row] = await db
    .select({ emailSubscription: users.emailSubscription, newsletterSubscription: users.newsletterSubscription })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function updateCommunicationPreferences(
  db: Executor,
  userId: string,
  values: { emailSubscription: boolean; newsletterSubscription: boolean },
  now: Date,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId));
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profilePictures, users } from '../../db/schema';
import type { KeptPicture } from './picture';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export async function findUserDetails(db: Pick<Database, 'select'>, userId: string) {
  const [row] = await db
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
    .where(eq(users.id, userId))
    .limit(1);
  return row;
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

export async function replaceProfilePicture(
  db: Executor,
  userId: string,
  picture: KeptPicture & { sha256: string },
  now: Date,
) {
  const values = { ...picture, updatedAt: now };
  await db
    .insert(profilePictures)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: profilePictures.userId, set: values });
}

/** Deletes the picture; whether there was one. */
export async function deleteProfilePicture(db: Executor, userId: string) {
  const rows = await db
    .delete(profilePictures)
    .where(eq(profilePictures.userId, userId))
    .returning({ userId: profilePictures.userId });
  return rows.length > 0;
}

export async function findProfilePicture(db: Pick<Database, 'select'>, userId: string) {
  const [row] = await db
    .select({
      content: profilePictures.content,
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

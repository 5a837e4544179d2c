import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

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
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

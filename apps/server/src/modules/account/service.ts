import { API_BASE, ROLES } from '@portal/shared/constants';
import type { TUserDetails } from '@portal/shared/auth/user-details';
import {
  ZCommunicationPreferences,
  ZMailCategoryUpdate,
  COMMUNICATION_MESSAGES,
  type TCommunicationPreferencesView,
  type TMailCategoryChoices,
} from '@portal/shared/account/communication-preferences';
import { GET_KEYCLOAK_USER_PICTURE, PROFILE_MESSAGES, profileUpdateSchema } from '@portal/shared/account/profile';
import { calendarDate, formatDate, parseUsDate } from '@portal/shared/dates';
import { toLanguage } from '@portal/shared/i18n/language';
import { LATEST_TIME_ZONE } from '@portal/shared/registration/birth-date';
import { fieldErrors } from '@portal/shared/api/field-errors';
import type { TRegistrationDropdowns } from '@portal/shared/reference/registration-dropdowns';
import { ACCOUNTS_TOPIC, type ChangeNotices } from '../../db/change-notices';
import { cachedUntilChanged } from '../../lib/row-cache';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { refused, type DataOutcome, type Outcome, type RequestContext } from '../../lib/outcome';
import type { Clock } from '../../providers/clock/clock';
import { pictureKey, sha256Hex, type FileStore } from '../../providers/storage/file-store';
import { keepablePicture } from './picture';
import {
  deleteProfilePicture,
  findCommunicationPreferences,
  findProfilePicture,
  prepareUserDetailsLookup,
  replaceProfilePicture,
  updateCommunicationPreferences,
  updateProfileFields,
} from './repository';

/** `PUT /keycloak/user` as the route read it: the text parts, and the picture's bytes if one was sent. */
export interface ProfileUpload {
  fields: Record<string, string>;
  picture?: Buffer | 'tooLarge';
}

export interface AccountDeps {
  db: Database;
  clock: Clock;
  reference: { getRegistrationDropdowns(): Promise<TRegistrationDropdowns> };
  files: FileStore;
  changes: ChangeNotices;
  /** The e-mail categories a participant may leave, shown and set beside the spec's two subscriptions. */
  mailCategories: {
    categoriesOf(executor: Executor, userId: string): Promise<TMailCategoryChoices>;
    setCategories(
      tx: Executor,
      userId: string,
      update: Partial<TMailCategoryChoices>,
      at: { now: Date; ip?: string },
    ): Promise<unknown>;
  };
}

const pictureProblem = (httpStatus: number, message: string) =>
  refused(httpStatus, message, [{ errorField: 'file', message }]);

/** The signed-in user's own account settings: profile, picture, preferences. */
export function createAccountService({ db, clock, reference, files, changes, mailCategories }: AccountDeps) {
  const findUserDetails = cachedUntilChanged(prepareUserDetailsLookup(db), changes, ACCOUNTS_TOPIC);
  /**
   * Removes the bucket object of a picture replaced or removed once that change has committed, so no copy of an
   * old picture lingers. If the bucket refuses now, `npm run storage:sweep` removes it later.
   */
  async function dropOldPicture(objectKey: string | null | undefined) {
    if (objectKey) await files.bucket?.delete(objectKey).catch(() => {});
  }

  return {
    async getUserDetails(userId: string): Promise<TUserDetails | undefined> {
      const row = await findUserDetails(userId);
      if (!row) return undefined;
      return {
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        language: toLanguage(row.language),
        birthDate: row.birthDate ? formatDate(row.birthDate) : null,
        gender: row.gender,
        // The version in the address changes with the picture, so nothing shows a replaced one.
        profilePicture: row.pictureSha256
          ? `${API_BASE}${GET_KEYCLOAK_USER_PICTURE.path}?v=${row.pictureSha256.slice(0, 16)}`
          : null,
        phoneNumber: row.phoneNumber,
        zipCode: row.postalCode,
        isPatient: row.role === ROLES.patient,
        isPractitioner: false,
      };
    },

    /**
     * `PUT /keycloak/user`: language, date of birth, sex at birth and the picture. Only those four are read,
     * so names, e-mail or role sent along change nothing. A picture is kept only once re-encoded; a refused
     * picture leaves the whole profile as it was.
     */
    async updateProfile(userId: string, upload: ProfileUpload, context: RequestContext): Promise<Outcome> {
      const dropdowns = await reference.getRegistrationDropdowns();
      const values = (list: { value: string }[]) => list.map((o) => o.value);
      const now = clock.now();
      const parsed = profileUpdateSchema({
        today: calendarDate(now, LATEST_TIME_ZONE),
        gender: values(dropdowns.en.gender),
        language: values(dropdowns.en.language),
      }).safeParse(upload.fields);
      if (!parsed.success) return refused(400, PROFILE_MESSAGES.failed, fieldErrors(parsed.error));
      const removePicture = parsed.data.isRemoveProfilePicture === 'true';

      if (upload.picture === 'tooLarge') return pictureProblem(413, PROFILE_MESSAGES.pictureTooLarge);
      const picture = upload.picture && !removePicture ? await keepablePicture(upload.picture) : undefined;
      if (picture === null) return pictureProblem(422, PROFILE_MESSAGES.pictureUnreadable);
      // With a bucket the new picture is written there before the row that points at it commits.
      const kept = picture && {
        contentType: picture.contentType,
        width: picture.width,
        height: picture.height,
        sha256: sha256Hex(picture.content),
        ...(await files.place(pictureKey(), picture.content, picture.contentType)),
      };

      const replacedKey = await db.transaction(async (tx) => {
        const { language, gender } = parsed.data;
        const birthDate = parseUsDate(parsed.data.birthDate)!;
        await updateProfileFields(tx, userId, { language, birthDate, gender }, now);
        let pictureChange: 'replaced' | 'removed' | undefined;
        let earlierKey: string | null | undefined;
        if (kept) {
          earlierKey = await replaceProfilePicture(tx, userId, kept, now);
          pictureChange = 'replaced';
        } else if (removePicture) {
          earlierKey = await deleteProfilePicture(tx, userId);
          if (earlierKey !== undefined) pictureChange = 'removed';
        }
        await recordAudit(tx, {
          at: now,
          action: 'account.profileUpdated',
          actorId: userId,
          subjectId: userId,
          details: { fields: ['language', 'birthDate', 'gender'], ...(pictureChange && { picture: pictureChange }) },
          ip: context.ip,
        });
        return earlierKey;
      });
      await dropOldPicture(replacedKey);
      return { ok: true, message: PROFILE_MESSAGES.updated };
    },

    /** `GET /keycloak/user/picture`: the caller's own picture, or undefined when they have none. */
    async getPicture(userId: string) {
      const row = await findProfilePicture(db, userId);
      if (!row) return undefined;
      const content = await files.bytesOf(row, `profile picture of user ${userId}`);
      return { content, contentType: row.contentType, sha256: row.sha256 };
    },

    async getCommunicationPreferences(userId: string): Promise<DataOutcome<TCommunicationPreferencesView>> {
      const row = await findCommunicationPreferences(db, userId);
      if (!row) return refused(401, 'error.unauthorized');
      return { ok: true, data: { ...row, categories: await mailCategories.categoriesOf(db, userId) } };
    },

    /**
     * `PUT /communication-preferences/update`: at least one of e-mail and newsletter stays ticked; `categories`,
     * when given, sets the categories it names (without it they stay as they are).
     */
    async updateCommunicationPreferences(userId: string, body: unknown, context: RequestContext): Promise<Outcome> {
      const categories = (body as { categories?: unknown } | null)?.categories;
      if (categories !== undefined && !ZMailCategoryUpdate.safeParse(categories).success)
        return refused(400, COMMUNICATION_MESSAGES.categoriesInvalid);
      const parsed = ZCommunicationPreferences.safeParse(body);
      if (!parsed.success) return refused(400, COMMUNICATION_MESSAGES.atLeastOne);
      const { emailSubscription, newsletterSubscription } = parsed.data;
      const now = clock.now();
      await db.transaction(async (tx) => {
        await updateCommunicationPreferences(tx, userId, { emailSubscription, newsletterSubscription }, now);
        if (parsed.data.categories)
          await mailCategories.setCategories(tx, userId, parsed.data.categories, { now, ip: context.ip });
        await recordAudit(tx, {
          at: now,
          action: 'account.communicationPreferencesUpdated',
          actorId: userId,
          subjectId: userId,
          details: parsed.data,
          ip: context.ip,
        });
      });
      return { ok: true, message: COMMUNICATION_MESSAGES.updated };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

import type { TConsentView, TSignedVersion } from '@portal/shared/consent/signed-copy';
import type { TIntegrityReport } from '@portal/shared/consent/withdrawal';
import { formatDate } from '@portal/shared/dates';
import type { Database } from '../../db/client';
import { DocumentIntegrityError, type FileStore } from '../../providers/storage/file-store';
import { findSignature, findSignedVersions, findStoredConsentFiles } from './repository';

/** How many stored files the integrity check reads at a time. */
const INTEGRITY_BATCH = 20;

/** The participant's signed copies (My Informed Consent) and the integrity check of every stored consent PDF. */
export function createSignedCopyService({ db, files }: { db: Database; files: FileStore }) {
  return {
    /** `GET /consent/view-consent`: the signer and the date of the latest signature, or null before signing. */
    async view(userId: string): Promise<TConsentView | null> {
      const signature = await findSignature(db, userId);
      return signature ? { consentSignBy: signature.signerName, signedDate: formatDate(signature.signedAt) } : null;
    },

    /** `GET /consent/signatures`: every version the participant signed, newest first. */
    async signedVersions(userId: string): Promise<TSignedVersion[]> {
      const rows = await findSignedVersions(db, userId);
      return rows.map((row, index) => ({
        id: row.id,
        version: row.version,
        consentSignBy: row.signerName,
        signedDate: formatDate(row.signedAt),
        latest: index === 0,
      }));
    },

    /**
     * `GET /consent/download-stream`: one of the caller's own signed copies (the latest when none is named),
     * checked against its recorded hash.
     */
    async download(userId: string, signatureId?: string): Promise<Uint8Array | undefined> {
      const signature = await findSignature(db, userId, signatureId);
      if (!signature) return undefined;
      const file = await files.read(db, signature.signedFileId);
      if (!file || file.sha256 !== signature.signedSha256)
        throw new Error(`signed consent ${signature.id} does not match its recorded hash`);
      return file.bytes;
    },

    /**
     * Reads every form and signed copy, from the database or the object store, and compares its bytes with the
     * SHA-256 recorded when it was made. A store that does not answer fails the whole check (503).
     */
    async verifyIntegrity(): Promise<TIntegrityReport> {
      const { forms, signatures } = await findStoredConsentFiles(db);
      const items = [
        ...forms.map((f) => ({ kind: 'form' as const, ...f })),
        ...signatures.map((s) => ({ kind: 'signature' as const, ...s })),
      ];
      const mismatches: TIntegrityReport['mismatches'] = [];
      for (let start = 0; start < items.length; start += INTEGRITY_BATCH) {
        const batch = items.slice(start, start + INTEGRITY_BATCH);
        const checks = await Promise.all(
          batch.map(async (item) => {
            const intact = await files.read(db, item.fileId).then(
              (file) => file !== undefined && file.sha256 === item.sha256,
              (error: unknown) => {
                if (error instanceof DocumentIntegrityError) return false;
                throw error;
              },
            );
            return intact ? undefined : { kind: item.kind, id: item.id };
          }),
        );
        mismatches.push(...checks.filter((c) => c !== undefined));
      }
      return { checkedForms: forms.length, checkedSignatures: signatures.length, mismatches };
    },
  };
}
export type SignedCopyService = ReturnType<typeof createSignedCopyService>;

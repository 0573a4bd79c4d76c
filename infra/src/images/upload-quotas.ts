// The upload quotas (the UploadQuotas port of command-service/src/images/upload-router.ts) with
// rate-limiter-flexible on Postgres, so every gateway counts in the same table: files and bytes per
// hour, for each uploader (user, or guest session) and for each address's network (a client
// dropping its cookie, or taking a new IPv6 address, is still counted there: client-network.ts).
import type { Knex } from 'knex';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { UploadQuotas } from '@printshop/command-service/images/upload-router';
import { IMAGE_MESSAGES } from '@printshop/shared-events/api/images';
import { clientNetwork } from '../gateway/client-network';
import { postgresRateLimits, tooMany } from '../postgres/rate-limiter';

export const UPLOAD_QUOTA_TABLE = 'upload_quotas';
const HOUR = 60 * 60;
/** Bytes are counted in KiB: the table's points are 32-bit integers. */
const KIB = 1024;
const MIB = 1024 * 1024;

export interface UploadQuotaLimits {
  /** Per user or guest session, per hour. */
  uploaderFiles: number;
  uploaderBytes: number;
  /** Per IP, per hour. */
  ipFiles: number;
  ipBytes: number;
}

/**
 * A shopper's busy hour with room to spare: the pages' batch of up to 100 photos, a HEIC one counted
 * three times (its preview, then the crop's original and cropped copy), and some re-crops.
 */
export const DEFAULT_UPLOAD_QUOTAS: UploadQuotaLimits = {
  uploaderFiles: 400,
  uploaderBytes: 2000 * MIB,
  ipFiles: 1200,
  ipBytes: 6000 * MIB,
};

export function createUploadQuotas(
  db: Knex,
  limits: UploadQuotaLimits = DEFAULT_UPLOAD_QUOTAS,
): UploadQuotas {
  const table = postgresRateLimits(db, UPLOAD_QUOTA_TABLE);
  const limiter = (keyPrefix: string, points: number) => table(keyPrefix, { points, duration: HOUR });
  const uploaderFiles = limiter('uploader_files', limits.uploaderFiles);
  const uploaderKib = limiter('uploader_kib', Math.ceil(limits.uploaderBytes / KIB));
  const ipFiles = limiter('ip_files', limits.ipFiles);
  const ipKib = limiter('ip_kib', Math.ceil(limits.ipBytes / KIB));

  /** Each limiter with its key, as [limiter, key, points of this upload]. */
  const counters = (owner: string, ip: string, files: number, kib: number) =>
    [
      [uploaderFiles, owner, files],
      [uploaderKib, owner, kib],
      [ipFiles, clientNetwork(ip), files],
      [ipKib, clientNetwork(ip), kib],
    ] as const;

  /** The refusal that lasts longest, when any. */
  const refuseWith = (refusals: (RateLimiterRes | undefined)[]) => {
    const longest = refusals
      .filter((res): res is RateLimiterRes => res !== undefined)
      .sort((a, b) => b.msBeforeNext - a.msBeforeNext)[0];
    if (longest) throw tooMany(IMAGE_MESSAGES.tooManyUploads, longest);
  };

  return {
    async count({ owner, ip }, upload) {
      const kib = Math.ceil(upload.bytes / KIB);
      refuseWith(
        await Promise.all(
          counters(owner, ip, upload.files, kib).map(([counter, key, points]) =>
            points > 0 ? counter.take(key, points) : undefined,
          ),
        ),
      );
    },
  };
}

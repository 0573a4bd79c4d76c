// How much one uploader may upload, as the upload router sees it; infra/src/images/upload-quotas.ts
// keeps the counters in Postgres so every gateway shares them. Both throw TooManyRequests when over.
export interface Uploader {
  /** The user id, or `guest:<session>`. */
  owner: string;
  ip: string;
}

export interface UploadQuotas {
  /** Before an upload is read: refused when the uploader or the IP has used up a quota. */
  check(uploader: Uploader): Promise<void>;
  /** Counts a received upload (before it is decoded); refused when it goes over a quota. */
  count(uploader: Uploader, upload: { files: number; bytes: number }): Promise<void>;
}
